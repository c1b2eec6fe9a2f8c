"""ptykit itself: a program on a real pseudo-terminal, with its size, keys, answers and end."""

from __future__ import annotations

import sys
import time

import pytest
from ptykit import Terminal

# A small interactive program: it says what terminal it has, then echoes lines in capitals
# until "bye", and exits with 3. SIGWINCH makes it print the new size.
ECHO = """
import os, signal, sys
def size(*_):
    columns, lines = os.get_terminal_size(0)
    print(f"size {columns}x{lines}", flush=True)
signal.signal(signal.SIGWINCH, size)
foreground = os.tcgetpgrp(0) == os.getpgrp()
print(f"tty {os.isatty(0)} {os.isatty(1)} controlling {foreground}", flush=True)
size()
for line in sys.stdin:
    if line.strip() == "bye":
        break
    print("echo", line.strip().upper(), flush=True)
sys.exit(3)
"""

# Asks the terminal where its cursor is, in raw mode, and prints the answer.
ASK_POSITION = r"""
import os, sys, termios, tty
tty.setraw(0)
os.write(1, b"\x1b[5;7H\x1b[6n")
answer = b""
while not answer.endswith(b"R"):
    answer += os.read(0, 1)
os.write(1, b"\x1b[1;1H" + answer.replace(b"\x1b", b"ESC"))
"""


def python(code: str, size: tuple[int, int] = (80, 24)) -> Terminal:
    return Terminal.spawn([sys.executable, "-c", code], size=size)


def test_a_program_gets_a_controlling_terminal_of_the_size_asked() -> None:
    with python(ECHO, size=(100, 30)) as term:
        term.wait_for("tty True True controlling True")
        term.wait_for("size 100x30")


def test_typed_lines_reach_the_program_and_its_exit_code_comes_back() -> None:
    with python(ECHO) as term:
        term.wait_for("size 80x24")
        term.send("hello\r")
        term.wait_for("echo HELLO")
        term.press(*"日本", "enter")
        term.wait_for("echo 日本")
        term.send("bye\r")
        assert term.wait_exit() == 3
        assert b"echo HELLO" in term.raw


def test_a_resize_reaches_the_program() -> None:
    with python(ECHO) as term:
        term.wait_for("size 80x24")
        term.resize(60, 20)
        term.wait_for("size 60x20")
        assert len(term.lines()) == 20 and len(term.lines()[0]) == 60


def test_the_terminal_answers_a_cursor_position_query_as_a_real_one_does() -> None:
    with python(ASK_POSITION) as term:
        term.wait_for("ESC[5;7R")
        assert term.wait_exit() == 0


def test_waiting_for_what_never_comes_fails_with_the_screen() -> None:
    with python(ECHO) as term:
        term.wait_for("size 80x24")
        with pytest.raises(TimeoutError) as failed:
            term.wait_for("nothing like this", timeout=0.5)
        message = str(failed.value)
        assert "'nothing like this' on the screen" in message and "size 80x24" in message


def test_waiting_fails_at_once_when_the_program_has_ended() -> None:
    with python("print('done')") as term:
        term.wait_for("done")
        start = time.monotonic()
        with pytest.raises(TimeoutError, match="the program is exited"):
            term.wait_for("never")
        assert time.monotonic() - start < 10


def test_close_ends_a_program_that_would_run_for_ever() -> None:
    term = python("import time; print('up', flush=True); time.sleep(3600)")
    with term:
        term.wait_for("up")
    assert term.process.poll() is not None
    term.close()  # twice is harmless
