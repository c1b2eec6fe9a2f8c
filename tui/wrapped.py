"""Text that wraps Japanese between characters on screen.

Rich and Textual break lines only at spaces: a Japanese sentence after a space moves down
whole, and one without spaces is cut where the width ends, even before a closing mark. `Wrapped`
lays a Rich Text out with core.wrap's line breaking (kinsoku included) at whatever width it is
given, so a Static, a table cell or a help page wraps it right in either language.
"""

from __future__ import annotations

from collections.abc import Iterator

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.measure import Measurement
from rich.text import Text

from core.wrap import line_spans


def wrap_text(text: Text, width: int) -> list[Text]:
    """`text` in lines of at most `width` cells (its styles kept), Japanese broken between
    characters (core.wrap)."""
    if cell_len(text.plain) <= width and "\n" not in text.plain:
        return [text]
    return [text[start:end] for start, end in line_spans(text.plain, width)]


class Wrapped:
    """A Rich renderable: `text` wrapped by `wrap_text` to the width it is rendered at, each
    line justified as `text` is."""

    def __init__(self, text: Text | str) -> None:
        self.text = text if isinstance(text, Text) else Text(text)
        self._lines: tuple[int, list[Text]] | None = None
        """The lines at the last width rendered at: a page is measured, then rendered, at the
        same width (and again at each repaint), each time wrapping every block again."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        justify = self.text.justify or options.justify or "left"
        width = max(options.max_width, 2)
        if self._lines is None or self._lines[0] != width:
            lines = wrap_text(self.text, width)
            if lines[0] is self.text:  # (one line: a copy, which the loop below may change)
                lines = [self.text.copy()]
            self._lines = (width, lines)
        for line in self._lines[1]:
            line.justify = justify
            line.no_wrap = True
            line.end = "\n"
            yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((cell_len(line) for line in self.text.plain.split("\n")), default=0)
        return Measurement(min(widest, 4), widest).clamp(max_width=options.max_width)
