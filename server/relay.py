"""The bytes between one SSH channel and one app child, both ways, with the session's limits.

Output: whatever the child writes to its terminal goes to the channel as it is (binary mode; the
terminal is the client's). When the channel's send buffer is full (a slow client), reading from
the child stops until it drains, so a session's memory stays bounded; the child then blocks on its
own terminal.

Input: keystrokes go to the child's terminal through the input rate limit (a token bucket: the rate
on average, bursts of BURST_SECONDS' worth), as they came: a byte that is not UTF-8 (a Latin-1
terminal's "é", a raw 8-bit CSI) is the app's to read as U+FFFD (tui/undecodable.py). Input the
child is not reading yet waits here, and past INPUT_BACKLOG bytes the channel stops reading (the
client's SSH window closes). A session without input for the idle timeout is closed. When the
server closes a session it first puts the client's terminal back as it was (Textual had it in its
alternate screen, with the mouse reported) and then says why in one line.

The end: the child exiting ends the session with its exit status once its last output is sent;
the channel closing (the client went away) stops the child (SIGHUP to its process group, SIGKILL
after STOP_GRACE seconds). Either way the child is reaped as soon as it exits.
"""

from __future__ import annotations

import asyncio
import errno
import os
import signal
from collections.abc import Callable

import asyncssh

from core.i18n import DEFAULT_LANGUAGE, N_, Translator, translator
from core.narration import Message, Text
from server.child import AppChild
from server.limits import BURST_SECONDS, Limits, TokenBucket

READ_SIZE = 65536
INPUT_BACKLOG = 65536
STOP_GRACE = 2.0
"""Seconds a child has to end after SIGHUP before SIGKILL."""
SIGHUP_THEN_SIGKILL = N_("SIGHUP, then SIGKILL after {seconds:g} s")
IDLE = N_("no input for {seconds:g} s")
TOO_FAST = N_("input faster than {rate} bytes a second")
"""Why a limit closed a session, as the operator's log says it."""
OUTPUT_GRACE = 1.0
"""Seconds to wait for the last output of a child that has exited (its terminal's buffer)."""

RESTORE_TERMINAL = (
    b"\x1b[?1049l"  # leave the alternate screen
    b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l"  # stop reporting the mouse
    b"\x1b[?1004l\x1b[?2004l"  # focus events, bracketed paste
    b"\x1b[<u"  # the kitty keyboard protocol
    b"\x1b[0m\x1b[?25h"  # plain text, a visible cursor
)
"""What puts a terminal back after an app that did not get to restore it: every sequence is a
reset that a terminal which never saw the matching set ignores."""


