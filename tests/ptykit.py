"""A program on a real pseudo-terminal, for tests that need a terminal as a person has one.

    with Terminal.spawn([sys.executable, "-m", "tui.cli"], size=(80, 24), env=...) as term:
        term.wait_for("Partyline: a new game")
        term.press("f3")
        term.wait_for("Continue a saved game")
        assert b"\\x1b]0;" not in term.raw
        print(term.text())

The program runs in a session of its own with the pseudo-terminal as its controlling terminal
(so it gets SIGWINCH and owns the terminal as an interactive program does), at the size given. A
reader thread keeps every byte the program writes (`raw`) and feeds them to a pyte screen (the
terminal as a person would see it). The screen answers what a terminal answers (the cursor
position report to ESC [ 6 n, the device attributes), so a leaked query does what it would do on
a real terminal: type into the program.

The terminal also says it supports synchronized output (mode 2026; Textual asks at start), so a
Textual app wraps every frame in ESC [ ? 2026 h ... l; the screen is read only between frames,
never half drawn.

Waiting is always for something to appear, with a generous timeout, never a fixed sleep. On
timeout the error shows the screen, to see what went wrong. `close()` (or leaving the `with`)
ends the program's process group if it is still running and reaps it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Self

import pyte
from pyte.screens import Char, wcwidth  # (pyte's wcwidth: cached)

from server.child import set_size

TIMEOUT = 30.0
"""Seconds to wait for a screen or an exit: generous, as the machine is shared."""

KEYS: dict[str, bytes] = {
    "enter": b"\r",
    "escape": b"\x1b",
    "tab": b"\t",
    "shift+tab": b"\x1b[Z",
    "backspace": b"\x7f",
    "space": b" ",
    "up": b"\x1b[A",
    "down": b"\x1b[B",
    "right": b"\x1b[C",
    "left": b"\x1b[D",
    "home": b"\x1b[H",
    "end": b"\x1b[F",
    "pageup": b"\x1b[5~",
    "pagedown": b"\x1b[6~",
    "delete": b"\x1b[3~",
    "f1": b"\x1bOP",
    "f2": b"\x1bOQ",
    "f3": b"\x1bOR",
    "f4": b"\x1bOS",
    "f5": b"\x1b[15~",
    "ctrl+c": b"\x03",
    "ctrl+q": b"\x11",
}
"""What an xterm sends for each key. A name not listed here is typed as its characters."""

ESCAPE_PAUSE = 0.15
"""A lone Escape is told apart from the start of a key sequence by the silence after it; this
long a pause follows one sent by `press` (Textual waits about 0.1 s before it decides)."""

SYNC_QUERY = b"\x1b[?2026$p"
SYNC_SUPPORTED = "\x1b[?2026;2$y"  # DECRPM: the mode is known (and reset)
FRAME_START = b"\x1b[?2026h"
FRAME_END = b"\x1b[?2026l"

# Run in the child before the program: become a session leader's controlling terminal. The
# child is a session leader (start_new_session), and fd 0 is the pseudo-terminal's slave.
_LAUNCH = (
    "import fcntl, os, sys, termios; "
    "fcntl.ioctl(0, termios.TIOCSCTTY, 0); "
    "os.execvp(sys.argv[1], sys.argv[1:])"
)


class _Screen(pyte.Screen):
    """A pyte screen that answers the program's queries through `reply`."""

    def __init__(self, columns: int, lines: int, reply: Callable[[str], None]) -> None:
        super().__init__(columns, lines)
        self._reply = reply

    def write_process_input(self, data: str) -> None:
        self._reply(data)

    @property
    def display(self) -> list[str]:
        """As pyte's, but a wide character that a narrow one half overwrote shows as a terminal
        shows it, its other half blank: pyte leaves the half behind (a stub "" after a narrow
        character, or a wide one without its stub), and its own display fails on the first."""
        return ["".join(_cells(self.buffer[y], self.columns)) for y in range(self.lines)]


def _cells(line: Mapping[int, Char], columns: int) -> Iterator[str]:
    x = 0
    while x < columns:
        char = line[x].data
        if char and wcwidth(char[0]) == 2 and x + 1 < columns:
            if line[x + 1].data == "":
                yield char  # whole: its stub follows
                x += 2
                continue
            char = " "  # its second half was overwritten
        yield char or " "  # "": the second half of one whose first was overwritten
        x += 1


