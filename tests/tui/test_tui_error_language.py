"""The app's error lines in the viewer's language at 80x24: why undo is refused (the table's
refusals), why a save in the list does not load (`file: entry N: why`), the note of a save whose
last entry was incomplete, why a name is refused on the setup screen."""

from __future__ import annotations

import re
from pathlib import Path

from textual.widgets import Input
from tuikit import SIZE, ld_table, make_app, screen_text, settle

from core import saves
from tui.screens.game import GameScreen


def flat(text: str) -> str:
    """The screen's text without spaces, line ends and box lines: a sentence wrapped over
    several lines of a panel reads as one."""
    return re.sub(r"[\s│]", "", text)


async def test_undo_refused_is_said_in_japanese(tmp_path: Path) -> None:
    table = ld_table(seed=5)
    app = make_app(tmp_path, table=table, save_path=tmp_path / "g.toml", language="ja")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("u")
        await pilot.pause()
        shown = screen_text(app)  # (the prompt's lines sit beside the board's)
        assert "取り消すものがありません: まだ何も決定してい" in shown
        assert "nothing to undo" not in shown


async def test_a_save_that_does_not_load_is_listed_with_its_reason_in_japanese(
    tmp_path: Path,
) -> None:
    path = tmp_path / "bad.toml"
    saves.write(ld_table(), path)
    path.write_text(
        path.read_text(encoding="utf-8").replace('kind = "bot"', 'kind = "robot"', 1),
        encoding="utf-8",
    )
    app = make_app(tmp_path, language="ja")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        shown = screen_text(app)
        assert "bad.toml:席2:kindは'human'か'bot'です（'robot'は使えません）" in flat(shown)
        assert "must be" not in shown


async def test_the_note_of_an_incomplete_save_is_in_japanese(tmp_path: Path) -> None:
    path = tmp_path / "torn.toml"
    saves.write(ld_table(), path)
    path.write_bytes(path.read_bytes()[:-3])
    loaded = saves.load(path)
    app = make_app(tmp_path, table=loaded.table, save_path=path, notice=loaded.note, language="ja")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        [note] = [note for note in app.notes if "torn.toml" in note]
        assert "最後のエントリーが不完全です（セーブ中にゲームが中断されました）" in note
        whole = len(saves.load(path, continue_chance=False).table)
        assert note.startswith(f"{path}: エントリー {whole + 1}: ")
        assert note.endswith(f"エントリー {whole} から続けます")


async def test_a_refused_name_is_said_in_japanese_on_the_setup_screen(tmp_path: Path) -> None:
    app = make_app(tmp_path, language="ja")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#name-0", Input).value = "x" * 40
        await pilot.press("f2")
        await pilot.pause()
        shown = screen_text(app)
        assert "開始できません: 席 1: 名前 " in shown and "は幅が広すぎます（40 セル。" in shown
        assert "too wide" not in shown
