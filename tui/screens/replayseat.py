"""Opening a saved game's replay: as everyone once it is over; else as the public, or as one
player, handed over.

A game still being played replays as the public or as one of its players (core.replay). The app
asks whose replay to open under a warning. The public's view, offered first, hides no one's
secrets from anyone: it opens at once. A player's view shows that player's secrets, so the app
then raises the hot-seat curtain for them: only they should look, as when the screen passes to
them in the game itself.
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
from core.viewer import PUBLIC, Public
from tui.lang import tr
from tui.screens.curtain import QUIT, READY, CurtainScreen
from tui.widgets.footer import APP_HELP, KeysFooter

WARNING = N_(
    "This game is not finished. The public's view shows only what every player may see: anyone "
    "may watch it. A player's view also shows that player's secrets, what only they hold and "
    "what only they were told: only that player should look at the screen."
)
PUBLIC_CHOICE = N_("The public's view: no one's secrets")


class ReplaySeatScreen(ModalScreen[int | Public | None]):
    """Whose replay to open: dismissed with PUBLIC or one of `replay_seats(table)`, the eyes
    offered in `choices`, or with None (Escape)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "leave", N_("Back")), APP_HELP]

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self.seats = replay_seats(table)
        self.choices: tuple[int | Public, ...] = (PUBLIC, *self.seats)

    def compose(self) -> ComposeResult:
        names = self.table.names
        with Vertical(id="replay-seat-box", classes="dialog"):
            _ = tr(self)
            yield Static(Text(_("Whose replay?"), style="bold"))
            yield Static(Text(_(WARNING)), id="replay-seat-warning")
            yield OptionList(
                Option(Text(_(PUBLIC_CHOICE))),
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
        self.dismiss(self.choices[event.option_index])

    def action_leave(self) -> None:
        self.dismiss(None)


def open_replay(app: App[Any], table: Table, note: GameText = "") -> None:
    """Show `table`'s replay: a finished game as everyone; a game still being played as chosen
    under the warning, the public at once or a player once the curtain has passed the screen to
    them. `note` says why the replay ends before its file does (a save of older rules)."""
    from tui.screens.replay import ReplayScreen

    if table.over:
        app.push_screen(ReplayScreen(table, viewer=None, note=note))
        return

    def chosen(seat: int | Public | None) -> None:
        if seat is None:
            return
        if isinstance(seat, Public):  # nobody's secrets: nothing to hand over
            app.push_screen(ReplayScreen(table, viewer=seat, note=note))
            return

        def handed(result: str | None) -> None:
            if result == READY:
                app.push_screen(ReplayScreen(table, viewer=seat, note=note))
            elif result == QUIT:
                app.exit()

        app.push_screen(CurtainScreen(table.seats[seat].name), handed)

    app.push_screen(ReplaySeatScreen(table), chosen)