class TerminalScreen:
    """What a person sees of a terminal: the bytes a program wrote to it (`raw`), fed to a pyte
    screen that answers the program's queries, and waiting for what shows. A subclass connects
    it to a program: it sends what is typed (`_write`), tells the program a new size
    (`_set_size`), feeds what the program writes to `_feed` (from any thread; b"" when the
    output ends) and ends the program in `close`. ptykit's is a program on a pseudo-terminal;
    sshkit's a session over SSH."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self._raw = bytearray()
        self._changed = threading.Condition()
        self._closed = False
        self._replies: list[str] = []  # the terminal's answers, sent once the lock is free
        self._in_frame = False  # between FRAME_START and FRAME_END: the screen is half drawn
        self._screen = _Screen(size[0], size[1], self._replies.append)
        self._stream = pyte.ByteStream(self._screen)

    def _write(self, data: bytes) -> None:
        """Send `data` to the program, as typed."""
        raise NotImplementedError

    def _set_size(self, columns: int, lines: int) -> None:
        """Tell the program the terminal's new size."""
        raise NotImplementedError

    def close(self) -> None:
        """End the program (if it still runs) and stop reading. Safe to call twice."""
        raise NotImplementedError

    # --- the context manager ---------------------------------------------------------------

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    # --- what the program wrote --------------------------------------------------------------

    @property
    def raw(self) -> bytes:
        """Every byte the program has written to the terminal so far."""
        with self._changed:
            return bytes(self._raw)

    def lines(self) -> list[str]:
        """The screen now, one string per line (a wide character's second cell is left out)."""
        with self._changed:
            return list(self._screen.display)

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.lines())

    def wait_until(self, done: Callable[[], bool], what: str, timeout: float = TIMEOUT) -> None:
        """Wait until `done()` (checked after every write of the program) holds."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                # A frame cut off by the end of the program is as drawn as it will ever be.
                if (not self._in_frame or self._closed) and done():
                    return
                left = deadline - time.monotonic()
                if left <= 0 or (self._closed and not done()):
                    state = "exited" if self._closed else "still running"
                    raise TimeoutError(
                        f"waited {timeout:.0f}s for {what}; the program is {state}; "
                        f"the screen:\n{self.text()}"
                    )
                self._changed.wait(left)

    def wait_for(self, text: str, timeout: float = TIMEOUT) -> None:
        """Wait until `text` shows on the screen (within one line)."""
        self.wait_until(
            lambda: any(text in line for line in self._screen.display),
            f"{text!r} on the screen",
            timeout,
        )

    def wait_for_gone(self, text: str, timeout: float = TIMEOUT) -> None:
        """Wait until `text` no longer shows anywhere on the screen."""
        self.wait_until(
            lambda: not any(text in line for line in self._screen.display),
            f"{text!r} to leave the screen",
            timeout,
        )

    def wait_for_bytes(self, data: bytes, timeout: float = TIMEOUT) -> None:
        """Wait until the program has written `data` (anywhere in its output)."""
        self.wait_until(lambda: data in self._raw, f"{data!r} in the output", timeout)

    # --- typing ------------------------------------------------------------------------------

    def send(self, data: bytes | str) -> None:
        """Write `data` to the program as if typed (a str is sent as UTF-8)."""
        self._write(data.encode() if isinstance(data, str) else data)

    def press(self, *keys: str) -> None:
        """Press each key in turn: a name from KEYS ("enter", "f3", "up") or text to type."""
        for key in keys:
            self.send(KEYS.get(key, key.encode()))
            if key == "escape":
                time.sleep(ESCAPE_PAUSE)  # the silence is what makes it a lone Escape

    def click(self, column: int, line: int) -> None:
        """Click the left mouse button on a cell (0-based, as `lines()` counts), as a terminal
        reports it to a program that asked for SGR mouse reports (Textual does): focusing a
        field this way does not depend on where the focus was."""
        at = f"{column + 1};{line + 1}"
        self.send(f"\x1b[<0;{at}M\x1b[<0;{at}m")

    def click_text(self, text: str) -> None:
        """Click the first cell of the first place `text` shows on the screen."""
        for line, shown in enumerate(self.lines()):
            column = shown.find(text)
            if column >= 0:
                self.click(column, line)
                return
        raise AssertionError(f"{text!r} is not on the screen:\n{self.text()}")

    def resize(self, columns: int, lines: int) -> None:
        """Change the terminal's size and tell the program."""
        with self._changed:
            self.size = (columns, lines)
            self._screen.resize(lines, columns)
        self._set_size(columns, lines)

    # --- what the program writes --------------------------------------------------------------

    def _feed(self, data: bytes) -> None:
        """The program wrote `data` (b"": its output ended). Any thread may call this; the
        terminal's answers to queries in it are typed back into the program."""
        with self._changed:
            if not data:
                self._closed = True
                self._changed.notify_all()
                return
            seen = max(0, len(self._raw) - len(FRAME_START))
            self._raw += data
            self._stream.feed(data)
            self._follow_frames(seen)
            replies, self._replies[:] = list(self._replies), []
            self._changed.notify_all()
        for reply in replies:
            with contextlib.suppress(OSError):
                self.send(reply)

    def _follow_frames(self, start: int) -> None:
        """Track frame starts and ends (and answer the question whether there are any) in
        the output from `start` on (a sequence may be split across two reads)."""
        begun = self._raw.rfind(FRAME_START, start)
        ended = self._raw.rfind(FRAME_END, start)
        if begun >= 0 or ended >= 0:
            self._in_frame = begun > ended
        if self._raw.find(SYNC_QUERY, max(0, start - len(SYNC_QUERY))) >= 0:
            self._replies.append(SYNC_SUPPORTED)