class Relay:
    """Relays one session. `on_end` is called once, when the session is over on both sides
    (the child reaped)."""

    def __init__(
        self,
        chan: asyncssh.SSHServerChannel[bytes],
        child: AppChild,
        limits: Limits,
        on_end: Callable[[Relay], None],
        translate: Callable[[], Translator] | None = None,
        on_limit: Callable[[Message], None] | None = None,
    ) -> None:
        """`translate` gives the translator of the language the player reads now (the app's,
        which the player may switch), for what the server tells the client; else English.
        `on_limit` is told why, when a limit closes the session (for the operator's log)."""
        self._translate = translate or (lambda: translator(DEFAULT_LANGUAGE))
        self._on_limit = on_limit or (lambda why: None)
        self._loop = asyncio.get_running_loop()
        self._chan = chan
        self.child = child
        self._limits = limits
        self._on_end = on_end
        self._bucket = TokenBucket(
            limits.input_rate, limits.input_rate * BURST_SECONDS, self._loop.time()
        )
        self._backlog = bytearray()
        self._reading_input = True
        self._writing_input = False
        self._output_open = True
        self._output_paused = False
        self._closing = False  # the session is over for the client: no more bytes either way
        self._ended = False
        self.stopped_with: Text = ""
        """How the server stopped the child, for the log ("": it exited by itself): "SIGHUP",
        or SIGHUP_THEN_SIGKILL if it was still there after STOP_GRACE."""
        self._last_input = self._loop.time()
        self._timers: list[asyncio.TimerHandle] = [
            self._loop.call_later(limits.idle_timeout, self._check_idle)
        ]
        self._loop.add_reader(child.master, self._read_output)
        self._loop.add_reader(child.pidfd, self._child_exited)

    # --- from the client -------------------------------------------------------------------

    def input(self, data: bytes) -> None:
        """Keystrokes from the client."""
        if self._closing:
            return
        now = self._loop.time()
        self._last_input = now
        if not self._bucket.take(len(data), now):
            self._on_limit(Message(TOO_FAST, rate=self._limits.input_rate))
            self._end(self._limits.input_flood(self._translate()))
            return
        self._backlog += data
        self._write_input()

    def resize(self, columns: int, lines: int) -> None:
        """The client's window changed (already made safe)."""
        if not self._closing:
            self.child.resize(columns, lines)

    def _write_input(self) -> None:
        while self._backlog and self.child.master >= 0:
            try:
                written = os.write(self.child.master, self._backlog)
            except BlockingIOError:
                break
            except OSError:  # the child's terminal is gone: it is ending
                self._backlog.clear()
                break
            del self._backlog[:written]
        waiting = bool(self._backlog) and self.child.master >= 0
        if waiting != self._writing_input:
            if waiting:
                self._loop.add_writer(self.child.master, self._write_input)
            else:
                self._loop.remove_writer(self.child.master)
            self._writing_input = waiting
        full = len(self._backlog) >= INPUT_BACKLOG
        if full == self._reading_input:
            self._reading_input = not full
            if full:
                self._chan.pause_reading()
            else:
                self._chan.resume_reading()

    def _check_idle(self) -> None:
        left = self._last_input + self._limits.idle_timeout - self._loop.time()
        if left > 0:
            self._timers.append(self._loop.call_later(left, self._check_idle))
        else:
            self._on_limit(Message(IDLE, seconds=self._limits.idle_timeout))
            self._end(self._limits.idle(self._translate()))

    # --- from the child --------------------------------------------------------------------

    def _read_output(self) -> None:
        try:
            data = os.read(self.child.master, READ_SIZE)
        except BlockingIOError:
            return
        except OSError as error:
            if error.errno == errno.EINTR:
                return
            data = b""  # EIO: the child's side of the terminal is closed, all output read
        if not data:
            self._stop_output()
            self._maybe_end()
            return
        if not self._closing:
            self._chan.write(data)

    def pause_output(self) -> None:
        """The channel's send buffer is full: stop reading the child until it drains."""
        if self._output_open and not self._output_paused:
            self._loop.remove_reader(self.child.master)
        self._output_paused = True

    def resume_output(self) -> None:
        if self._output_open and self._output_paused:
            self._loop.add_reader(self.child.master, self._read_output)
        self._output_paused = False

    def _stop_output(self) -> None:
        if self._output_open:
            self._output_open = False
            if not self._output_paused:
                self._loop.remove_reader(self.child.master)
            if self._writing_input:
                self._loop.remove_writer(self.child.master)
                self._writing_input = False

    def _child_exited(self) -> None:
        if not self.child.exited():
            return  # woken early
        self._loop.remove_reader(self.child.pidfd)
        self.child.reap()
        if self._output_open:
            # Its last frame (and Textual's own restoring of the terminal) may still be on
            # the way through the terminal: read what is there, then give up after a moment.
            self._timers.append(self._loop.call_later(OUTPUT_GRACE, self._give_up_output))
        self._maybe_end()

    def _give_up_output(self) -> None:
        self._stop_output()
        self._maybe_end()

    # --- the end ---------------------------------------------------------------------------

    def close(self, message: str | None = None) -> None:
        """End the session from the server's side: stop relaying, put the client's terminal
        back and tell it `message` (a catalog message, one line, told in the session's
        language; None: the client is gone), stop the child."""
        self._end(None if message is None else self._translate()(message))

    def _end(self, message: str | None) -> None:
        if self._closing:
            return
        self._closing = True
        self._stop_output()
        self._backlog.clear()
        if message is not None and not self._chan.is_closing():
            self._chan.write(RESTORE_TERMINAL + b"\r\n" + message.encode() + b"\r\n")
            self._chan.exit(1)
        if self.child.running:
            self.child.signal(signal.SIGHUP)
            self.stopped_with = "SIGHUP"
            self._timers.append(self._loop.call_later(STOP_GRACE, self._kill))
        self._maybe_end()

    def _kill(self) -> None:
        """The grace is over: SIGKILL the child, and say so, only if it is still there (one
        that exited is reaped on its own)."""
        if self.child.exited():
            return
        self.child.signal(signal.SIGKILL)
        self.stopped_with = Message(SIGHUP_THEN_SIGKILL, seconds=STOP_GRACE)

    def _maybe_end(self) -> None:
        """Once the child is reaped and its output is done: report its exit to the client (if
        the session is still the client's), let go of the terminal and the folder, finish."""
        if self._ended or self.child.running or self._output_open:
            return
        self._ended = True
        for timer in self._timers:
            timer.cancel()
        self.child.close_terminal()
        self.child.remove_folder()
        if not self._closing:
            self._closing = True
            code = self.child.exit_code or 0
            self._chan.exit(code if code >= 0 else 128 - code)
        self._on_end(self)
