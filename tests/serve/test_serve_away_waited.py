"""The player a table waits for, gone from it: the others' prompt says so ("Waiting for Aki
(away) to ..."), from the state's `waiting` names, until Aki is back at the seat; a watcher
reads it too. Before, "Waiting for Aki to ..." read the same whether Aki was thinking or gone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mirrorkit import create_table, login, prompt_words
from sshkit import Server, SSHTerminal
from test_serve_reconnect import come_back, reconnect_code

from core.errors import reason_of
from core.i18n import translator
from server.protocol import ProtocolError
from tui.remote_session import RemoteSession

WIDE = (120, 40)
ORDER = "to put the party in order."


def test_the_others_read_that_the_player_waited_for_is_away_until_back(tmp_path: Path) -> None:
    with Server.start(tmp_path, "--guests", "--bot-pace", "instant") as server:
        aki, bea, cho = (SSHTerminal.connect(server, "guest", size=WIDE) for _ in range(3))
        try:
            for term, name in ((aki, "Aki"), (bea, "Bea"), (cho, "Cho")):
                login(term, name)
            code = reconnect_code(aki)
            create_table(aki, "dangerous", 2, bots=(), seed=7)
            bea.wait_for("#1 Dangerous")
            bea.press("enter")
            aki.wait_for("F2 starts the game")
            aki.press("f2")
            aki.wait_for("Your move")
            cho.wait_for("playing")
            cho.press("w")
            for term in (bea, cho):
                term.wait_until(
                    lambda term=term: f"Waiting for Aki {ORDER}" in prompt_words(term),
                    "Aki's turn, Aki at the table",
                )
            aki.press("escape")  # Aki steps away to the lobby: the seat waits
            aki.wait_for("Open tables")
            for term in (bea, cho):
                term.wait_until(
                    lambda term=term: f"Waiting for Aki (away) {ORDER}" in prompt_words(term),
                    "Aki shown away",
                )
            aki.close()  # and the connection drops
            aki = come_back(server, "Aki", code)
            aki.wait_for("Your move")
            for term in (bea, cho):
                term.wait_until(
                    lambda term=term: f"Waiting for Aki {ORDER}" in prompt_words(term),
                    "Aki back at the table",
                )
        finally:
            for term in (aki, bea, cho):
                term.close()


def state_of(names: object, bots: list[bool], waiting: object) -> dict[str, Any]:
    """A state message of a Dangerous table before its first entry."""
    return {
        "table": {"id": 1, "game": "dangerous", "waiting": waiting},
        "names": names,
        "bots": bots,
        "narration_keep": 0,
        "narration": [],
        "entries": 0,
    }


def test_a_bots_seat_is_never_away() -> None:
    state = state_of(["Aki", "Bot 2"], [False, True], ["Bot 2"])
    session = RemoteSession(lambda message: None, state)
    assert (session.away(0), session.away(1)) == (False, False)
    session.apply({**state, "table": {"id": 1, "game": "dangerous", "waiting": ["Aki"]}})
    assert (session.away(0), session.away(1), session.away(2)) == (True, False, False)


@pytest.mark.parametrize(
    ("names", "waiting"),
    [
        (["A", "Bea"], "Aki"),  # a string: "A" was away, read letter by letter
        (["A", "Bea"], ["Aki", 7]),
        (["A", "Bea"], {"A": 1}),
        ("AB", []),  # the seats' names too
    ],
    ids=["waiting-str", "waiting-number", "waiting-dict", "names-str"],
)
def test_names_that_are_not_a_list_of_strings_are_a_garbled_state(
    names: object, waiting: object
) -> None:
    session = RemoteSession(lambda message: None, state_of(["A", "Bea"], [False, False], []))
    with pytest.raises(ProtocolError) as caught:
        session.apply(state_of(names, [False, False], waiting))
    assert str(caught.value) == (
        "garbled message: a table's state that cannot be read (names that are not a list of texts)"
    )
    japanese = translator("ja").text(reason_of(caught.value))
    assert "garbled" not in japanese and not japanese.isascii()
    assert (session.names, session.away(0), session.away(1)) == (("A", "Bea"), False, False)
