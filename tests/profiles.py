"""Hypothesis profiles: the same examples on every run by default, many fresh ones on demand.

`default`: derandomized, so every run tests the same examples (picked from a hash of each test)
and a result never depends on what an earlier run found (no example database). Neither a deadline
nor the slow-data health check applies: the speed of the machine must not decide a result. Each
property states its own count of examples with `examples(n)`.

`deep` (HYPOTHESIS_PROFILE=deep): fresh random examples on every run, DEEP_FACTOR times as many,
and the example database in .hypothesis/ so a failure found once is tried first the next time.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

ENV = "HYPOTHESIS_PROFILE"
DEEP_FACTOR = 25
PROFILES = ("default", "deep")
TIMELESS = [HealthCheck.too_slow]  # a health check that measures the machine's speed


def load() -> None:
    """Register both profiles and load the one HYPOTHESIS_PROFILE names (default: `default`)."""
    settings.register_profile(
        "default", derandomize=True, database=None, deadline=None, suppress_health_check=TIMELESS
    )
    settings.register_profile(
        "deep", derandomize=False, deadline=None, suppress_health_check=TIMELESS
    )
    settings.load_profile(chosen())


def chosen() -> str:
    name = os.environ.get(ENV, "default") or "default"
    if name not in PROFILES:
        raise ValueError(f"{ENV}={name!r}: use one of {', '.join(PROFILES)}")
    return name


def examples(count: int) -> int:
    """How many examples a property runs: `count` by default, DEEP_FACTOR times more in deep."""
    return count * DEEP_FACTOR if chosen() == "deep" else count
