"""Work the game's thread does not wait for: the fsyncs that make a closed save durable.

An fsync waits for the disk (milliseconds) and lets other threads run meanwhile, so a game that
closes its save hands the fsyncs to a thread of its own and goes on. That thread is not a
daemon: the process waits for it before it exits, so a save closed is durable once the program
has ended, as before (docs/save-format.md, *When a game is saved*).
"""

from __future__ import annotations

import threading
from collections.abc import Callable

_running: set[threading.Thread] = set()
"""The threads `in_background` started that have not finished."""


def in_background(work: Callable[[], None]) -> None:
    """Run `work` on a thread of its own (here and now while the interpreter is exiting, when
    no thread can start). `work` reports its own failures: what it raises is only printed."""

    def run() -> None:
        try:
            work()
        finally:
            _running.discard(thread)

    thread = threading.Thread(target=run, name="partyline-background")
    _running.add(thread)
    try:
        thread.start()
    except RuntimeError:  # "can't create new thread at interpreter shutdown"
        _running.discard(thread)
        work()


def wait() -> None:
    """Return once all the work `in_background` was given so far is done."""
    for thread in list(_running):
        thread.join()
