"""Keystrokes that are not UTF-8 over real SSH: a Latin-1 terminal's "é" or a raw 8-bit CSI
(0x9b) reaches the app as it was sent and reads there as U+FFFD, and the app goes on (Textual
reads its terminal as strict UTF-8: one such byte ended the app child with a traceback on the
player's screen; tui/undecodable.py)."""

from __future__ import annotations

import time
from pathlib import Path

from sshkit import Server, SSHTerminal


def test_bytes_that_are_not_utf8_arrive_as_replacement_characters(tmp_path: Path) -> None:
    with (
        Server.start(tmp_path, "--guests") as server,
        SSHTerminal.connect(server, "guest") as term,
    ):
        term.wait_for("Your name at the tables")
        term.send(b"\x9b")  # a raw CSI: a terminal in 8-bit mode
        term.send(b"A\xe9")  # Latin-1 "é", then "ki"
        term.send(b"ki\xe9")  # the first byte of "闇" (e9 97 87) ...
        time.sleep(0.2)
        term.send(b"\x97\x87")  # ... and the rest of it in a later packet
        term.wait_for("\ufffdA\ufffdki闇")
        term.press("enter")
        term.wait_for("you are \ufffdA\ufffdki闇")
        term.wait_for("Open tables")
        assert b"Traceback" not in term.raw
        assert len(server.children()) == 1  # the app still runs
