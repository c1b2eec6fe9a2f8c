"""Dangerous's school map is the grid-map widget's first user: a move chosen on the map in a real
game (keys at 80x24, a click at 120x40), the prompt and the map moving one cursor, the legend
explaining exactly what is drawn, pieces apart from the place codes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from test_tui_dangerous import AKI_VS_BOT, dg_table, drive, named
from textual.pilot import Pilot
from tuikit import SIZE, make_app, screen_text, settle

from core.decisions import Decision
from core.log import DecisionEntry
from core.table import Table
from tui.boards.dangerous.map import CLOSED, render_map
from tui.screens.game import GameScreen
from tui.widgets.gridmap import GridMap, MapPane
from tui.widgets.gridmodel import CAN_CHOOSE, CURSOR, entry_text, fitted
from tui.widgets.prompt import DecisionPrompt

LARGE = (120, 40)


def last_move(table: Table) -> DecisionEntry:
    entry = next(
        e for e in reversed(table.log) if isinstance(e, DecisionEntry) and e.decision == "move"
    )
    assert isinstance(entry, DecisionEntry)
    return entry


async def to_the_move(pilot: Pilot[Any]) -> tuple[Decision, GridMap, DecisionPrompt]:
    screen = await drive(pilot, named("move"))
    decision = screen.session.my_decision()
    assert decision is not None
    return decision, screen.query_one(GridMap), screen.query_one(DecisionPrompt)


async def test_a_move_chosen_on_the_map_by_keys(tmp_path: Path) -> None:
    table = dg_table()
    app = make_app(tmp_path, table=table, save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        decision, grid, prompt = await to_the_move(pilot)
        assert grid.index == prompt.option_index() == 0
        # m gives the map the keys, Escape gives them back (one step back, not out of the
        # game); the arrows walk the squares the move may reach.
        await pilot.press("m")
        assert app.focused is grid
        await pilot.press("escape")
        assert app.focused is prompt and isinstance(app.screen, GameScreen)
        await pilot.press("m")
        assert app.focused is grid
        seen = set()
        for key in ("right", "right", "down", "left", "up", "up"):
            await pilot.press(key)
            await pilot.pause()
            index = grid.index
            assert index is not None
            option = decision.options[index]
            assert option.at == grid.marks.cursor and option.at in grid.marks.options
            # The prompt's cursor follows the map's.
            assert prompt.option_index() == index
            assert f"> {index + 1}." in screen_text(app) or index >= 9
            seen.add(option.id)
        assert len(seen) >= 3
        chosen = decision.options[grid.index or 0]
        await pilot.press("enter")
        await settle(pilot)
        entry = last_move(table)
        assert entry.seat == 0 and entry.choice == chosen.id
        assert table.view(0).board.players[0].space == chosen.id


async def test_the_prompt_moves_the_map_cursor(tmp_path: Path) -> None:
    app = make_app(tmp_path, table=dg_table(), save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        decision, grid, prompt = await to_the_move(pilot)
        assert app.focused is prompt
        for _ in range(3):
            await pilot.press("down")
            await pilot.pause()
            index = prompt.option_index()
            assert index is not None and grid.index == index
            assert grid.marks.cursor == decision.options[index].at
        # An option off the map (reordering the party): the map shows no cursor, but keeps
        # the squares marked.
        last = len(decision.options) - 1
        assert decision.options[last].at is None
        await pilot.press("end")
        await pilot.pause()
        assert grid.index == last and grid.marks.cursor is None and grid.marks.options


async def test_a_move_chosen_by_a_click_on_a_large_terminal(tmp_path: Path) -> None:
    table = dg_table()
    app = make_app(tmp_path, table=table, save_path=None)
    async with app.run_test(size=LARGE) as pilot:
        decision, grid, _ = await to_the_move(pilot)
        at = grid.placement
        assert at is not None and at.cell >= 5  # the map grows with the terminal
        target = decision.options[2]
        assert target.at is not None
        x, y = target.at
        await pilot.click(GridMap, offset=(at.column(x) + at.cell // 2, at.line(y)))
        await settle(pilot)
        assert last_move(table).choice == target.id


def drawn_keys(grid: GridMap) -> set[Any]:
    at = grid.placement
    assert at is not None
    cells = grid.model.cells
    keys = {
        glyph.key
        for cell in cells.values()
        for glyph in fitted(cell, at.cell)
        if glyph.key is not None
    }
    # The ways between neighbours, to the east and to the south.
    for (x, y), cell in cells.items():
        for joint, neighbour in ((cell.east, (x + 1, y)), (cell.south, (x, y + 1))):
            if joint is not None and joint.key is not None and neighbour in cells:
                keys.add(joint.key)
    if grid.marks.options:
        keys |= {CAN_CHOOSE, CURSOR}
    return keys


async def test_the_legend_explains_exactly_what_the_map_shows(tmp_path: Path) -> None:
    """A two-player game: the closed squares (x) and everything else drawn, and nothing
    more, at 80x24 and on a large terminal; the pieces never glued to a place's code."""
    for size in (SIZE, LARGE):
        app = make_app(tmp_path, table=dg_table(AKI_VS_BOT, seed=3), save_path=None)
        async with app.run_test(size=size) as pilot:
            await to_the_move(pilot)
            pane = app.screen.query_one(MapPane)
            grid = pane.map
            legend = grid.legend()
            assert set(legend) == drawn_keys(grid) and len(legend) == len(set(legend))
            assert CLOSED in legend and any(entry.meaning == "pieces" for entry in legend)
            text = screen_text(app)
            for entry in legend:
                assert entry_text(entry).plain in text, (size, entry)
            # The spring's code shows with the pieces on it: a space apart where there is
            # room, else side by side in the pieces' colours.
            spring = "SPR AB" in text or "S AB" in text
            assert spring if size == LARGE else "SAB" in text


async def test_the_whole_map_and_its_legend_fit_at_80x24(tmp_path: Path) -> None:
    app = make_app(tmp_path, table=dg_table(), save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        _, grid, _ = await to_the_move(pilot)
        at = grid.placement
        assert at is not None and grid.size.height >= at.height
        assert grid.size.width >= at.width and grid.scroll_offset == (0, 0)
        text = screen_text(app)
        for code in ("FOR", "BAN", "CLS", "COU", "DOJ", "OLD"):
            assert code in text or code.lower() in text


def test_the_map_as_a_plain_renderable_has_its_legend() -> None:
    """The kit's fallback renderable (where no grid widget shows) draws the same map: at the
    start every piece is on the spring, which keeps its code; the viewer's piece and a `+`
    follow it in the narrowest cells."""
    table = dg_table()
    rendered = render_map(table.view(0), table.names)
    assert isinstance(rendered, Text)
    plain = rendered.plain
    assert "--SA+--" in plain and "OLD" in plain and plain.isascii()
    assert "1-6 square" in plain and "S spring" in plain and "+ more pieces" in plain
    assert "--SB+--" in render_map(table.view(1), table.names).plain
