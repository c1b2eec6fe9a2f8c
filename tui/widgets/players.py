"""Player panels: one line per seat with name, score and what the viewer may know of them."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.segment import Segment
from rich.table import Table as RichTable
from rich.text import Text
from textual.widgets import Static

from core.games.base import View
from core.i18n import DEFAULT_LANGUAGE, N_, Translator, translator
from core.narration import LIST_SEPARATOR
from tui.boards import BoardKit
from tui.lang import tr


def players_table(
    view: View,
    names: tuple[str, ...],
    bots: tuple[bool, ...],
    me: str = "you",
    kit: BoardKit | None = None,
    bot: str = "bot",
    _: Translator | None = None,
) -> RichTable:
    """A seat per row. `>` marks who must decide now; the viewer's own seat says (you), a bot's
    (bot): `me` and `bot` in the viewer's language, `_`, which renders the seats' notes too.

    A kit with seat marks shows each seat's mark (its piece on the map) and a note of its own."""
    _ = _ or translator(DEFAULT_LANGUAGE)
    marks = kit.seat_mark if kit is not None else None
    note = kit.seat_note if kit is not None else None
    table = RichTable.grid(padding=(0, 1), expand=True)
    table.add_column("mark", width=1, no_wrap=True)
    if marks is not None:
        table.add_column("piece", width=1, no_wrap=True)
    table.add_column("name", no_wrap=True, overflow="ellipsis", max_width=18)
    table.add_column("score", justify="right", no_wrap=True)
    table.add_column("notes", ratio=1, overflow="fold")
    for seat, summary in enumerate(view.seats):
        name = Text(names[seat], style="bold" if summary.active else "")
        if seat == view.viewer:
            name.append(f" ({me})", style="italic")
        elif bots[seat]:
            name.append(f" ({bot})", style="dim")
        parts = [_(part) for part in summary.notes]
        if note is not None:
            extra = note(view, seat)
            if extra:
                parts.append(_(extra))
        notes = Text(_(LIST_SEPARATOR).join(parts), style="dim" if not summary.active else "")
        if summary.winner:
            name.stylize("bold green")
        mark = Text(">", style="bold") if summary.active else Text(" ")
        cells = [mark, name, Text(str(summary.score), style="bold"), notes]
        if marks is not None:
            cells.insert(1, marks(seat))
        table.add_row(*cells)
    return table


class Drawn:
    """A renderable drawn once at a width, and shown from that drawing: the panel counts its
    rows, lays itself out and draws it from one rendering. Drawn again at another width."""

    def __init__(self, renderable: RenderableType) -> None:
        self.renderable = renderable
        self._width = -1
        self._lines: list[list[Segment]] = []

    def lines(self, console: Console, options: ConsoleOptions) -> list[list[Segment]]:
        """Its lines at `options`' width (rendered the first time they are asked for)."""
        if options.max_width != self._width:
            # (its height is the renderable's own: a height to fill would pad the lines)
            self._lines = console.render_lines(self.renderable, options.update(height=None))
            self._width = options.max_width
        return self._lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        new_line = Segment.line()
        for line in self.lines(console, options):
            yield from line
            yield new_line


class PlayersPanel(Static):
    """The seats as the viewer sees them. Shown the same again, it draws nothing; changed, it
    renders the table once, and is laid out again only if its height changes."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._shown: object = None  # what the table was drawn from
        self._rows = -1  # the table's rows, at the width it was measured at
        self._width = 0

    def clear(self) -> None:
        """Show nobody (the next `show` draws the table whatever it shows)."""
        self._shown = None
        self.update("")

    def show(
        self,
        view: View,
        names: tuple[str, ...],
        bots: tuple[bool, ...],
        me: str = N_("you"),
        kit: BoardKit | None = None,
    ) -> None:
        """`me` (a message id) marks the viewer's own seat."""
        _ = tr(self)
        note = kit.seat_note if kit is not None else None
        notes = tuple(note(view, seat) for seat in range(len(view.seats))) if note else ()
        shown = (view.seats, view.viewer, names, bots, me, kit, notes, _.language)
        if shown == self._shown:
            return
        self._shown = shown
        table = Drawn(players_table(view, names, bots, _(me), kit, _("bot"), _))
        rows, width = self._rows, self.content_region.width
        if width:
            options = self.app.console_options.update_width(width)
            self._rows = len(table.lines(self.app.console, options))
        self.update(table, layout=not width or width != self._width or self._rows != rows)
        self._width = width
