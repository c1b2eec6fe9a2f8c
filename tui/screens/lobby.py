"""The screens of a session at `partyline serve`'s tables, before a game: the guest's name, the
lobby (the open tables; sit, watch, create; the viewer's language), a new table's settings and
the table waiting for its start.

They reach the app through `TablesHost` (tui.tables_app.TablesApp is one): what the server last
said and a way to send it a request. Every refusal comes back as one line (`show_error`).
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol, runtime_checkable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from core.bots import bot_kinds
from core.games import REGISTRY
from core.games.base import GameOption
from core.i18n import LANGUAGE_NAMES, LANGUAGES, N_, Translator, is_language
from core.text import SERVED_NAME_CELLS, visible
from server.protocol import STATE_WORDS
from tui.lang import assemble, tr
from tui.widgets.footer import APP_HELP, KeysFooter
from tui.widgets.titlebar import TitleBar
from tui.widgets.typedinput import TypedInput
from tui.wrapped import Wrapped

CODE_LENGTH = 8
"""The reconnect code's hexadecimal digits (server.hub gives them)."""


@runtime_checkable
class TablesHost(Protocol):
    player: str | None
    """The name the server knows this session by (None: a guest who has not given one)."""
    lobby_tables: list[dict[str, Any]]
    """The open tables, as the server's last lobby message listed them."""

    def send(self, message: dict[str, Any]) -> None:
        """A request to the server (its answer comes as a message)."""

    reconnect_code: str | None
    """A guest's reconnect code, once the server gave it (None: none given)."""

    def hello(self, name: str, code: str | None = None) -> None:
        """Say hello to the server as the guest `name` (with the name's reconnect code)."""


def host(screen: Screen[Any]) -> TablesHost:
    app = screen.app
    if not isinstance(app, TablesHost):
        raise TypeError(f"{type(app).__name__} is not at the server's tables")
    return app


class ErrorLine(Static):
    """One line: the server's (or this screen's) last refusal, wrapped to the width it has
    (Japanese between characters: tui.wrapped)."""

    DEFAULT_CSS = """
    ErrorLine {
        height: auto;
        padding: 0 1;
        color: $text-error;
    }
    """

    def say(self, text: str) -> None:
        self.text = visible(text)
        """The plain text shown (for tests)."""
        self.update(Wrapped(self.text))


class TablesScreen(Screen[None]):
    """What the screens here share: a title bar, an error line and `show_error`."""

    def title_line(self, status: str) -> None:
        name = host(self).player
        text = Text(status, style="bold")
        if name:
            text.append("  |  ")
            _ = tr(self)
            text.append(_("you are {name}", name=visible(name)))
        self.query_one(TitleBar).show(text, "Partyline")

    def show_error(self, text: str) -> None:
        self.query_one(ErrorLine).say(text)


# --- the guest's name ----------------------------------------------------------------------------


