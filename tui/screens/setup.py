"""The setup screen: game, players, seats, options, seed, practice mode; or a saved game."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from core.bots import bot_kinds, has_heuristic
from core.games import REGISTRY, get_game
from core.games.base import GameInfo, GameOption
from core.names import default_name
from core.text import CONTROL_CLASS, BadText, visible
from tui.host import host_of
from tui.pace import pace_choices
from tui.widgets.cycle import Cycle
from tui.widgets.footer import KeysFooter
from tui.widgets.tickbox import TickBox

if TYPE_CHECKING:
    from core.table import Seat
    from tui.screens.saves import SaveRow

HUMAN = "human"

NAME_CHARACTERS = f"[^{CONTROL_CLASS}]*"
"""What a name field takes from the keyboard or a paste: no control character (the field would
show it raw). A name set another way is still checked when its Seat is made."""


def kind_choices(game: GameInfo) -> list[tuple[str, str]]:
    return [("Human", HUMAN)] + [(f"Bot: {kind}", f"bot:{kind}") for kind in bot_kinds(game.id)]


def default_kind(game: GameInfo) -> str:
    return "bot:heuristic" if has_heuristic(game.id) else "bot:random"


class SetupScreen(Screen[None]):
    AUTO_FOCUS = "#setup-players"
    """The players count first (Left/Right change it), then Tab through the seats."""

    QUIT_WINDOW = 3.0
    """Seconds within which a second Escape quits."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f2", "start", "Start", tooltip="start the game"),
        Binding("f3", "saves('continue')", "Continue", tooltip="continue a saved game"),
        Binding("f4", "saves('replay')", "Replay", tooltip="open the replay of a saved game"),
        Binding("f1", "help", "Help", priority=True, tooltip="this help (also in text fields)"),
        Binding("question_mark", "help", show=False, tooltip="this help"),
        Binding("escape", "quit_app", "Quit", tooltip="quit (press it twice)"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.game_id = next(iter(REGISTRY))
        self._quit_armed = False

    @property
    def game(self) -> GameInfo:
        """The chosen game's declaration: its rules load only when the game starts."""
        return REGISTRY[self.game_id]

    def compose(self) -> ComposeResult:
        game = self.game
        players = min(4, game.max_players)
        yield Static(Text("Partyline: a new game", style="bold"), classes="title-bar")
        # The form scrolls but is not a stop of its own on the Tab chain: focusing a field
        # scrolls it into view.
        with VerticalScroll(id="setup-form", can_focus=False):
            with Horizontal(classes="row"):
                yield Label("Game", classes="field")
                yield Cycle(
                    [(g.title, g.id) for g in REGISTRY.values()], self.game_id, id="setup-game"
                )
            with Horizontal(classes="row"):
                yield Label("Players", classes="field")
                yield Cycle(self._player_choices(game), players, id="setup-players")
            # Seats beyond the players count are added when the count grows; hidden again (with
            # what was typed in them) when it shrinks.
            for seat in range(players):
                yield self._seat_row(seat)
            yield Vertical(*self._option_rows(), id="game-options")
            with Horizontal(classes="row"):
                yield Label("Seed", classes="field")
                yield Input(
                    placeholder="blank = random",
                    type="integer",
                    compact=True,
                    id="seed",
                )
            with Horizontal(classes="row"):
                yield Label("Practice", classes="field")
                yield TickBox(
                    "Practice mode (undo anything, even dice)",
                    False,
                    compact=True,
                    id="practice",
                )
            with Horizontal(classes="row"):
                pace = host_of(self.app).bot_delay
                yield Label("Bot pace", classes="field")
                yield Cycle(pace_choices(pace), pace, id="bot-pace")
            yield Static(id="setup-error")
            with Horizontal(id="setup-buttons"):
                yield Button("Start", variant="primary", compact=True, id="start")
                yield Button("Continue a saved game", compact=True, id="continue")
                yield Button("Open a replay", compact=True, id="replay")
        yield KeysFooter()

    # --- the form ----------------------------------------------------------------------------

    def _player_choices(self, game: GameInfo) -> list[tuple[str, int]]:
        return [(str(n), n) for n in range(game.min_players, game.max_players + 1)]

    def _players(self) -> int:
        value = self.query_one("#setup-players", Cycle).value
        return value if isinstance(value, int) else self.game.min_players

    def _seat_row(self, seat: int) -> Widget:
        kind = HUMAN if seat == 0 else default_kind(self.game)
        return Horizontal(
            Label(f"Seat {seat + 1}", classes="field"),
            Input(
                default_name(seat, kind == HUMAN),
                placeholder="name",
                compact=True,
                max_length=24,
                restrict=NAME_CHARACTERS,
                id=f"name-{seat}",
                classes="seat-name",
            ),
            Cycle(kind_choices(self.game), kind, id=f"kind-{seat}", classes="seat-kind"),
            classes="row seat-row",
            id=f"seat-{seat}",
        )

    def _seat_rows(self) -> list[Widget]:
        return list(self.query(".seat-row"))

    def _show_seats(self) -> None:
        players = self._players()
        rows = self._seat_rows()
        for seat, row in enumerate(rows):
            row.display = seat < players
        new = [self._seat_row(seat) for seat in range(len(rows), players)]
        if new:
            self.query_one("#setup-form").mount_all(new, before="#game-options")

    def _show_options(self) -> None:
        box = self.query_one("#game-options", Vertical)
        box.remove_children()
        box.mount_all(self._option_rows())

    def _option_rows(self) -> list[Widget]:
        return [self._option_row(option) for option in self.game.options]

    def _option_row(self, option: GameOption) -> Widget:
        widget: Widget
        if isinstance(option.default, bool):
            widget = TickBox(option.label, option.default, compact=True, id=f"opt-{option.name}")
            label = "Option"
        elif option.choices:
            widget = Cycle(
                [(choice, choice) for choice in option.choices],
                str(option.default),
                id=f"opt-{option.name}",
            )
            label = option.label
        else:
            widget = Input(
                str(option.default),
                type="integer" if isinstance(option.default, int) else "text",
                compact=True,
                id=f"opt-{option.name}",
                classes="option-value",
            )
            widget.tooltip = option.help or None
            # The option's name follows its value, as a tick box's does: a long name ("Turn
            # limit (house rule)") is read in full, not cut to the label column.
            name = Label(option.label, classes="option-name")
            return Horizontal(Label("Option", classes="field"), widget, name, classes="row")
        widget.tooltip = option.help or None
        return Horizontal(Label(label, classes="field"), widget, classes="row")

    @on(Cycle.Changed, "#setup-players")
    def _players_changed(self) -> None:
        self._show_seats()

    @on(Cycle.Changed, "#setup-game")
    def _game_changed(self, event: Cycle.Changed) -> None:
        if not isinstance(event.value, str) or event.value == self.game_id:
            return
        self.game_id = event.value
        game = self.game
        self.query_one("#setup-players", Cycle).set_choices(
            self._player_choices(game), min(4, game.max_players)
        )
        for seat in range(len(self._seat_rows())):
            kind = HUMAN if seat == 0 else default_kind(game)
            self.query_one(f"#kind-{seat}", Cycle).set_choices(kind_choices(game), kind)
            self._rename(seat, kind)
        self._show_options()
        self._show_seats()

    @on(Cycle.Changed, ".seat-kind")
    def _kind_changed(self, event: Cycle.Changed) -> None:
        seat = int((event.cycle.id or "kind-0").split("-")[1])
        if isinstance(event.value, str):
            self._rename(seat, event.value)

    def _rename(self, seat: int, kind: str) -> None:
        """Give a seat still called by its default name the default name for `kind`."""
        name = self.query_one(f"#name-{seat}", Input)
        if name.value in {default_name(seat, human=True), default_name(seat, human=False)}:
            name.value = default_name(seat, kind == HUMAN)

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#continue")
    def _continue_pressed(self) -> None:
        self.action_saves("continue")

    @on(Button.Pressed, "#replay")
    def _replay_pressed(self) -> None:
        self.action_saves("replay")

    # --- reading the form --------------------------------------------------------------------

    def read_seats(self) -> tuple[Seat, ...]:
        from core.table import Seat, SeatKind

        seats: list[Seat] = []
        for seat in range(self._players()):
            name = self.query_one(f"#name-{seat}", Input).value.strip()
            if not name:
                raise ValueError(f"seat {seat + 1} needs a name")
            if name in {other.name for other in seats}:
                raise ValueError(f"two seats are called {name}; give each a different name")
            kind = self.query_one(f"#kind-{seat}", Cycle).value
            try:
                if isinstance(kind, str) and kind.startswith("bot:"):
                    seats.append(Seat(name, SeatKind.BOT, kind.removeprefix("bot:")))
                else:
                    seats.append(Seat(name, SeatKind.HUMAN))
            except BadText as error:  # the Seat checks its name: say which seat
                raise ValueError(f"seat {seat + 1}: {error}") from None
        return tuple(seats)

    def read_options(self) -> dict[str, Any]:
        options: dict[str, Any] = {}
        for option in self.game.options:
            widget = self.query_one(f"#opt-{option.name}")
            if isinstance(widget, TickBox | Cycle):
                options[option.name] = widget.value
            elif isinstance(widget, Input):
                raw = widget.value.strip()
                if isinstance(option.default, int):
                    try:
                        options[option.name] = int(raw)
                    except ValueError:
                        raise ValueError(f"{option.label} must be a whole number") from None
                else:
                    options[option.name] = raw
            option.check(options[option.name])
        return options

    def read_seed(self) -> int:
        raw = self.query_one("#seed", Input).value.strip()
        if not raw:
            return random.SystemRandom().randrange(1, 2**31)
        try:
            return int(raw)
        except ValueError:
            raise ValueError("the seed must be a whole number (blank: a random one)") from None

    # --- actions -----------------------------------------------------------------------------

    def _error(self, message: str) -> None:
        error = self.query_one("#setup-error", Static)
        error.update(Text(visible(message), style="bold red"))
        if message:  # below the fold of a long form at 80x24: bring it into sight, now and
            # once it is laid out (a long message takes more rows)
            error.scroll_visible(animate=False, immediate=True)
            self.call_after_refresh(error.scroll_visible, animate=False)

    def action_start(self) -> None:
        # Tables, logs and saves load on the first start: the form shows sooner without them.
        import datetime as dt

        from core.paths import NewSave, check_folder
        from core.table import new_table

        try:
            seats = self.read_seats()
            options = self.read_options()
            seed = self.read_seed()
            practice = self.query_one("#practice", TickBox).value
            table = new_table(get_game(self.game_id), seats, options, seed, practice)
        except ValueError as error:
            self._error(f"Cannot start: {error}.")
            return
        host = host_of(self.app)
        folder = host.save_dir
        try:
            check_folder(folder)
        except OSError as error:
            self._error(f"Cannot start: cannot create a save file in {folder}: {error.strerror}.")
            return
        self._error("")
        # The form stays under the game: it must not show the seed of a game in progress to
        # whoever comes back to it (the seed and the log tell every die still to come).
        self.query_one("#seed", Input).value = ""
        self._set_pace()
        host.start_game(table, NewSave(folder, self.game.id, dt.datetime.now()))

    def _set_pace(self) -> None:
        pace = self.query_one("#bot-pace", Cycle).value
        if isinstance(pace, int | float):
            host_of(self.app).bot_delay = pace

    def action_saves(self, purpose: str) -> None:
        from tui.screens.saves import SavesScreen

        host = host_of(self.app)

        def chosen(row: SaveRow | None) -> None:
            if row is None or row.loaded is None:
                return
            if purpose == "continue":
                self._set_pace()
                host.start_game(row.loaded.table, row.path)
            else:
                from tui.screens.replayseat import open_replay

                open_replay(self.app, row.loaded.table, note=row.note)

        self.app.push_screen(SavesScreen(host.save_dir, purpose), chosen)

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen("Setup: keys", self, self.game_id))

    def action_quit_app(self) -> None:
        """Escape twice quits: one stray Escape (say, closing a list) must not lose the form."""
        if self._quit_armed:
            self.app.exit()
            return
        self._quit_armed = True
        self.notify("Press Escape again to quit.", timeout=self.QUIT_WINDOW)
        self.set_timer(self.QUIT_WINDOW, self._disarm)

    def _disarm(self) -> None:
        self._quit_armed = False
