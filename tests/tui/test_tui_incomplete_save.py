"""A save whose last entry is incomplete (an autosave cut short) is continued, not refused: the
app says so in one line and the next write puts the file right. On a real terminal, from the
command line, and from the saved-games list."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from oskit import ROOT
from ptykit import Terminal
from tuikit import SIZE, ld_table, make_app, settle

from core import saves
from core.runner import BotDriver
from tui import cli
from tui.screens.game import GameScreen


def incomplete_save(path: Path) -> tuple[int, str]:
    """A game of one person and bots whose file ends inside its last entry, a decision: how
    many whole entries it holds, and the note loading it gives."""
    table = ld_table(seed=4)
    driver = BotDriver(table)
    table.resolve_chance()
    driver.play_until_human()
    decision = table.decision_for(0)
    assert decision is not None
    table.decide(0, next(o.id for o in decision.options if not o.unavailable))
    driver.play_until_human()
    text = saves.dumps(table)
    last = text.rindex("\n[[log]]")
    path.write_text(text[: text.index("\n", last + 1) + 4], encoding="utf-8")  # 3 of a field
    whole = len(table) - 1
    return whole, (
        f"{path}: entry {whole + 1}: the last entry is incomplete (the game was interrupted "
        f"while saving); continuing from entry {whole}"
    )


def test_continue_opens_the_game_with_the_note(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "torn.toml"
    whole, note = incomplete_save(path)
    opened: list[dict[str, Any]] = []
    monkeypatch.setattr(cli, "_run_app", lambda args, **kwargs: opened.append(kwargs) or 0)
    assert cli.main(["continue", str(path)]) == 0
    (kwargs,) = opened
    assert str(kwargs["notice"]) == note and kwargs["save_path"] == path
    assert len(kwargs["table"]) >= whole and kwargs["table"].log == saves.load(path).table.log
    assert cli.main(["replay", str(path)]) == 0  # the replay says where it stops, and why
    assert str(opened[1]["replay_note"]) == note and len(opened[1]["replay"]) >= whole


async def test_the_app_shows_the_note_and_its_first_write_repairs_the_file(
    tmp_path: Path,
) -> None:
    path = tmp_path / "torn.toml"
    _, note = incomplete_save(path)
    loaded = saves.load(path)
    app = make_app(tmp_path, table=loaded.table, save_path=path, notice=loaded.note)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and note in app.notes
        await pilot.press("ctrl+q")  # saves and quits
        await pilot.pause()
    again = saves.load(path)
    assert again.note == "" and again.table.log == loaded.table.log


async def test_the_saved_games_list_continues_it_with_the_note(tmp_path: Path) -> None:
    path = tmp_path / "torn.toml"
    whole, note = incomplete_save(path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert f"{whole} entries" in str(
            app.screen.query_one("OptionList").get_option_at_index(0).prompt
        )
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and note in app.notes


def test_on_a_real_terminal_continue_says_so_and_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "torn.toml"
    whole, _ = incomplete_save(path)
    argv = [sys.executable, "-m", "tui.cli", "continue", str(path), "--save-dir", str(tmp_path)]
    with Terminal.spawn(argv, size=SIZE, cwd=ROOT) as term:
        term.wait_for("incomplete")  # the note (its words wrap in the toast)
        term.wait_for("Your move")
        term.press("ctrl+q")
        assert term.wait_exit() == 0
    loaded = saves.load(path)
    assert loaded.note == "" and len(loaded.table) >= whole
