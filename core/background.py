"""Work the game's thread does not wait for: the fsyncs that make a closed save durable.

An fsync waits for the disk (milliseconds) and lets other threads run meanwhile, so a game that
closes its save hands the fsyncs to a worker thread and goes on. One worker, kept for the life
of the process, does them in turn: starting a thread for each close cost a game 0.15-0.4 ms (a
thread's start waits until it has run), which a process playing game after game (`simulate`,
the server) paid every time. The process waits for the worker's work before it exits
(concurrent.futures joins its workers then, before atexit's functions run), so a save closed is
durable once the program has ended, as before (docs/save-format.md, *When a game is saved*).
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import wait as all_done

_worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="partyline-background")
_pending: set[Future[None]] = set()
"""The work `in_background` was given that has not finished."""


def in_background(work: Callable[[], None]) -> None:
    """Run `work` on the worker thread (here and now while the interpreter is exiting, when no
    work can be scheduled). `work` reports its own failures: what it raises is only printed."""
    try:
        future = _worker.submit(work)
    except RuntimeError:  # "cannot schedule new futures after interpreter shutdown"
        work()
        return
    _pending.add(future)
    future.add_done_callback(_finished)


def _finished(future: Future[None]) -> None:
    _pending.discard(future)
    error = future.exception()
    if error is not None:
        traceback.print_exception(error)


def wait() -> None:
    """Return once all the work `in_background` was given so far is done."""
    all_done(list(_pending))
