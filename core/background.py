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

import os
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

_worker: ThreadPoolExecutor | None = None
"""Made at the first work: a program that never closes a save does not load concurrent.futures
(nor the logging it brings), which a first open would wait for."""
_pending: set[Future[None]] = set()
"""The work `in_background` was given that may not have finished."""


def in_background(work: Callable[[], None]) -> None:
    """Run `work` on the worker thread (here and now while the interpreter is exiting, when no
    work can be scheduled). `work` reports its own failures: what it raises is only printed."""
    global _worker
    if _worker is None:
        from concurrent.futures import ThreadPoolExecutor

        _worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="partyline-background")
    try:
        future = _worker.submit(_printing_failures, work)
    except RuntimeError:  # "cannot schedule new futures after interpreter shutdown"
        _printing_failures(work)
        return
    _pending.add(future)


def _printing_failures(work: Callable[[], None]) -> None:
    # (printed by the work itself, so that it is printed before `wait` returns: a future wakes
    # its waiters before it runs its done-callbacks)
    try:
        work()
    except Exception:
        traceback.print_exc()


def wait() -> None:
    """Return once all the work `in_background` was given so far is done."""
    if not _pending:  # (and concurrent.futures not loaded for nothing)
        return
    from concurrent.futures import wait as all_done

    _pending.difference_update(all_done(list(_pending)).done)


def _forget_worker() -> None:
    """In a child made by fork: the worker thread is not there, nor is its work the child's."""
    global _worker
    _worker = None
    _pending.clear()


os.register_at_fork(after_in_child=_forget_worker)
