"""Three people on three terminals make, join and finish a game of Dangerous over real SSH:
one makes the table in the lobby, the two others sit at it, the maker starts it, and all three
play it to its end by keys (tests/mirrorkit.py), each seeing the game-over screen; the final
parties, chosen in secret, reach no other seat's terminal before they are revealed."""

from __future__ import annotations

from pathlib import Path

from mirrorkit import TablePlay, assert_secret_kept, create_table, defaults, login
from sshkit import Server, SSHTerminal

SEED = 32
"""A seed whose three-player game with a turn limit of 1 is among the shortest (40 decisions)."""
WIDE = (160, 40)


def test_three_players_make_join_and_finish_dangerous_over_ssh(tmp_path: Path) -> None:
    names = ("Aki", "Bea", "Cho")
    with Server.start(tmp_path, "--guests", "--bot-pace", "instant") as server:
        # Cho plays at 80x24; Aki and Bea on wide terminals, for the secrets' check.
        sizes = (WIDE, WIDE, (80, 24))
        terms = [SSHTerminal.connect(server, n, size=s) for n, s in zip(names, sizes, strict=True)]
        try:
            for term, name in zip(terms, names, strict=True):
                login(term, name)
            aki, bea, cho = terms
            create_table(aki, "dangerous", 3, bots=(), seed=SEED, turns=1)
            for term, seat in ((bea, 2), (cho, 3)):
                term.wait_for("#1 Dangerous")
                term.press("enter")
                term.wait_for(f"You are at seat {seat}.")
            aki.wait_for("F2 starts the game")
            cho.wait_for("Waiting for Aki to start the game.")
            aki.press("f2")
            play = TablePlay.of(
                "dangerous",
                names,
                (),
                defaults("dangerous", turn_limit=1),
                SEED,
                {0: aki, 1: bea, 2: cho},
            )
            play.play()
            assert play.decided == 40  # every decision of the game was typed by a person
            summary = play.mirror.result()
            assert summary is not None
            for term in terms:
                term.wait_for("Game over")
                term.wait_for(str(summary.summary)[:30])
            assert_secret_kept(play, 0, 1)  # each final party, chosen in secret
            assert_secret_kept(play, 1, 0)
            # Cho's log lines wrap at 80 columns, so only the other half of the check holds
            # there: what Cho's log tells Cho alone is nowhere in the others' bytes.
            for other in (0, 1):
                secrets = play.secrets(2, other)
                assert secrets
                assert [words for words in secrets if words.encode() in terms[other].raw] == []
        finally:
            for term in terms:
                term.close()
