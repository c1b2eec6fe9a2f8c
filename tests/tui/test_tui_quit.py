"""Ctrl+C and Ctrl+Q save and quit as `q` does, printing where the game was saved (issue 9,
item 10): by Pilot at 80x24 from the game and from what lies over it, and on a real terminal,
where the path line is printed after the app has left the alternate screen."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from ptykit import Terminal
from textual.widgets import Input
from textual.widgets.input import Selection
from tuikit import SIZE, TWO_HUMANS, ld_table, make_app, press_option, settle

from core import saves
from tui.screens.curtain import CurtainScreen
from tui.screens.help import HelpScreen
from tui.session import NOT_SAVED_YET

ROOT = Path(__file__).resolve().parents[2]
LEAVE_ALTERNATE_SCREEN = b"\x1b[?1049l"


@pytest.mark.parametrize("key", ["ctrl+c", "ctrl+q", "q"])
async def test_each_quit_key_saves_and_says_where(tmp_path: Path, key: str) -> None:
    table = ld_table(seed=5)
    path = tmp_path / "game.toml"
    app = make_app(tmp_path, table=table, save_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press_option(pilot, 0)
        await settle(pilot)
        length = len(table)
        await pilot.press(key)
        await pilot.pause()
    assert app._exit
    assert app.exit_line == f"Saved to {path}"
    assert len(saves.load(path).table) == length
    assert not any("Ctrl+Q" in note or "ctrl+q" in note for note in app.notes)


@pytest.mark.parametrize("key", ["ctrl+c", "ctrl+q"])
async def test_the_quit_keys_save_the_game_under_the_curtain_or_the_help(
    tmp_path: Path, key: str
) -> None:
    table = ld_table(TWO_HUMANS, seed=4)
    path = tmp_path / "hot.toml"
    app = make_app(tmp_path, table=table, save_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        await settle(pilot)
        await press_option(pilot, 0)  # Aki decides; the curtain comes up for Ben
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press(key)
        await pilot.pause()
    assert app._exit
    assert app.exit_line == f"Saved to {path}"
    assert saves.load(path).table.log == table.log


async def test_quitting_before_any_decision_says_nothing_was_saved(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        await settle(pilot)
        await pilot.press("s")  # asking to save says why nothing is written yet
        await pilot.pause()
        assert NOT_SAVED_YET in app.notes
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert app._exit
    assert app.exit_line == NOT_SAVED_YET
    assert list(tmp_path.iterdir()) == []


async def test_the_quit_keys_quit_the_setup_screen_at_once(tmp_path: Path) -> None:
    for key in ("ctrl+c", "ctrl+q"):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press(key)
            await pilot.pause()
        assert app._exit, key


def play(save_dir: Path) -> Terminal:
    argv = ["-m", "tui.cli", "play", "light-and-dark", "--seed", "3", "--save-dir", str(save_dir)]
    return Terminal.spawn([sys.executable, *argv], size=SIZE, cwd=ROOT)


@pytest.mark.parametrize("key", ["ctrl+c", "ctrl+q", "q"])
def test_on_a_real_terminal_the_path_is_printed_after_the_app(tmp_path: Path, key: str) -> None:
    with play(tmp_path) as term:
        term.wait_for("Your move")
        term.press("1")  # stays silent (1 of a 10-option claim: Enter takes it): saved from now on
        term.press("enter")
        term.wait_for("Player 1 stays silent")
        quit_at = len(term.raw)
        term.press(key)
        assert term.wait_exit() == 0
        after = term.raw[quit_at:]
    (path,) = tmp_path.iterdir()
    assert saves.load(path).table.log[-1] is not None
    printed = after[after.rindex(LEAVE_ALTERNATE_SCREEN) :]
    assert f"Saved to {path}".encode() in printed


def test_on_a_real_terminal_a_game_left_at_once_leaves_no_file(tmp_path: Path) -> None:
    with play(tmp_path) as term:
        term.wait_for("Your move")
        quit_at = len(term.raw)
        term.press("ctrl+c")
        assert term.wait_exit() == 0
        after = term.raw[quit_at:]
    assert list(tmp_path.iterdir()) == []
    printed = after[after.rindex(LEAVE_ALTERNATE_SCREEN) :]
    assert NOT_SAVED_YET.encode() in printed


async def test_ctrl_c_in_a_text_field_with_a_selection_copies_instead(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        name = app.screen.query_one("#name-0", Input)
        name.focus()
        name.select_all()
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert not app._exit and app.clipboard == "Player 1"
        name.selection = Selection.cursor(0)
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert app._exit
