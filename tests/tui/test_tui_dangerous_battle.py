"""The Dangerous battle view at 80x24 (issue 9, item 3): each side's result broken down into
named parts that add up to it, as the log says it; an empty row said once; the battle's own
log oldest first, the newest at the bottom and kept in sight."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from test_tui_dangerous import battle_where, board_of, dg_table, drive, finished_game
from textual.pilot import Pilot
from tuikit import SIZE, make_app, page_text, screen_text

from core.games.dangerous import tally
from core.games.dangerous.tally import part_name
from core.games.dangerous.view import CombatView
from core.table import Table
from tui.boards.dangerous.battle import NO_CARD_LEFT, render_battle
from tui.screens.replay import ReplayScreen
from tui.widgets.board import BoardPanel
from tui.widgets.log import LogPanel


def flat(text: str) -> str:
    """The board panel's text (the left panel, borders taken out) as one line, so that a
    wrapped line reads whole."""
    lines = [re.split("│[│╭╰]", line)[0].strip("│╭╮╰╯─ ") for line in text.splitlines()]
    return " ".join(line for line in lines if line)


def with_modifier(fight: CombatView) -> bool:
    return any(len(parts) > 1 for parts in fight.parts)


async def test_each_result_is_broken_down_into_named_parts(tmp_path: Path) -> None:
    table = dg_table()
    app = make_app(tmp_path, table=table, save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        screen = await drive(pilot, battle_where(with_modifier), limit=600)
        assert screen.query_one(BoardPanel).mode == "battle"
        fight = board_of(app).combat
        assert fight is not None
        shown = flat(screen_text(app))
        for side in (0, 1):
            parts = fight.parts[side]
            assert parts and parts[0].kind in (tally.DIE, tally.NO_DICE)
            # Every part is on the screen with its name, and the total is their sum.
            words = str(tally.sum_text(parts)).replace(f" ({part_name(parts[0])})", "")
            assert words in shown, (words, shown)
            for part in parts[1:]:
                assert f"{part.amount:+d} {part_name(part)}" in shown


def positions(table: Table) -> list[CombatView | None]:
    return [table.view_at(p, None).board.combat for p in range(len(table) + 1)]


async def press_to(pilot: Pilot[Any], position: int) -> None:
    """The replay's cursor to entry `position`."""
    await pilot.press("home", *["pagedown"] * (position // 10), *["right"] * (position % 10))


async def test_the_log_says_the_parts_the_board_shows(tmp_path: Path) -> None:
    """A settled 1-on-1 with modifiers, in the replay: the battle view and the game's log say
    the same parts, and they add up to the result."""
    table = finished_game()
    fights = positions(table)
    position = next(
        p
        for p, fight in enumerate(fights)
        if fight is not None and fight.result != (0, 0) and any(len(s) > 1 for s in fight.parts)
    )
    fight = fights[position]
    assert fight is not None
    app = make_app(tmp_path, replay=table)
    async with app.run_test(size=SIZE) as pilot:
        await press_to(pilot, position)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.query_one(BoardPanel).mode == "battle"
        log = screen.query_one(LogPanel).text
        line = next(t for t in reversed(log.splitlines()) if "Final result" in t)
        mine, theirs = fight.result
        assert f"Final result {mine} against {theirs}" in line
        board = flat(screen_text(app))
        for side in (0, 1):
            parts = fight.parts[side]
            assert tally.result(parts) == fight.result[side]
            if len(parts) > 1:
                assert str(tally.sum_text(parts)) in line
                assert f"= {fight.result[side]}" in board


def an_empty_row(fights: list[CombatView | None]) -> int:
    for position, fight in enumerate(fights):
        sizes = sorted(len(row) for row in fight.rows) if fight is not None else [1, 1]
        if sizes[0] == 0 and sizes[1] >= 2:
            return position
    raise AssertionError("no battle with an empty row beside a longer one")


async def test_an_empty_row_is_said_once(tmp_path: Path) -> None:
    table = finished_game()
    position = an_empty_row(positions(table))
    app = make_app(tmp_path, replay=table)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, ReplayScreen)
        await press_to(pilot, position)
        assert app.screen.query_one(BoardPanel).mode == "battle"
        text = screen_text(app)
        assert text.count(NO_CARD_LEFT) == 1 and "no card standing" not in text


async def test_the_battle_log_reads_oldest_first_and_follows_the_newest(tmp_path: Path) -> None:
    table = dg_table()
    app = make_app(tmp_path, table=table, save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        screen = await drive(pilot, battle_where(lambda fight: len(fight.log) >= 3), limit=600)
        fight = board_of(app).combat
        assert fight is not None
        panel = screen.query_one(BoardPanel)
        scroll = panel.query_one(".board-scroll")
        await pilot.pause()
        # Kept scrolled to the newest: the bottom of the panel, where the current 1-on-1 is.
        assert scroll.max_scroll_y > 0 and scroll.scroll_y == scroll.max_scroll_y
        board = flat(screen_text(app))
        newest, before = str(fight.log[-1])[:12], str(fight.log[-2])[:12]
        assert newest in board
        if before in board:
            assert board.index(before) < board.index(newest)
        # The whole panel, read top to bottom, is the battle's log in the game's order.
        view = screen.session.view()
        assert view is not None
        whole = flat(page_text(render_battle(view, table.names)))
        at = 0
        for line in fight.log:
            at = whole.index(str(line)[:12], at)
        assert whole.index("Battle log") < whole.index(str(fight.log[0])[:12])
