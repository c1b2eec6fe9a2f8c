"""`paused()`: the cyclic garbage collector off for a stretch of engine work.

Replaying or simulating a game allocates a few container objects (states, tasks, options,
lines) for every entry, and nearly all of them live on in the log or die by reference count at
once; the collector's passes over the young ones found almost nothing to free and cost about 4%
of a Dangerous game. Collection resumes (and catches up) when the stretch ends.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """No automatic collection inside; afterwards the collector is as it was before."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
