"""The log panel: every event as a sentence, as the viewer may read it; and the last reveal,
which stays on screen after the log has moved on.

A long game's log holds thousands of lines, so the panel renders only the rows in sight (the
Line API). A line is written out (`tui.shown.Narration`) and laid out for the panel's width
(where its rows break: core.wrap, so Japanese breaks between characters and never before a
closing mark) only when it comes near the view: the newest lines and a few screens above them,
more as the reader scrolls back; once a width, its rows counted and drawn from that one layout.
The lines above those share an estimate of their rows, so the scrollbar knows about them;
scrolling by rows or pages moves through measured lines, exactly. It draws a line's rows only
when it scrolls into view. A new entry adds its
lines, an undo drops the lines of the entries taken back: neither touches the rest of the
log."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.containers import Vertical
from textual.css.scalar import Scalar, Unit
from textual.geometry import Size
from textual.layout import DockArrangeResult
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Static

from core.i18n import N_
from core.text import visible
from core.wrap import line_spans
from tui.lang import tr
from tui.shown import Line, Lines, Narration
from tui.wrapped import Wrapped

LAST_REVEAL = N_("Last reveal ({number})")

GUTTER = 3
"""The least width of the entry-number gutter (wider once the numbers are)."""
LEAST_WIDTH = 10
"""A panel narrower than this still wraps its lines as if it were this wide (and crops them)."""
CACHED_LINES = 512
"""Lines kept wrapped into rows: a few screens' worth, so scrolling back and forth is cheap."""
BATCH = 200
"""More new lines than this (a whole log) are counted after the next refresh."""
AHEAD = 2
"""Screens of lines measured above the view: a page up lands on measured lines."""

Spans = list[tuple[int, int]]
"""A line's layout at a width: where each of its rows starts and ends in its sentence."""

NUMBER = Style(dim=True)
CURRENT_NUMBER = Style(bold=True)
CURRENT_TEXT = Style(bold=True, reverse=True)


def gutter_width(lines: Sequence[Line] | Sequence[int]) -> int:
    """The gutter's width: the largest entry number fits (the lines, or their entry numbers,
    come in entry order)."""
    if not lines:
        return GUTTER
    last = lines[-1]
    return max(GUTTER, len(str(last if isinstance(last, int) else last[0])))


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


