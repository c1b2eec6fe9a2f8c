"""The Dangerous map reads apart and explains itself (issue 9, item 6): a square's code always
shows, with the pieces on it in their seats' colour blocks; every symbol the map draws has its
legend entry (closed squares and the ways to them, beaten bosses in lower case, the ways, the
short codes); in the final battle the board shows the battle, never the map."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from test_tui_dangerous import AKI_VS_BOT, dg_table, drive, finished_game, named
from tuikit import SIZE, make_app, screen_text

from core.games.base import View
from core.games.dangerous.content import content
from core.games.dangerous.view import Board
from core.simulate import play_one
from core.table import Table
from tui.boards.dangerous.common import boss_code, seat_style
from tui.boards.dangerous.map import (
    BEATEN,
    BOSS_SHORT,
    CLOSED,
    SPRING_SHORT,
    TOKEN,
    WAY,
    school_map,
)
from tui.screens.replay import ReplayScreen
from tui.widgets.board import BoardPanel
from tui.widgets.gridmap import GridMap, MapPane
from tui.widgets.gridmodel import (
    LARGEST_CELL,
    MORE,
    SMALLEST_CELL,
    Key,
    Marks,
    draw,
    entry_text,
    layout,
    legend_keys,
    legend_lines,
    marks_for,
)

BOSS_SPACES = [site.space for site in content().board.bosses]


def moments(table: Table, every: int = 5) -> Iterator[tuple[View, Marks]]:
    """Views of a game from several moments and eyes, with the marks of the viewer's pending
    decision (the cursor on its first and last option)."""
    for position in range(0, len(table) + 1, every):
        step = table.game.pending(table._state_at(position))
        for viewer in (None, *range(len(table.seats))):
            view = table.view_at(position, viewer)
            yield view, Marks()
            for decision in step.decisions:
                if decision.seat == viewer and any(o.at is not None for o in decision.options):
                    for index in (0, len(decision.options) - 1):
                        yield view, marks_for(decision, index)


def test_every_symbol_the_map_draws_is_in_its_legend() -> None:
    """Maps of bot games of 2, 3 and 4 players, from many moments, through every viewer's eyes,
    with and without a decision marked, at every cell size: nothing is drawn without its
    legend entry, and the legend shows every entry drawn."""
    seen: set[Key] = set()
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        table = play_one("dangerous", players, seed, "heuristic")
        for view, marks in moments(table):
            assert isinstance(view.board, Board)
            model = school_map(view, table.names)
            for cell in range(SMALLEST_CELL, LARGEST_CELL + 1):
                at = layout(model, cell)
                drawing = draw(model, marks, at)
                assert drawing.unexplained == [], (players, view.turn, cell)
                keys = legend_keys(model, drawing.keys)
                assert set(keys) == set(drawing.keys)
                legend = "\n".join(line.plain for line in legend_lines(keys, at.width))
                for entry in keys:
                    assert entry_text(entry).plain in legend
                seen |= set(keys)
    # Not vacuous: the games showed what needs explaining most.
    assert {CLOSED, BEATEN, WAY, TOKEN, SPRING_SHORT, BOSS_SHORT, MORE} <= seen


async def test_a_squares_code_and_its_pieces_read_apart(tmp_path: Path) -> None:
    """A two-player game at 80x24: both pieces on the spring, whose code stays (S), the pieces
    after it in their own colour blocks; the legend explains the closed squares (-x) and the
    ways."""
    app = make_app(tmp_path, table=dg_table(AKI_VS_BOT, seed=3), save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        await drive(pilot, named("move"))
        grid = app.screen.query_one(GridMap)
        assert grid.placement is not None and grid.placement.cell == SMALLEST_CELL
        runs = [run for line in grid.drawing.lines for run in line]
        spring = [i for i, (text, _) in enumerate(runs) if text == "S"]
        assert len(spring) == 1
        code, first, second = runs[spring[0] : spring[0] + 3]
        assert first[0] == "A" and seat_style(0) in first[1]
        assert second[0] == "B" and seat_style(1) in second[1]
        assert seat_style(0) not in code[1] and "reverse" in seat_style(0)
        text = screen_text(app)
        assert "SAB" in text  # side by side, set apart by their styles
        for entry in ("-x closed (2 players)", "-| way", "S spring", "AB pieces"):
            assert entry in text


async def test_beaten_bosses_are_explained_in_the_legend(tmp_path: Path) -> None:
    """Later in a game (the replay, at 80x24): a beaten boss's code in lower case, and the
    legend says what lower case means, as well as the other symbols drawn."""
    table = finished_game()
    position = next(
        p
        for p in range(len(table) + 1)
        if (board := table.view_at(p, None).board).phase == "exploration"
        and board.combat is None
        and any(boss.cleared_by >= 0 for boss in board.bosses)
    )
    app = make_app(tmp_path, replay=table)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("home", *["pagedown"] * (position // 10), *["right"] * (position % 10))
        panel = app.screen.query_one(BoardPanel)
        while panel.mode != "map":
            await pilot.press("b")
        codes = [boss_code(space) for space in BOSS_SPACES]
        lower = {code.lower() for code in codes} | {code[0].lower() for code in codes}
        runs = [run for line in app.screen.query_one(GridMap).drawing.lines for run in line]
        assert any(text in lower for text, _ in runs)
        # The legend on the screen explains what the map shows: the beaten boss's code (in
        # the first-letter form that a piece beside it leaves room for), the ways.
        text = screen_text(app)
        assert "b beaten" in text and "-| way" in text


async def test_the_final_battle_shows_the_battle_not_the_map(tmp_path: Path) -> None:
    """Once the final battle begins the map has nothing to show: the board shows the battle,
    and `b` offers the other views only."""
    app = make_app(tmp_path, table=dg_table(AKI_VS_BOT, seed=3, turn_limit=1), save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        screen = await drive(pilot, named("final-party"))
        panel = screen.query_one(BoardPanel)
        assert panel.mode == "battle" and "Final battle" in screen_text(app)
        modes = set()
        for _ in range(5):
            await pilot.press("b")
            modes.add(panel.mode)
            assert not screen.query_one(MapPane).display
            assert "Board: Map" not in screen_text(app)
        assert modes == {"table", "ap", "battle"}
