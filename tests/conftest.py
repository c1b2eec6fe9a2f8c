"""Suite-wide set-up: the hypothesis profile, loaded before any test module builds its settings
from it (derandomized by default; `HYPOTHESIS_PROFILE=deep` for a long random run); and an
environment that does not depend on the machine's: English unless a test asks for another
language; settings and compiled catalogs in folders of the run's own, never the user's; and
Textual's test pilot told the app is idle sooner (IDLE_SLICE); and the collector's full passes
kept to what the running test made (`pytest_runtest_protocol`)."""

import gc
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import profiles
import pytest
import textual._wait
import textual.screen

profiles.load()

for _name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"
os.environ["PARTYLINE_CONFIG_DIR"] = tempfile.mkdtemp(prefix="partyline-config-")
os.environ["PARTYLINE_CACHE_DIR"] = tempfile.mkdtemp(prefix="partyline-cache-")

IDLE_SLICE = 1 / 100
"""Seconds per slice of the pilot's wait for an app to go idle (Textual's default: 1/50). After
each key, and in each `pause()`, the pilot sleeps a slice at a time until one passes with the
process nearly idle (under 1/20 of the slice in CPU); it waits twice per key, so 40 ms a key at
the least, thousands of times in a run. The slice is a polling interval: a shorter one sees the
same idleness sooner (the idle share, 1/20, is kept). It must stay longer than the app's short
timers, so that one due fires within the slice and makes it read busy: Textual's debounce of a
resize (1/120 s, fixed) and a frame (FRAME). A slice of 1/200 s broke two resize tests."""
FRAME = IDLE_SLICE * (1 / 60) / (1 / 50)
"""Seconds between an in-process app's screen updates (Textual's default: 1/60): a refresh asked
for is drawn within the slice that follows, so the pilot does not take the app for idle before
its screen is drawn. Textual's ratio of slice to frame (1.2) is kept. Apps in child processes
(ptykit, sshkit) keep Textual's defaults."""
textual._wait.SLEEP_GRANULARITY = IDLE_SLICE
textual._wait.SLEEP_IDLE = IDLE_SLICE / 20
textual.screen.UPDATE_PERIOD = FRAME  # read when each screen starts its update timer


@pytest.fixture
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of the test's own (the resume cache's files, compiled catalogs)."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("PARTYLINE_CACHE_DIR", str(folder))
    return folder


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol() -> Iterator[None]:
    """After each test (its teardown done), collect its garbage, then freeze what lives on
    (modules, caches, hypothesis' state) out of the collector's generations. Otherwise every
    full collection walks all that the run has ever kept, a walk that grows with the run
    (about 0.5 s each, some 45 of them in a sample of 69 tests); now it walks what one test
    made.
    Only objects alive between tests are frozen: a test's own objects, cycles included, are
    collected as before (gc.collect first, so no garbage is frozen)."""
    yield
    gc.collect()
    gc.freeze()
