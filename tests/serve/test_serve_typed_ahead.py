"""Keys that arrive together over SSH (a fast typist: several keys in one packet) are taken in
the order they were typed, editing keys too: Textual's Input ran its Backspace, arrows and Enter
only once the key had bubbled up to the app, after the characters typed behind them
(tui/widgets/typedinput.py)."""

from __future__ import annotations

from pathlib import Path

from mirrorkit import create_table
from sshkit import Server, SSHTerminal


def at_a_table(term: SSHTerminal) -> None:
    """From the lobby to the game screen of a new Light and Dark table of three, two bots."""
    term.wait_for("Open tables")
    create_table(term, "light-and-dark", 3, bots=(1, 2), seed=42)
    term.press("f2")
    term.wait_for("t: say a line to the table")


def test_a_name_and_a_chat_line_typed_ahead_with_corrections_arrive_as_typed(
    tmp_path: Path,
) -> None:
    with (
        Server.start(tmp_path, "--guests", "--bot-pace", "instant") as server,
        SSHTerminal.connect(server, "guest") as term,
    ):
        term.wait_for("Your name at the tables")
        # A, x, Backspace, i, Left, k, End, Enter: in one packet.
        term.send("Ax\x7fi\x1b[Dk\x1b[F\r")
        term.wait_for("you are Aki")
        at_a_table(term)
        term.send("thi thre\x7f\x7fere\r")  # "t" opens the line; one packet again
        term.wait_for("Aki: hi there")


def test_a_key_sent_with_the_enter_of_a_chat_line_starts_the_next_line(tmp_path: Path) -> None:
    """Enter and the key after it in one packet: "hi" is said and "x" is the next line's first
    key (it was wiped with the line sent, tui/widgets/chat.py)."""
    with (
        Server.start(tmp_path, "--guests", "--bot-pace", "instant") as server,
        SSHTerminal.connect(server, "guest") as term,
    ):
        term.wait_for("Your name at the tables")
        term.send("Aki\r")
        at_a_table(term)
        term.send("thi\rx")
        term.wait_for("Aki: hi")
        term.send("y\r")
        term.wait_for("Aki: xy")
