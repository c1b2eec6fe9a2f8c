"""The log panel: every event as a sentence, as the viewer may read it; and the last reveal,
which stays on screen after the log has moved on.

A long game's log holds thousands of lines, so the panel renders only the rows in sight (the
Line API): each line is measured once for the panel's width (how many rows it wraps to), and
wrapped into rows only when it scrolls into view. A new entry adds its lines, an undo drops
the lines of the entries taken back: neither touches the rest of the log."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from itertools import pairwise
from typing import ClassVar

from rich._wrap import divide_line  # the line breaking of rich's Text.wrap, without a Text
from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.containers import Vertical
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Static

from core.i18n import N_
from core.text import visible
from tui.lang import tr
from tui.shown import Line

LAST_REVEAL = N_("Last reveal ({number})")

GUTTER = 3
"""The least width of the entry-number gutter (wider once the numbers are)."""
LEAST_WIDTH = 10
"""A panel narrower than this still wraps its lines as if it were this wide (and crops them)."""
CACHED_LINES = 512
"""Lines kept wrapped into rows: a few screens' worth, so scrolling back and forth is cheap."""
BATCH = 200
"""More new lines than this (a whole log) are counted after the next refresh."""

NUMBER = Style(dim=True)
CURRENT_NUMBER = Style(bold=True)
CURRENT_TEXT = Style(bold=True, reverse=True)


def gutter_width(lines: Sequence[Line]) -> int:
    """The gutter's width: the largest entry number fits (the lines come in entry order)."""
    return max(GUTTER, len(str(lines[-1][0]))) if lines else GUTTER


def visible_lines(lines: Sequence[Line]) -> list[Line]:
    """`lines` with any control character made visible (each line itself, not a copy, when it
    has none), each text looked at once (a long log says the same lines over and over)."""
    seen: dict[str, str] = {}
    shown = []
    for line in lines:
        text = line[1]
        found = seen.get(text)
        if found is None:
            found = seen[text] = visible(text)
        shown.append(line if found is text else (line[0], found))
    return shown


def line_breaks(text: str, width: int) -> list[int]:
    """Where `text` breaks to fit `width` cells: between words, and inside a word longer than
    a row (Japanese has no spaces), by cell width: as Rich's `divide_line` breaks it, in a
    third of its time (a long game's log measures a thousand lines and more as it opens).
    A word longer than a row is left to `divide_line` itself."""
    # Printable ASCII is a cell a character: measured by `len`, and a line no longer than a
    # row fits (most lines of an English log: nothing more to look at).
    cells = len if text.isascii() and text.isprintable() else _cells
    if cells is len and len(text) <= width:
        return []
    breaks: list[int] = []  # (a line that fits has no word past the edge: none)
    offset = start = 0
    for word in _WORD.findall(text):  # (each word ends where the next begins)
        length = cells(word)
        stripped = word.rstrip()
        fitted = length if len(stripped) == len(word) else cells(stripped)
        if fitted > width:
            return divide_line(text, width, fold=True)
        if width - offset >= fitted:
            offset += length
        elif offset and start:
            breaks.append(start)
            offset = length
        start += len(word)
    return breaks


_WORD = re.compile(r"\s*\S+\s*")
"""A word and the spaces around it, as Rich's line breaking reads them."""


def _cells(text: str) -> int:
    """`text`'s width in cells: its length when it is printable ASCII (one cell a character)."""
    return len(text) if text.isascii() and text.isprintable() else cell_len(text)


def line_rows(line: Line, gutter: int, width: int, current: bool) -> list[Strip]:
    """A line's rows: its entry number in the gutter beside the first, the sentence wrapped to
    `width` cells beside it (the current entry's, in a replay, highlighted)."""
    number, text = line
    number_style = CURRENT_NUMBER if current else NUMBER
    style = CURRENT_TEXT if current else None
    blank = Segment(" " * gutter)  # beside the rows after the first
    rows = []
    for row, (start, end) in enumerate(pairwise([0, *line_breaks(text, width), len(text)])):
        marker = Segment(str(number).rjust(gutter), number_style) if row == 0 else blank
        part = text[start:end]
        # A row ends at a word's end; only the spaces after the word can pass the edge.
        part = part[: len(part) - max(0, cell_len(part) - width)]
        rows.append(Strip([marker, Segment(" "), Segment(part, style)]))
    return rows


