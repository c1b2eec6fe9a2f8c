"""The server's tables and who is at them: the lobby, the seats, the games, without any socket.

The authoritative `Table` of every game lives here, in the server. A client (one app child) is
told only what core gives its seat: `Table.view(seat)`, `Table.narration(seat)`,
`Table.decision_for(seat)`, and the game's result once it is over; a spectator gets the public
view and log (core's `PUBLIC` eyes: what every seat may see, no seat's secret) while the game is
under way, and everything (`viewer=None`) once it is over. Every request is checked here: a
decision for a seat the client does not hold, an illegal choice, a start before the seats are
filled... each gets one line back (`Refused`) and changes nothing.

`Hub.handle(client, message)` takes one checked protocol message; the socket layer
(server.hub) reads and writes the lines and plays the bots at their pace (`bot_to_play`,
`play_bot`).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from core.bots import bot_kinds
from core.decisions import IllegalAction
from core.errors import reason_of
from core.games import REGISTRY, get_game
from core.games.base import PUBLIC, BadOption, Viewer, check_options
from core.i18n import DEFAULT_LANGUAGE, LANGUAGES, N_, Language, is_language, translator
from core.names import default_name
from core.narration import Message, Text, text
from core.runner import BotDriver
from core.table import Change, ChangeKind, Seat, SeatKind, Table, check_seed, new_table
from core.text import (
    MAX_CHAT_CELLS,
    MAX_CHAT_CHARS,
    BadText,
    check_line,
    check_name_free,
    one_line,
    visible,
)
from server.limits import CHAT_TOO_FAST, TokenBucket, chat_bucket
from server.protocol import OPEN, OVER, PLAYING, encode
from server.store import (
    CHAT_KEPT,
    THE_CHAT_LINE,
    TableSettings,
    TableStore,
)

MAX_TABLES = 64
MAX_FINISHED = 64
"""Finished tables kept for the clients still at them (docs/serve.md, "Finished tables"): past
this the one whose game ended first is dropped, its clients sent back to the lobby."""
MAX_CLOSED_UNTOLD = 256
"""Players of abandoned tables kept to be told at their next hello: past this the one whose
table closed first is forgotten (the host's log still says it)."""
CLOSED_ABANDONED = N_(
    "table {table} is closed: none of its players came back in time; the host keeps its game"
)
"""What a player of a table closed as abandoned is told at their next hello."""
NOT_SENT = -2
CHAT_LINE = Message(THE_CHAT_LINE)
"""What a refused chat line is called (in the reader's language)."""


class Refused(Exception):
    """A request that changes nothing: a message (a catalog's, marked N_, or a game's) and its
    values. str() is the English line; `to_client(language)` the client's `error`."""

    def __init__(self, message: str, /, **values: object) -> None:
        super().__init__(text(Message(message, **values)))
        self.template = message
        self.values = values

    def to_client(self, language: Language) -> dict[str, Any]:
        """The `error` message: the line in `language` (made safe for a terminal: a value may
        be what the client sent), and its message id and values as data (a value that is a
        text of its own, a game's Message or a card's Name, as the protocol writes texts), so
        the client writes it out in its own language (server.protocol.refusal)."""
        return {
            "type": "error",
            "message": one_line(translator(language)(self.template, **self.values)),
            "id": self.template,
            "values": {name: encode(value) for name, value in self.values.items()},
        }

    @classmethod
    def of(cls, reason: Text) -> Refused:
        """The refusal that `reason` says: a Message (a catalog's, or a game's IllegalAction),
        or a line the core wrote as it is (a choice it could not read)."""
        if isinstance(reason, Message):
            return cls(reason.template, **reason.params)
        return cls(str(reason))  # without values: never formatted


class Client:
    """One app child connected to the hub. The socket layer gives `send`."""

    def __init__(
        self,
        name: str,
        send: Callable[[dict[str, Any]], None],
        language: Language = DEFAULT_LANGUAGE,
        address: str | None = None,
    ) -> None:
        self.name = name
        self.send = send
        self.language = language
        """The language the client's player reads: refusals are written in it."""
        self.address = address
        """The IP address its SSH connection came from (None: not known, not counted)."""
        self.table: ServerTable | None = None
        self.seat: int | None = None
        """The seat it holds at `table` (None there: a spectator)."""
        self.entries_sent = 0
        """The log entries whose lines it has (each state sends only the lines after them)."""
        self.sent_as: Viewer = NOT_SENT
        """The eyes those lines were read with (a watcher's change at the end of the game)."""


@dataclass
class ServerTable(TableSettings):
    """A table: its settings and seats (what its file keeps), who is at it, and its game."""

    clients: list[Client] = field(default_factory=list)
    table: Table | None = None
    driver: BotDriver | None = None
    chat_allowances: dict[str, TokenBucket] = field(default_factory=dict)
    """A player's name -> the chat lines they may still say here (Hub's chat rate): the
    player's, not the connection's, so a reconnect keeps what was used. Only allowances not
    full again are kept (a full one is the same as none), so it holds at most the names that
    chatted here in the last minute, and goes with the table."""
    address: str | None = None
    """The address it was made from (Hub's tables per address; not in its file)."""
    away_since: float | None = None
    """Since when none of its players has been connected (Hub's clock; None: one is)."""

    @property
    def state(self) -> str:
        if self.table is None:
            return OPEN
        return OVER if self.table.over else PLAYING

    def free_seats(self) -> list[int]:
        return [
            seat
            for seat in range(self.players)
            if seat not in self.bots and seat not in self.sitting
        ]

    def seat_names(self) -> dict[int, str]:
        """The names of the seats taken: who sits there, or its bot (as the game will name it)."""
        named = bot_names(self.bots)
        named.update(self.sitting)
        return named

    def seat_of(self, name: str) -> int | None:
        return next((seat for seat, who in self.sitting.items() if who == name), None)

    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it."""
        return {
            "id": self.id,
            "game": self.game_id,
            "title": REGISTRY[self.game_id].title,
            "state": self.state,
            "creator": self.creator,
            "seats": [
                self.sitting.get(seat) or (f"bot:{self.bots[seat]}" if seat in self.bots else None)
                for seat in range(self.players)
            ],
            "free": len(self.free_seats()),
            "waiting": sorted(
                name
                for seat, name in self.sitting.items()
                if not any(c.seat == seat for c in self.clients)
            ),
            "spectators": sorted(c.name for c in self.clients if c.seat is None),
        }


class Hub:
    """Every table of one server, and the clients at them or in the lobby."""

    def __init__(
        self,
        seeds: Callable[[], int],
        on_change: Callable[[ServerTable], None],
        store: TableStore | None = None,
        chat_rate: int | None = None,
        clock: Callable[[], float] = time.monotonic,
        on_drop: Callable[[ServerTable], None] = lambda table: None,
        tables_per_address: int | None = None,
        grace: float | None = None,
        on_abandoned: Callable[[ServerTable], None] = lambda table: None,
    ) -> None:
        """`seeds` draws a new game's seed; `on_change` is told after every change of a game
        (the socket layer schedules the bots); `store` keeps every table on disk (None: the
        tables live in memory only); `chat_rate`: the chat lines a minute each player may say
        (server.limits; None: no limit), by `clock` (seconds); `on_drop` is told when a
        finished or abandoned table is forgotten (the socket layer cancels its bot timer);
        `tables_per_address`: the unfinished tables that may be made from one address, and
        `grace`: the seconds an unfinished table waits with none of its players connected
        before `close_abandoned` closes it (docs/serve.md, "Limits"; None: no limit), and
        `on_abandoned` is told of each table it closes (the socket layer logs where its save
        is), whether a sweep or a new table closed it."""
        self._seeds = seeds
        self._chat_rate = chat_rate
        self._tables_per_address = tables_per_address
        self._grace = grace
        self._clock = clock
        self._on_change = on_change
        self._on_drop = on_drop
        self._on_abandoned = on_abandoned
        self._store = store
        self._ids = itertools.count(1)
        self.tables: dict[int, ServerTable] = {}
        self._finished: dict[int, ServerTable] = {}
        """The finished tables still kept, in the order their games ended."""
        self.clients: list[Client] = []
        self.guest_codes: dict[str, str] = {}
        """A guest's name -> the SHA-256 of the reconnect code it was given (server.hub)."""
        self._closed_untold: dict[str, int] = {}
        """A player's name -> the abandoned table of theirs that was closed while they were
        away: told once at their next hello, then forgotten (MAX_CLOSED_UNTOLD at most)."""

    def resume(self) -> list[ServerTable]:
        """Put back the unfinished tables of the store (the newest MAX_TABLES), with their seats
        waiting for their players and their games as they were saved; the tables resumed."""
        if self._store is None:
            return []
        resumed = []
        for stored in self._store.load(at_most=MAX_TABLES):
            table = ServerTable(**vars(stored.settings))
            self.tables[table.id] = table
            self.guest_codes.update(stored.codes)
            if stored.game is not None:
                self.start(table, stored.game)
            table.away_since = self._clock()  # nobody is connected yet: a grace from now
            resumed.append(table)
        highest = max(self._store.highest_number(), max(self.tables, default=0))
        self._ids = itertools.count(highest + 1)
        return resumed

    def _new_table_number(self) -> int:
        """The next table number, never one with a file in the store: a closed table's save
        is the host's, and a new game must not replace it."""
        number = next(self._ids)
        while self._store is not None and self._store.has_files(number):
            number = next(self._ids)
        return number

    # --- clients ---------------------------------------------------------------------------

    def join(self, client: Client, welcome: dict[str, Any] | None = None) -> None:
        """A client says hello (`welcome`: more for its welcome). A player whose name holds a
        seat at an unfinished table is put back at it, with the game as it stands; one whose
        table was closed as abandoned while they were away is told so, once."""
        self.clients.append(client)
        client.send({"type": "welcome", "player": client.name, **(welcome or {})})
        self.send_lobby(client)
        closed = self._closed_untold.pop(client.name, None)
        if closed is not None:
            client.send(Refused(CLOSED_ABANDONED, table=closed).to_client(client.language))
        table = self.held(client.name)
        seat = None if table is None else table.seat_of(client.name)
        if table is not None and seat is not None:
            self._sit(client, table, seat)

    def leave(self, client: Client) -> None:
        """The client is gone (its seat, if any, waits for it; the others see it waiting)."""
        if client in self.clients:
            self.clients.remove(client)
        table = client.table
        self._leave_table(client)
        held = self.held(client.name)
        if held is not None:
            self._note_presence(held)
        if table is not None:
            self.send_states(table)
            self._lobby_changed()

    def handle(self, client: Client, message: dict[str, Any]) -> None:
        """One message from `client`; a refusal is sent back as one line, nothing changed, with
        the type of the request it answers (`answers`: the app reopens a question only when its
        own answer was refused, not a chat line said meanwhile)."""
        try:
            getattr(self, f"_on_{message['type']}")(client, message)
        except Refused as error:
            client.send({**error.to_client(client.language), "answers": message["type"]})

    # --- the lobby -------------------------------------------------------------------------

    def lobby(self) -> list[dict[str, Any]]:
        return [table.summary() for table in self.tables.values() if table.state != OVER]

    def send_lobby(self, client: Client) -> None:
        client.send({"type": "lobby", "tables": self.lobby()})

    def _lobby_changed(self) -> None:
        """Every client in the lobby gets the new list (made once, not once a client)."""
        message: dict[str, Any] | None = None
        for client in self.clients:
            if client.table is None:
                message = message or {"type": "lobby", "tables": self.lobby()}
                client.send(message)

    def _on_lobby(self, client: Client, message: dict[str, Any]) -> None:
        self.send_lobby(client)

    def _on_language(self, client: Client, message: dict[str, Any]) -> None:
        """The player switched language (in the lobby, or at the table): refusals follow."""
        language = message.get("lang")
        if not is_language(language):
            raise Refused(N_("language must be {known}"), known=", ".join(LANGUAGES))
        client.language = language

    def _on_create(self, client: Client, message: dict[str, Any]) -> None:
        if client.table is not None:
            raise Refused(N_("leave your table first"))
        self._check_name_free(client.name)
        self.close_abandoned()  # a table past its grace does not count
        most = self._tables_per_address
        if most is not None and client.address is not None:
            made = [t for t in self.tables.values() if t.address == client.address]
            if sum(table.state != OVER for table in made) >= most:
                raise Refused(
                    N_("too many unfinished tables made from your address (at most {count})"),
                    count=most,
                )
        if sum(table.state != OVER for table in self.tables.values()) >= MAX_TABLES:
            raise Refused(
                N_("the server is full: no more tables (at most {count})"), count=MAX_TABLES
            )
        game_id = message.get("game")
        if not isinstance(game_id, str) or game_id not in REGISTRY:
            raise Refused(N_("no game {game!r}"), game=str(game_id)[:40])
        info = REGISTRY[game_id]
        players = message.get("players")
        if not isinstance(players, int) or isinstance(players, bool) or players not in info.players:
            raise Refused(
                N_("{game} is for {least} to {most} players"),
                game=info.title,
                least=info.min_players,
                most=info.max_players,
            )
        bots = _bots(message.get("bots", {}), players, game_id)
        if len(bots) == players:
            raise Refused(N_("at least one seat must be a player's"))
        _check_name_differs(client.name, bot_names(bots))
        options = message.get("options", {})
        if not isinstance(options, dict):
            raise Refused(N_("options must be names and values"))
        try:
            check_options(get_game(game_id), options)
        except BadOption as error:
            raise Refused.of(reason_of(error)) from None
        seed = message.get("seed")
        if seed is None:
            seed = self._seeds()
        try:
            check_seed(seed)
        except ValueError as error:
            raise Refused.of(reason_of(error)) from None
        table = ServerTable(
            self._new_table_number(), game_id, players, dict(options), bots, client.name, seed
        )
        table.address = client.address
        self.tables[table.id] = table
        self._sit(client, table, table.free_seats()[0])

    def _on_sit(self, client: Client, message: dict[str, Any]) -> None:
        table = self._table(message)
        seat = message.get("seat")
        held = table.seat_of(client.name)
        if seat is None:
            seat = held if held is not None else next(iter(table.free_seats()), None)
            if seat is None:
                raise Refused(N_("no seat is free at this table"))
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < table.players:
            raise Refused(N_("no seat {seat} at this table"), seat=visible(str(seat)[:20]))
        if held is not None and held != seat:
            raise Refused(N_("you hold seat {seat} at this table"), seat=held + 1)
        if held is None:
            if seat in table.bots:
                raise Refused(N_("seat {seat} is a bot's"), seat=seat + 1)
            if seat in table.sitting:
                raise Refused(N_("seat {seat} is taken"), seat=seat + 1)
            if table.table is not None:
                raise Refused(N_("the game has started: watch it instead"))
            self._check_name_free(client.name)
            _check_name_differs(client.name, table.seat_names())
        if client.table is not None and client.table is not table:
            raise Refused(N_("leave your table first"))
        self._sit(client, table, seat)

    def _check_name_free(self, name: str) -> None:
        table = self.held(name)
        if table is not None:
            raise Refused(
                N_("{name} already has a seat at table {table}"), name=name, table=table.id
            )

    def held(self, name: str) -> ServerTable | None:
        """The unfinished table where `name` holds a seat (a name holds at most one)."""
        return next(
            (t for t in self.tables.values() if t.state != OVER and t.seat_of(name) is not None),
            None,
        )

    def _note_presence(self, table: ServerTable) -> None:
        """Start the table's grace when none of its players is connected (in the lobby or at
        a table: a player on the server may come back to the seat), end it when one is."""
        sitting = set(table.sitting.values())
        if any(client.name in sitting for client in self.clients):
            table.away_since = None
        elif table.away_since is None:
            table.away_since = self._clock()

    def close_abandoned(self) -> list[ServerTable]:
        """Close every unfinished table none of whose players has been connected for the
        grace: its save closed first (the game is the host's to continue), its table file
        removed, a watcher back in the lobby with one line; the tables closed."""
        grace = self._grace
        if grace is None:
            return []
        now = self._clock()
        closed = [
            table
            for table in self.tables.values()
            if table.state != OVER
            and table.away_since is not None
            and now - table.away_since >= grace
        ]
        for table in closed:
            if self._store is not None:
                self._store.ended(table.id)  # its save durable before the table goes
            self._forget(
                table,
                Refused(
                    N_("table {table} is closed: none of its players came back in time"),
                    table=table.id,
                ),
            )
            self._on_abandoned(table)
            for name in table.sitting.values():
                self._closed_untold.pop(name, None)  # the newest last: dropped last
                self._closed_untold[name] = table.id
        while len(self._closed_untold) > MAX_CLOSED_UNTOLD:
            del self._closed_untold[next(iter(self._closed_untold))]
        if closed:
            self._lobby_changed()
        return closed

    def _sit(self, client: Client, table: ServerTable, seat: int) -> None:
        for other in table.clients:
            if other.seat == seat and other is not client:
                # The same player again (a reconnection): the old connection gives way.
                other.seat = None
                other.table = None
                table.clients.remove(other)
                # The lobby first, then why: the line shows on the lobby the session is back at.
                self.send_lobby(other)
                gone = Refused(N_("you sat down from another session"))
                other.send(gone.to_client(other.language))
                break
        if table.sitting.get(seat) != client.name:
            table.sitting[seat] = client.name
            self._write_table_file(table)
        table.away_since = None  # one of its players is here
        self._arrive(client, table, seat)

    def _write_table_file(self, table: ServerTable) -> None:
        """Write the table's file (who holds which seat, and the chat: what a restart needs).
        A finished table has none (its save is the game): a restart does not offer it."""
        if self._store is None or table.state == OVER:
            return
        codes = {
            name: self.guest_codes[name]
            for name in table.sitting.values()
            if name in self.guest_codes
        }
        self._store.write_table(table, codes)

    def _on_watch(self, client: Client, message: dict[str, Any]) -> None:
        table = self._table(message)
        if client.table is not None:
            raise Refused(N_("leave your table first"))
        self._arrive(client, table, None)

    def _arrive(self, client: Client, table: ServerTable, seat: int | None) -> None:
        if client.table is not table:
            client.table = table
            table.clients.append(client)
        client.seat = seat
        client.entries_sent, client.sent_as = 0, NOT_SENT
        self.send_states(table)  # the others at the table see who came (and the creator, F2)
        self._lobby_changed()

    def _on_leave(self, client: Client, message: dict[str, Any]) -> None:
        table = client.table
        if table is None:
            raise Refused(N_("you are not at a table"))
        if table.table is None and client.seat is not None:
            del table.sitting[client.seat]  # before the start a seat is given up
            if not table.sitting:
                del self.tables[table.id]
                if self._store is not None:
                    self._store.ended(table.id)
            else:
                self._write_table_file(table)
                self._note_presence(table)
        self._leave_table(client)
        self.send_lobby(client)
        self._lobby_changed()
        if table.id in self.tables:
            self.send_states(table)

    def _leave_table(self, client: Client) -> None:
        table = client.table
        if table is not None and client in table.clients:
            table.clients.remove(client)
        client.table = None
        client.seat = None
        if table is not None and not table.clients and table.id in self._finished:
            self._drop(table)  # a finished table nobody is at: nobody needs it any more

    def _on_start(self, client: Client, message: dict[str, Any]) -> None:
        table = self._my_table(client)
        if table.table is not None:
            raise Refused(N_("the game has started"))
        if client.name != table.creator:
            raise Refused(
                N_("only {creator}, who made the table, starts it"), creator=table.creator
            )
        free = table.free_seats()
        if free:
            raise Refused(N_("seats still free: {count}"), count=len(free))
        names = table.seat_names()
        seats = tuple(
            Seat(names[seat])
            if seat in table.sitting
            else Seat(names[seat], SeatKind.BOT, table.bots[seat])
            for seat in range(table.players)
        )
        self.start(table, new_table(get_game(table.game_id), seats, table.options, table.seed))

    def start(self, table: ServerTable, game: Table) -> None:
        """Put `game` on `table` (new, or resumed from its autosave) and tell everyone."""
        table.table = game
        table.driver = BotDriver(game)
        if self._store is not None:
            self._store.started(table.id, game)

        def cut(change: Change) -> None:  # an undo takes back lines the clients have
            if change.kind is ChangeKind.UNDO:
                for client in table.clients:
                    client.entries_sent = min(client.entries_sent, change.log_length)

        game.subscribe(cut)  # first: the states sent for this change know the cut
        game.subscribe(lambda _: self._changed(table))
        self._changed(table)
        self._lobby_changed()

    # --- playing ---------------------------------------------------------------------------

    def _on_decide(self, client: Client, message: dict[str, Any]) -> None:
        table = self._my_table(client)
        game = table.table
        if game is None:
            raise Refused(N_("the game has not started"))
        seat = message.get("seat")
        if seat != client.seat or client.seat is None:
            raise Refused(N_("that seat is not yours"))
        choice = _choice(message.get("choice"))
        try:
            game.decide(client.seat, choice)
        except IllegalAction as error:  # the game's reason, in the client's language
            raise Refused.of(error.reason) from None

    def _on_undo(self, client: Client, message: dict[str, Any]) -> None:
        table = self._my_table(client)
        if table.table is None or client.seat is None:
            raise Refused(N_("you have no decision to take back"))
        try:
            table.table.undo(client.seat)
        except IllegalAction as error:
            raise Refused.of(error.reason) from None

    def _on_chat(self, client: Client, message: dict[str, Any]) -> None:
        table = self._my_table(client)
        text = message.get("text")
        if not isinstance(text, str):
            raise Refused(N_("a chat line is text"))
        try:
            check_line(text, what=CHAT_LINE, max_cells=MAX_CHAT_CELLS, max_chars=MAX_CHAT_CHARS)
        except BadText as error:
            raise Refused.of(reason_of(error)) from None
        number = message.get("n")
        if number is not None and not _line_number(number):
            raise Refused(N_("a chat line's number is a whole number"))
        self._take_chat_line(table, client.name)
        table.chat = [*table.chat, (client.name, text)][-CHAT_KEPT:]
        self._write_table_file(table)
        said = {"type": "chat", "from": client.name, "text": text}
        for other in table.clients:
            # The speaker's own line comes back with its number: what tells it this line was
            # heard (the text cannot: another player may say the same at once).
            other.send({**said, "n": number} if other is client and number is not None else said)

    def _take_chat_line(self, table: ServerTable, name: str) -> None:
        """Count a line the player `name` says at `table` against the chat rate; Refused past
        it."""
        rate = self._chat_rate
        if rate is None:
            return
        now = self._clock()
        allowances = table.chat_allowances
        allowance = allowances.get(name)
        if allowance is None:
            for full in [who for who, kept in allowances.items() if kept.full(now)]:
                del allowances[full]
            allowance = allowances[name] = chat_bucket(rate, now)
        if not allowance.take(1, now):
            raise Refused(CHAT_TOO_FAST, count=rate)

    def _on_hello(self, client: Client, message: dict[str, Any]) -> None:
        raise Refused(N_("already connected"))

    def bot_to_play(self, table: ServerTable) -> bool:
        return table.driver is not None and table.driver.next_bot_decision() is not None

    def play_bot(self, table: ServerTable) -> bool:
        """One bot decision at `table` (False: none to play)."""
        return table.driver is not None and table.driver.play_one()

    def _changed(self, table: ServerTable) -> None:
        if table.table is not None and table.table.step.chance is not None:
            return  # mid-move: the dice that follow are drawn at once; tell after them
        self.send_states(table)
        self._on_change(table)
        if table.state == OVER and table.id in self.tables and table.id not in self._finished:
            if self._store is not None:
                self._store.ended(table.id)  # its save closed (durable) before it may go
            self._lobby_changed()
            self._finished[table.id] = table
            if not table.clients:
                self._drop(table)
            while len(self._finished) > MAX_FINISHED:
                self._drop(next(iter(self._finished.values())))

    def _drop(self, table: ServerTable) -> None:
        """Forget a finished table (its save is closed)."""
        del self._finished[table.id]
        self._forget(
            table,
            Refused(N_("the game at table {table} is over: its table is closed"), table=table.id),
        )

    def _forget(self, table: ServerTable, closed: Refused) -> None:
        """Forget a table whose save is closed: a message naming it is refused from now on as
        for a table that never was; a client still at it goes back to the lobby with `closed`,
        and the socket layer cancels its bot timer."""
        del self.tables[table.id]
        clients, table.clients = table.clients, []
        for client in clients:
            client.table, client.seat = None, None
            self.send_lobby(client)
            client.send(closed.to_client(client.language))
        self._on_drop(table)

    # --- what a client is told -------------------------------------------------------------

    def send_states(self, table: ServerTable) -> None:
        for client in table.clients:
            self.send_state(table, client)

    def send_state(self, table: ServerTable, client: Client) -> None:
        """What `client` may know of `table`: its seat's view, decision and log, nothing more."""
        message: dict[str, Any] = {
            "type": "state",
            "table": table.summary(),
            "seat": client.seat,
            "chat": [[who, text] for who, text in table.chat],
        }
        game = table.table
        if game is not None:
            seat = client.seat
            viewer = seat if seat is not None else (None if game.over else PUBLIC)
            if client.sent_as != viewer:
                client.entries_sent, client.sent_as = 0, viewer
            # Only the lines of the entries the client does not have: a state costs what
            # changed, not the length of the log.
            keep = min(client.entries_sent, len(game))
            new = range(keep, len(game))
            client.entries_sent = len(game)
            pending = [d.seat for d in game.decisions()]
            message.update(
                entries=len(game),
                names=list(game.names),
                bots=[not s.is_human for s in game.seats],
                view=encode(game.view(viewer)),
                decision=encode(game.decision_for(seat)) if seat is not None else None,
                narration_keep=keep,
                # Lines as texts, not sentences: each client writes them out in its language.
                narration=[
                    [index + 1, encode(line)]  # entry numbers, as Table.narration gives them
                    for index in new
                    for line in game.entry_texts(index, viewer)
                ],
                notable=[index + 1 for index in new if game.notable(index)],
                pending=pending,
                asked=[[d.seat, d.name] for d in game.decisions()],
                over=game.over,
                result=encode(game.result()) if game.over else None,
                can_undo=seat is not None and game.can_undo(seat),
                # A text: the client writes it out in its language when the player asks.
                undo_refusal="" if seat is None else encode(game.undo_refusal(seat)),
            )
            if seat is not None and seat in pending and game.decision_for(seat) is not None:
                message["your_turn"] = True
        client.send(message)

    # --- lookups ---------------------------------------------------------------------------

    def _table(self, message: dict[str, Any]) -> ServerTable:
        number = message.get("table")
        table = self.tables.get(number) if isinstance(number, int) else None
        if table is None:
            raise Refused(N_("no table {table}"), table=visible(str(number)[:20]))
        return table

    def _my_table(self, client: Client) -> ServerTable:
        if client.table is None:
            raise Refused(N_("you are not at a table"))
        return client.table


def bot_names(seats: Iterable[int]) -> dict[int, str]:
    """The names of the bots at `seats`, as the game will name them (seat -> name)."""
    return {seat: default_name(seat, False) for seat in seats}


def _bots(value: object, players: int, game_id: str) -> dict[int, str]:
    """Seat -> bot kind, from the message's {"2": "heuristic", ...}."""
    if not isinstance(value, dict):
        raise Refused(N_("bots must be seats and bot kinds"))
    kinds = bot_kinds(game_id)
    bots: dict[int, str] = {}
    for key, kind in value.items():
        seat = int(key) if isinstance(key, str) and key.isdigit() else -1
        if not 0 <= seat < players:
            raise Refused(N_("no seat {seat} for a bot"), seat=visible(str(key)[:20]))
        if kind not in kinds:
            raise Refused(
                N_("no bot {kind!r} (known: {known})"), kind=str(kind)[:20], known=", ".join(kinds)
            )
        bots[seat] = kind
    return bots


def _choice(value: object) -> Any:
    """A choice as plain data: an option id, or a list of them (a tuple for core)."""
    if _option_id(value):
        return value
    if isinstance(value, list) and len(value) <= 64 and all(map(_option_id, value)):
        return tuple(value)
    raise Refused(N_("a choice is an option id or a list of them"))


def _line_number(value: object) -> bool:
    """A chat line's number as its client counts them (`n`): a whole number JSON keeps."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**53


def _option_id(value: object) -> bool:
    return isinstance(value, str | int) and not isinstance(value, bool)


def _check_name_differs(name: str, taken: dict[int, str]) -> None:
    """Refused if `name` is, in any case or width, a name the table's seats have (`taken`): the
    game's log, which names seats by their names, would not tell the two apart. (The same name
    is a player coming back: `held` finds them first.)"""
    try:
        check_name_free(name, taken)
    except BadText as error:
        raise Refused.of(reason_of(error)) from None
