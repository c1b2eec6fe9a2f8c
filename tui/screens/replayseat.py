"""Opening a saved game's replay: as everyone once it is over; else as one player, handed over.

A game still being played replays only as one of its players (core.replay). The app asks whose
replay to open under a warning, then raises the hot-seat curtain for that player: only they
should look, as when the screen passes to them in the game itself.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core.i18n import N_
from core.narration import Text as GameText
from core.replay import replay_seats
from core.table import Table
from tui.lang import tr
from tui.screens.curtain import QUIT, READY, CurtainScreen
from tui.widgets.footer import APP_HELP, KeysFooter

WARNING = N_(
    "This game is not finished, so its replay shows one player's secrets: what only they hold "
    "and what only they were told. Choose whose replay to open; only that player should look "
    "at the screen."
)


class ReplaySeatScreen(ModalScreen[int | None]):
    """Whose replay to open: dismissed with one of `replay_seats(table)`, or None (Escape)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "leave", N_("Back")), APP_HELP]

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self.seats = replay_seats(table)

    def compose(self) -> ComposeResult:
        names = self.table.names
        with Vertical(id="replay-seat-box", classes="dialog"):
            _ = tr(self)
            yield Static(Text(_("Whose replay?"), style="bold"))
            yield Static(Text(_(WARNING)), id="replay-seat-warning")
            yield OptionList(
                *(Option(Text(names[seat])) for seat in self.seats),
                id="replay-seat-choices",
            )
        yield KeysFooter()

    def on_mount(self) -> None:
        _ = tr(self)
        self.query_one("#replay-seat-box").border_title = _(self.table.game.title)
        choices = self.query_one(OptionList)
        choices.highlighted = 0
        choices.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.seats[event.option_index])

    def action_leave(self) -> None:
        self.dismiss(None)


def open_replay(app: App[Any], table: Table, note: GameText = "") -> None:
    """Show `table`'s replay: a finished game as everyone; a game still being played as the
    player chosen under the warning, once the curtain has passed the screen to them. `note`
    says why the replay ends before its file does (a save of older rules)."""
    from tui.screens.replay import ReplayScreen

    if table.over:
        app.push_screen(ReplayScreen(table, viewer=None, note=note))
        return

    def chosen(seat: int | None) -> None:
        if seat is None:
            return

        def handed(result: str | None) -> None:
            if result == READY:
                app.push_screen(ReplayScreen(table, viewer=seat, note=note))
            elif result == QUIT:
                app.exit()

        app.push_screen(CurtainScreen(table.seats[seat].name), handed)

    app.push_screen(ReplaySeatScreen(table), chosen)
