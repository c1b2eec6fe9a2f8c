"""The shared grid-map widget on a toy board: arrow keys jump between the cells the options name,
Enter and a click choose, the legend explains exactly what is drawn, the cells grow with the
room, the view follows the cursor on a small terminal, and a cursor move repaints only the
lines that changed (80x24 and 120x40, and smaller where the view must scroll)."""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.strip import Strip

from core.decisions import Decision, Option, OptionId, choose_one
from core.grid import Cell
from tui.widgets.gridmap import GridMap, MapPane, changed_span
from tui.widgets.gridmodel import (
    CAN_CHOOSE,
    CURSOR,
    PATH,
    Glyph,
    GridModel,
    MapCell,
    entry_text,
    fitted,
    key,
)

SQUARE = key("a0", "square")
PIECE = key("P", "piece", "bold reverse red")
UNUSED = key("?", "never drawn")
HOLES = {(2, 1), (3, 3), (6, 4)}
PIECES = {(4, 2): 1, (1, 4): 2}


def town() -> GridModel:
    """A 9x5 board with three holes: cells named by column letter and row, two with pieces,
    paths between all neighbours."""
    cells: dict[Cell, MapCell] = {}
    places = [(x, y) for x in range(9) for y in range(5) if (x, y) not in HOLES]
    for x, y in places:
        name = f"{chr(ord('a') + x)}{y}"
        pieces = tuple(Glyph("P", "bold reverse red", PIECE) for _ in range(PIECES.get((x, y), 0)))
        cells[(x, y)] = MapCell(
            (Glyph(name, "", SQUARE),),
            (Glyph(name[0], "", SQUARE),),
            pieces,
            east=Glyph("-") if (x + 1, y) in places else None,
            south=Glyph("|") if (x, y + 1) in places else None,
            name=f"the square {name}",
        )
    return GridModel(cells, order=(SQUARE, PIECE, UNUSED))


OPTIONS = (
    Option("centre", "The centre", at=(4, 2)),
    Option("north", "North", at=(4, 0)),
    Option("east", "East", at=(8, 2)),
    Option("south", "South", at=(4, 4)),
    Option("west", "West", at=(0, 2)),
    Option("ne", "North-east", at=(7, 1)),
    Option("wait", "Wait"),
    Option("charge", "Charge", at=(6, 2), path=((4, 2), (5, 2), (6, 2)), area=((6, 1), (6, 3))),
)
GO = choose_one(0, "go", "Where to?", OPTIONS)


class MapApp(App[None]):
    """A map pane with the toy board and a decision, as wide as a board beside the prompt
    (44 columns at 80x24); remembers what the map tells."""

    CSS = "MapPane { width: 55%; }"

    def __init__(self, decision: Decision | None = GO, index: int | None = 0) -> None:
        super().__init__()
        self.decision = decision
        self.index = index
        self.chosen: list[OptionId] = []
        self.moved: list[int] = []

    def compose(self) -> ComposeResult:
        yield MapPane(on_cursor=self.cursor_moved)

    def on_mount(self) -> None:
        self.query_one(MapPane).show(town(), self.decision, self.index)
        self.query_one(GridMap).focus()

    def on_grid_map_chosen(self, message: GridMap.Chosen) -> None:
        self.chosen.append(message.decision.options[message.index].id)

    def cursor_moved(self, decision: Decision, index: int) -> None:
        self.moved.append(index)


def screen_text(app: App[Any]) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def at_cursor(app: MapApp) -> OptionId | None:
    grid = app.query_one(GridMap)
    return None if grid.index is None or app.decision is None else GO.options[grid.index].id


async def test_arrow_keys_jump_to_the_nearest_option_cell_in_that_direction() -> None:
    app = MapApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert at_cursor(app) == "centre"
        # Right: the charge square two columns on beats the north-east one, off to the side.
        await pilot.press("right")
        assert at_cursor(app) == "charge"
        await pilot.press("right")
        assert at_cursor(app) == "east"
        await pilot.press("right")  # nothing further east: the cursor stays
        assert at_cursor(app) == "east"
        await pilot.press("left", "left", "up")
        assert at_cursor(app) == "north"
        await pilot.press("down", "down")
        assert at_cursor(app) == "south"
        await pilot.press("up", "left")
        assert at_cursor(app) == "west"
        # Every move was told (the prompt follows it); staying put was not.
        names = [GO.options[index].id for index in app.moved]
        assert names == [
            *("charge", "east"),
            *("charge", "centre", "north"),
            *("centre", "south"),
            *("centre", "west"),
        ]


