"""A spectator over real SSH (tests/sshkit.py, tests/mirrorkit.py): Dan watches a Light and Dark
table from the lobby and, while Aki plays against two bots, sees the board and whose turn it
is, and never a byte of what Aki's log tells Aki alone; at the end, the results."""

from __future__ import annotations

from pathlib import Path

from mirrorkit import TablePlay, create_table, login, prompt_region
from sshkit import Server, SSHTerminal

from core.games import REGISTRY

SERVE = ("--guests", "--bot-pace", "instant")
WIDE = (160, 40)
"""Wide enough that a log line is one row: a line on screen is a run of bytes."""


def test_a_watcher_over_ssh_sees_the_board_as_the_game_goes_and_no_seats_secret(
    tmp_path: Path,
) -> None:
    names = ("Aki", "", "")
    options = {option.name: option.default for option in REGISTRY["light-and-dark"].options}
    with Server.start(tmp_path, *SERVE) as server:
        aki = SSHTerminal.connect(server, "Aki", size=WIDE)
        dan = SSHTerminal.connect(server, "Dan", size=WIDE)
        try:
            login(aki, "Aki")
            login(dan, "Dan")
            create_table(aki, "light-and-dark", 3, bots=(1, 2), seed=8)
            dan.wait_for("#1 Light and Dark")
            dan.press("w")
            aki.wait_for("watching: Dan")
            aki.press("f2")
            play = TablePlay.of("light-and-dark", names, (1, 2), options, 8, {0: aki})
            # Three of Aki's answers in, the table waits for Aki again: Dan's screen shows it.
            for _ in range(3):
                play.play_bots()
                play.answer(next(d for d in play.mirror.decisions() if d.seat == 0))
            play.play_bots()
            assert any(d.seat == 0 for d in play.mirror.decisions())
            last = play.mirror.public_narration(len(play.mirror) - 1)[-1][:40]
            dan.wait_until(
                lambda: last in dan.text() and "Waiting for Aki" in dan.text(),
                f"Dan's screen at Aki's question, after {last!r}",
            )
            screen = dan.text()
            assert "watching  |  Turn" in screen
            panel = prompt_region(dan)  # the spectator's panel says whose turn it is
            assert panel.startswith("╭─ Watching ─") and "Waiting for Aki" in panel, panel
            for row in ("Boss HP", "Parent", "role cards left"):
                assert row in screen, (row, screen)
            assert "Your move" not in screen and "You hold" not in screen
            # What Aki's log told Aki alone so far: on Aki's terminal, never on Dan's.
            secrets = play.secrets(0, 1)
            assert secrets
            seen = dan.raw
            assert [words for words in secrets if words.encode() in seen] == []
            assert any(words.encode() in aki.raw for words in secrets)
            play.play()
            for term in (aki, dan):
                term.wait_for("Game over")
        finally:
            aki.close()
            dan.close()
