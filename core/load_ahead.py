"""A long save replayed in a child process while this one goes on starting (issue 10).

The first open of a long save (not in the resume cache: a save from a friend, or after the cache
was pruned) replays its whole log, strictly: about a third of a second for 5,000 entries of
Dangerous. Starting the app (importing Textual and the game screen) takes about as long and
needs none of it. When a second core is free, `start` forks a child that loads the save exactly
as `resume_cache.load` would, while this process goes on importing; `Ahead.result` waits for it
and takes the table it made.

The table comes back pickled through a pipe that only this process and its child ever hold, in
frames sent as the replay goes (this process unpickles them while the child replays on):
nothing read from a file is unpickled (the child read the save's bytes and replayed them, every
entry checked by the rules, as `saves.loads` does). Whatever goes wrong in the child (the save is
refused, a value that does not pickle, the child killed, a file that loads only up to a hole,
loaded again) and this process loads the save itself with `resume_cache.load`: every error, and
its message, is the one it raises, and a save the cache holds is read from the cache, as before.
A short save, a busy machine (no core free) or a system without fork: the save is loaded here.
"""

from __future__ import annotations

import contextlib
import copyreg
import io
import os
import pickle
import re
import signal
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, BinaryIO

from core import gcpause, resume_cache, saves
from core.games import REGISTRY, get_game
from core.log import Entry
from core.narration import Message, Narration
from core.table import Table

AHEAD_ENTRIES = 500
"""Saves with fewer entries are replayed here (some 40 ms at most): not worth a child."""


class Ahead:
    """A save being loaded: `result` gives it (`resume_cache.load`'s Loaded, or its SaveError)."""

    def __init__(
        self,
        path: Path,
        data: bytes | None = None,
        child: tuple[int, int, str] | None = None,
        game: str = "",
    ) -> None:
        self.path = path
        self._data = data
        """The save's bytes, once read."""
        self._child = child
        """The child's process id, the pipe's end it writes the table to, and the save's resume
        cache key, until read."""
        self.game = game
        """While a child loads the save: the registered game its header seems to name, whose
        modules this process may import meanwhile ("" if none). Only a hint: the load decides."""

    @property
    def in_child(self) -> bool:
        """Whether a child is loading the save (this process has time to import meanwhile)."""
        return self._child is not None

    def cancel(self) -> None:
        """Stop the child loading the save, if one is: nobody is going to take its table."""
        if self._child is not None:
            pid, pipe, _ = self._child
            self._child = None
            os.close(pipe)
            _stop(pid)

    def result(self) -> saves.Loaded:
        """The loaded save, once the child has made it (else loaded here). Raises SaveError as
        `resume_cache.load` does."""
        if self._child is not None:
            pid, pipe, key = self._child
            self._child = None
            handed = _taken(pid, pipe)
            if handed is not None:
                resume_cache.replayed(key, handed)  # (kept on quitting without a second replay)
                return handed
        if self._data is None:
            return resume_cache.load(self.path)
        return resume_cache.loaded_from(self._data, saves.display_path(self.path))


def start(path: Path) -> Ahead:
    """Start loading the save at `path`: in a child process when it is long and not in the
    resume cache (one that is, is read from it now). Raises nothing: any error is `result`'s."""
    try:
        data = saves.read_file(path)
    except saves.SaveError:
        return Ahead(path)  # (`result` says why)
    if data.count(b"[[log]]") < AHEAD_ENTRIES or not _core_free():
        return Ahead(path, data)
    key = resume_cache.cache_key(data)
    cached = resume_cache.read(key)
    if cached is not None:
        return _Loaded(path, cached)
    reading, writing = os.pipe()
    try:
        pid = os.fork()
    except OSError:
        os.close(reading)
        os.close(writing)
        return Ahead(path, data)
    if pid == 0:  # the child: never returns
        _load_and_hand(data, saves.display_path(path), reading, writing)
    os.close(writing)
    return Ahead(path, data, (pid, reading, key), _game_named(data))


