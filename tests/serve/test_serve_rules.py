"""The server's rules as plain Python: the limits and their refusals, the admission count, the
input token bucket, and what a client may say about its terminal."""

from __future__ import annotations

import pytest

from core.text import MAX_NAME_CELLS
from server.limits import Admission, Limits, TokenBucket
from server.terminal import DEFAULT_SIZE, DEFAULT_TERM, MAX_SIZE, safe_size, safe_term


def test_the_default_limits_are_usable_and_bad_ones_say_which_flag() -> None:
    assert Limits().problems() == []
    bad = Limits(per_address=0, sessions=-1, idle_timeout=0, input_rate=0, name_cells=33)
    assert [str(problem) for problem in bad.problems()] == [
        "--max-per-address must be at least 1, not 0",
        "--max-sessions must be at least 1, not -1",
        "--max-input-rate must be at least 1, not 0",
        "--idle-timeout must be more than 0 seconds, not 0",
        f"--max-name-length must be 1 to {MAX_NAME_CELLS}, not 33",
    ]
    assert Limits(idle_timeout=float("nan")).problems() != []


def test_admission_counts_per_address_and_in_all() -> None:
    admission = Admission(Limits(per_address=2, sessions=3))
    assert admission.admit("10.0.0.1") is None
    assert admission.admit("10.0.0.1") is None
    assert str(admission.admit("10.0.0.1")) == (
        "partyline: too many connections from your address (at most 2)"
    )
    assert admission.admit("10.0.0.2") is None
    assert admission.total == 3
    assert str(admission.admit("10.0.0.3")) == (
        "partyline: the server is full (at most 3 sessions); try later"
    )
    admission.release("10.0.0.1")
    assert admission.admit("10.0.0.3") is None  # a place came free
    assert admission.total == 3


def test_a_refused_connection_is_not_counted() -> None:
    admission = Admission(Limits(per_address=1, sessions=5))
    admission.admit("a")
    for _ in range(10):
        assert admission.admit("a") is not None
    admission.release("a")
    assert admission.total == 0
    assert admission.admit("a") is None


def test_the_bucket_allows_the_rate_on_average_and_bursts_up_to_its_capacity() -> None:
    bucket = TokenBucket(rate=100, capacity=400, now=0.0)
    assert bucket.take(400, now=0.0)  # a full burst
    assert not bucket.take(1, now=0.0)  # nothing left
    assert not bucket.take(60, now=0.5)  # 50 came back, and stay
    assert bucket.take(50, now=0.5)
    assert bucket.take(100, now=1.5)  # a second later: 100 more
    assert bucket.take(400, now=100.0)  # refilled, never beyond the capacity
    assert not bucket.take(1, now=100.0)


def test_names_are_checked_by_the_core_and_against_the_width_limit() -> None:
    limits = Limits(name_cells=6)
    assert limits.name_refusal("Aki") is None
    assert limits.name_refusal("勇者様") is None  # 6 cells
    assert limits.name_refusal("勇者様a") == (
        'partyline: the name "勇者様a" is too wide (7 cells; the limit is 6)'
    )
    assert limits.name_refusal("Bartholomew") == (
        'partyline: the name "Bartholomew" is too wide (11 cells; the limit is 6)'
    )
    assert limits.name_refusal("A\x1b[2Jki") == (
        'partyline: the name "A\\x1b[2Jki" contains a control character (\\x1b)'
    )
    assert limits.name_refusal(" ") == "partyline: the name is blank"


def test_a_terminal_type_passes_only_if_it_looks_like_one() -> None:
    assert safe_term("xterm-256color") == "xterm-256color"
    assert safe_term("screen.xterm-256color") == "screen.xterm-256color"
    assert safe_term("rxvt-unicode+x") == "rxvt-unicode+x"
    for hostile in ("", None, "xterm\x1b]0;owned\x07", "../../etc/passwd", "a b", "x" * 65):
        assert safe_term(hostile) == DEFAULT_TERM


@pytest.mark.parametrize(
    ("asked", "given"),
    [
        ((80, 24), (80, 24)),
        ((0, 0), DEFAULT_SIZE),
        ((120, 0), DEFAULT_SIZE),
        ((10**9, 10**9), MAX_SIZE),
        ((300, 10**6), (300, MAX_SIZE[1])),
        ((1, 1), (1, 1)),
    ],
)
def test_a_window_size_is_capped(asked: tuple[int, int], given: tuple[int, int]) -> None:
    assert safe_size(*asked) == given
