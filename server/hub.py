"""The tables' local socket: app children connect here, one line of JSON per message
(server.protocol), and play at the server's tables (server.tables).

The socket is a UNIX socket in a folder only the server's user may enter (0700). A connection
must first say hello with the token the server gave its app child (in the child's environment,
which only the same user may read), so a child is the player its SSH session logged in as; a
guest's child gives a name then, checked as SSH user names are and refused while that name holds
a seat at a table. Every later line is one request; a bad one gets one error line back and
changes nothing. The bots play here, one decision every `bot_delay` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import secrets
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from core.errors import reason_of
from core.i18n import DEFAULT_LANGUAGE, N_, Language, is_language
from core.narration import Message, Text, listing, text
from core.text import name_key
from server.limits import Limits
from server.oplog import Log
from server.protocol import (
    CLIENT_TYPES,
    LINE_TOO_LONG,
    MAX_FROM_CLIENT,
    NAME_IN_USE,
    NOT_JSON,
    OVER,
    STATE_WORDS,
    LineBuffer,
    ProtocolError,
    dump,
    load,
)
from server.store import TableStore
from server.tables import Client, Hub, Refused, ServerTable

CODE_BYTES = 4
"""A guest's reconnect code: 8 hexadecimal digits."""
CODE_TRIES = 5
"""Wrong codes a session may give (a typo or two) before its token is no longer good: guessing
a code then takes a new SSH session every few tries."""
NAME_TOO_LIKE = N_("the name {name} is too like {other}, a name in use here: give another")
"""A guest's name that differs from one in use only in case or width (core.text.name_key)."""

READ_SIZE = 65536
MAX_OUTPUT_BACKLOG = 64 * 1024 * 1024
"""Bytes waiting for a child that does not read: past this it is disconnected."""
SOCKET_NAME = "tables.sock"
SWEEP_SECONDS = 60.0
"""How often the abandoned tables are looked for (a table goes at most this long after its
grace; a new table looks for them at once)."""
MIN_SWEEP_SECONDS = 1.0
"""However short the grace, the sweep does not look more often than this."""


