"""The asyncssh side: who gets in, what they may ask for, and one game session per connection.

Refused, each with the clearest word the SSH protocol lets a client see:
- exec (a command) and subsystems (sftp, ...): the request is taken only to answer it with one
  line (on stderr, or on the terminal if there is one) and exit status 1; nothing is run.
- a shell without a terminal: the same, asking for `ssh -t`.
- port forwarding, local (direct-tcpip) and to UNIX sockets: the channel is refused
  ("administratively prohibited") with a one-line reason.
- remote forwarding and tunnels: refused (a global request's failure carries no text; OpenSSH
  says "remote port forwarding failed").
- agent and X11 forwarding: switched off in asyncssh, so the request fails (OpenSSH says "X11
  forwarding request failed"; it does not ask whether agent forwarding worked).
- a second session on one connection: refused channel, with its reason.
- the limits of server.limits: the connection is ended with a disconnect message, which ssh
  prints ("Received disconnect from ...: partyline: ...").
Environment variables the client sends are accepted by asyncssh and never used; signals and
breaks are ignored.
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import NoReturn

import asyncssh

from core.errors import os_reason
from core.i18n import (
    DEFAULT_LANGUAGE,
    ENV_LOCALE,
    N_,
    Language,
    Translator,
    language_from_env,
    translator,
)
from core.narration import Message
from server.child import AppChild
from server.hub import TableServer
from server.limits import Admission, Limits, address_group
from server.oplog import Log
from server.relay import Relay
from server.terminal import DEFAULT_SIZE, safe_size, safe_term

EXEC_REFUSED = N_("partyline: this server runs no commands; connect without one to play")
SUBSYSTEM_REFUSED = N_(
    "partyline: this server offers no subsystems (no sftp or scp); connect to play"
)
NO_TERMINAL = N_("partyline: the game needs a terminal: connect with ssh -t, without a command")
# (The client is told these in English: they come before it says which language it reads.)
PORT_FORWARDING_REFUSED = N_("partyline: port forwarding is refused")
SOCKET_FORWARDING_REFUSED = N_("partyline: socket forwarding is refused")
TUNNEL_REFUSED = N_("partyline: tunnels are refused")
ONE_SESSION = N_("partyline: one session per connection")
CANNOT_START = N_("partyline: the server cannot start a session now; try later")
SHUTTING_DOWN = N_("partyline: the server is shutting down")
NO_SESSION = N_("partyline: no session was opened; this server offers the game on a terminal only")
REMOTE_FORWARDING_REFUSED = N_("partyline: remote forwarding is refused")

SESSION_GRACE = 30.0
"""Seconds a logged-in connection has to open its session (`ssh -N` never does): a connection
holds a place under the limits, so one without a session is closed."""


@dataclass
class ServerState:
    """What the connections of one server share."""

    limits: Limits
    guests: bool
    """Anyone gets in (a name is asked later); else only authorized keys, named as they log in."""
    log: Log
    tables: TableServer | None = None
    """The tables' socket the app children connect to."""
    session_grace: float = SESSION_GRACE
    admission: Admission = field(init=False)
    gates: set[Gatekeeper] = field(default_factory=set)
    """Every connection, with a session or not."""
    relays: set[Relay] = field(default_factory=set)
    ended: asyncio.Event = field(default_factory=asyncio.Event)

    def __post_init__(self) -> None:
        self.admission = Admission(self.limits)
        self.ended.set()

    def add(self, relay: Relay) -> None:
        self.relays.add(relay)
        self.ended.clear()

    def remove(self, relay: Relay) -> None:
        self.relays.discard(relay)
        if not self.relays:
            self.ended.set()

    def close_sessions(self, message: str) -> None:
        """Close every session, telling its client `message`."""
        for relay in list(self.relays):
            relay.close(message)

    def disconnect_all(self, message: str) -> None:
        """End every connection still open (those without a session), with `message`."""
        for gate in list(self.gates):
            if gate.conn is not None:
                gate.conn.disconnect(asyncssh.DISC_BY_APPLICATION, message)