def line_rows(line: Line, gutter: int, spans: Spans, current: bool) -> list[Strip]:
    """A line's rows: its entry number in the gutter beside the first, beside each the part of
    the sentence `spans` says (its layout, `line_spans`; the current entry's, in a replay,
    highlighted)."""
    number, text = line
    number_style = CURRENT_NUMBER if current else NUMBER
    style = CURRENT_TEXT if current else None
    blank = Segment(" " * gutter)  # beside the rows after the first
    rows = []
    for row, (start, end) in enumerate(spans):
        marker = Segment(str(number).rjust(gutter), number_style) if row == 0 else blank
        rows.append(Strip([marker, Segment(" "), Segment(text[start:end], style)]))
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
        self.current: int | None = None
        """The entry shown highlighted (the replay's position), if any."""
        self.following = True  # scrolled to the newest line (not back by the reader)
        self._numbers: list[int] = []  # each line's entry number
        self._texts: list[str | None] = []  # each line's sentence, once written out
        self._sources: list[tuple[int, Narration]] = []  # (first line, lines written when read)
        self._seen: dict[str, str] = {}  # texts made visible
        # Lines from `_top` on are measured: line `_top + k` starts at row `_starts[k]`. The
        # lines above, not measured yet, share rows 0 to `_guess` (an estimate of theirs).
        self._top = 0
        self._guess = 0
        self._starts: list[int] = []
        self._rows = 0  # the rows of all lines
        self._width = 0  # the width the lines are measured at (0: not yet laid out)
        self._gutter = GUTTER
        self._layouts: dict[str, Spans] = {}  # rows by text, at the measured width
        self._wrapped: LRUCache[tuple[int, int, str, bool], list[Strip]] = LRUCache(CACHED_LINES)
        self._style: Style | None = None  # the panel's colours, until its styles change
        self._settling = False  # lines wait to be counted after the next refresh
        self._fitting = False  # measuring for the view (its own scrolling is not the reader's)
        self._held: tuple[int, int] | None = None  # the reader's place, lines rewritten under it

    # --- what is shown -----------------------------------------------------------------------

    @property
    def shown(self) -> Lines:
        """The lines shown (entry number, text), written out as they are read."""
        return _Shown(self)

    def show(self, lines: Sequence[Line], current: int | None = None) -> None:
        """Show `lines` (entry number, text) in place of every line shown."""
        self.update(0, lines, current)

    def update(self, keep: int, lines: Sequence[Line], current: int | None = None) -> None:
        """Keep the lines of entries 1 to `keep`, drop those after (undone), add `lines` (of
        later entries; a `Narration` is written out only as it is read); highlight entry
        `current`. Costs what changes, not the log's length."""
        numbers = self._numbers
        cut = bisect_right(numbers, keep)
        if cut < len(numbers):
            if not self.following and self._held is None and self._width:
                self._held = self._locate(round(self.scroll_y))  # (where the reader is)
            self._cut(cut)
        first = len(numbers)
        if isinstance(lines, Narration):
            numbers.extend(lines.numbers)
            self._texts.extend([None] * len(lines))
            self._sources.append((first, lines))
        else:
            for number, text in visible_lines(lines):
                numbers.append(number)
                self._texts.append(text)
        self.current = current
        if len(numbers) - self._top - len(self._starts) <= BATCH:
            self._settle()
        elif not self._settling:
            # A whole log (a game opened): counted once the screen's layout has settled
            # (the board beside the log takes its width then), not once now and again then.
            self._settling = True
            self.call_after_refresh(self._settle)

    def _cut(self, cut: int) -> None:
        """Drop the lines from line `cut` on."""
        del self._numbers[cut:]
        del self._texts[cut:]
        self._sources = [source for source in self._sources if source[0] < cut]
        top = self._top
        if cut >= top:
            if cut - top < len(self._starts):
                self._rows = self._starts[cut - top]
                del self._starts[cut - top :]
        else:  # into the lines not measured: they keep their share of the estimate
            self._guess = self._rows = self._row_of(cut)
            self._top = cut
            self._starts.clear()

    def _settle(self) -> None:
        """Count the rows of the lines not counted yet, at the panel's width now (all of them
        again if it changed), and show them."""
        self._settling = False
        anchor = None if self.following else self._held or self._locate(round(self.scroll_y))
        self._held = None
        if anchor is not None and anchor[0] >= len(self._numbers):
            anchor = None  # (the reader's line was taken back: to the newest)
        region = self.scrollable_content_region.width
        width = max(region, LEAST_WIDTH) if region else 0
        gutter = gutter_width(self._numbers)
        new = len(self._numbers) - self._top - len(self._starts)
        if width != self._width or gutter != self._gutter:
            self._width, self._gutter = width, gutter
            self._layouts.clear()
            self._wrapped.clear()
            self._forget()
        elif new > BATCH:
            self._forget()
        elif width:
            self._measure_new()
        self._fit(anchor)
        self.refresh()

    def _text_width(self) -> int:
        return max(self._width - self._gutter - 1, 1)

    def _text(self, index: int) -> str:
        """Line `index`'s sentence, written out (and made visible) when first asked for."""
        text = self._texts[index]
        if text is None:
            at = bisect_right(self._sources, index, key=lambda source: source[0]) - 1
            first, source = self._sources[at]
            written = source.text(index - first)
            text = self._seen.get(written)
            if text is None:
                text = self._seen[written] = visible(written)
            self._texts[index] = text
        return text

    def _layout(self, text: str) -> Spans:
        """`text`'s rows at the measured width, laid out once (core.wrap: English between
        words, Japanese between characters, never before a closing mark): measuring a line and
        drawing it read the same layout."""
        spans = self._layouts.get(text)
        if spans is None:
            spans = self._layouts[text] = line_spans(text, self._text_width())
        return spans

    def _height(self, index: int) -> int:
        """Line `index`'s rows at the measured width."""
        return len(self._layout(self._text(index)))

    def _measure_new(self) -> None:
        """Count the rows of the lines not counted yet (the newest)."""
        starts, rows = self._starts, self._rows
        for index in range(self._top + len(starts), len(self._numbers)):
            starts.append(rows)
            rows += self._height(index)
        self._rows = rows

    def _forget(self) -> None:
        """Take every line as not measured (one row each, for now)."""
        self._top = self._guess = self._rows = len(self._numbers)
        self._starts.clear()

    def _measure_above(self, stop: int) -> bool:
        """Measure the lines from `stop` to the first measured one. They take their rows from
        the estimate of the lines above; only when it runs out (or the top is reached) do the
        measured lines' rows move (True)."""
        heights = [self._height(index) for index in range(stop, self._top)]
        guess = self._guess - sum(heights)
        if stop == 0:
            guess = 0
        elif guess < stop:  # (at least a row a line: guess again from the lines measured)
            measured = len(self._numbers) - stop
            guess = max(stop, stop * (self._rows - self._guess + sum(heights)) // measured)
        shift = guess + sum(heights) - self._guess
        if shift:
            self._starts = [start + shift for start in self._starts]
            self._rows += shift
        row, starts = guess, []
        for height in heights:
            starts.append(row)
            row += height
        self._starts[:0] = starts
        self._top, self._guess = stop, guess
        return bool(shift)

    def _locate(self, row: int) -> tuple[int, int]:
        """The line at `row`, and the row's place in it (0 on a line not measured yet)."""
        if row < self._guess:
            return row * self._top // self._guess, 0
        if not self._starts:
            return max(0, len(self._numbers) - 1), 0
        at = max(0, bisect_right(self._starts, row) - 1)
        return self._top + at, row - self._starts[at]

    def _row_of(self, index: int) -> int:
        """The first row of line `index`."""
        if index >= self._top:
            return self._starts[index - self._top] if self._starts else self._rows
        return -(-index * self._guess // self._top)

    def _fit(self, anchor: tuple[int, int] | None, animating: bool = False) -> None:
        """Measure the lines in view and AHEAD screens above them, tell Textual the height,
        and keep the view on the newest line (followed) or on `anchor` (line, row in it). While
        a scroll is animated, `anchor` is where it goes: it goes on unless the rows there moved
        (then the view goes there at once)."""
        if not self._width:
            return
        self._fitting = True
        try:
            view = max(1, self.scrollable_content_region.height)
            if anchor is None:
                anchor = self._locate(max(0, self._rows - view))  # (followed: the last screen)
            line, offset = anchor
            moved = line < self._top  # (a line not measured: it goes to the top)
            stop = min(line, self._top)
            above = self._row_of(line) - self._guess if line >= self._top else 0
            while stop > 0 and above < AHEAD * view:
                stop -= 1
                above += self._height(stop)
            if stop < self._top:
                moved = self._measure_above(stop) or moved
            size = Size(self._width, self._rows)
            if size != self.virtual_size:
                # The panel's box is the screen's to set (1fr), not its lines': more lines move
                # the scrollbar, they need no layout of the whole screen (the reactive would).
                self.set_reactive(LogPanel.virtual_size, size)
                self._scroll_update(size)
            if self.following:
                self.scroll_end(animate=False, immediate=True, x_axis=False)
            elif moved or not animating:
                y = self._row_of(line) + min(offset, self._height(line) - 1)
                if y != round(self.scroll_y):
                    self.scroll_to(y=y, animate=False, immediate=True)
        finally:
            self._fitting = False

    # --- rendering: only the rows in sight ---------------------------------------------------

    def render_line(self, y: int) -> Strip:
        row = self.scroll_offset.y + y
        width = self.scrollable_content_region.width
        if self._style is None:
            self._style = self.rich_style  # (walks every ancestor: once, not once a row)
        if row >= self._rows or not self._numbers:
            return Strip.blank(width, self._style)
        index, offset = self._locate(row)
        rows = self._line(index)
        strip = rows[min(offset, len(rows) - 1)]
        return strip.crop_extend(0, width, self._style).apply_style(self._style)

    def _line(self, index: int) -> list[Strip]:
        """Line `index`'s rows, wrapped when first in sight."""
        number, text = self._numbers[index], self._text(index)
        key = (index, number, text, number == self.current)
        rows = self._wrapped.get(key)
        if rows is None:
            rows = line_rows((number, text), self._gutter, self._layout(text), key[3])
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
        if not self._fitting and self._top:  # lines above not measured: come nearer?
            animating = self.app.animator.is_being_animated(self, "scroll_y")
            going = self.scroll_target_y if animating else new_value
            self._fit(self._locate(round(going)), animating)

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


class _Shown(Lines):
    """A log panel's lines, as `LogPanel.shown`."""

    def __init__(self, panel: LogPanel) -> None:
        self.numbers = panel._numbers
        self._panel = panel

    def text(self, index: int) -> str:
        return self._panel._text(index)


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
        self.update(Wrapped(text))  # (Japanese between characters, as in the log below)


class LogBox(Vertical):
    """The last reveal above the log, in the room the prompt leaves: the reveal takes at most
    MOST_ROWS rows, and fewer when the log would be left less than its least height (set as
    the box is laid out, in the same layout)."""

    DEFAULT_CSS = """
    LogBox {
        height: 1fr;
    }
    """

    def arrange(self, size: Size, optimal: bool = False) -> DockArrangeResult:
        # The reveal's room is set in the layout that sizes the box, quietly (`set_rule`, not
        # the style's setter): set after it (on_resize), it cost one more layout and frame
        # each time the prompt's height changed.
        log = self.query_one(LogPanel)
        least = int(log.styles.min_height.value) if log.styles.min_height else 0
        rows = max(1, min(LastReveal.MOST_ROWS, size.height - least))
        reveal = self.query_one(LastReveal)
        reveal.styles.set_rule("max_height", Scalar(rows, Unit.CELLS, Unit.WIDTH))
        return super().arrange(size, optimal)
