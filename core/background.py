"""Work the game's thread does not wait for: the fsyncs that make a closed save durable.

An fsync waits for the disk (milliseconds) and lets other threads run meanwhile, so a game that
closes its save hands the fsyncs to a thread of its own and goes on. The process waits for that
work before it exits (at exit, `wait`), so a save closed is durable once the program has ended,
as before (docs/save-format.md, *When a game is saved*).

The thread is started with `_thread`, not `threading.Thread`: a Thread's start waits until the
new thread has run (an event, handed to it through the GIL), 0.15-0.4 ms a game measured on a
busy machine against 0.03 ms, and its join is what made the process wait; `_pending` does that
here instead.
"""

from __future__ import annotations

import _thread
import atexit
import threading
from collections.abc import Callable

_pending = 0
"""How many pieces of work `in_background` was given that have not finished."""
_idle = threading.Condition(threading.Lock())
"""Guards `_pending`; notified when it falls to 0."""


def in_background(work: Callable[[], None]) -> None:
    """Run `work` on a thread of its own (here and now while the interpreter is exiting, when
    no thread can start). `work` reports its own failures: what it raises is only printed."""
    global _pending

    def run() -> None:
        try:
            work()
        finally:
            _finished()

    with _idle:
        _pending += 1
    try:
        _thread.start_new_thread(run, ())
    except RuntimeError:  # "can't create new thread at interpreter shutdown"
        _finished()
        work()


def _finished() -> None:
    global _pending
    with _idle:
        _pending -= 1
        if not _pending:
            _idle.notify_all()


def wait() -> None:
    """Return once all the work `in_background` was given so far is done."""
    with _idle:
        _idle.wait_for(lambda: not _pending)


# At exit, before the interpreter joins its threads and before atexit's functions (weakref's
# finalizers among them, which would close the files the work still uses): threading's own hook
# for this (concurrent.futures waits for its workers with it), or atexit where there is none.
getattr(threading, "_register_atexit", atexit.register)(wait)
