"""`partyline serve`: make or reuse the host key, listen, relay sessions until SIGINT or SIGTERM,
then close every session (each client is told why) and stop every app child before exiting."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from core import saves
from core.errors import Explained, os_reason
from core.i18n import N_
from core.narration import Message, Text, text
from core.regular import open_regular
from server import hostkey
from server.hub import TableServer
from server.limits import Limits
from server.oplog import Log
from server.relay import STOP_GRACE
from server.ssh import SHUTTING_DOWN, Gatekeeper, ServerState
from server.store import StoreBusy

DEFAULT_HOST = "127.0.0.1"
"""Only this machine, unless the host asks for more (--host 0.0.0.0 for every address)."""
DEFAULT_PORT = 2222
LOGIN_TIMEOUT = 30
"""Seconds a connection has to authenticate."""
KEEPALIVE_INTERVAL = 60
"""Seconds of silence before the server checks that a client is still there (3 misses: gone),
so that a client that vanished without a word frees its place within a few minutes."""
BOT_DELAY = 0.8
"""The app's normal bot pace (tui.pace)."""
WINDOW = 256 * 1024
"""The SSH receive window of a session: how much input a client may have in flight."""


class ServeError(Explained):
    """The server cannot start: `message` says why in one line, in the reader's language (a
    Message; str() is the English)."""


@dataclass(frozen=True)
class ServeConfig:
    save_dir: Path
    """Where every table autosaves (in its folder `tables/`), and is resumed from at start."""
    authorized_keys: Path | None
    """Only these keys get in, named by their SSH user name; None: --guests, anyone."""
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    limits: Limits = field(default_factory=Limits)
    bot_delay: float = BOT_DELAY
    """Seconds between two bot decisions at a table."""
    host_key: Path = field(default_factory=hostkey.default_path)
    render: Callable[[Text], str] = text
    """How the tables' saves write their comments: in the operator's language (the host reads
    them; the log is written out by whoever prints it)."""


@dataclass
class Serving:
    """A server that listens: what `start` returns."""

    listener: asyncssh.SSHAcceptor
    state: ServerState
    host_key: hostkey.HostKey
    port: int

    async def stop(self, say: Log) -> None:
        """Stop listening, close every session (the clients are told why), wait for every app
        child to be reaped, and end the connections left."""
        self.listener.close()
        self.state.close_sessions(SHUTTING_DOWN)
        try:
            await asyncio.wait_for(self.state.ended.wait(), STOP_GRACE + 5)
        except TimeoutError:
            late = N_("partyline serve: sessions that did not end in time: {count}")
            say(Message(late, count=len(self.state.relays)))
        self.state.disconnect_all(SHUTTING_DOWN)
        await self.listener.wait_closed()
        if self.state.tables is not None:
            await self.state.tables.stop()


def run(config: ServeConfig, say: Log) -> int:
    """Serve until SIGINT or SIGTERM. `say` prints one line of the operator's log (the caller
    writes it out in the operator's language and makes it safe)."""
    return asyncio.run(_serve(config, say))


async def _serve(config: ServeConfig, say: Log) -> int:
    stop = asyncio.Event()  # before anything is said: a stop at any moment is a clean one
    loop = asyncio.get_running_loop()
    for number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(number, stop.set)
    log = GuardedLog(say, lambda: loop.call_soon_threadsafe(stop.set))
    serving = await start(config, log)
    for line in banner(config, serving):
        log(line)
    await stop.wait()
    log(Message(N_("partyline serve: shutting down")))
    await serving.stop(log)
    return READER_GONE if log.reader_gone else 0


READER_GONE = 141
"""The exit status of a server whose log's reader went away: a writer's killed by SIGPIPE."""


class GuardedLog:
    """The operator's log, which never raises into the server. A log whose reader went away
    (`partyline serve | head`, a `tee` that died) stops the server as SIGPIPE stops a writer,
    but cleanly: every session told, every child reaped (else each connection's first line
    ended it, and the server went on listening, refusing everyone without a word). Any other
    failure to write loses that line only: a full disk must not end a game night."""

    def __init__(self, say: Log, stop: Callable[[], object]) -> None:
        """`stop` asks the server to stop; it is called from any thread (an autosave's
        failure is told from the thread that syncs it)."""
        self._say = say
        self._stop = stop
        self.reader_gone = False

    def __call__(self, line: Text) -> None:
        if self.reader_gone:
            return
        try:
            self._say(line)
        except BrokenPipeError:
            self.reader_gone = True
            self._stop()
        except OSError:
            pass