class LogPanel(ScrollView, can_focus=True):
    """Narration lines (entry number, text), newest at the bottom. Focused (Tab), it scrolls by
    the keys below; the footer shows them. It follows the newest line unless the reader has
    scrolled back."""

    DEFAULT_CSS = """
    LogPanel {
        background: $surface;
        color: $foreground;
        overflow-y: scroll;
        &:focus {
            background-tint: $foreground 5%;
        }
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "scroll_up", N_("Scroll"), key_display="up/down", tooltip=N_("one line up")),
        Binding("down", "scroll_down", show=False, tooltip=N_("one line down")),
        Binding("pageup", "page_up", N_("Page"), key_display="pgup/pgdn", tooltip=N_("a page up")),
        Binding("pagedown", "page_down", show=False, tooltip=N_("a page down")),
        Binding("home", "scroll_home", show=False, tooltip=N_("the oldest line")),
        Binding("end", "scroll_end", show=False, tooltip=N_("the newest line")),
    ]

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.shown: list[Line] = []
        self.current: int | None = None
        """The entry shown highlighted (the replay's position), if any."""
        self.following = True  # scrolled to the newest line (not back by the reader)
        self._starts: list[int] = []  # the first row of each line, at the measured width
        self._rows = 0  # the rows of all lines
        self._width = 0  # the width the lines are measured at (0: not yet laid out)
        self._gutter = GUTTER
        self._heights: dict[str, int] = {}  # rows by text, at the measured width
        self._wrapped: LRUCache[tuple[int, int, str, bool], list[Strip]] = LRUCache(CACHED_LINES)
        self._style: Style | None = None  # the panel's colours, until its styles change
        self._settling = False  # lines wait to be counted after the next refresh

    # --- what is shown -----------------------------------------------------------------------

    def show(self, lines: list[Line], current: int | None = None) -> None:
        """Show `lines` (entry number, text) in place of every line shown."""
        self.update(0, lines, current)

    def update(self, keep: int, lines: Sequence[Line], current: int | None = None) -> None:
        """Keep the lines of entries 1 to `keep`, drop those after (undone), add `lines` (of
        later entries); highlight entry `current`. Costs what changes, not the log's length."""
        cut = bisect_right(self.shown, keep, key=lambda line: line[0])
        if cut < len(self.shown):
            if cut < len(self._starts):
                self._rows = self._starts[cut]
                del self._starts[cut:]
            del self.shown[cut:]
        self.shown.extend(visible_lines(lines))
        self.current = current
        if len(self.shown) - len(self._starts) <= BATCH:
            self._settle()
        elif not self._settling:
            # A whole log (a game opened): counted once the screen's layout has settled
            # (the board beside the log takes its width then), not once now and again then.
            self._settling = True
            self.call_after_refresh(self._settle)

    def _settle(self) -> None:
        """Count the rows of the lines not counted yet, at the panel's width now (all of them
        again if it changed), and show them."""
        self._settling = False
        region = self.scrollable_content_region.width
        width = max(region, LEAST_WIDTH) if region else 0
        if width != self._width or gutter_width(self.shown) != self._gutter:
            self._width = width
            self._measure_all()
        elif width:
            self._measure()
        self._changed()

    def _text_width(self) -> int:
        return max(self._width - self._gutter - 1, 1)

    def _measure(self) -> None:
        """Count the rows of the lines not counted yet (the newest)."""
        width, heights, starts = self._text_width(), self._heights, self._starts
        rows = self._rows
        for _, text in self.shown[len(starts) :]:
            height = heights.get(text)
            if height is None:
                height = heights[text] = len(line_breaks(text, width)) + 1
            starts.append(rows)
            rows += height
        self._rows = rows

    def _measure_all(self) -> None:
        """Count every line's rows again: the width or the gutter changed."""
        self._gutter = gutter_width(self.shown)
        self._heights.clear()
        self._wrapped.clear()
        self._starts.clear()
        self._rows = 0
        if self._width:
            self._measure()

    def _changed(self) -> None:
        """Tell Textual the new height, and keep the newest line in sight if followed."""
        size = Size(self._width, self._rows)
        if size != self.virtual_size:
            # The panel's box is the screen's to set (1fr), not its lines': more lines move the
            # scrollbar, they need no layout of the whole screen (the reactive would ask one).
            self.set_reactive(LogPanel.virtual_size, size)
            self._scroll_update(size)
        self.refresh()
        if self.following and self._width:
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    # --- rendering: only the rows in sight ---------------------------------------------------

    def render_line(self, y: int) -> Strip:
        row = self.scroll_offset.y + y
        width = self.scrollable_content_region.width
        if self._style is None:
            self._style = self.rich_style  # (walks every ancestor: once, not once a row)
        if row >= self._rows or not self._starts:
            return Strip.blank(width, self._style)
        index = bisect_right(self._starts, row) - 1
        strip = self._line(index)[row - self._starts[index]]
        return strip.crop_extend(0, width, self._style).apply_style(self._style)

    def _line(self, index: int) -> list[Strip]:
        """Line `index`'s rows, wrapped when first in sight."""
        number, text = self.shown[index]
        key = (index, number, text, number == self.current)
        rows = self._wrapped.get(key)
        if rows is None:
            rows = line_rows(self.shown[index], self._gutter, self._text_width(), key[3])
            self._wrapped[key] = rows
        return rows

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._style = None

    # --- scrolling ---------------------------------------------------------------------------

    def page(self, step: int) -> None:
        """Scroll a page back (-1) or on (1): the screen's keys, whatever has the focus."""
        if step < 0:
            self.scroll_page_up(animate=False)
        else:
            self.scroll_page_down(animate=False)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.following = new_value >= self.max_scroll_y

    def on_resize(self, event: events.Resize) -> None:
        """Wrap the lines again when the panel's width changes (the terminal, the board beside
        it), and keep the newest line in sight when its height does (the prompt above grows
        and shrinks with each question), unless the reader has scrolled back."""
        if self.scrollable_content_region.width:  # (hidden: measured once shown)
            self._settle()

    @property
    def text(self) -> str:
        """The plain text shown (for tests)."""
        return "\n".join(f"{number} {text}" for number, text in self.shown)


class LastReveal(Static):
    """The lines of the last reveal or fight's result (an entry the table calls notable), and
    while the screen holds on it, how to go on. Hidden until there is one."""

    DEFAULT_CSS = """
    LastReveal {
        height: auto;
        padding: 0 1;
        background: $boost;
    }
    """

    MOST_ROWS = 4

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.text = ""
        """The plain text shown (for tests)."""
        self.display = False

    def show(self, number: int | None, lines: list[str], hint: str = "") -> None:
        """Show entry `number`'s `lines` (nothing: hide), with `hint` (how to go on) first."""
        self.display = number is not None and bool(lines)
        if number is None or not lines:
            self.text = ""
            return
        text = Text()
        text.append(f" {tr(self)(LAST_REVEAL, number=number)} ", style="bold reverse")
        text.append(f" {hint}\n" if hint else " ", style="bold")  # how to go on, first
        text.append("  ".join(lines))
        self.text = text.plain
        self.update(text)


class LogBox(Vertical):
    """The last reveal above the log, in the room the prompt leaves: the reveal takes at most
    MOST_ROWS rows, and fewer when the log would be left less than its least height."""

    DEFAULT_CSS = """
    LogBox {
        height: 1fr;
    }
    """

    def on_resize(self, event: events.Resize) -> None:
        log = self.query_one(LogPanel)
        least = int(log.styles.min_height.value) if log.styles.min_height else 0
        rows = max(1, min(LastReveal.MOST_ROWS, event.size.height - least))
        self.query_one(LastReveal).styles.max_height = rows
