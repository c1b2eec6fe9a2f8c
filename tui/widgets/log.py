"""The log panel: every event as a sentence, as the viewer may read it; and the last reveal,
which stays on screen after the log has moved on."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import RichLog, Static

LAST_REVEAL = "Last reveal"


def log_line(number: int, text: str, current: bool = False) -> Table:
    """One narration line: the entry number in a gutter, the sentence wrapped beside it."""
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(width=3, justify="right", no_wrap=True)
    grid.add_column(ratio=1, overflow="fold")
    marker = Text(str(number), style="bold" if current else "dim")
    grid.add_row(marker, Text(text, style="bold reverse" if current else ""))
    return grid


class LogPanel(RichLog):
    """Narration lines (entry number, text). Rewritten in one batch; appended as entries come.
    Focused (Tab), it scrolls by the keys below; the footer shows them."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "scroll_up", "Scroll", key_display="up/down", tooltip="one line up"),
        Binding("down", "scroll_down", show=False, tooltip="one line down"),
        Binding("pageup", "page_up", "Page", key_display="pgup/pgdn", tooltip="a page up"),
        Binding("pagedown", "page_down", show=False, tooltip="a page down"),
        Binding("home", "scroll_home", show=False, tooltip="the oldest line"),
        Binding("end", "scroll_end", show=False, tooltip="the newest line"),
    ]

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(
            id=id, classes=classes, wrap=True, markup=False, highlight=False, min_width=10
        )
        self.shown: list[tuple[int, str]] = []
        self.current: int | None = None
        self.following = True  # scrolled to the newest line (not back by the reader)
        self._width = 0  # the width the lines were wrapped to

    def show(self, lines: list[tuple[int, str]], current: int | None = None) -> None:
        """Show `lines`; only what is new is written, unless earlier lines changed (undo)."""
        if current == self.current and lines[: len(self.shown)] == self.shown:
            new = lines[len(self.shown) :]
            if new:
                for number, text in new:
                    self.write(log_line(number, text, number == current))
                self.shown = list(lines)
            return
        self.shown = list(lines)
        self.current = current
        self._rewrite()

    def _rewrite(self) -> None:
        self.clear()
        for number, text in self.shown:
            self.write(log_line(number, text, number == self.current), scroll_end=False)
        self.scroll_end(animate=False)

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
        width, self._width = self._width, event.size.width
        if width and width != event.size.width and self.shown:
            self._rewrite()
        elif self.following:
            self.scroll_end(animate=False)

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
        text.append(f" {LAST_REVEAL} ({number}) ", style="bold reverse")
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
