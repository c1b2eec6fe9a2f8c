"""Real SSH for the tests (and bench/): `partyline serve` as a real process on a free port, and
asyncssh clients with a pseudo-terminal whose screens are read with pyte (ptykit's
TerminalScreen), so that a session reads as a terminal does:

    with Server.start(tmp_path, "--guests") as server:
        with SSHTerminal.connect(server, "Aki") as term:
            term.wait_for("Partyline: a new game")
            term.press("f2")

Every client checks the server's host key against the one the server made (as a careful player
checks the fingerprint). The clients run on one event loop in a background thread (`run(coro)`
runs any coroutine there), so a test stays a plain function that waits for what it expects,
with generous timeouts, never a fixed sleep.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any, Self, TypeVar

import asyncssh
from ptykit import TIMEOUT, TerminalScreen

from server.child import TOKEN_VARIABLE

ROOT = Path(__file__).resolve().parent.parent
T = TypeVar("T")

# What the banner says in every language (server.serve.banner): how players join, and the key.
_JOIN = re.compile(r"ssh -p (?P<port>\d+) ")
_FINGERPRINT = re.compile(r"(?P<algorithm>ssh-\S+) (?P<fingerprint>SHA256:\S+)")

# --- the clients' event loop -------------------------------------------------------------------

_loop: asyncio.AbstractEventLoop | None = None
_loop_lock = threading.Lock()


def loop() -> asyncio.AbstractEventLoop:
    """The event loop of every client, running in a daemon thread from its first use."""
    global _loop
    with _loop_lock:
        if _loop is None:
            _loop = asyncio.new_event_loop()
            threading.Thread(target=_loop.run_forever, name="sshkit-loop", daemon=True).start()
        return _loop


def run(coro: Coroutine[Any, Any, T], timeout: float = TIMEOUT) -> T:
    """Run `coro` on the clients' loop and wait for its result (its exception is raised here)."""
    return asyncio.run_coroutine_threadsafe(coro, loop()).result(timeout)


def client_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


def authorized_keys(path: Path, *keys: asyncssh.SSHKey) -> Path:
    """Write an OpenSSH authorized_keys file listing `keys`."""
    path.write_bytes(b"".join(key.export_public_key() for key in keys))
    return path


# --- the server --------------------------------------------------------------------------------


