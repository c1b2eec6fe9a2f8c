"""The title bar of the game and replay screens: where the game is on the left, the game's
title on the right. When both do not fit, the title gives up its original-language part first
("Dangerous (戦闘破壊学園ダンゲロス)" becomes "Dangerous") and the left part is shortened with an
ellipsis, so the game's name is never cut."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.widgets import Static

GAP = 2
"""The least space between the two parts."""


def short_title(title: str) -> str:
    """A title without its parenthesised original ("Light and Dark (光と闇の勇者)")."""
    return title.split(" (", 1)[0]


def title_line(status: Text, title: str, width: int) -> Text:
    """`status` and `title` in `width` cells: the title right-aligned, whole or short."""
    for shown in (title, short_title(title)):
        room = width - cell_len(shown) - GAP
        if cell_len(status.plain) <= room:
            line = status.copy()
            line.append(" " * (width - cell_len(status.plain) - cell_len(shown)))
            line.append(shown, style="bold")
            return line
    shown = short_title(title)
    line = status.copy()
    line.truncate(max(width - cell_len(shown) - GAP, 0), overflow="ellipsis")
    line.append(" " * GAP)
    line.append(shown, style="bold")
    line.truncate(width, overflow="ellipsis")
    return line


class TitleBar(Static):
    """A one-line bar: `show(status, title)`; it fits the two to its width when resized. Its
    size is the stylesheet's (one line, the screen's width): a new line is repainted, without
    a layout, and the same line again is not even repainted."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._status = Text()
        self._title = ""
        self._line: Text | None = None

    def show(self, status: Text, title: str) -> None:
        self._status, self._title = status, title
        self._fit()

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    def _fit(self) -> None:
        width = self.content_region.width
        if width:
            line = title_line(self._status, self._title, width)
            if line != self._line:
                self._line = line
                self.update(line, layout=False)