class NameScreen(TablesScreen):
    """A guest gives the name the tables know them by (the server checks it). A name in use
    (a guest whose connection dropped, coming back) also needs the reconnect code the server
    gave with it: the server's refusal says so, and the code's line appears (`ask_code`)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.quit", N_("Quit"), tooltip=N_("leave the server")),
        APP_HELP,
    ]

    DEFAULT_CSS = """
    #name-error {
        padding: 0;  /* the dialog pads it, as it does the labels above */
    }
    """

    _code_sent = ""
    """The name whose code was last given (the server's next refusal then means a wrong code)."""

    def __init__(self, name_cells: int = SERVED_NAME_CELLS) -> None:
        super().__init__()
        self.name_cells = name_cells
        """The widest name the server takes, in cells (its --max-name-length)."""

    def compose(self) -> ComposeResult:
        _ = tr(self)
        yield TitleBar(classes="title-bar")
        with Vertical(classes="dialog", id="name-box"):
            yield Static(
                _(
                    "Your name at the tables (at most {cells} cells; Enter):",
                    cells=self.name_cells,
                )
            )
            yield TypedInput(id="name-input", max_length=32)
            yield Static(
                _("The reconnect code you were given with this name (Enter):"),
                id="code-label",
            )
            yield TypedInput(id="code-input", max_length=CODE_LENGTH)
            yield ErrorLine(id="name-error")
        yield KeysFooter()

    def on_mount(self) -> None:
        _ = tr(self)
        self.title_line(_("Welcome"))
        self.query_one("#code-label").display = False
        self.query_one("#code-input").display = False
        self.query_one("#name-input", Input).focus()

    def ask_code(self, refusal: str) -> None:
        """The server refused the name as in use (`refusal`, in this player's language): show
        the code's line and put the cursor there; a code given and refused is one line."""
        self.query_one("#code-label").display = True
        code = self.query_one("#code-input", Input)
        if self._code_sent:
            _ = tr(self)
            refusal = _(
                "wrong code for {name}: type it again, or give another name",
                name=visible(self._code_sent),
            )
        code.display = True
        code.value = ""
        code.focus()
        self.show_error(refusal)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        # The submitted field's words are the event's: its value now may hold keys typed after
        # Enter, which the field took before this message (tui/widgets/typedinput.py).
        field = self.query_one("#name-input", Input)
        name = (event.value if event.input is field else field.value).strip()
        if not name:
            _ = tr(self)
            self.show_error(_("a name is needed"))
            field.focus()
            return
        code = self.query_one("#code-input", Input)
        given = event.value.strip() if code.display and event.input is code else ""
        self._code_sent = name if given else ""
        host(self).hello(name, given or None)


# --- the lobby -----------------------------------------------------------------------------------


def seat_word(who: str | None, _: Translator) -> str:
    """A seat as the lobby lists it: the player's name, a bot or free."""
    if who is None:
        return _("(free)")
    if who.startswith("bot:"):
        return _("(bot)")
    return visible(who)


def table_row(table: dict[str, Any], _: Translator) -> Text:
    """One table in the lobby: number, game, state, seats; who waits and who watches."""
    text = Text()
    # The title is this app's own, by the game's id: a screen never trusts the wire's words.
    info = REGISTRY.get(str(table.get("game")))
    title = _(info.title) if info is not None else visible(str(table.get("game", "?"))[:40])
    text.append(f"#{visible(str(table['id']))} ", style="bold")
    text.append(title, style="bold")
    state = STATE_WORDS.get(str(table.get("state", "")))
    text.append(f"  {_(state) if state else ''}  ")
    text.append(_("seats: {seats}", seats=", ".join(seat_word(s, _) for s in table["seats"])))
    free = int(table.get("free", 0))
    if free:
        text.append("  " + _("{count} free", count=free))
    waiting = [visible(name) for name in table.get("waiting", [])]
    watching = [visible(name) for name in table.get("spectators", [])]
    if waiting:
        text.append("\n   " + _("away: {names}", names=", ".join(waiting)))
    if watching:
        text.append("\n   " + _("watching: {names}", names=", ".join(watching)))
    return text


class LobbyScreen(TablesScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "sit", N_("Sit"), tooltip=N_("sit at the highlighted table")),
        Binding("w", "watch", N_("Watch"), tooltip=N_("watch the highlighted table")),
        Binding("c", "create", N_("New table"), tooltip=N_("make a table: game, players, bots")),
        Binding("l", "language", N_("Language"), tooltip=N_("the language of your screens")),
        Binding("r", "refresh", N_("Refresh"), tooltip=N_("ask the server for the tables again")),
        APP_HELP,
        Binding("q", "app.quit", N_("Quit"), tooltip=N_("leave the server")),
    ]

    # A class, not `display`: an inline display would show through the too-small message,
    # which hides the screen's widgets by the stylesheet (tui/widgets/toosmall.py).
    DEFAULT_CSS = """
    #lobby-code.-no-code {
        display: none;
    }
    """

    def compose(self) -> ComposeResult:
        yield TitleBar(classes="title-bar")
        yield OptionList(id="lobby-tables", classes="panel")
        yield Static(id="lobby-code")
        yield Static(id="lobby-language")
        yield ErrorLine()
        yield KeysFooter()

    def on_mount(self) -> None:
        self.show_tables()
        self.query_one(OptionList).focus()

    def on_screen_resume(self) -> None:
        self.show_tables()

    def show_tables(self) -> None:
        """Draw the lobby from the server's last list (in this viewer's language)."""
        _ = tr(self)
        self.title_line(_("Tables"))
        listing = self.query_one(OptionList)
        listing.border_title = _("Open tables")
        highlighted = listing.highlighted_option
        keep = highlighted.id if highlighted is not None else None
        listing.clear_options()
        tables = host(self).lobby_tables
        for table in tables:
            listing.add_option(Option(table_row(table, _), id=str(table["id"])))
        if not tables:
            listing.add_option(Option(_("No open table yet: c makes one."), disabled=True))
        ids = [str(table["id"]) for table in tables]
        if ids:
            listing.highlighted = ids.index(keep) if keep in ids else 0
        code = host(self).reconnect_code
        shown_code = self.query_one("#lobby-code", Static)
        shown_code.set_class(code is None, "-no-code")
        if code is not None:
            shown_code.update(
                assemble(
                    _(
                        "Your reconnect code: {code}. Write it down: if your connection drops, "
                        "your name and this code take your seat back."
                    ),
                    code=Text(code, style="bold reverse"),
                )
            )
        current = self.app_language()
        language = LANGUAGE_NAMES[current] if is_language(current) else current
        self.query_one("#lobby-language", Static).update(
            Text(_("Language: {language} (l changes it)", language=language))
        )

    def app_language(self) -> str:
        return str(getattr(self.app, "language", "en"))

    def _highlighted(self) -> int | None:
        option = self.query_one(OptionList).highlighted_option
        if option is None or option.id is None:
            _ = tr(self)
            self.show_error(_("no table to choose: c makes one"))
            return None
        return int(option.id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_sit()

    def action_sit(self) -> None:
        table = self._highlighted()
        if table is not None:
            host(self).send({"type": "sit", "table": table})

    def action_watch(self) -> None:
        table = self._highlighted()
        if table is not None:
            host(self).send({"type": "watch", "table": table})

    def action_create(self) -> None:
        self.app.push_screen(CreateScreen())

    def action_refresh(self) -> None:
        host(self).send({"type": "lobby"})

    def action_language(self) -> None:
        current = self.app_language()
        index = LANGUAGES.index(current) if is_language(current) else -1
        language = LANGUAGES[(index + 1) % len(LANGUAGES)]
        setter = getattr(self.app, "set_language", None)
        if setter is not None:
            setter(language)
        self.refresh_bindings()
        self.show_tables()


# --- a new table ---------------------------------------------------------------------------------


def _next_value(option: GameOption, value: bool | int | str, step: int) -> bool | int | str:
    """The option's value after `value`, `step` forward (or back), round its values."""
    if isinstance(option.default, bool):
        return not value
    if option.choices:
        index = option.choices.index(str(value)) if value in option.choices else 0
        return option.choices[(index + step) % len(option.choices)]
    if isinstance(option.default, int) and option.maximum > option.minimum:
        span = option.maximum - option.minimum + 1
        return option.minimum + (int(str(value)) - option.minimum + step) % span
    return value


class CreateScreen(TablesScreen):
    """A new table's settings: the game, how many players, which seats bots play, the game's
    options and a seed. Enter or the arrows change the highlighted row; F2 makes the table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "f2",
            "create",
            N_("Make the table"),
            key_display="F2",
            tooltip=N_("make the table with these settings and sit at it"),
        ),
        Binding(
            "right",
            "change(1)",
            N_("Change"),
            key_display="left/right",
            tooltip=N_("the highlighted row: its next choice (Enter too)"),
        ),
        Binding(
            "left",
            "change(-1)",
            show=False,
            tooltip=N_("the highlighted row: its previous choice"),
        ),
        Binding("escape", "back", N_("Back"), tooltip=N_("back to the lobby")),
        APP_HELP,
    ]

    def __init__(self) -> None:
        super().__init__()
        self.game_id = next(iter(REGISTRY))
        self._reset()

    def _reset(self) -> None:
        info = REGISTRY[self.game_id]
        self.players = info.min_players
        self.bot_seats = [False] * info.max_players
        self.options = {option.name: option.default for option in info.options}

    def compose(self) -> ComposeResult:
        _ = tr(self)
        yield TitleBar(classes="title-bar")
        yield OptionList(id="create-rows", classes="panel")
        yield Static(_("Seed:"), id="create-seed-label")
        yield TypedInput(id="create-seed", placeholder=_("blank = random"), max_length=18)
        yield ErrorLine()
        yield KeysFooter()

    def on_mount(self) -> None:
        _ = tr(self)
        self.title_line(_("A new table"))
        # The panel's own name: the help titles its keys' section by it ("In the ... panel").
        self.query_one(OptionList).border_title = _("Settings")
        self._draw()
        self.query_one(OptionList).focus()

    def _rows(self) -> list[tuple[str, str]]:
        _ = tr(self)
        info = REGISTRY[self.game_id]
        rows = [
            ("game", _("Game: {title}", title=_(info.title))),
            ("players", _("Players: {count}", count=self.players)),
            ("seat-0", _("Seat {number}: {who}", number=1, who=_("you"))),
        ]
        for seat in range(1, self.players):
            who = _("a bot") if self.bot_seats[seat] else _("a player")
            rows.append((f"seat-{seat}", _("Seat {number}: {who}", number=seat + 1, who=who)))
        for option in info.options:
            value = self.options[option.name]
            shown = (_("on") if value else _("off")) if isinstance(value, bool) else str(value)
            rows.append((f"option-{option.name}", f"{_(option.label)}: {shown}"))
        return rows

    def _draw(self) -> None:
        listing = self.query_one(OptionList)
        index = listing.highlighted or 0
        listing.clear_options()
        for key, label in self._rows():
            listing.add_option(Option(Text(label), id=key))
        listing.highlighted = min(index, listing.option_count - 1)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_change(1)

    def action_change(self, step: int) -> None:
        option = self.query_one(OptionList).highlighted_option
        key = option.id if option is not None else None
        info = REGISTRY[self.game_id]
        if key == "game":
            ids = list(REGISTRY)
            self.game_id = ids[(ids.index(self.game_id) + step) % len(ids)]
            self._reset()
        elif key == "players":
            counts = list(info.players)
            self.players = counts[(counts.index(self.players) + step) % len(counts)]
        elif key is not None and key.startswith("seat-") and key != "seat-0":
            seat = int(key.removeprefix("seat-"))
            self.bot_seats[seat] = not self.bot_seats[seat]
        elif key is not None and key.startswith("option-"):
            name = key.removeprefix("option-")
            game_option = next(o for o in info.options if o.name == name)
            self.options[name] = _next_value(game_option, self.options[name], step)
        self._draw()

    def action_create(self) -> None:
        _ = tr(self)
        kinds = bot_kinds(self.game_id)
        kind = "heuristic" if "heuristic" in kinds else kinds[0]
        message: dict[str, Any] = {
            "type": "create",
            "game": self.game_id,
            "players": self.players,
            "bots": {str(s): kind for s in range(1, self.players) if self.bot_seats[s]},
            "options": self.options,
        }
        seed = self.query_one("#create-seed", Input).value.strip()
        if seed:
            if not seed.isdigit():
                self.show_error(_("the seed is a whole number"))
                return
            message["seed"] = int(seed)
        host(self).send(message)

    def action_back(self) -> None:
        self.dismiss()


# --- a table waiting for its start ----------------------------------------------------------------


class WaitingScreen(TablesScreen):
    """A table before its start: its seats, who is there; the creator starts it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f2", "start", N_("Start"), key_display="F2", tooltip=N_("start the game")),
        Binding("escape", "leave", N_("Leave"), tooltip=N_("give up your seat: the lobby")),
        APP_HELP,
        Binding("q", "app.quit", N_("Quit"), tooltip=N_("leave the server")),
    ]

    def __init__(self, state: dict[str, Any]) -> None:
        super().__init__()
        self.state = state

    def compose(self) -> ComposeResult:
        yield TitleBar(classes="title-bar")
        yield Static(id="waiting-table", classes="panel")
        yield ErrorLine()
        yield KeysFooter()

    def on_mount(self) -> None:
        self.show(self.state)

    def show(self, state: dict[str, Any]) -> None:
        _ = tr(self)
        self.state = state
        table = state["table"]
        seat = state.get("seat")
        self.title_line(_("Table {number}", number=visible(str(table["id"]))))
        text = table_row(table, _)
        text.append("\n\n")
        if seat is None:
            text.append(_("You are watching."))
        else:
            text.append(_("You are at seat {number}.", number=int(seat) + 1))
        text.append("\n")
        if self._may_start():
            text.append(_("Every seat is filled: F2 starts the game."), style="bold")
        elif int(table.get("free", 0)):
            text.append(_("Waiting for players to sit down."))
        else:
            who = visible(str(table.get("creator", "")))
            text.append(_("Waiting for {name} to start the game.", name=who))
        self.query_one("#waiting-table", Static).update(text)
        self.refresh_bindings()

    def _may_start(self) -> bool:
        table = self.state["table"]
        return table.get("creator") == host(self).player and not int(table.get("free", 0))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return True if self._may_start() else None
        return True

    def action_start(self) -> None:
        host(self).send({"type": "start"})

    def action_leave(self) -> None:
        host(self).send({"type": "leave"})
