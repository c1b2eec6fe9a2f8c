"""A guest who comes back, over real SSH, as a player would: the lobby shows the reconnect code
once it is given; a guest whose connection dropped mid-game gives the name, is asked for the
code, and is back at the seat with the game as it stands (a wrong code is one line); a server
killed with SIGKILL and started again has the table waiting, and the guest, coming back the
same way, plays it to its end."""

from __future__ import annotations

import os
import re
import signal
from pathlib import Path

from mirrorkit import TablePlay, create_table, login, prompt_region
from sshkit import TIMEOUT, Server, SSHTerminal
from test_serve_play import WIDE, defaults

SERVE = ("--guests", "--bot-pace", "instant")
NAMES = ("Ann", "", "")
BOTS = (1, 2)


def reconnect_code(term: SSHTerminal) -> str:
    """The code the lobby shows a guest who took a free name."""
    term.wait_for("Your reconnect code: ")
    found = re.search(r"Your reconnect code: ([0-9a-f]{8})\. Write it down", term.text())
    assert found, term.text()
    return found.group(1)


def come_back(server: Server, name: str, code: str, wrong: str | None = None) -> SSHTerminal:
    """A new SSH session of guest `name`: the name is refused as in use, the code is asked for
    (first `wrong`, refused in one line), and the code given."""
    term = SSHTerminal.connect(server, "guest", size=WIDE)
    term.wait_for("Your name at the tables")
    term.press(*name, "enter")
    term.wait_for(f"the name {name} is in use; to take your seat back")
    term.wait_for("The reconnect code you were given with this name")
    if wrong is not None:
        term.press(*wrong, "enter")
        term.wait_for(f"wrong code for {name}: type it again")
        assert "you are" not in term.text()
    term.press(*code, "enter")
    term.wait_for(f"you are {name}  |")  # the game screen's title: back at the seat
    return term


def wait_for_my_move(play: TablePlay, term: SSHTerminal) -> str:
    """Bots played up to the seat's next question; once the terminal asks it (at the turn the
    game is at: the same question comes every turn), the title line and the question."""
    play.play_bots()
    decision = next(d for d in play.mirror.decisions() if d.seat == 0)
    turn = str(play.mirror.view(0).turn)  # "Turn 2 of 3", as the title says it
    term.wait_until(
        lambda: (
            turn in term.lines()[0]
            and "Your move" in prompt_region(term)
            and str(decision.prompt)[:16] in prompt_region(term)
        ),
        f"the question {decision.prompt!r} ({turn})",
    )
    return f"{term.lines()[0]}\n{decision.prompt}"


def test_a_guest_comes_back_with_the_code_after_a_drop_and_after_the_server_was_killed(
    tmp_path: Path,
) -> None:
    args = (*SERVE, "--save-dir", str(tmp_path / "saves"))
    with Server.start(tmp_path, *args) as server:
        ann = SSHTerminal.connect(server, "guest", size=WIDE)
        try:
            login(ann, "Ann")
            code = reconnect_code(ann)
            create_table(ann, "light-and-dark", 3, bots=BOTS, seed=42)
            ann.wait_for("F2 starts the game")
            ann.press("f2")
            options = defaults("light-and-dark")
            play = TablePlay.of("light-and-dark", NAMES, BOTS, options, 42, {0: ann})
            wait_for_my_move(play, ann)
            play.answer(next(d for d in play.mirror.decisions() if d.seat == 0))
            before = wait_for_my_move(play, ann)
        finally:
            ann.close()  # the connection drops mid-game
        ann = come_back(server, "Ann", code, wrong="0" * 8 if code != "0" * 8 else "1" * 8)
        try:
            play.terms[0] = ann
            play.new_screen(0)
            assert wait_for_my_move(play, ann) == before  # the game as it stands
        finally:
            ann.close()
        os.kill(server.process.pid, signal.SIGKILL)
        server.process.wait(TIMEOUT)
    with Server.start(tmp_path, *args) as server:
        server.wait_for_line("table 1: resumed (playing), waiting for Ann")
        # Someone else tries the name, from a Japanese terminal: the app and the server's
        # refusal (the hello says the app's language) are in Japanese.
        with SSHTerminal.connect(server, "guest", size=WIDE, env={"LANG": "ja_JP.UTF-8"}) as ja:
            ja.wait_for("卓での名前")
            ja.press(*"Ann", "enter")
            ja.wait_for("は使われています。自分の席に戻るには")
        ann = come_back(server, "Ann", code)
        try:
            play.terms[0] = ann
            play.new_screen(0)
            assert wait_for_my_move(play, ann) == before
            # The language key at the table: the screen in Japanese, and the server told (not
            # by a lobby request, which would take the player from the table); then English.
            ann.press("l")
            ann.wait_for("あなたの手番")
            ann.press("l")
            assert wait_for_my_move(play, ann) == before
            play.play()
            ann.wait_for("Game over")
            result = play.mirror.result()
            assert result is not None
            ann.wait_for(str(result.summary)[:30])
        finally:
            ann.close()
        assert server.stop() == 0