class Gatekeeper(asyncssh.SSHServer):
    """One connection: admission against the limits, the player's name, what may be opened."""

    def __init__(self, state: ServerState) -> None:
        self.state = state
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.counted_as = "?"
        """What the limits per address count this connection under (`address_group`)."""
        self.admitted = False
        self.player: str | None = None
        self.session: AppSession | None = None
        self._grace: asyncio.TimerHandle | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.state.gates.add(self)
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        self.counted_as = address_group(self.address)
        refusal = self.state.admission.admit(self.counted_as)
        if refusal is None:
            self.admitted = True
            return
        self.refused(refusal)
        # After asyncssh has sent its version, so that the client reads this as a disconnect.
        asyncio.get_running_loop().call_soon(
            conn.disconnect, asyncssh.DISC_TOO_MANY_CONNECTIONS, str(refusal)
        )

    def connection_lost(self, exc: Exception | None) -> None:
        self.state.gates.discard(self)
        if self._grace is not None:
            self._grace.cancel()
        if self.admitted:
            self.admitted = False
            self.state.admission.release(self.counted_as)

    def begin_auth(self, username: str) -> bool:
        if self.state.guests:
            return False  # no authentication; the SSH user name is not used
        problem = self.state.limits.name_problem(username)
        if problem is not None:
            self.refused(problem)
            assert self.conn is not None
            self.conn.disconnect(asyncssh.DISC_ILLEGAL_USER_NAME, str(problem))
            return True
        self.player = username
        return True

    def auth_completed(self) -> None:
        if self.player is None:
            logged_in = Message(N_("{address}: a guest logged in"), address=self.address)
        else:
            template = N_("{address}: {name} logged in")
            logged_in = Message(template, address=self.address, name=self.player)
        self.state.log(logged_in)
        self._grace = asyncio.get_running_loop().call_later(
            self.state.session_grace, self._without_session
        )

    def _without_session(self) -> None:
        if self.session is None and self.conn is not None:
            self.refused(Message(NO_SESSION))
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, NO_SESSION)

    def refused(self, message: Message) -> None:
        """Log that this connection was refused something, and why (`message`: a catalog
        message, in the operator's language)."""
        self.state.log(Message(N_("{address}: refused: {why}"), address=self.address, why=message))

    # Only public keys (and, with --guests, nothing at all) get anyone in.
    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    # --- what a connection may open --------------------------------------------------------

    def session_requested(self) -> AppSession:
        if self.session is not None:
            self._refuse_channel(ONE_SESSION)
        self.session = AppSession(self)
        return self.session

    def connection_requested(
        self, dest_host: str, dest_port: int, orig_host: str, orig_port: int
    ) -> bool:
        self._refuse_channel(PORT_FORWARDING_REFUSED)

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        self.refused(Message(REMOTE_FORWARDING_REFUSED))
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        self._refuse_channel(SOCKET_FORWARDING_REFUSED)

    def unix_server_requested(self, listen_path: str) -> bool:
        self.refused(Message(REMOTE_FORWARDING_REFUSED))
        return False

    def tun_requested(self, unit: int | None) -> bool:
        self._refuse_channel(TUNNEL_REFUSED)

    def tap_requested(self, unit: int | None) -> bool:
        self._refuse_channel(TUNNEL_REFUSED)

    def _refuse_channel(self, message: str) -> NoReturn:
        self.refused(Message(message))
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, message)


