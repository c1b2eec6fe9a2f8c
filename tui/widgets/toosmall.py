"""The message every screen shows instead of itself on a terminal below the smallest size the
layouts are made for; the screen comes back as it was once the terminal is large enough.

The app mounts one `TooSmall` on every screen it shows (tui/app.py) and sets breakpoints that
class a screen `-too-narrow` or `-too-short`; the stylesheet then hides the screen's other
widgets and shows this one, so no screen needs to know about it.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from core.i18n import N_, Translator
from tui.lang import tr
from tui.wrapped import Wrapped

MIN_WIDTH = 80
MIN_HEIGHT = 24
"""The smallest terminal every screen is laid out for (the classic 80x24)."""

MESSAGE = N_("Make the terminal at least {width}×{height} (it is {now_width}×{now_height}).")
QUIT = N_("Ctrl+Q quits; a game in play is saved from a human player's first decision on.")

QUIT_KEYS = frozenset({"ctrl+q", "ctrl+c"})
"""The only keys that act while the message shows (the app's priority bindings: they save and
quit); any other would act on the screen hidden behind it, typed blind."""

HORIZONTAL_BREAKPOINTS = [(0, "-too-narrow"), (MIN_WIDTH, "-wide-enough")]
VERTICAL_BREAKPOINTS = [(0, "-too-short"), (MIN_HEIGHT, "-tall-enough")]


def breakpoint_classes(width: int, height: int) -> dict[str, bool]:
    """The breakpoint classes a screen of `width` x `height` cells has (True) and has not, as
    Textual's Screen sets them from the app's breakpoints when it is resized."""
    classes = {name: False for _, name in HORIZONTAL_BREAKPOINTS + VERTICAL_BREAKPOINTS}
    for dimension, breakpoints in ((width, HORIZONTAL_BREAKPOINTS), (height, VERTICAL_BREAKPOINTS)):
        for least, name in sorted(breakpoints, reverse=True):
            if dimension >= least:
                classes[name] = True
                break
    return classes


def classed_for(screen: Screen[Any], width: int, height: int) -> Screen[Any]:
    """`screen` given its breakpoint classes for the terminal's size before it is shown: its
    first resize then changes none, and its widgets are not all styled a second time as it opens
    (a game screen's thirty, issue 10)."""
    screen.update_classes(breakpoint_classes(width, height), update=False)
    return screen


def too_small_text(width: int, height: int, _: Translator) -> str:
    size = _(MESSAGE, width=MIN_WIDTH, height=MIN_HEIGHT, now_width=width, now_height=height)
    return f"{size}\n\n{_(QUIT)}"


def add_to(screen: Screen[Any]) -> None:
    """Give `screen` its too-small message, unless it has it (the app does for every screen it
    shows; a screen that composes itself again does after that)."""
    if not screen.query(TooSmall):
        screen.mount(TooSmall())


def too_small(node: DOMNode) -> bool:
    """Is `node` (a screen) classed too small by the app's breakpoints?"""
    return node.has_class("-too-narrow") or node.has_class("-too-short")


class TooSmall(Static):
    """The too-small message, sized to the terminal (shown only by the stylesheet)."""

    SCOPED_CSS = False  # its rules style the screen it is on
    DEFAULT_CSS = """
    TooSmall {
        display: none;
        width: 1fr;
        height: 1fr;
        content-align: center middle;
        text-align: center;
        padding: 0 1;
        background: $background;
        color: $foreground;
    }
    """
    # (The rules that hide a too-small screen's widgets and show this one are in the app's
    # stylesheet, themes/partyline.tcss: loaded at start, before any screen is styled.)

    def __init__(self) -> None:
        super().__init__()
        self._focus: Widget | None = None

    def on_mount(self) -> None:
        self._focus = self.screen.focused
        self.watch(self.screen, "focused", self._focus_moved, init=False)
        self._say()

    def _focus_moved(self, focused: Widget | None) -> None:
        """Remember the focus while the screen shows: hiding it drops the focus."""
        if not too_small(self.screen):
            self._focus = focused

    def on_hide(self) -> None:
        """The terminal is large enough again: the focus goes back where it was."""
        focus = self._focus
        if self.screen.focused is None and focus is not None and focus.is_attached:
            self.screen.set_focus(focus)

    def on_resize(self) -> None:
        self._say()

    def _say(self) -> None:
        width, height = self.app.size
        text = Text(too_small_text(width, height, tr(self)), style="bold", justify="center")
        self.update(Wrapped(text))  # (Japanese between characters: tui.wrapped)