class TableServer:
    """The hub behind a UNIX socket."""

    def __init__(
        self,
        limits: Limits,
        bot_delay: float,
        log: Log,
        save_dir: Path | None = None,
        clock: Callable[[], float] = time.monotonic,
        render: Callable[[Text], str] = text,
    ) -> None:
        """`save_dir`: where every table autosaves, and is resumed from at `start` (None: in
        memory only); `clock`: the hub's (seconds), for the chat rate and the tables' grace;
        `render`: how the saves' comments are written out (the operator's language)."""
        self.limits = limits
        self.bot_delay = bot_delay
        self.log = log
        self.store = None if save_dir is None else TableStore(save_dir, log, render)
        self.hub = Hub(
            lambda: secrets.randbelow(10**9) + 1,
            self._changed,
            self.store,
            limits.chat_rate,
            clock,
            on_drop=self._dropped,
            tables_per_address=limits.per_address,
            grace=limits.table_grace,
            on_abandoned=self._abandoned,
        )
        self.tokens: dict[str, str | None] = {}
        """Token -> the player's name (None: a guest, who gives one)."""
        self._addresses: dict[str, str] = {}
        """Token -> the address its SSH connection came from."""
        self._sweeper: asyncio.TimerHandle | None = None
        self._wrong_codes: dict[str, int] = {}
        self._clients: dict[str, Client] = {}
        """Token -> the client connected with it (whose language the session's lines follow)."""
        self._folder = Path(tempfile.mkdtemp(prefix="partyline-tables-"))
        self.path = self._folder / SOCKET_NAME
        self._server: asyncio.AbstractServer | None = None
        self._bots: dict[int, asyncio.TimerHandle] = {}
        self._writers: set[asyncio.StreamWriter] = set()

    async def start(self) -> None:
        """Resume the tables of the save folder, then listen."""
        for table in self.hub.resume():
            waiting = table.summary()["waiting"]
            state = Message(STATE_WORDS[table.state])
            if waiting:
                template = N_("table {table}: resumed ({state}), waiting for {waiting}")
                self.log(Message(template, table=table.id, state=state, waiting=listing(waiting)))
            else:
                template = N_("table {table}: resumed ({state}), waiting for no one")
                self.log(Message(template, table=table.id, state=state))
        self._server = await asyncio.start_unix_server(self._connected, path=str(self.path))
        self._sweep()

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for timer in self._bots.values():
            timer.cancel()
        if self._server is not None:
            self._server.close()
        for writer in list(self._writers):
            writer.close()
        if self.store is not None:
            self.store.close()
        with contextlib.suppress(OSError):
            self.path.unlink()
            self._folder.rmdir()

    def token_for(self, player: str | None, address: str | None = None) -> str:
        """A new token for an app child of `player` (None: a guest), connected from `address`
        (None: not known; the tables made from an address are counted)."""
        token = secrets.token_hex(16)
        self.tokens[token] = player
        if address is not None:
            self._addresses[token] = address
        return token

    def forget(self, token: str) -> None:
        self.tokens.pop(token, None)
        self._addresses.pop(token, None)
        self._wrong_codes.pop(token, None)
        self._clients.pop(token, None)

    def language_of(self, token: str) -> Language | None:
        """The language the app of `token`'s session reads now (its hello's, or the one its
        player switched to), None before its hello: what the session's own lines follow."""
        client = self._clients.get(token)
        return None if client is None else client.language

    # --- one connection --------------------------------------------------------------------

    async def _connected(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._writers.add(writer)
        lines = LineBuffer(MAX_FROM_CLIENT)
        client: Client | None = None

        def send(message: dict[str, Any]) -> None:
            if writer.is_closing():
                return
            if writer.transport.get_write_buffer_size() > MAX_OUTPUT_BACKLOG:
                writer.close()
                return
            writer.write(dump(message))

        def error(problem: Message) -> None:
            # A framing error: in the client's language once its hello has named one.
            language = DEFAULT_LANGUAGE if client is None else client.language
            send(Refused.of(problem).to_client(language))

        try:
            while data := await reader.read(READ_SIZE):
                for line in lines.feed(data):
                    if line is None:
                        error(Message(LINE_TOO_LONG, limit=MAX_FROM_CLIENT))
                        continue
                    try:
                        message = load(line, MAX_FROM_CLIENT, CLIENT_TYPES)
                    except ProtocolError as refused:
                        reason = reason_of(refused)
                        error(reason if isinstance(reason, Message) else Message(NOT_JSON))
                        continue
                    if client is None:
                        try:
                            client, welcome = self._hello(message, send)
                        except Refused as refused:
                            send(refused.to_client(_language(message)))
                            continue
                        self._clients[message["token"]] = client
                        self.hub.join(client, welcome)
                    else:
                        try:
                            self.hub.handle(client, message)
                        except Exception as failure:  # one client's message must not end others'
                            failed = N_("{name}: a message failed: {error}")
                            self.log(Message(failed, name=client.name, error=reason_of(failure)))
                            error(Message(N_("the server could not handle that message")))
        except (ConnectionError, OSError):
            pass
        finally:
            self._writers.discard(writer)
            if client is not None:
                self.hub.leave(client)
                self.log(Message(N_("{name}: left the tables"), name=client.name))
            writer.close()

    def _hello(
        self, message: dict[str, Any], send: Callable[[dict[str, Any]], None]
    ) -> tuple[Client, dict[str, Any]]:
        """The client the hello names, and what its welcome adds; Refused says why not.

        A guest names itself. A name nobody uses gets a new reconnect code, in the welcome only
        (the client shows it once); a name in use (by a connected client, or held by a seat)
        is the guest's only with that code: that is how a guest whose connection dropped
        proves it is them and gets the seat back."""
        if message["type"] != "hello":
            raise Refused(N_("say hello first"))
        token = message.get("token")
        if not isinstance(token, str) or token not in self.tokens:
            raise Refused(N_("unknown session"))
        language = _language(message)
        address = self._addresses.get(token)
        name = self.tokens[token]
        if name is not None:
            return Client(name, send, language, address), {}
        guest = message.get("name")
        if not isinstance(guest, str):
            raise Refused(N_("a guest gives a name"))
        problem = self.limits.name_problem(guest)
        if problem is not None:
            raise Refused.of(problem)
        code = message.get("code")
        if self._in_use(guest):
            if not isinstance(code, str) or not self._code_matches(guest, code):
                if code is not None:
                    self._wrong_codes[token] = self._wrong_codes.get(token, 0) + 1
                    if self._wrong_codes[token] >= CODE_TRIES:
                        self.forget(token)
                raise Refused(NAME_IN_USE, name=guest)
            return Client(guest, send, language, address), {}
        like = self._like(guest)
        if like is not None:
            raise Refused(NAME_TOO_LIKE, name=guest, other=like)
        code = secrets.token_hex(CODE_BYTES)
        # Only the codes of names in use are kept: as many as the clients and seats, no more.
        codes = self.hub.guest_codes
        for unused in [name for name in codes if not self._in_use(name)]:
            del codes[unused]
        codes[guest] = _digest(code)
        return Client(guest, send, language, address), {"code": code}

    def _in_use(self, name: str) -> bool:
        # A connected client's name too: two guests of one name could take each other's seat.
        return any(client.name == name for client in self.hub.clients) or (
            self.hub.held(name) is not None
        )

    def _like(self, name: str) -> str | None:
        """A name in use (by a connected client, or held by a seat) that is `name` in another
        case or width (core.text.name_key), if any: a guest gives another name, rather than
        getting one with a suffix they did not choose, since a table's log, which says only
        names, could not tell the two apart."""
        key = name_key(name)
        in_use = {client.name for client in self.hub.clients}
        for table in self.hub.tables.values():
            if table.state != OVER:
                in_use.update(table.sitting.values())
        return next((other for other in sorted(in_use) if name_key(other) == key), None)

    def _code_matches(self, name: str, code: str) -> bool:
        known = self.hub.guest_codes.get(name)
        return known is not None and hmac.compare_digest(known, _digest(code))

    # --- the bots --------------------------------------------------------------------------

    def _changed(self, table: ServerTable) -> None:
        if table.id not in self._bots and self.hub.bot_to_play(table):
            loop = asyncio.get_running_loop()
            self._bots[table.id] = loop.call_later(self.bot_delay, self._play_bot, table)

    def _sweep(self) -> None:
        """Close the tables abandoned past their grace (their saves stay), and look again in
        a while: scheduled first, so that a failure here never ends the sweeping."""
        every = max(MIN_SWEEP_SECONDS, min(SWEEP_SECONDS, self.limits.table_grace))
        self._sweeper = asyncio.get_running_loop().call_later(every, self._sweep)
        try:
            self.hub.close_abandoned()  # each table closed is logged by _abandoned
        except Exception as error:  # the next sweep tries again
            failed = N_("closing the abandoned tables failed: {error}")
            self.log(Message(failed, error=reason_of(error)))

    def _abandoned(self, table: ServerTable) -> None:
        """The hub closed a table none of whose players came back (a sweep, or a new table
        did): the log says where its game is."""
        store = self.store
        if store is not None and table.table is not None:
            template = N_(
                "table {table}: closed, none of its players came back in time; its game: {path}"
            )
            self.log(Message(template, table=table.id, path=str(store.save_path(table.id))))
        else:
            template = N_("table {table}: closed, none of its players came back in time")
            self.log(Message(template, table=table.id))

    def _dropped(self, table: ServerTable) -> None:
        """The hub forgot a table (finished, or abandoned): a bot timer left for it never plays
        into it."""
        timer = self._bots.pop(table.id, None)
        if timer is not None:
            timer.cancel()

    def _play_bot(self, table: ServerTable) -> None:
        del self._bots[table.id]
        try:
            self.hub.play_bot(table)  # the change schedules the next
        except Exception as error:  # a bot bug must not end the server
            failed = N_("table {table}: a bot failed: {error}")
            self.log(Message(failed, table=table.id, error=reason_of(error)))


def _language(message: dict[str, Any]) -> Language:
    """The language a hello asks for (`"lang"`), else English."""
    language = message.get("lang")
    return language if is_language(language) else DEFAULT_LANGUAGE


def _digest(code: str) -> str:
    return hashlib.sha256(code.encode()).hexdigest()