class Server:
    """`partyline serve ARGS --port 0` in a process of its own, its host key and session folders
    kept under `home` (XDG_DATA_HOME and TMPDIR). Its output lines are collected as they come."""

    def __init__(self, process: subprocess.Popen[str], home: Path) -> None:
        self.process = process
        self.home = home
        self._lines: list[str] = []
        self._changed = threading.Condition()
        self._done = False
        self._reader = threading.Thread(target=self._read, name="sshkit-server", daemon=True)
        self._reader.start()
        join = _JOIN.search(self.wait_for_match(_JOIN))
        fingerprint = _FINGERPRINT.search(self.wait_for_match(_FINGERPRINT))
        assert join is not None and fingerprint is not None
        self.port = int(join["port"])
        self.fingerprint = fingerprint["fingerprint"]

    @classmethod
    def start(cls, home: Path, *args: str) -> Server:
        """Start a server with `args` (e.g. "--guests") and wait until it listens."""
        (home / "tmp").mkdir(parents=True, exist_ok=True)
        env = dict(os.environ, XDG_DATA_HOME=str(home / "data"), TMPDIR=str(home / "tmp"))
        process = subprocess.Popen(
            [sys.executable, "-m", "tui.cli", "serve", "--port", "0", *args],
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        try:
            return cls(process, home)
        except BaseException:
            process.kill()
            process.wait()
            raise

    @property
    def host_key_path(self) -> Path:
        return self.home / "data" / "partyline" / "ssh_host_ed25519_key"

    def known_hosts(self) -> bytes:
        """A known_hosts text that trusts this server's host key, and only it."""
        public = asyncssh.read_private_key(self.host_key_path).export_public_key()
        return b"* " + public

    # --- what it says ----------------------------------------------------------------------

    @property
    def lines(self) -> list[str]:
        with self._changed:
            return list(self._lines)

    def wait_for_line(self, text: str, timeout: float = TIMEOUT) -> str:
        """Wait until the server prints a line containing `text`; that line."""
        return self._wait(lambda line: text in line, repr(text), timeout)

    def wait_for_match(self, pattern: re.Pattern[str], timeout: float = TIMEOUT) -> str:
        """Wait until the server prints a line in which `pattern` is found (a line whose words
        depend on the server's language); that line."""
        return self._wait(lambda line: pattern.search(line) is not None, pattern.pattern, timeout)

    def _wait(self, found: Callable[[str], bool], what: str, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                for line in self._lines:
                    if found(line):
                        return line
                left = deadline - time.monotonic()
                if left <= 0 or self._done:
                    raise TimeoutError(f"waited for {what}; the server said:\n" + self._said())
                self._changed.wait(left)

    def _said(self) -> str:
        return "\n".join(self._lines)

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            with self._changed:
                self._lines.append(line.rstrip("\n"))
                self._changed.notify_all()
        with self._changed:
            self._done = True
            self._changed.notify_all()

    # --- its processes ---------------------------------------------------------------------

    def children(self) -> list[int]:
        """The server's child processes (app children), zombies included."""
        found: list[int] = []
        for task in Path(f"/proc/{self.process.pid}/task").iterdir():
            found += [int(pid) for pid in (task / "children").read_text().split()]
        return found

    def open_fds(self) -> Counter[str]:
        """What the server's file descriptors are open on ("socket:[inode]", "/dev/ptmx", ...),
        each counted: a socket's inode is its own, so a later socket is never taken for an
        earlier one."""
        folder = f"/proc/{self.process.pid}/fd"
        found: Counter[str] = Counter()
        for fd in os.listdir(folder):
            with contextlib.suppress(FileNotFoundError):  # closed since the listing
                found[os.readlink(f"{folder}/{fd}")] += 1
        return found

    def wait_until(self, done: Any, what: str, timeout: float = TIMEOUT) -> None:
        """Poll `done()` (a state of the server's processes, which nothing announces)."""
        deadline = time.monotonic() + timeout
        while not done():
            if time.monotonic() > deadline:
                raise TimeoutError(f"waited {timeout:.0f}s for {what}")
            time.sleep(0.02)

    # --- the end ---------------------------------------------------------------------------

    def stop(self, timeout: float = TIMEOUT) -> int:
        """SIGTERM, as a host's service manager stops it; its exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        code = self.process.wait(timeout)
        self._reader.join(timeout)
        return code

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(TIMEOUT)
        self._reader.join(TIMEOUT)


# --- what the server gives an app child --------------------------------------------------------


def environ(pid: int) -> dict[str, str]:
    data = Path(f"/proc/{pid}/environ").read_bytes()
    return dict(item.decode().partition("=")[::2] for item in data.split(b"\0") if item)


def cmdline(pid: int) -> list[str]:
    return [arg.decode() for arg in Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[:-1]]


def tables_of(pid: int) -> tuple[Path, str]:
    """The tables' socket and the token an app child was given: what it says hello with."""
    args = cmdline(pid)
    return Path(args[args.index("--tables") + 1]), environ(pid)[TOKEN_VARIABLE]


# --- a game a test can expect ------------------------------------------------------------------

SEED = 42
FIRST_OPTION = "> 1.  Stay silent"
FIRST_QUESTION = ("Tell the table your role (you may lie), or", FIRST_OPTION)
"""What the player of seat 1 sees first in the setup screen's default game (Light and Dark, a
human and bots) seeded with SEED: the question with its first option, after their role."""
FIRST_ROLE = {4: "You hold ハーフデビル", 5: "You hold 戦士 Warrior"}
"""Seat 1's role in that game, by the number of players."""
SECOND_OPTION = "> 2.  Claim 戦士 Warrior"


def start_seeded_game(
    term: TerminalScreen, players: int = 4, seed: int = SEED, timeout: float = TIMEOUT
) -> None:
    """On the setup screen showing `players`: type `seed` into the Seed field (clicked, so
    wherever the focus was), start the game (F2) and wait for its first question."""
    term.wait_for("Seed       blank = random", timeout)
    term.click_text("blank = random")
    term.press(*str(seed))
    term.wait_for(f"Seed       {seed}", timeout)
    term.press("f2")
    if seed == SEED:
        for text in (FIRST_ROLE[players], *FIRST_QUESTION):
            term.wait_for(text, timeout)
    else:
        term.wait_for("Your move", timeout)


# --- a client with a terminal ------------------------------------------------------------------


class _Session(asyncssh.SSHClientSession[bytes]):
    def __init__(self, term: SSHTerminal) -> None:
        self.term = term

    def connection_made(self, chan: asyncssh.SSHClientChannel[bytes]) -> None:  # type: ignore[override]
        self.term.chan = chan

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        if datatype == asyncssh.EXTENDED_DATA_STDERR:
            self.term.stderr += data
        self.term._feed(data)  # on a terminal, stderr shows too

    def exit_status_received(self, status: int) -> None:
        self.term.exit_status = status

    def connection_lost(self, exc: Exception | None) -> None:
        self.term._feed(b"")


class SSHTerminal(TerminalScreen):
    """A player's terminal on an SSH session with a pseudo-terminal; build one with
    `SSHTerminal.connect`. Waiting, typing and resizing are ptykit's."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.conn: asyncssh.SSHClientConnection | None = None
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None
        self.exit_status: int | None = None
        self.stderr = bytearray()

    @classmethod
    def connect(
        cls,
        server: Server,
        username: str = "player",
        *,
        keys: Sequence[asyncssh.SSHKey] = (),
        size: tuple[int, int] = (80, 24),
        term_type: str = "xterm-256color",
        env: dict[str, str] | None = None,
    ) -> SSHTerminal:
        """Log in to `server` as `username` with `keys` (none: no public key offered) and open a
        session with a terminal of `size` (columns, lines) and type `term_type`. `env` is sent
        as the client's environment variables."""
        term = cls(size)

        async def opening() -> None:
            term.conn = await connect(server, username, keys)
            await term.conn.create_session(
                lambda: _Session(term),
                term_type=term_type,
                term_size=size,
                env=env or {},
                encoding=None,
            )

        run(opening())
        return term

    def _write(self, data: bytes) -> None:
        chan = self.chan
        assert chan is not None
        loop().call_soon_threadsafe(_write_open, chan, data)

    def _set_size(self, columns: int, lines: int) -> None:
        chan = self.chan
        assert chan is not None
        loop().call_soon_threadsafe(chan.change_terminal_size, columns, lines)

    def wait_closed(self, timeout: float = TIMEOUT) -> int | None:
        """Wait until the server ends the session; its exit status."""
        self.wait_until(lambda: self._closed, "the session to end", timeout)
        return self.exit_status

    def close(self) -> None:
        conn = self.conn
        if conn is not None:
            self.conn = None
            hang_up(conn)


def _write_open(chan: asyncssh.SSHClientChannel[bytes], data: bytes) -> None:
    if not chan.is_closing():
        chan.write(data)


async def connect(
    server: Server, username: str, keys: Sequence[asyncssh.SSHKey] = ()
) -> asyncssh.SSHClientConnection:
    """An SSH connection to `server` as `username`, offering `keys` (none: no public key auth),
    trusting only the server's own host key; nothing from ~/.ssh or an agent is used."""
    return await asyncssh.connect(
        "127.0.0.1",
        server.port,
        username=username,
        client_keys=list(keys) or None,
        known_hosts=server.known_hosts(),
        agent_path=None,
        config=[],
    )


def hang_up(conn: asyncssh.SSHClientConnection) -> None:
    """Close a connection (from any thread) and wait until it is closed."""

    async def closing() -> None:
        conn.close()
        await conn.wait_closed()

    run(closing())
