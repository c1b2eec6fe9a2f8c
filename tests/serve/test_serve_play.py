"""Whole games at the server's tables over real SSH: people in their own terminals create a
table, sit, start and play it to its results by keys (tests/mirrorkit.py), each seeing only their
seat; what one seat may read alone never reaches another's terminal; the table chat; a refused
request is one line and changes nothing."""

from __future__ import annotations

from pathlib import Path

from mirrorkit import TablePlay, assert_secret_kept, create_table, defaults, login
from sshkit import Server, SSHTerminal

SERVE = ("--guests", "--bot-pace", "instant")
WIDE = (160, 40)


def test_three_players_play_light_and_dark_over_ssh_with_a_bot_chat_and_no_leak(
    tmp_path: Path,
) -> None:
    names = ("Aki", "Bea", "Cho", "")
    with Server.start(tmp_path, *SERVE) as server:
        # Cho plays at 80x24; Aki and Bea on wide terminals, for the secrets' check.
        sizes = (WIDE, WIDE, (80, 24))
        terms = [
            SSHTerminal.connect(server, name, size=size)
            for name, size in zip(names, sizes, strict=False)
        ]
        try:
            for term, name in zip(terms, names, strict=False):
                login(term, name)
            aki, bea, cho = terms
            create_table(aki, "light-and-dark", 4, bots=(3,), seed=42)
            for term in (bea, cho):
                term.wait_for("#1 Light and Dark")
                term.press("enter")
                term.wait_for("You are at seat")
            aki.wait_for("F2 starts the game")
            cho.wait_for("Waiting for Aki to start the game.")
            aki.press("f2")
            play = TablePlay.of(
                "light-and-dark",
                names,
                (3,),
                defaults("light-and-dark"),
                42,
                {0: aki, 1: bea, 2: cho},
            )
            # The table chat: one line, seen by the others beside their log.
            bea.wait_for("t: say a line to the table")
            bea.press("t", *"Aki is lying", "enter")
            aki.wait_for("Bea: Aki is lying")
            cho.wait_for("Bea: Aki is lying")
            # The line takes no more than the server's 200 cells: 150 wide characters typed,
            # the first 100 said, and why the rest was not taken is one line.
            cho.press("t", *("闇" * 150))
            cho.wait_for("the chat line is full: at most 200 cells")
            cho.press("enter")
            aki.wait_for("Cho: 闇闇闇闇")
            # A line the server refuses (a control character, pasted) is one error line.
            cho.press("t", "\x1b[200~bell\x07\x1b[201~", "enter")
            cho.wait_for('the chat line "bell\\x07" contains a control')
            # Cho steps away to the lobby (the seat waits for Cho: "away") and sits again:
            # back at the seat, with the game as it stands.
            cho.press("escape")
            cho.wait_for("away: Cho")
            cho.press("enter")
            cho.wait_for("you are Cho  |")
            play.new_screen(2)
            # A choice that is no option: one line, and the game goes on as it stood (the
            # mirror, which never saw it, plays on in step with the server).
            play.play_bots()
            first = next(d.seat for d in play.mirror.decisions() if d.seat in play.terms)
            play.terms[first].wait_for("Your move")
            play.terms[first].press("0")
            play.terms[first].wait_for("there is no option 0")
            play.play()
            for term in terms:
                term.wait_for("Game over")
            summary = play.mirror.result()
            assert summary is not None
            for term in terms:
                term.wait_for(str(summary.summary)[:30])
            assert b"\x07" in aki.raw  # the turn bell
            assert_secret_kept(play, 1, 0)  # Bea's role, as she drew it
            assert_secret_kept(play, 0, 1)
        finally:
            for term in terms:
                term.close()


def test_two_players_in_their_languages_play_dangerous_over_ssh_and_the_party_stays_secret(
    tmp_path: Path,
) -> None:
    names = ("Aki", "Bea")
    with Server.start(tmp_path, *SERVE) as server:
        terms = [SSHTerminal.connect(server, name, size=WIDE) for name in names]
        try:
            for term, name in zip(terms, names, strict=True):
                login(term, name)
            aki, bea = terms
            # Each reads the lobby in their own language: Bea switches to Japanese, Aki's
            # stays English (and Bea comes back to English to play).
            bea.press("l")
            bea.wait_for("募集中の卓")
            bea.wait_for("言語: 日本語")
            assert "Open tables" in aki.text() and "Language: English" in aki.text()
            bea.press("l")
            bea.wait_for("Open tables")
            create_table(aki, "dangerous", 2, bots=(), seed=3, turns=1)
            bea.wait_for("#1 Dangerous")
            bea.press("enter")
            aki.wait_for("F2 starts the game")
            aki.press("f2")
            play = TablePlay.of(
                "dangerous", names, (), defaults("dangerous", turn_limit=1), 3, {0: aki, 1: bea}
            )
            play.play()
            for term in terms:
                term.wait_for("Game over")
            assert_secret_kept(play, 1, 0)  # Bea's secret choices: her final party
            assert_secret_kept(play, 0, 1)
        finally:
            for term in terms:
                term.close()