class AppSession(asyncssh.SSHServerSession[bytes]):
    """One session channel: a terminal and a shell request start an app child; anything else
    is answered with one line and closed."""

    def __init__(self, gate: Gatekeeper) -> None:
        self.gate = gate
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term: str | None = None
        self.size = DEFAULT_SIZE
        self.refusal: str | None = None
        self.relay: Relay | None = None
        self.token: str | None = None
        self.language: Language | None = None
        """The language of the client's locale, if it sent one (ssh's SendEnv LANG LC_*)."""

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: object
    ) -> bool:
        self.term = safe_term(term_type)
        self.size = safe_size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.refusal = EXEC_REFUSED
        return True  # only to say so on stderr: nothing runs

    def subsystem_requested(self, subsystem: str) -> bool:
        self.refusal = SUBSYSTEM_REFUSED
        return True

    def session_started(self) -> None:
        assert self.chan is not None
        self.language = client_language(self.chan.get_environment())
        if self.refusal is None and self.term is None:
            self.refusal = NO_TERMINAL
        if self.refusal is None:
            self._start_app()
        if self.refusal is not None:
            self._refuse(self.refusal)

    def _start_app(self) -> None:
        assert self.chan is not None and self.term is not None
        state = self.gate.state
        tables = None
        if state.tables is not None:
            self.token = state.tables.token_for(self.gate.player, self.gate.counted_as)
            tables = (state.tables.path, self.token)
        try:
            child = AppChild.start(
                self.gate.player,
                self.term,
                self.size,
                tables,
                self.language,
                state.limits.name_cells,
            )
        except OSError as error:
            why = os_reason(error)
            template = N_("{address}: cannot start an app: {why}")
            state.log(Message(template, address=self.gate.address, why=why))
            self.refusal = CANNOT_START
            return
        self.relay = Relay(
            self.chan, child, state.limits, self._ended, self._translator, self._limited
        )
        state.add(self.relay)
        address, pid = self.gate.address, child.pid
        if self.gate.player is None:
            template = N_("{address}: a guest: session started (app pid {pid})")
            state.log(Message(template, address=address, pid=pid))
        else:
            template = N_("{address}: {name}: session started (app pid {pid})")
            state.log(Message(template, address=address, name=self.gate.player, pid=pid))

    def _limited(self, why: Message) -> None:
        template = N_("{address}: a limit closes the session (app pid {pid}): {why}")
        assert self.relay is not None
        pid = self.relay.child.pid
        self.gate.state.log(Message(template, address=self.gate.address, pid=pid, why=why))

    def _translator(self) -> Translator:
        """The language the player reads now: the app's, as the tables know it (the player may
        switch it in the lobby), else the client's locale's, else English."""
        tables, token = self.gate.state.tables, self.token
        language = None if tables is None or token is None else tables.language_of(token)
        return translator(language or self.language or DEFAULT_LANGUAGE)

    def _refuse(self, message: str) -> None:
        assert self.chan is not None
        self.gate.refused(Message(message))
        message = translator(self.language or DEFAULT_LANGUAGE)(message)
        if self.term is None:
            self.chan.write_stderr((message + "\n").encode())
        else:  # one place on a terminal, in raw mode (\r)
            self.chan.write((message + "\r\n").encode())
        self.chan.exit(1)

    def _ended(self, relay: Relay) -> None:
        state = self.gate.state
        state.remove(relay)
        if state.tables is not None and self.token is not None:
            state.tables.forget(self.token)
        # Which session, and what the server did to end it: a test (or an operator) can tell a
        # child that ended on SIGHUP from one killed after the grace, even under load.
        address, pid, how = self.gate.address, relay.child.pid, _ending(relay.child.exit_code)
        if relay.stopped_with:
            template = N_("{address}: session ended (app pid {pid}; stopped with {signals}; {how})")
            signals = relay.stopped_with
            state.log(Message(template, address=address, pid=pid, signals=signals, how=how))
        else:
            template = N_("{address}: session ended (app pid {pid}; {how})")
            state.log(Message(template, address=address, pid=pid, how=how))

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        if self.relay is not None:
            self.relay.input(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = safe_size(width, height)
        if self.relay is not None:
            self.relay.resize(*self.size)

    def pause_writing(self) -> None:
        if self.relay is not None:
            self.relay.pause_output()

    def resume_writing(self) -> None:
        if self.relay is not None:
            self.relay.resume_output()

    def eof_received(self) -> bool:
        return False  # no more keystrokes can come: the channel closes, and the app with it

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        """Signals from a client are never passed on."""

    def connection_lost(self, exc: Exception | None) -> None:
        if self.relay is not None:
            self.relay.close()
        # One session per connection: with it over, so is the connection.
        conn = self.gate.conn
        if conn is not None:
            asyncio.get_running_loop().call_soon(conn.close)


def _ending(code: int | None) -> Message:
    if code is None or code >= 0:
        return Message(N_("the app exited with status {code}"), code=code)
    try:
        return Message(N_("the app was ended by {signal}"), signal=signal.Signals(-code).name)
    except ValueError:
        return Message(N_("the app was ended by signal {number}"), number=-code)


def client_language(environment: Mapping[str, str]) -> Language | None:
    """The language of the locale variables a client sent (LC_ALL, LC_MESSAGES, LANG), or None
    if it sent none: before the app runs, that is all the server knows of its player."""
    if not any(environment.get(name) for name in ENV_LOCALE):
        return None
    return language_from_env(environment)
