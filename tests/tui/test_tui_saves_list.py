"""The saved-games list with anything at all in the folder, and the setup screen's checks of what
a new game's save needs: a legal option value and a save folder that can be written."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textual.widgets import Input
from tuikit import SIZE, ld_table, make_app, screen_text, settle

from core import saves
from core.decisions import DecisionKind
from core.i18n import translator
from core.simulate import play_one
from tui.screens.game import GameScreen
from tui.screens.saves import SaveRow, check, describe, read_saves
from tui.screens.setup import SetupScreen
from tui.widgets.cycle import Cycle


def broken_log(path: Path) -> None:
    """A save whose header is sound and whose third entry rolls a 9 on a six-sided die."""
    text = saves.dumps(ld_table(seed=9))
    third = text.index("[[log]]  # 3")
    first = text.index("values = [", third) + len("values = [")
    path.write_text(text[:first] + "9" + text[first + 1 :], encoding="utf-8")


def hostile_folder(folder: Path) -> dict[str, str]:
    """Every kind of file named *.toml, and what the list must say of each ('' for a save)."""
    saves.write(ld_table(seed=9), folder / "going.toml")
    saves.write(play_one("light-and-dark", 3, 1, "random"), folder / "done.toml")
    broken_log(folder / "broken-log.toml")
    (folder / "binary.toml").write_bytes(b"\x00\xff\xfe\x81garbage")
    (folder / "empty.toml").write_bytes(b"")
    with (folder / "huge.toml").open("wb") as handle:
        handle.truncate(saves.MAX_FILE_BYTES + 1)
    (folder / "folder.toml").mkdir()
    (folder / "loop.toml").symlink_to(folder / "loop.toml")
    (folder / "dangling.toml").symlink_to(folder / "nowhere")
    os.mkfifo(folder / "pipe.toml")
    (folder / "deep.toml").write_text("x = " + "[" * 1000 + "]" * 1000, encoding="utf-8")
    # Not saves at all: a killed writer's temporary file, a hidden file, something else.
    (folder / ".going.toml.999999.abcdefgh.tmp").write_text("half a save", encoding="utf-8")
    (folder / ".hidden.toml").write_text("", encoding="utf-8")
    (folder / "notes.txt").write_text("", encoding="utf-8")
    return {
        "going.toml": "",
        "done.toml": "",
        "broken-log.toml": "",
        "binary.toml": "cannot read: not UTF-8 text",
        "empty.toml": "not a Partyline save",
        "huge.toml": "too big for a save (16.0 MiB; the limit is 16 MiB)",
        "folder.toml": "cannot read: it is a folder, not a save file",
        "loop.toml": "cannot read: Too many levels of symbolic links",
        "dangling.toml": "no such file",
        "pipe.toml": "cannot read: it is a named pipe, not a save file",
        "deep.toml": "arrays or tables nested more than 8 deep",
    }


def test_the_list_reads_headers_and_replays_nothing(tmp_path: Path) -> None:
    expected = hostile_folder(tmp_path)
    rows = {row.path.name: row for row in read_saves(tmp_path)}
    assert set(rows) == set(expected)
    for name, reason in expected.items():
        row = rows[name]
        assert row.state == "" and row.loaded is None  # nothing replayed
        if reason:
            assert row.summary is None and str(row.error).startswith(f"{tmp_path / name}: {reason}")
            assert "\n" not in str(row.error)
        else:
            assert row.summary is not None and row.error == ""
    assert rows["going.toml"].summary == saves.Summary(
        "Light and Dark (光と闇の勇者)", ("Aki", "Bot 2", "ボブ太郎", "Bot 4"), False, 4
    )
    # Replaying, one save at a time, says the rest.
    assert check(rows["going.toml"]).state == "in progress"
    done = check(rows["done.toml"])
    assert done.state == "finished" and done.result
    late = check(rows["broken-log.toml"])
    assert str(late.error).endswith(
        "broken-log.toml: entry 3: the boss's HP: a 6-sided die cannot show 9"
    )
    assert "entry 3" in str(describe(late, translator("en")))


async def test_the_saves_screen_survives_any_file_and_opens_a_good_one(tmp_path: Path) -> None:
    expected = hostile_folder(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3")
        await app.workers.wait_for_complete()
        await pilot.pause()
        rows: list[SaveRow] = app.screen.rows  # type: ignore[attr-defined]
        assert {row.path.name for row in rows} == set(expected)
        shown = {row.path.name: str(describe(row, translator("en"))) for row in rows}
        for name, reason in expected.items():
            assert reason in shown[name], shown[name]
        assert "in progress" in shown["going.toml"]
        assert "finished: " in shown["done.toml"]
        assert "entry 3: the boss's HP" in shown["broken-log.toml"]
        assert f"{len(expected)} saves in" in screen_text(app)
        for index, row in enumerate(rows):  # Enter on a file that is not a save explains it
            if row.path.name == "pipe.toml":
                await pilot.press(*["down"] * index, "enter")
                await pilot.pause()
                assert "it is a named pipe" in screen_text(app)
                await pilot.press(*["up"] * index)
        good = next(index for index, row in enumerate(rows) if row.path.name == "going.toml")
        await pilot.press(*["down"] * good, "enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.save_path == tmp_path / "going.toml"


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Cannot read {folder}: Not a directory"),
        ("ja", "{folder} を読めません: Not a directory"),
    ],
)
async def test_a_file_where_the_save_folder_should_be_is_said_not_an_empty_list(
    tmp_path: Path, language: str, said: str
) -> None:
    """--save-dir naming a file: the list says why it cannot be read (the system's words, as
    a new game's start says them), not "No saved games", which sent one looking for saves."""
    folder = tmp_path / "saves.txt"
    folder.write_text("", encoding="utf-8")
    app = make_app(folder, language=language)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3")
        await app.workers.wait_for_complete()
        await pilot.pause()
        shown = " ".join(screen_text(app).split())
        assert said.format(folder=folder) in shown, shown
        assert "No saved games" not in shown and "セーブはありません" not in shown


async def test_setup_refuses_an_option_value_out_of_range(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#setup-game", Cycle).value = "dangerous"
        await pilot.pause()
        screen.query_one("#opt-turn_limit", Input).value = "-5"
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "Turn limit (house rule) must be from 0 to 99, not -5" in screen_text(app)
        assert os.listdir(tmp_path) == []
        screen.query_one("#opt-turn_limit", Input).value = "99"
        await pilot.press("f2")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        # Nothing is written until a player decides; then the save holds the option.
        assert os.listdir(tmp_path) == []
        decision = app.screen.session.my_decision()
        assert decision is not None and decision.kind is DecisionKind.ORDER
        await pilot.press("enter")  # keeps the party's order
        await settle(pilot)
        (path,) = tmp_path.iterdir()
        assert saves.load(path).table.options["turn_limit"] == 99


async def test_setup_says_when_the_save_folder_cannot_be_made(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("", encoding="utf-8")
    folder = tmp_path / "file" / "saves"
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "Cannot start: cannot create a save file in" in screen_text(app)