async def test_enter_and_space_choose_the_option_at_the_cursor() -> None:
    app = MapApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter")
        assert app.chosen == ["south"]
        await pilot.press("up", "up", "space")
        assert app.chosen == ["south", "north"]


async def test_a_click_on_an_option_cell_chooses_it_and_elsewhere_nothing() -> None:
    app = MapApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        grid = app.query_one(GridMap)
        at = grid.placement
        assert at is not None

        async def click(cell: Cell) -> None:
            x, y = cell
            await pilot.click(GridMap, offset=(at.column(x) + at.cell // 2, at.line(y)))
            await pilot.pause()

        await click((7, 1))
        assert app.chosen == ["ne"] and at_cursor(app) == "ne"
        await click((1, 1))  # a square no option names
        await click((5, 2))  # on the charge's path, but not an option's square
        assert app.chosen == ["ne"]


async def test_the_cells_the_options_name_are_marked_and_the_cursor_apart() -> None:
    app = MapApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("right")
        grid = app.query_one(GridMap)
        assert grid.marks.cursor == (6, 2) and grid.marks.options == frozenset(
            option.at for option in OPTIONS if option.at is not None
        )
        styles = {text: style for line in grid.drawing.lines for text, style in line}
        assert "reverse" in styles["g2"]  # the cursor's square
        assert "underline" in styles["e0"] and "reverse" not in styles["e0"]  # an option's
        assert "italic" in styles["g1"] and "italic" in styles["g3"]  # the charge's area
        assert "underline" not in styles["b1"]  # a square no option names
        # The path's joints are reversed; the cursor's square is bracketed where it has room.
        row = "".join(text for text, _ in grid.drawing.lines[4])
        assert "[g2]" in row or "g2" in row
        path = [text for text, style in grid.drawing.lines[4] if style == "bold reverse"]
        assert "-" in "".join(path)


async def test_the_legend_lists_exactly_what_is_drawn() -> None:
    app = MapApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("right")
        pane = app.query_one(MapPane)
        grid = pane.map
        at = grid.placement
        assert at is not None
        drawn = {
            glyph.key
            for cell in grid.model.cells.values()
            for glyph in fitted(cell, at.cell)
            if glyph.key is not None
        }
        assert drawn == {SQUARE, PIECE}
        legend = grid.legend()
        assert legend[:2] == [SQUARE, PIECE]  # the model's order, then the marks
        assert UNUSED not in legend  # in the model's order, but never drawn
        assert set(legend[2:]) == {CAN_CHOOSE, CURSOR, PATH, key("area", "", "italic")}
        text = screen_text(app)
        for entry in legend:
            assert entry_text(entry).plain in text
        assert "never drawn" not in text
    # With nothing to choose, only the board's own symbols.
    app = MapApp(decision=None, index=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.query_one(GridMap).legend() == [SQUARE, PIECE]
        text = screen_text(app)
        assert "a0 square" in text and "P piece" in text and "cursor" not in text


async def test_pieces_are_drawn_apart_from_the_place_code() -> None:
    app = MapApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        grid = app.query_one(GridMap)
        assert grid.placement is not None and grid.placement.cell >= 5
        text = screen_text(app)
        assert "e2 P" in text and "b4 PP" in text
    app = MapApp()
    async with app.run_test(size=(40, 24)) as pilot:
        await pilot.pause()
        grid = app.query_one(GridMap)
        assert grid.placement is not None and grid.placement.cell == 3
        text = screen_text(app)
        # Narrow cells: the short code and a space; with no room for the space the code still
        # shows, and the pieces follow it in their own style (a block of colour).
        assert "e P" in text and "bPP" in text
        runs = [run for line in grid.drawing.lines for run in line]
        piece = ("P", "bold reverse red")
        assert any(runs[i : i + 3] == [("b", ""), piece, piece] for i in range(len(runs)))


async def test_cells_grow_with_the_terminal() -> None:
    widths = {}
    for size in ((80, 24), (120, 40)):
        app = MapApp()
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            grid = app.query_one(GridMap)
            assert grid.placement is not None
            widths[size] = grid.placement.cell
            assert grid.placement.width <= grid.scrollable_content_region.width
            assert grid.scroll_offset.x == 0
    assert widths[(80, 24)] < widths[(120, 40)]


async def test_the_view_follows_the_cursor_on_a_small_terminal() -> None:
    app = MapApp()
    async with app.run_test(size=(24, 8)) as pilot:
        await pilot.pause()
        grid = app.query_one(GridMap)
        at = grid.placement
        assert at is not None and at.cell == 3 and at.width > grid.size.width

        def in_view(cell: Cell) -> bool:
            assert at is not None
            x, y = grid.scroll_offset
            column, line = at.column(cell[0]), at.line(cell[1])
            return (
                x <= column
                and column + at.cell <= x + grid.size.width
                and y <= line < (y + grid.size.height)
            )

        for keys, square, label in (
            (("right", "right"), (8, 2), "i2"),
            (("left", "left", "down"), (4, 4), "e4"),
            (("up", "up"), (4, 0), "e0"),
            (("left",), (0, 2), "a2"),
        ):
            await pilot.press(*keys)
            await pilot.pause()
            assert grid.marks.cursor == square and in_view(square), (square, grid.scroll_offset)
            assert label in screen_text(app)


async def test_a_cursor_move_repaints_only_the_cells_that_changed() -> None:
    app = MapApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        grid = app.query_one(GridMap)
        repainted: list[Region] = []
        refreshed_all: list[object] = []
        whole = grid.refresh

        def spy(*regions: Region, **kwargs: Any) -> Any:
            repainted.extend(regions)
            if not regions:
                refreshed_all.append(kwargs)
            return whole(*regions, **kwargs)

        grid.refresh = spy  # type: ignore[method-assign]

        def lines() -> list[int]:
            return sorted({region.y for region in repainted})

        # Centre to charge: the cursor leaves and enters row 2 (line 4), the charge's path
        # is on that row and its area on rows 1 and 3 (lines 2 and 6).
        await pilot.press("right")
        assert lines() == [2, 4, 6] and not refreshed_all
        # Only the cells that changed: never a whole line of the map.
        assert all(0 < region.width < grid.size.width for region in repainted)
        repainted.clear()
        # The prompt moves the cursor to the south square: rows 2 and 4 (lines 4, 2, 6, 8).
        app.query_one(MapPane).point(3)
        assert lines() == [2, 4, 6, 8] and not refreshed_all
        repainted.clear()
        app.query_one(MapPane).point(3)  # the same option again: nothing to repaint
        assert repainted == [] and not refreshed_all


async def test_only_ascii_is_drawn() -> None:
    app = MapApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("right")
        grid = app.query_one(GridMap)
        for line in grid.drawing.lines:
            assert all(text.isascii() for text, _ in line)


def strip(*parts: tuple[str, Style]) -> Strip:
    return Strip([Segment(text, style) for text, style in parts])


def test_changed_span_finds_the_cells_that_differ_in_text_or_style() -> None:
    plain, bold, cursor = Style(), Style(bold=True), Style(bold=True, reverse=True)
    line = strip(("ab-", plain), ("3", plain), ("-cd", plain))
    assert changed_span(line, line) is None
    # The cursor's brackets and its reversed number: cells 2 to 4.
    marked = strip(("ab", plain), ("[", bold), ("3", cursor), ("]", bold), ("cd", plain))
    assert changed_span(line, marked) == (2, 5)
    # Only a style: that cell; a longer line: up to its end; a wide character: two cells.
    assert changed_span(line, strip(("ab-", plain), ("3", bold), ("-cd", plain))) == (3, 4)
    assert changed_span(line, strip(("ab-3-cdef", plain))) == (7, 9)
    assert changed_span(strip(("校庭x", plain)), strip(("校庭y", plain))) == (4, 5)
    assert changed_span(strip(("校x", plain)), strip(("庭x", plain))) == (0, 2)
