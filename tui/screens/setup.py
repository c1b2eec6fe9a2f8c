"""The setup screen: game, players, seats, options, seed, practice mode; or a saved game."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from core.bots import bot_kinds, has_heuristic
from core.errors import os_reason, reason_of
from core.games import REGISTRY, get_game
from core.games.base import GameInfo, GameOption
from core.i18n import LANGUAGE_NAMES, LANGUAGES, N_, Translator, is_language
from core.names import default_name, is_default_name
from core.text import CONTROL_CLASS, BadText, check_name, check_names_differ, visible
from tui.host import host_of
from tui.lang import tr
from tui.pace import pace_choices
from tui.widgets import toosmall
from tui.widgets.cycle import Cycle
from tui.widgets.footer import KeysFooter
from tui.widgets.tickbox import TickBox
from tui.widgets.typedinput import TypedInput

if TYPE_CHECKING:
    from core.table import Seat
    from tui.screens.saves import SaveRow

HUMAN = "human"

NAME_CHARACTERS = f"[^{CONTROL_CLASS}]*"
"""What a name field takes from the keyboard or a paste: no control character (the field would
show it raw). A name set another way is still checked when its Seat is made."""


BOT_KIND_WORDS = {"random": N_("random"), "heuristic": N_("heuristic")}
"""The bot kinds as the seat choice names them."""

Kept = TypeVar("Kept", bound=Hashable)


def kind_choices(game: GameInfo, _: Translator) -> list[tuple[str, str]]:
    bots = [
        (_("Bot: {kind}", kind=_(BOT_KIND_WORDS.get(kind, kind))), f"bot:{kind}")
        for kind in bot_kinds(game.id)
    ]
    return [(_("Human"), HUMAN), *bots]


def default_kind(game: GameInfo) -> str:
    return "bot:heuristic" if has_heuristic(game.id) else "bot:random"


class SetupScreen(Screen[None]):
    AUTO_FOCUS = "#setup-players"
    """The players count first (Left/Right change it), then Tab through the seats."""

    QUIT_WINDOW = 3.0
    """Seconds within which a second Escape quits."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f2", "start", N_("Start"), tooltip=N_("start the game")),
        Binding("f3", "saves('continue')", N_("Continue"), tooltip=N_("continue a saved game")),
        Binding(
            "f4", "saves('replay')", N_("Replay"), tooltip=N_("open the replay of a saved game")
        ),
        Binding(
            "f1", "help", N_("Help"), priority=True, tooltip=N_("this help (also in text fields)")
        ),
        Binding("question_mark", "help", show=False, tooltip=N_("this help")),
        Binding("escape", "quit_app", N_("Quit"), tooltip=N_("quit (press it twice)")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.game_id = next(iter(REGISTRY))
        self._quit_armed = False
        self._kept: dict[str, Hashable] = {}
        """The form's values by widget id while it is drawn again in another language."""

    @property
    def game(self) -> GameInfo:
        """The chosen game's declaration: its rules load only when the game starts."""
        return REGISTRY[self.game_id]

    def compose(self) -> ComposeResult:
        """The form in the viewer's language, with the values it had (`_kept`) when it is
        drawn again in another."""
        _ = tr(self)
        game = self.game
        players = self._keep("setup-players", min(4, game.max_players))
        seats = max(players, sum(1 for key in self._kept if key.startswith("name-")))
        yield Static(Text(_("Partyline: a new game"), style="bold"), classes="title-bar")
        # The form scrolls but is not a stop of its own on the Tab chain: focusing a field
        # scrolls it into view.
        with VerticalScroll(id="setup-form", can_focus=False):
            with Horizontal(classes="row"):
                yield Label(_("Language"), classes="field")
                yield Cycle(
                    [(LANGUAGE_NAMES[language], language) for language in LANGUAGES],
                    _.language,
                    id="setup-language",
                )
            with Horizontal(classes="row"):
                yield Label(_("Game"), classes="field")
                yield Cycle(
                    [(_(g.title), g.id) for g in REGISTRY.values()], self.game_id, id="setup-game"
                )
            with Horizontal(classes="row"):
                yield Label(_("Players"), classes="field")
                yield Cycle(self._player_choices(game), players, id="setup-players")
            # Seats beyond the players count are added when the count grows; hidden again (with
            # what was typed in them) when it shrinks.
            for seat in range(seats):
                row = self._seat_row(seat)
                row.display = seat < players
                yield row
            yield Vertical(*self._option_rows(), id="game-options")
            with Horizontal(classes="row"):
                yield Label(_("Seed"), classes="field")
                yield TypedInput(
                    self._keep("seed", ""),
                    placeholder=_("blank = random"),
                    type="integer",
                    compact=True,
                    id="seed",
                )
            with Horizontal(classes="row"):
                yield Label(_("Practice"), classes="field")
                yield TickBox(
                    _("Practice mode (undo anything, even dice)"),
                    self._keep("practice", False),
                    compact=True,
                    id="practice",
                )
            with Horizontal(classes="row"):
                pace = host_of(self.app).bot_delay
                yield Label(_("Bot pace"), classes="field")
                yield Cycle(pace_choices(pace, _), self._keep("bot-pace", pace), id="bot-pace")
        # Under the form, not in it: the error and the buttons show at any height (at 80x24
        # the form scrolls), Start always in sight.
        yield Static(id="setup-error")
        with Horizontal(id="setup-buttons"):
            yield Button(_("Start"), variant="primary", compact=True, id="start")
            yield Button(_("Continue a saved game"), compact=True, id="continue")
            yield Button(_("Open a replay"), compact=True, id="replay")
        yield KeysFooter()

    def _keep(self, widget_id: str, default: Kept) -> Kept:
        """The value the widget `widget_id` had before the form was drawn again, if of the
        default's type, else `default`."""
        value = self._kept.get(widget_id, default)
        return value if type(value) is type(default) else default

    def _values(self) -> dict[str, Hashable]:
        """Every field's value by widget id."""
        return {
            widget.id: widget.value
            for widget in self.query("Input, Cycle, TickBox")
            if widget.id and isinstance(widget, Input | Cycle | TickBox)
        }

    @on(Cycle.Changed, "#setup-language")
    async def _language_changed(self, event: Cycle.Changed) -> None:
        """Everything on the screen in the chosen language, every field keeping its value."""
        host = host_of(self.app)
        if not is_language(event.value) or event.value == host.language:
            return
        host.set_language(event.value)
        self._kept = self._values()
        try:
            await self.recompose()
        finally:
            self._kept = {}
        toosmall.add_to(self)
        self.query_one("#setup-language", Cycle).focus()

    # --- the form ----------------------------------------------------------------------------

    def _player_choices(self, game: GameInfo) -> list[tuple[str, int]]:
        return [(str(n), n) for n in range(game.min_players, game.max_players + 1)]

    def _players(self) -> int:
        value = self.query_one("#setup-players", Cycle).value
        return value if isinstance(value, int) else self.game.min_players

    def _seat_row(self, seat: int) -> Widget:
        _ = tr(self)
        kind = self._keep(f"kind-{seat}", HUMAN if seat == 0 else default_kind(self.game))
        default = default_name(seat, kind == HUMAN, _)
        name = self._keep(f"name-{seat}", default)
        if is_default_name(seat, name):  # nobody typed it: in the language now read
            name = default
        return Horizontal(
            Label(_("Seat {number}", number=seat + 1), classes="field"),
            TypedInput(
                name,
                placeholder=_("name"),
                compact=True,
                max_length=24,
                restrict=NAME_CHARACTERS,
                id=f"name-{seat}",
                classes="seat-name",
            ),
            Cycle(kind_choices(self.game, _), kind, id=f"kind-{seat}", classes="seat-kind"),
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
        """A game option's row. Its label, help and choices are the game's texts: translated
        where the catalogs have them."""
        _ = tr(self)
        widget: Widget
        tooltip = _(option.help) if option.help else None
        key = f"opt-{option.name}"
        if isinstance(option.default, bool):
            widget = TickBox(_(option.label), self._keep(key, option.default), compact=True, id=key)
            label = _("Option")
        elif option.choices:
            widget = Cycle(
                [(_(choice), choice) for choice in option.choices],
                self._keep(key, str(option.default)),
                id=key,
            )
            label = _(option.label)
        else:
            widget = TypedInput(
                self._keep(key, str(option.default)),
                type="integer" if isinstance(option.default, int) else "text",
                compact=True,
                id=f"opt-{option.name}",
                classes="option-value",
            )
            widget.tooltip = tooltip
            # The option's name follows its value, as a tick box's does: a long name ("Turn
            # limit (house rule)") is read in full, not cut to the label column.
            name = Label(_(option.label), classes="option-name")
            return Horizontal(Label(_("Option"), classes="field"), widget, name, classes="row")
        widget.tooltip = tooltip
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
            self.query_one(f"#kind-{seat}", Cycle).set_choices(kind_choices(game, tr(self)), kind)
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
        if is_default_name(seat, name.value):
            name.value = default_name(seat, kind == HUMAN, tr(self))

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

        _ = tr(self)
        seats: list[Seat] = []
        for seat in range(self._players()):
            name = self.query_one(f"#name-{seat}", Input).value.strip()
            if not name:
                raise ValueError(_("seat {number} needs a name", number=seat + 1))
            kind = self.query_one(f"#kind-{seat}", Cycle).value
            try:
                check_names_differ([*(other.name for other in seats), check_name(name)])
                if isinstance(kind, str) and kind.startswith("bot:"):
                    seats.append(Seat(name, SeatKind.BOT, kind.removeprefix("bot:")))
                else:
                    seats.append(Seat(name, SeatKind.HUMAN))
            except BadText as error:  # its name alone (the Seat) or with the others': say which
                raise ValueError(
                    _("seat {number}: {error}", number=seat + 1, error=_.text(reason_of(error)))
                ) from None
        return tuple(seats)

    def read_options(self) -> dict[str, Any]:
        _ = tr(self)
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
                        raise ValueError(
                            _("{option} must be a whole number", option=_(option.label))
                        ) from None
                else:
                    options[option.name] = raw
            # (refused by the option's name as this screen shows it, in its language)
            option.check(options[option.name], named=option.label)
        return options

    def read_seed(self) -> int:
        _ = tr(self)
        raw = self.query_one("#seed", Input).value.strip()
        if not raw:
            return random.SystemRandom().randrange(1, 2**31)
        try:
            return int(raw)
        except ValueError:
            raise ValueError(_("the seed must be a whole number (blank: a random one)")) from None

    # --- actions -----------------------------------------------------------------------------

    def _error(self, message: str) -> None:
        error = self.query_one("#setup-error", Static)
        error.update(Text(visible(message), style="bold red"))  # under the form: in sight

    def action_start(self) -> None:
        # Tables, logs and saves load on the first start: the form shows sooner without them.
        _ = tr(self)
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
            self._error(_("Cannot start: {error}.", error=_.text(reason_of(error))))
            return
        host = host_of(self.app)
        folder = host.save_dir
        try:
            check_folder(folder)
        except OSError as error:
            self._error(
                _(
                    "Cannot start: cannot create a save file in {folder}: {why}.",
                    folder=folder,
                    why=_.text(os_reason(error)),
                )
            )
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
        _ = tr(self)
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(_("Setup: keys"), self, self.game_id))

    def action_quit_app(self) -> None:
        """Escape twice quits: one stray Escape (say, closing a list) must not lose the form."""
        _ = tr(self)
        if self._quit_armed:
            self.app.exit()
            return
        self._quit_armed = True
        self.notify(_("Press Escape again to quit."), timeout=self.QUIT_WINDOW)
        self.set_timer(self.QUIT_WINDOW, self._disarm)

    def _disarm(self) -> None:
        self._quit_armed = False