def _core_free() -> bool:
    """Can a child run beside this process on a core of its own: this process may use two or
    more, and fewer than all but one are busy with others right now? (Sharing a core, the child
    and the app's start-up slow each other down: the first open took half as long again as
    without a child, measured with another program keeping one of two cores busy.) In a
    container the figures may be the host's: a CPU quota is not seen (both may share one core,
    slower, never wrong), and a busy host leaves the save to this process."""
    if not hasattr(os, "fork"):
        return False
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # (not Linux)
        cores = os.cpu_count() or 1
    return cores > 1 and _busy() < cores - 1


LOADAVG = "/proc/loadavg"
"""Linux's load figures; the fourth is the tasks running or ready to run now, then the total."""


def _busy() -> float:
    """How many cores others keep busy: the tasks running or ready to run right now, besides
    this process (Linux's /proc/loadavg); elsewhere the last minute's load average."""
    try:
        with open(LOADAVG, "rb") as file:
            return int(file.read().split()[3].split(b"/")[0]) - 1
    except (OSError, ValueError, IndexError):
        try:
            return os.getloadavg()[0]
        except OSError:
            return 0.0


class _Loaded(Ahead):
    """A save loaded already (from the resume cache)."""

    def __init__(self, path: Path, loaded: saves.Loaded) -> None:
        super().__init__(path)
        self._loaded = loaded

    def result(self) -> saves.Loaded:
        return self._loaded


_GAME_LINE = re.compile(rb'\ngame = "([a-z0-9-]{1,40})"\n')
"""The header's game line as Partyline writes it."""


def _game_named(data: bytes) -> str:
    """The registered game a save's header names in its `game` line, or "" (a hint)."""
    found = _GAME_LINE.search(data, 0, data.find(b"[[log]]"))
    game = found.group(1).decode() if found else ""
    return game if game in REGISTRY else ""


def _load_and_hand(data: bytes, where: str, reading: int, writing: int) -> None:
    """In the child: load `data` as `resume_cache.load` replays it, handing the entries over to
    the pipe as they are applied (`_Handing`), and exit, without running anything of the
    parent's (no exit handlers, no buffers flushed). Any failure exits with status 1, the last
    frame (the rest of the table) not written."""
    status = 1
    try:
        os.close(reading)
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # (Ctrl-C ends it with the parent)
        _quiet()
        handing = _Handing(writing)
        loaded = saves.loads(data, where, replaying=handing.follow)
        if loaded.table is handing.table:  # (not a table loaded again, up to a hole: here)
            handing.last(loaded)
            status = 0
    finally:
        os._exit(status)


def _quiet() -> None:
    """The child's standard streams on the null device: it never writes to the terminal."""
    null = os.open(os.devnull, os.O_RDWR)
    for stream in (0, 1, 2):
        os.dup2(null, stream)
    os.close(null)


CHUNK = 512
"""Entries a frame: the parent unpickles each while the child replays the next ones, so that
once the replay is done only the last few hundred are left to take."""
_PART, _LAST = 0, 1


