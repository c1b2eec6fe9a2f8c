"""The lobby on a terminal below 80x24 over real SSH: the too-small message alone, as on every
screen; the reconnect code's line (shown by the lobby itself) showed through it, over it."""

from __future__ import annotations

from pathlib import Path

from mirrorkit import login
from sshkit import Server, SSHTerminal


def test_the_lobby_below_the_minimum_shows_only_what_size_it_needs(tmp_path: Path) -> None:
    with (
        Server.start(tmp_path, "--guests") as server,
        SSHTerminal.connect(server, "guest") as term,
    ):
        login(term, "Aki")
        term.wait_for("Your reconnect code: ")
        term.resize(40, 12)
        term.wait_for("is 40×12).")
        assert "reconnect code" not in term.text()
        assert "Write it down" not in term.text()
        term.resize(80, 24)  # and back as it was
        term.wait_for("Your reconnect code: ")