class Terminal(TerminalScreen):
    """A running program on a pseudo-terminal; build one with `Terminal.spawn`."""

    def __init__(self, process: subprocess.Popen[bytes], master: int, size: tuple[int, int]):
        super().__init__(size)
        self.process = process
        self._master = master
        self._reader = threading.Thread(target=self._read, name="ptykit-reader", daemon=True)
        self._reader.start()

    @classmethod
    def spawn(
        cls,
        argv: Sequence[str],
        *,
        size: tuple[int, int] = (80, 24),
        env: Mapping[str, str] | None = None,
        cwd: str | Path | None = None,
    ) -> Terminal:
        """Start `argv` on a new pseudo-terminal of `size` (columns, lines). `env` is added to
        a clean copy of this environment: TERM=xterm-256color, no COLUMNS/LINES, no TEXTUAL_*."""
        columns, lines = size
        master, slave = os.openpty()
        set_size(slave, columns, lines)
        child_env = {
            key: value
            for key, value in os.environ.items()
            if key not in ("COLUMNS", "LINES") and not key.startswith("TEXTUAL")
        }
        child_env.update({"TERM": "xterm-256color", "COLORTERM": "truecolor"})
        child_env.update(env or {})
        try:
            process = subprocess.Popen(
                [sys.executable, "-c", _LAUNCH, *argv],
                stdin=slave,
                stdout=slave,
                stderr=slave,
                cwd=cwd,
                env=child_env,
                start_new_session=True,
                close_fds=True,
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)  # the child has it; reading the master ends (EIO) when it exits
        return cls(process, master, size)

    def _write(self, data: bytes) -> None:
        while data:
            written = os.write(self._master, data)
            data = data[written:]

    def _set_size(self, columns: int, lines: int) -> None:
        """The kernel tells the program (SIGWINCH)."""
        set_size(self._master, columns, lines)

    # --- the end -----------------------------------------------------------------------------

    def wait_exit(self, timeout: float = TIMEOUT) -> int:
        """Wait for the program to exit by itself and for its last output; its exit code."""
        code = self.process.wait(timeout)
        self._reader.join(timeout)
        return code

    def close(self) -> None:
        """End the program (its process group: it and anything it started) if it still runs,
        reap it and stop reading. Safe to call twice."""
        if self.process.poll() is None:
            self._signal(signal.SIGTERM)
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self._signal(signal.SIGKILL)
                self.process.wait(TIMEOUT)
        self._reader.join(TIMEOUT)
        if self._master >= 0:
            os.close(self._master)
            self._master = -1

    def _signal(self, number: int) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, number)  # its own session: pgid == pid

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self._master, 65536)
            except OSError as error:
                if error.errno == errno.EINTR:
                    continue
                data = b""  # EIO: every copy of the slave is closed (the program ended)
            self._feed(data)
            if not data:
                return
