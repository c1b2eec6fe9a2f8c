"""Player panels: one line per seat with name, score and what the viewer may know of them."""

from __future__ import annotations

from rich.table import Table as RichTable
from rich.text import Text
from textual.widgets import Static

from core.games.base import View


def players_table(
    view: View, names: tuple[str, ...], bots: tuple[bool, ...], me: str = "you"
) -> RichTable:
    """A seat per row. `>` marks who must decide now; the viewer's own seat says (you)."""
    table = RichTable.grid(padding=(0, 1), expand=True)
    table.add_column("mark", width=1, no_wrap=True)
    table.add_column("name", no_wrap=True, overflow="ellipsis", max_width=18)
    table.add_column("score", justify="right", no_wrap=True)
    table.add_column("notes", ratio=1, overflow="fold")
    for seat, summary in enumerate(view.seats):
        name = Text(names[seat], style="bold" if summary.active else "")
        if seat == view.viewer:
            name.append(f" ({me})", style="italic")
        elif bots[seat]:
            name.append(" (bot)", style="dim")
        notes = Text(", ".join(summary.notes), style="dim" if not summary.active else "")
        if "winner" in summary.notes:
            name.stylize("bold green")
        mark = Text(">", style="bold") if summary.active else Text(" ")
        table.add_row(mark, name, Text(str(summary.score), style="bold"), notes)
    return table


class PlayersPanel(Static):
    """The seats as the viewer sees them."""

    def show(
        self, view: View, names: tuple[str, ...], bots: tuple[bool, ...], me: str = "you"
    ) -> None:
        self.update(players_table(view, names, bots, me))
