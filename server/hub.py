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
import secrets
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from server.limits import Limits
from server.protocol import (
    CLIENT_TYPES,
    MAX_FROM_CLIENT,
    LineBuffer,
    ProtocolError,
    dump,
    load,
)
from server.tables import OVER, Client, Hub, ServerTable

READ_SIZE = 65536
MAX_OUTPUT_BACKLOG = 64 * 1024 * 1024
"""Bytes waiting for a child that does not read: past this it is disconnected."""
SOCKET_NAME = "tables.sock"


class TableServer:
    """The hub behind a UNIX socket."""

    def __init__(
        self,
        limits: Limits,
        bot_delay: float,
        log: Callable[[str], None],
        on_change: Callable[[ServerTable], None] | None = None,
    ) -> None:
        self.limits = limits
        self.bot_delay = bot_delay
        self.log = log
        self._on_change_extra = on_change
        self.hub = Hub(lambda: secrets.randbelow(10**9) + 1, self._changed)
        self.tokens: dict[str, str | None] = {}
        """Token -> the player's name (None: a guest, who gives one)."""
        self._folder = Path(tempfile.mkdtemp(prefix="partyline-tables-"))
        self.path = self._folder / SOCKET_NAME
        self._server: asyncio.AbstractServer | None = None
        self._bots: dict[int, asyncio.TimerHandle] = {}
        self._writers: set[asyncio.StreamWriter] = set()

    async def start(self) -> None:
        self._server = await asyncio.start_unix_server(self._connected, path=str(self.path))

    async def stop(self) -> None:
        for timer in self._bots.values():
            timer.cancel()
        if self._server is not None:
            self._server.close()
        for writer in list(self._writers):
            writer.close()
        with contextlib.suppress(OSError):
            self.path.unlink()
            self._folder.rmdir()

    def token_for(self, player: str | None) -> str:
        """A new token for an app child of `player` (None: a guest)."""
        token = secrets.token_hex(16)
        self.tokens[token] = player
        return token

    def forget(self, token: str) -> None:
        self.tokens.pop(token, None)

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

        def error(text: str) -> None:
            send({"type": "error", "message": text})

        try:
            while data := await reader.read(READ_SIZE):
                for line in lines.feed(data):
                    if line is None:
                        error(f"message too long (the limit is {MAX_FROM_CLIENT} bytes)")
                        continue
                    try:
                        message = load(line, MAX_FROM_CLIENT, CLIENT_TYPES)
                    except ProtocolError as refused:
                        error(str(refused))
                        continue
                    if client is None:
                        client = self._hello(message, send)
                        if client is None:
                            continue
                        self.hub.join(client)
                    else:
                        try:
                            self.hub.handle(client, message)
                        except Exception as failure:  # one client's message must not end others'
                            self.log(f"{client.name}: a message failed: {failure}")
                            error("the server could not handle that message")
        except (ConnectionError, OSError):
            pass
        finally:
            self._writers.discard(writer)
            if client is not None:
                self.hub.leave(client)
                self.log(f"{client.name}: left the tables")
            writer.close()

    def _hello(
        self, message: dict[str, Any], send: Callable[[dict[str, Any]], None]
    ) -> Client | None:
        """The client the hello names, or None (told why)."""
        if message["type"] != "hello":
            send({"type": "error", "message": "say hello first"})
            return None
        token = message.get("token")
        if not isinstance(token, str) or token not in self.tokens:
            send({"type": "error", "message": "unknown session"})
            return None
        name = self.tokens[token]
        if name is None:
            guest = message.get("name")
            if not isinstance(guest, str):
                send({"type": "error", "message": "a guest gives a name"})
                return None
            refusal = self.limits.name_refusal(guest) or self._in_use(guest)
            if refusal is not None:
                send({"type": "error", "message": refusal})
                return None
            name = guest
        return Client(name, send)

    def _in_use(self, name: str) -> str | None:
        # A connected client's name too: two guests of one name could take each other's seat.
        if any(client.name == name for client in self.hub.clients):
            return f"partyline: the name {name} is in use"
        for table in self.hub.tables.values():
            if table.state != OVER and table.seat_of(name) is not None:
                return f"partyline: the name {name} is in use at table {table.id}"
        return None

    # --- the bots --------------------------------------------------------------------------

    def _changed(self, table: ServerTable) -> None:
        if self._on_change_extra is not None:
            self._on_change_extra(table)
        if table.id not in self._bots and self.hub.bot_to_play(table):
            loop = asyncio.get_running_loop()
            self._bots[table.id] = loop.call_later(self.bot_delay, self._play_bot, table)

    def _play_bot(self, table: ServerTable) -> None:
        del self._bots[table.id]
        try:
            self.hub.play_bot(table)  # the change schedules the next
        except Exception as error:  # a bot bug must not end the server
            self.log(f"table {table.id}: a bot failed: {error}")
