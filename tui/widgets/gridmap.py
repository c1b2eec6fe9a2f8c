"""The grid map: one widget for every game played on a grid (Dangerous's school map first).

A game's board kit builds a `GridModel` of its board (tui/widgets/gridmodel.py: what each cell
shows, its pieces, the joints between cells, the legend's entries); the pending decision's
options say which cells they name (`Option.at`, `path`, `area`). The map draws the model, marks
the options' cells and the one at the cursor, and lets the player choose there:

- the arrow keys jump to the nearest option cell in that direction, Enter (or Space) chooses,
  a click on an option's cell chooses it (the map takes the focus only while there is
  something to choose on it);
- the cursor is the prompt's: the map tells `on_cursor` at once when its cursor moves (the
  screen moves the prompt's cursor to that option, in the same frame) and `point` moves it
  when the prompt's moves;
- cells grow with the room the map has (3 to 7 columns), and the view follows the cursor when
  the map is larger than the room;
- `MapPane` adds a line naming the cursor's cell in full (when there is room) and the legend,
  generated from what is drawn.

It is a Line API widget (a ScrollView rendering one line at a time): a cursor move repaints only
the cells whose text or style changed (the old and the new cursor's), never the whole map.
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.geometry import Region, Size, Spacing
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Static

from core.decisions import Decision, DecisionKind
from core.i18n import N_
from tui.lang import tr
from tui.widgets.gridmodel import (
    Drawing,
    GridModel,
    Key,
    Layout,
    Line,
    Marks,
    draw,
    fit,
    legend_keys,
    legend_lines,
    marks_for,
    nearest,
    option_at,
)
from tui.widgets.prompt import CursorHook, OptionMessage

PICKS = (DecisionKind.CHOOSE_ONE, DecisionKind.CONFIRM)
"""The decisions the map can answer by itself (one option, one cell)."""


class GridMap(ScrollView, can_focus=False):
    """A grid model drawn line by line, with the pending decision's options marked. It takes
    the focus (Tab, a click) only while there is something to choose on it."""

    DEFAULT_CSS = """
    GridMap {
        height: 1fr;
        scrollbar-size: 1 1;
    }
    """

    HELP_TITLE = N_("the map, while you may choose a square on it (m)")

    BINDINGS: ClassVar[list[BindingType]] = [
        # One footer entry for the four arrows (the footer shows the focused pane's keys).
        Binding(
            "up",
            "jump(0, -1)",
            N_("Move"),
            key_display="arrows",
            tooltip=N_("move the cursor up to the nearest square you may choose"),
        ),
        Binding(
            "down",
            "jump(0, 1)",
            N_("Down"),
            show=False,
            tooltip=N_("move the cursor down to the nearest square you may choose"),
        ),
        Binding(
            "left",
            "jump(-1, 0)",
            N_("Left"),
            show=False,
            tooltip=N_("move the cursor left to the nearest square you may choose"),
        ),
        Binding(
            "right",
            "jump(1, 0)",
            N_("Right"),
            show=False,
            tooltip=N_("move the cursor right to the nearest square you may choose"),
        ),
        Binding(
            "enter,space",
            "choose",
            N_("Choose"),
            tooltip=N_("choose the option at the cursor"),
        ),
    ]

    class Chosen(OptionMessage):
        """Option `index` of `decision` was chosen on the map."""

    class Drawn(Message):
        """The legend entries of what is drawn changed (a new model, decision or cell size)."""

    def __init__(
        self,
        *,
        on_cursor: CursorHook | None = None,
        chooses: bool = True,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        """`chooses`: is a question ever put on this map (the replay's: never)?"""
        super().__init__(id=id, classes=classes)
        self.on_cursor = on_cursor
        """Told at once when the player moves the cursor on the map (so that what follows it
        repaints in the same frame as the map)."""
        if not chooses:  # its keys never work: the help leaves them out
            self.HELP_TITLE = ""
        self.model = GridModel({})
        self.decision: Decision | None = None
        self.index: int | None = None
        self.marks = Marks()
        self.placement: Layout | None = None
        self.drawing = Drawing([])
        self._strips: list[Strip] = []
        self._base: Style | None = None

    # --- what to show ------------------------------------------------------------------------

    def show(self, model: GridModel, decision: Decision | None, index: int | None) -> None:
        """Draw `model` with `decision`'s options marked and option `index` at the cursor."""
        if model == self.model and decision == self.decision and index == self.index:
            return
        self.model, self.decision = model, decision
        self._mark(index)

    def point(self, index: int | None) -> None:
        """The prompt's cursor moved to option `index`: move the map's there."""
        if index != self.index:
            self._mark(index)

    def _mark(self, index: int | None) -> None:
        self.index = index
        self.marks = marks_for(self.decision, index)
        self.can_focus = self.choosable
        self._draw()

    @property
    def choosable(self) -> bool:
        """Can the player choose on the map now (an open question with options on it)?"""
        return (
            self.decision is not None and self.decision.kind in PICKS and bool(self.marks.options)
        )

    def legend(self) -> list[Key]:
        return legend_keys(self.model, self.drawing.keys)

    # --- drawing -----------------------------------------------------------------------------

    def _draw(self) -> None:
        """Draw again; repaint only the lines that changed (all of them if the layout did)."""
        width = self.scrollable_content_region.width
        if not width:
            return  # not laid out yet: on_resize draws
        at = fit(self.model, width)
        drawing = draw(self.model, self.marks, at)
        base = self.rich_style
        relaid = at != self.placement or base != self._base
        old = self._strips
        if relaid:
            strips = [self._strip(line, base) for line in drawing.lines]
        else:
            # A line drawn as before keeps its strip: a cursor move changes two or three
            # lines of the map, and making every line's strip again was most of its cost.
            strips = [
                before if line == was else self._strip(line, base)
                for line, was, before in zip(drawing.lines, self.drawing.lines, old, strict=True)
            ]
        keys_changed = drawing.keys != self.drawing.keys
        self.placement, self.drawing, self._strips, self._base = at, drawing, strips, base
        if relaid:
            self.virtual_size = Size(at.width, at.height)
            self.refresh()
        else:
            scroll_x, scroll_y = self.scroll_offset
            for number, (before, after) in enumerate(zip(old, strips, strict=True)):
                if before is after:
                    continue
                span = changed_span(before, after)
                if span is not None:
                    start, end = span
                    self.refresh(Region(start - scroll_x, number - scroll_y, end - start, 1))
        self._follow()
        if keys_changed:
            self.post_message(self.Drawn())

    @staticmethod
    def _strip(line: Line, base: Style) -> Strip:
        segments = [Segment(text, base + Style.parse(style)) for text, style in line if text]
        return Strip(segments).simplify()

    def _follow(self) -> None:
        """Scroll the least needed to keep the cursor's cell in view (with a cell around it)."""
        cursor, at = self.marks.cursor, self.placement
        if cursor is None or at is None:
            return
        region = Region(at.column(cursor[0]), at.line(cursor[1]), at.cell, 1)
        spacing = Spacing(1, at.step, 1, at.step)
        self.scroll_to_region(region, spacing=spacing, animate=False, force=True, immediate=True)

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.size.width
        base = self.rich_style
        if base != self._base:
            self._base = base
            self._strips = [self._strip(line, base) for line in self.drawing.lines]
        number = scroll_y + y
        if number >= len(self._strips):
            return Strip.blank(width, base)
        return self._strips[number].crop_extend(scroll_x, scroll_x + width, base)

    def on_resize(self, event: events.Resize) -> None:
        self._draw()

    # --- keys and the mouse ------------------------------------------------------------------

    def action_jump(self, dx: int, dy: int) -> None:
        """Move the cursor to the nearest option cell in that direction."""
        decision = self.decision
        if decision is None or not self.marks.options:
            return
        origin = self.marks.cursor
        if origin is None:  # the prompt's cursor is on an option off the map
            index = option_at(decision, min(self.marks.options, key=lambda c: (c[1], c[0])))
        else:
            target = nearest(origin, (dx, dy), self.marks.options)
            index = None if target is None else option_at(decision, target)
        if index is not None:
            self._move_to(decision, index)

    def _move_to(self, decision: Decision, index: int) -> None:
        if index != self.index:
            self._mark(index)
            if self.on_cursor is not None:
                self.on_cursor(decision, index)

    def action_choose(self) -> None:
        decision, index = self.decision, self.index
        if not self.choosable or decision is None or index is None:
            return
        if decision.options[index].at is not None:
            self.post_message(self.Chosen(decision, index))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        decision, at = self.decision, self.placement
        if offset is None or decision is None or at is None or not self.choosable:
            return
        scroll_x, scroll_y = self.scroll_offset
        cell = at.cell_at(offset.x + scroll_x, offset.y + scroll_y)
        index = None if cell is None else option_at(decision, cell, self.index)
        if index is not None:
            self._move_to(decision, index)
            self.post_message(self.Chosen(decision, index))


def changed_span(before: Strip, after: Strip) -> tuple[int, int] | None:
    """The cells from the first to past the last where two lines differ (in text or style),
    or None if they are the same."""
    if before == after:
        return None
    old, new = _cells(before), _cells(after)
    length = max(len(old), len(new))
    old += [None] * (length - len(old))
    new += [None] * (length - len(new))
    start = next(x for x in range(length) if old[x] != new[x])
    end = next(x for x in range(length, 0, -1) if old[x - 1] != new[x - 1])
    return start, end


def _cells(strip: Strip) -> list[tuple[str, Style | None, int] | None]:
    """A line cell by cell: the character drawn there, its style, and which of its cells this
    is (a wide character's second cell differs wherever its first does)."""
    cells: list[tuple[str, Style | None, int] | None] = []
    for text, style, _ in strip:
        for character in text:
            cells.extend((character, style, part) for part in range(cell_len(character)))
    return cells


class MapPane(Vertical):
    """The grid map, a line naming the cell at the cursor and the legend.

    The cursor's line shows when the whole map and the legend leave it room, or always when
    `alone` (nothing else on the screen names the option: the board is shown wide)."""

    DEFAULT_CSS = """
    MapPane {
        height: 1fr;
    }
    MapPane > .map-info, MapPane > .map-legend {
        height: auto;
    }
    """

    def __init__(
        self,
        *,
        on_cursor: CursorHook | None = None,
        chooses: bool = True,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.on_cursor = on_cursor
        """Told at once when the player moves the cursor on the map."""
        self.chooses = chooses
        """Is a question ever put on the map (GridMap's `chooses`)?"""
        self.alone = False
        self._info_text = Text()
        self._legend_text = Text()

    def compose(self) -> ComposeResult:
        yield GridMap(on_cursor=self._moved, chooses=self.chooses)
        yield Static(classes="map-info")
        yield Static(classes="map-legend")

    @property
    def map(self) -> GridMap:
        return self.query_one(GridMap)

    def show(
        self, model: GridModel, decision: Decision | None, index: int | None, alone: bool = False
    ) -> None:
        if alone != self.alone:
            self.alone = alone
            self._legend()
        self.map.show(model, decision, index)
        self._info()

    def point(self, index: int | None) -> None:
        self.map.point(index)
        self._info()

    def _moved(self, decision: Decision, index: int) -> None:
        self._info()
        if self.on_cursor is not None:
            self.on_cursor(decision, index)

    def on_grid_map_drawn(self, message: GridMap.Drawn) -> None:
        self._legend()

    def on_resize(self, event: events.Resize) -> None:
        self._legend()

    def _legend(self) -> None:
        width = self.content_region.width or self.size.width
        lines = legend_lines(self.map.legend(), max(width, 10), tr(self))
        text = Text("\n").join(lines)
        if text != self._legend_text:
            self._legend_text = text
            self.query_one(".map-legend", Static).update(text)
        self._room(len(lines))

    def _room(self, legend: int) -> None:
        """Show the cursor's line only if the whole map and the legend fit beside it."""
        at = self.map.placement
        need = (at.height if at is not None else 0) + legend + 1
        info = self.query_one(".map-info", Static)
        info.display = bool(self.map.marks.options) and (self.alone or need <= self.size.height)

    def _info(self) -> None:
        """The option at the cursor in full: its cell's name and what choosing it does."""
        mapped, decision, index = self.map, self.map.decision, self.map.index
        _ = tr(self)
        text = Text(_("cursor: "), style="dim", no_wrap=True, overflow="ellipsis")
        if decision is not None and index is not None and 0 <= index < len(decision.options):
            option = decision.options[index]
            place = mapped.model.cells.get(option.at) if option.at is not None else None
            if place is not None:
                text.append(_(place.name), style="bold")
                text.append(f" - {_(option.detail or option.label)}")
            else:
                text.append(_(option.label), style="bold")
                text.append(" " + _("(not on the map)"), style="dim")
        info = self.query_one(".map-info", Static)
        if text != self._info_text:  # one line, no_wrap: its size never changes
            self._info_text = text
            info.update(text, layout=False)
