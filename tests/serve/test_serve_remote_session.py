"""A seat's state over the protocol: each state carries only the log lines the client does not
have (an index, not the whole log each time), and tui.remote_session.RemoteSession, fed the
hub's messages, holds exactly what core gives its seat and plays it."""

from __future__ import annotations

from typing import Any

import pytest
from test_serve_tables import Seen, make_hub, play_to_the_end, three_at_light_and_dark

from core.decisions import IllegalAction
from core.i18n import translator
from server.protocol import decode
from tui.remote_session import RemoteSession


def rebuilt_log(messages: list[dict[str, Any]]) -> list[tuple[int, str]]:
    """The log a client holds after applying every state it got, as a client does."""
    lines: list[tuple[int, str]] = []
    for message in messages:
        if message["type"] == "state" and "narration_keep" in message:
            keep = message["narration_keep"]
            lines = [line for line in lines if line[0] <= keep]
            lines += [(number, str(decode(said))) for number, said in message["narration"]]
    return lines


def test_each_state_sends_only_the_new_lines_and_they_add_up_to_the_seats_log() -> None:
    hub, _ = make_hub()
    aki, bea, cho = three_at_light_and_dark(hub)
    table = hub.tables[1]
    game = table.table
    assert game is not None
    play_to_the_end(hub, table, (aki, bea, cho))
    states = [m for m in aki.messages if m["type"] == "state" and "narration" in m]
    assert len(states) > 20
    # No line is ever sent twice: the whole game's states carry the log once.
    assert sum(len(m["narration"]) for m in states) == len(game.narration(0))
    assert rebuilt_log(aki.messages) == game.narration(0)
    assert rebuilt_log(bea.messages) == game.narration(1)


def test_an_undo_sends_where_the_log_was_cut_and_the_client_drops_those_lines() -> None:
    hub, _ = make_hub()
    aki, bea, _cho = three_at_light_and_dark(hub)
    game = hub.tables[1].table
    assert game is not None
    before = len(game)
    aki.say(type="decide", seat=0, choice="silent")
    assert len(game) > before and aki.last("state")["can_undo"]
    aki.say(type="undo")
    assert aki.errors() == []
    assert len(game) == before
    assert bea.last("state")["narration_keep"] == before
    assert bea.last("state")["narration"] == []
    assert rebuilt_log(bea.messages) == game.narration(1)


def session_of(seen: Seen) -> tuple[RemoteSession, list[dict[str, Any]]]:
    """A RemoteSession fed `seen`'s states so far; what it sends is kept (and handed on)."""
    sent: list[dict[str, Any]] = []

    def send(message: dict[str, Any]) -> None:
        sent.append(message)
        seen.say(**message)

    states = [m for m in seen.messages if m["type"] == "state" and "narration" in m]
    session = RemoteSession(send, states[0])
    for state in states[1:]:
        session.apply(state)
    return session, sent


def test_a_remote_session_holds_its_seats_view_decision_and_log_and_plays() -> None:
    hub, _ = make_hub()
    aki, _bea, _cho = three_at_light_and_dark(hub)
    game = hub.tables[1].table
    assert game is not None
    session, sent = session_of(aki)
    assert session.view() == game.view(0)
    assert session.my_decision() == game.decision_for(0)
    assert session.waiting_for() == (0, "claim")
    keep, lines = session.log_lines()
    assert (keep, lines) == (0, game.narration(0))
    assert session.log_lines() == (len(game), [])  # nothing new since
    # An illegal choice is refused here, in one line, and nothing is sent.
    # It names the question as the screen does, as the table would (not the save's 'claim').
    with pytest.raises(IllegalAction) as caught:
        session.decide("nonsense")
    said = str(caught.value)
    assert said.startswith("Aki (claim a role or stay silent): 'nonsense' is not one of"), said
    japanese = translator("ja").text(caught.value.reason)
    assert japanese.startswith("Aki（役職を宣言するか黙る）: 'nonsense' は"), japanese
    assert sent == []
    # A legal one goes to the server; the screen waits for its answer ...
    count, before = len(aki.messages), len(game)
    session.decide("silent")
    assert sent == [{"type": "decide", "seat": 0, "choice": "silent"}]
    assert session.my_decision() is None
    # ... which is the next state: applied, the log grows by the new entries' lines only.
    for message in aki.messages[count:]:
        if message["type"] == "state":
            session.apply(message)
    keep, lines = session.log_lines()
    assert len(game) > before
    assert keep == before and lines == [line for line in game.narration(0) if line[0] > before]
    assert session.view() == game.view(0)
    # The lines come as texts: a reader in Japanese gets the whole log again, in Japanese.
    japanese = translator("ja").text
    assert session.log_lines(japanese) == (0, game.narration(0, render=japanese))
    assert session.log_lines(japanese) == (len(game), [])
    assert any("役職" in said for _, said in game.narration(0, render=japanese))
