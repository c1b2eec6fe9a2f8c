"""Which games the saved-games list gets, and managing it (issue 9, item 11), on a real disk at
80x24: no file for a game nobody decided anything in; deleting a save after a confirmation;
sorting by date, by game and by file name."""

from __future__ import annotations

import os
from pathlib import Path

from tuikit import SIZE, ld_table, make_app, press_option, screen_text, settle

from core import saves
from core.games import get_game
from core.log import DecisionEntry
from core.simulate import play_one
from core.table import Seat, SeatKind, new_table
from tui.screens.confirm import ConfirmScreen
from tui.screens.game import GameScreen
from tui.screens.help import HelpScreen
from tui.screens.saves import SavesScreen
from tui.screens.setup import SetupScreen

SIX_IN_A_ROW = 6


async def test_games_left_before_any_decision_leave_no_save(tmp_path: Path) -> None:
    """The issue's five identical '4 entries, in progress': start, look, leave; again."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(SIX_IN_A_ROW):
            await pilot.press("f2")
            await settle(pilot)
            assert isinstance(app.screen, GameScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen)
        assert list(tmp_path.iterdir()) == []
        await pilot.press("f3")
        await pilot.pause()
        assert "No saved games in" in screen_text(app)


async def test_a_game_is_saved_from_the_players_first_decision_not_the_bots(
    tmp_path: Path,
) -> None:
    # Aki sits last: the deal and three bots' claims come before Aki's first decision.
    seats = (
        Seat("Bot 1", SeatKind.BOT, "heuristic"),
        Seat("Bot 2", SeatKind.BOT, "heuristic"),
        Seat("Bot 3", SeatKind.BOT, "heuristic"),
        Seat("Aki"),
    )
    table = new_table(get_game("light-and-dark"), seats, {}, 7)
    path = tmp_path / "game.toml"
    app = make_app(tmp_path, table=table, save_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert any(isinstance(entry, DecisionEntry) for entry in table.log)  # the bots' answers
        assert not path.exists()
        await press_option(pilot, 0)
        await settle(pilot)
        assert path.exists()
        assert saves.load(path).table.log == table.log


def three_saves(folder: Path) -> list[str]:
    """Two Light and Dark saves and one Dangerous save, newest first."""
    saves.write(ld_table(seed=9), folder / "b-light.toml")
    saves.write(play_one("dangerous", 2, 1, "random"), folder / "c-dangerous.toml")
    saves.write(ld_table(seed=8), folder / "a-light.toml")
    for age, name in enumerate(("c-dangerous.toml", "a-light.toml", "b-light.toml")):
        os.utime(folder / name, (1_700_000_000 - age * 3600, 1_700_000_000 - age * 3600))
    return ["c-dangerous.toml", "a-light.toml", "b-light.toml"]


def listed(app: object) -> list[str]:
    screen = getattr(app, "screen", None)
    assert isinstance(screen, SavesScreen)
    return [row.path.name for row in screen.rows]


def shown_order(app: object, names: list[str]) -> list[str]:
    """The file names in the order the screen shows them."""
    text = screen_text(app)  # type: ignore[arg-type]
    return sorted(names, key=text.index)


async def test_the_list_sorts_by_date_game_and_name_with_one_key(tmp_path: Path) -> None:
    by_date = three_saves(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert listed(app) == by_date and shown_order(app, by_date) == by_date
        assert "Sorted by date, newest first (s: sort)" in screen_text(app)
        expected = [
            (["c-dangerous.toml", "a-light.toml", "b-light.toml"], "by game, newest first"),
            (["a-light.toml", "b-light.toml", "c-dangerous.toml"], "by file name"),
            (by_date, "by date, newest first"),
        ]
        for order, status in expected:
            await pilot.press("s")
            await pilot.pause()
            assert listed(app) == order and shown_order(app, order) == order, status
            assert f"Sorted {status} (s: sort)" in screen_text(app)
        # The checks of each save stay with it, whatever the order: Dangerous is finished.
        await pilot.press("s")
        await pilot.pause()
        text = screen_text(app)
        assert text.count("in progress") == 2 and text.count("finished") == 1
        # The cursor stays on the save it was on.
        await pilot.press("down")  # a-light
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SavesScreen)
        assert screen.rows[screen.query_one("#saves-list").highlighted].path.name == "a-light.toml"  # type: ignore[attr-defined]


async def test_deleting_a_save_asks_first_and_removes_only_that_file(tmp_path: Path) -> None:
    by_date = three_saves(tmp_path)
    (tmp_path / "keep-me.txt").write_text("not a save", encoding="utf-8")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3")
        await app.workers.wait_for_complete()
        await pilot.press("down", "delete")  # a-light.toml
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Delete a-light.toml from the disk?" in screen_text(app)
        await pilot.press("enter")  # the highlighted answer is the safe one
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen) and listed(app) == by_date
        # The question has its help, as every screen: its keys; Escape closes it, not the
        # question.
        await pilot.press("d", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "n / esc    No" in screen_text(app) and "y          Yes" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("d", "escape")
        await pilot.pause()
        assert listed(app) == by_date and (tmp_path / "a-light.toml").exists()
        await pilot.press("d", "y")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        assert listed(app) == ["c-dangerous.toml", "b-light.toml"]
        assert sorted(path.name for path in tmp_path.iterdir()) == [
            "b-light.toml",
            "c-dangerous.toml",
            "keep-me.txt",
        ]
        assert "a-light.toml" not in screen_text(app)
        assert "2 saves in" in screen_text(app)
        # The cursor is on the save after the deleted one: Enter continues it.
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.save_path == tmp_path / "b-light.toml"


async def test_deleting_what_cannot_be_deleted_says_why_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "folder.toml").mkdir()
    (tmp_path / "folder.toml" / "inside").write_text("", encoding="utf-8")
    real = tmp_path / "elsewhere"
    real.mkdir()
    saves.write(ld_table(seed=9), real / "real.toml")
    (tmp_path / "link.toml").symlink_to(real / "real.toml")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3")
        await app.workers.wait_for_complete()
        names = listed(app)
        await pilot.press(*["down"] * names.index("folder.toml"), "delete", "y")
        await pilot.pause()
        assert "Cannot delete folder.toml: it is a folder" in screen_text(app)
        assert (tmp_path / "folder.toml" / "inside").exists()
        names = listed(app)
        await pilot.press("home", *["down"] * names.index("link.toml"), "delete", "y")
        await pilot.pause()
        # A link is removed, never the save it leads to.
        assert not (tmp_path / "link.toml").is_symlink()
        assert (real / "real.toml").exists()
        assert listed(app) == ["folder.toml"]