def banner(config: ServeConfig, serving: Serving) -> list[Message]:
    """What the server says once it listens: its host key, where it listens, who gets in, and
    how players join."""
    key = serving.host_key
    made = (
        N_("partyline serve: made a new host key {path}")
        if key.created
        else N_("partyline serve: host key {path}")
    )
    where = host_and_port(config.host, serving.port)
    if config.authorized_keys is None:
        listening = Message(
            N_("partyline serve: listening on {where}; letting in anyone (guests)"), where=where
        )
        # (a guest's SSH user name is not used: the game asks for the name)
        join = N_(
            "partyline serve: players join with: ssh -p {port} HOST (the game asks for their "
            "name), and check that ssh shows the fingerprint {fingerprint} the first time"
        )
    else:
        listening = Message(
            N_(
                "partyline serve: listening on {where}; letting in the keys in {path}, as the "
                "user name they give"
            ),
            where=where,
            path=str(config.authorized_keys),
        )
        join = N_(
            "partyline serve: players join with: ssh -p {port} NAME@HOST, and check that ssh "
            "shows the fingerprint {fingerprint} the first time"
        )
    return [
        Message(made, path=str(key.path)),
        Message(
            N_("partyline serve: host key fingerprint {algorithm} {fingerprint}"),
            algorithm=key.algorithm,
            fingerprint=key.fingerprint,
        ),
        listening,
        Message(join, port=serving.port, fingerprint=key.fingerprint),
    ]


async def start(config: ServeConfig, say: Log) -> Serving:
    """The host key (made if there is none), the authorized keys, and the listening server.
    Raises ServeError saying in one line why it cannot start."""
    keys = None if config.authorized_keys is None else _authorized_keys(config.authorized_keys)
    try:
        key = hostkey.load_or_create(config.host_key)
    except hostkey.HostKeyError as error:
        raise ServeError(error.message) from None
    try:
        tables = TableServer(
            config.limits, config.bot_delay, say, config.save_dir, render=config.render
        )
    except StoreBusy as error:
        raise ServeError(error.message) from None
    except OSError as error:
        why = Message(
            N_("{where}: cannot keep the tables there: {why}"),
            where=saves.display_path(config.save_dir),
            why=os_reason(error),
        )
        raise ServeError(why) from None
    await tables.start()
    state = ServerState(config.limits, guests=keys is None, log=say, tables=tables)
    try:
        listener = await asyncssh.listen(
            config.host,
            config.port,
            server_factory=lambda: Gatekeeper(state),
            server_host_keys=[key.key],
            authorized_client_keys=keys,
            encoding=None,  # bytes both ways: the terminal is the client's
            line_editor=False,
            agent_forwarding=False,
            x11_forwarding=False,
            password_auth=False,
            kbdint_auth=False,
            host_based_auth=False,
            gss_host=None,
            login_timeout=LOGIN_TIMEOUT,
            keepalive_interval=KEEPALIVE_INTERVAL,
            window=WINDOW,
        )
    except OSError as error:  # (a host name the resolver would raise on: tui.cli refuses it)
        await tables.stop()
        why = Message(
            N_("cannot listen on {where}: {why}"),
            where=host_and_port(config.host, config.port),
            why=os_reason(error),
        )
        raise ServeError(why) from None
    return Serving(listener, state, key, listener.get_port())


def host_and_port(host: str, port: int) -> str:
    """`host:port`, an IPv6 address in brackets as ssh and URLs write it (`[::]:2222`, not
    `:::2222`, whose port nobody can tell)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


MAX_AUTHORIZED_KEYS = 2**20
"""The most bytes of authorized keys read (thousands of keys): a file that never ends
(`--authorized-keys /dev/zero`) is refused instead of read until memory runs out."""


def _authorized_keys(path: Path) -> asyncssh.SSHAuthorizedKeys:
    try:
        # (as asyncssh's reader expands ~; a named pipe with no writer is refused, not waited on)
        with open_regular(path.expanduser()) as (handle, _info):
            data = handle.read(MAX_AUTHORIZED_KEYS + 1)
    except OSError as error:
        why = Message(
            N_("{path}: cannot read the authorized keys: {why}"),
            path=str(path),
            why=os_reason(error),
        )
        raise ServeError(why) from None
    if len(data) > MAX_AUTHORIZED_KEYS:
        why = Message(
            N_("{path}: too big for authorized keys (the limit is {limit} MiB)"),
            path=str(path),
            limit=MAX_AUTHORIZED_KEYS // 2**20,
        )
        raise ServeError(why)
    try:
        return asyncssh.import_authorized_keys(data.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as error:  # (a UnicodeDecodeError is a ValueError)
        why = Message(
            N_("{path}: no usable authorized key ({error})"), path=str(path), error=str(error)
        )
        raise ServeError(why) from None
