"""The tests' terminal (tests/ptykit.py, pyte underneath) shows a wide character that a narrow
one half overwrote as a terminal does: the other half blank. pyte keeps the half left behind,
and its own `display` then fails with IndexError: reading the Japanese lobby after the server
wrote its closing line over it did (issue 12)."""

from __future__ import annotations

import pytest
from ptykit import TerminalScreen


def screen_after(*writes: bytes) -> list[str]:
    term = TerminalScreen((24, 2))
    for data in writes:
        term._feed(data)
    return [line.rstrip() for line in term.lines()]


@pytest.mark.parametrize(
    ("overwrite", "shown"),
    [
        (b"\x1b[1;1Hx", "x い"),  # over the first half of あ
        (b"\x1b[1;2Hy", " yい"),  # over its second half
        (b"\x1b[1;3Hzz", "あzz"),  # over the whole of い
        (b"\x1b[1;2H\xe3\x81\x86", " う"),  # a wide one over the second half of あ, い's first
    ],
)
def test_a_half_overwritten_wide_character_shows_as_a_terminal_shows_it(
    overwrite: bytes, shown: str
) -> None:
    assert screen_after("あい".encode(), overwrite)[0] == shown


def test_the_session_closing_line_over_a_japanese_screen_reads() -> None:
    lines = screen_after("\x1b[2;1H募集中の卓".encode(), "\x1b[2;1Hpartyline: 4 秒".encode())
    assert lines[1] == "partyline: 4 秒"
