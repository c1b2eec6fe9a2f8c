"""The game-over screen: the result, the scores with the winners marked, and where to go next."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import ClassVar

from rich.table import Table as RichTable
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core.i18n import N_, Translator
from tui.lang import tr
from tui.pace import NEXT_KEY
from tui.screens.boarded import LANGUAGE_BINDING, BoardScreen, switch_language
from tui.seat import PlaySession
from tui.widgets.footer import APP_HELP, KeysFooter

CHOICES = (
    ("replay", N_("Open the replay")),
    ("setup", N_("New game (setup)")),
    ("lobby", N_("Back to the lobby")),
    ("board", N_("Back to the final board")),
    ("quit", N_("Quit")),
)

HELD_OVER_SECONDS = 1.0
"""How long after the screen opens, or after the last such press, a key the game screen goes on
with counts as pressed for the game screen, not for this one: a double press or a held key
(whose repeats start some 0.25 to 1 s after it goes down) went past the last fight's result and
on to the setup screen before the results were read. Those keys are `n` (go on; New game here)
and Enter (the last answer; here it takes the highlighted choice, at a server's table the
lobby)."""

HELD_OVER_KEYS = frozenset({NEXT_KEY, "enter"})

HELD_OVER_NOTE = N_(
    "Key held back for a moment, so that a key held over does not choose for you: press it "
    "again in a second"
)
"""Shown once a key is held over: a press that did nothing would look like a dead screen."""

clock: Callable[[], float] = time.monotonic
"""The screen's clock (a test sets it)."""


def choices_for(session: PlaySession) -> list[tuple[str, str]]:
    """Where a game over can go from here: at a server's table the lobby, not the setup screen,
    and no replay (the game's save is the host's, not this app's)."""
    remote = session.from_lobby
    return [
        (key, label)
        for key, label in CHOICES
        if not (key == "replay" and session.replay_table() is None)
        and key != ("setup" if remote else "lobby")
    ]


def scores_table(table: PlaySession, _: Translator) -> RichTable:
    """The players with their scores (the players panel's numbers, headed by what they count)
    and the winners marked, in `_`'s language."""
    result = table.result()
    grid = RichTable(box=None, padding=(0, 2), show_header=True, header_style="bold")
    grid.add_column(_("Player"))
    # What the score counts is the game's word (points, boss tokens): translated where known.
    grid.add_column(_(table.game.score_name).capitalize(), justify="right")
    grid.add_column("")
    if result is None:
        return grid
    # Winners first: a game may be won by more than the score (Dangerous's final battle).
    ranked = sorted(
        range(len(result.scores)),
        key=lambda seat: (seat not in result.winners, -result.scores[seat]),
    )
    for seat in ranked:
        winner = seat in result.winners
        style = "bold green" if winner else ""
        grid.add_row(
            Text(table.name(seat), style=style),
            Text(str(result.scores[seat]), style=style),
            Text(_("winner") if winner else "", style=style),
        )
    return grid


class Choices(OptionList):
    """Where to go next. Its help section is named by what it is, not by the dialog's border
    title (the game's: "In the Dangerous (戦闘破壊学園ダンゲロス) panel")."""

    HELP_TITLE = N_("the list of what to do next")


class GameOverScreen(ModalScreen[str]):
    """Dismissed with one of the CHOICES ids, or "chat" (`t`, at a server's table)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # The help says each in full: the footer's one word ("Board") said little there.
        Binding("p", "pick('replay')", N_("Replay"), tooltip=N_("open the replay of this game")),
        Binding("n", "pick('setup')", N_("New game"), tooltip=N_("a new game: the setup screen")),
        Binding("n", "pick('lobby')", N_("Lobby"), tooltip=N_("back to the lobby")),
        Binding("escape", "pick('board')", N_("Board"), tooltip=N_("back to the final board")),
        Binding(
            "t",
            "pick('chat')",
            N_("Chat"),
            tooltip=N_("back to the board, to say a line"),
            # Before the keys typed next are handed on: a line typed at once after `t` (one
            # packet over SSH) goes to the chat line, not to these choices.
            priority=True,
        ),
        Binding("q", "pick('quit')", N_("Quit"), tooltip=N_("quit")),
        LANGUAGE_BINDING,  # as on the board beneath: the results and the board switch together
        APP_HELP,
    ]

    def __init__(self, session: PlaySession, chat: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.session = session
        self._chat = chat
        """Opens the board's chat line (`t`): called as this screen goes, not in the result's
        callback, which comes after the keys typed behind `t` were handed to the board."""
        self.choices = choices_for(session)
        self._last_go_on = clock()
        """When a key was last taken as held over (first: when the screen opened)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick" and parameters[0] == "chat":
            return self.session.chat is not None  # a server's table: its players may talk on
        if action == "pick" and parameters[0] not in ("board", "quit"):
            return any(key == parameters[0] for key, _ in self.choices)  # the keys offered
        return super().check_action(action, parameters)

    def compose(self) -> ComposeResult:
        with Vertical(id="gameover-box", classes="dialog"):
            yield Static(id="gameover-title")
            yield Static(id="gameover-summary")
            yield Static(id="gameover-scores")
            yield Choices(id="gameover-choices")
            held = Static(id="gameover-held")
            held.display = False
            yield held
        yield KeysFooter()

    def on_mount(self) -> None:
        self._texts()
        choices = self.query_one(OptionList)
        choices.highlighted = 0
        choices.focus()

    def _texts(self) -> None:
        """Every text of the screen in the viewer's language (again after `l`)."""
        _ = tr(self)
        result = self.session.result()
        summary = result.summary if result else _("The game is over.")
        self.query_one("#gameover-box").border_title = _(self.session.game.title)
        self.query_one("#gameover-title", Static).update(Text(_("Game over"), style="bold"))
        self.query_one("#gameover-summary", Static).update(Text(_(summary)))
        self.query_one("#gameover-scores", Static).update(scores_table(self.session, _))
        self.query_one("#gameover-held", Static).update(Text(_(HELD_OVER_NOTE), style="italic"))
        choices = self.query_one(OptionList)
        highlighted = choices.highlighted
        choices.clear_options()
        choices.add_options([Option(_(label), id=key) for key, label in self.choices])
        choices.highlighted = highlighted

    def action_language(self) -> None:
        """The other language, here and on the board beneath (and remembered, as there)."""
        switch_language(self.app)
        self._texts()
        self.refresh_bindings()
        for screen in self.app.screen_stack:
            if isinstance(screen, BoardScreen):
                screen.language_changed()

    def on_key(self, event: events.Key) -> None:
        """A key held over from the game screen does nothing (see HELD_OVER_SECONDS); stopped
        here, on its way up from the choices, before any binding sees it."""
        if event.key not in HELD_OVER_KEYS:
            return
        now = clock()
        if now - self._last_go_on < HELD_OVER_SECONDS:
            self._last_go_on = now  # a held key repeats: it stays held over until let go
            event.stop()
            event.prevent_default()
            self.query_one("#gameover-held").display = True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_pick(self, choice: str) -> None:
        self.dismiss(choice)
        if choice == "chat" and self._chat is not None:
            self._chat()  # (this screen is off the stack: the line takes the keys now)