class _Handing:
    """The child's side of the pipe: frames, each a pickle of (kind, what). One pickler makes
    them all, and one unpickler reads them: what a frame shares with an earlier one (a name, a
    sentence's template, a card) is sent once. So is each narration line: a long game says the
    same few hundred lines over and over (1,279 different ones of 6,227 in a 5,010-entry game
    of Dangerous), and equal lines are handed over as one (`_pooled`), as the resume cache
    keeps them (the pickle a third of its size, the parent's unpickling a fifth)."""

    def __init__(self, pipe: int) -> None:
        self.pipe = pipe
        self.table: Table | None = None
        """The table the entries handed over were applied to."""
        self.sent = 0
        self._made = io.BytesIO()
        self._pickler = pickle.Pickler(self._made, pickle.HIGHEST_PROTOCOL)
        self._pickler.dispatch_table = _REDUCED
        self._lines: dict[Narration, Narration] = {}
        with contextlib.suppress(ImportError, AttributeError, OSError):  # (Linux: room for all)
            import fcntl

            fcntl.fcntl(pipe, fcntl.F_SETPIPE_SZ, PIPE_BYTES)

    def follow(self, table: Table, entries: list[Entry]) -> Iterator[Entry]:
        """`entries`, to apply to `table` in order; those applied are handed over CHUNK at a
        time."""
        self.table = table
        for start in range(0, len(entries), CHUNK):
            if start:
                self._part(table, start)
            yield from entries[start : start + CHUNK]

    def _part(self, table: Table, upto: int) -> None:
        entries = table._log[self.sent : upto]
        pooled = self._pooled
        meta = [
            (tuple(map(pooled, lines)), reveals, decides)
            for lines, reveals, decides in table._meta[self.sent : upto]
        ]
        kept = table._snapshots
        snapshots = {at: kept[at] for at in range(self.sent + 1, upto + 1) if at in kept}
        self._frame((_PART, entries, meta, snapshots))
        self.sent = upto

    def _pooled(self, line: Narration) -> Narration:
        """The first line handed over equal to `line` (`line` if none was, or it has a value
        that cannot be hashed, a list). Equal lines read the same: the rules fill their lines
        with texts, names and whole numbers (seen in 11 long games of both), never with a
        True or a 1.0 that would equal a 1."""
        try:
            return self._lines.setdefault(line, line)
        except TypeError:
            return line

    def last(self, loaded: saves.Loaded) -> None:
        """The entries not handed over yet, and the rest of the table (`_restored`)."""
        table = loaded.table
        self._part(table, len(table))
        header = (table.game.id, table.seats, table.options, table.seed, table.practice)
        rest = (loaded.created, loaded.rules_version, loaded.note)
        self._frame((_LAST, header, table._state, rest))

    def _frame(self, value: tuple[Any, ...]) -> None:
        self._pickler.dump(value)
        view = memoryview(self._made.getvalue())
        self._made.seek(0)
        self._made.truncate()
        while view:
            view = view[os.write(self.pipe, view) :]


def _message(template: str, params: Mapping[str, object]) -> Message:
    return Message(template, **params)


_REDUCED = {
    **copyreg.dispatch_table,
    # (as made, without a text written out: the default pickles slots as a dict, at twice the
    # cost each way)
    Message: lambda said: (_message, (said.template, said.params)),
    Narration: lambda line: (Narration, line.parts()),
}


PIPE_BYTES = 1 << 20
"""The pipe's room (Linux allows a user up to 1 MiB): the child writes without waiting for the
parent, busy importing, to read (a 5,010-entry game of Dangerous takes about 0.28 MB). Elsewhere
a pipe holds 16-64 KiB, and the child waits for the parent to read from there on: it gains
less."""


def _taken(pid: int, pipe: int) -> saves.Loaded | None:
    """The child's table, once it has exited (None if it did not hand one over whole)."""
    try:
        with open(pipe, "rb") as reading, gcpause.paused():  # (closes the pipe)
            loaded = _received(reading)
    except BaseException:
        _stop(pid)  # (this process is going: so is its child)
        raise
    if loaded is None:  # (a frame that did not come back: the child may be replaying still)
        _stop(pid)
        return None
    _, status = os.waitpid(pid, 0)
    return loaded if status == 0 else None


def _stop(pid: int) -> None:
    """Kill the child and reap it (no zombie left)."""
    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGKILL)
    with contextlib.suppress(OSError):
        os.waitpid(pid, 0)


def _received(reading: BinaryIO) -> saves.Loaded | None:
    """The table from the child's frames, each unpickled as it comes (None: the pipe ended, or
    a frame did not come back, before the last)."""
    frames = pickle.Unpickler(reading)
    log: list[Entry] = []
    meta: list[Any] = []
    snapshots: dict[int, Any] = {}
    try:
        while True:
            kind, *value = frames.load()
            if kind != _PART:
                return _restored(log, meta, snapshots, value)
            entries, lines, states = value
            log += entries
            meta += lines
            snapshots.update(states)
    except Exception:  # (the pipe ended early, or a value did not come back: loaded here)
        return None


def _restored(
    log: list[Entry], meta: list[Any], snapshots: dict[int, Any], last: list[Any]
) -> saves.Loaded:
    (game, seats, options, seed, practice), state, rest = last
    table = Table(get_game(game), seats, options, seed, practice)
    table.restore(log, meta, snapshots, state)
    created, version, note = rest
    return saves.Loaded(table, created, version, note)
