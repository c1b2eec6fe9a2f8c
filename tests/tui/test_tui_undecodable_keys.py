"""A key that is not UTF-8 on a real terminal (a Latin-1 terminal's é, a raw 8-bit CSI) reads as
U+FFFD and the app goes on: Textual's driver decoded strictly, and one such byte ended the app
with a traceback (tui/undecodable.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from ptykit import Terminal
from tuikit import SIZE

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("undecodable", [b"\xe9", b"\x9b", b"\xff\xfe", b"\xe6\x97"])
def test_a_byte_that_is_not_utf8_reads_as_a_replacement_and_the_app_goes_on(
    tmp_path: Path, undecodable: bytes
) -> None:
    argv = ["-m", "tui.cli", "play", "light-and-dark", "--seed", "3", "--save-dir", str(tmp_path)]
    with Terminal.spawn([sys.executable, *argv], size=SIZE, cwd=ROOT) as term:
        term.wait_for("Your move")
        term.send(undecodable)
        term.press("1")  # a key after it still answers: the input thread is alive
        term.press("enter")
        term.wait_for("Player 1 stays silent")
        term.press("q")
        assert term.wait_exit() == 0
        assert b"Traceback" not in term.raw
        assert b"UnicodeDecodeError" not in term.raw
