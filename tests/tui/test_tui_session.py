"""Whose eyes the screen uses: the session's seat logic, without Textual."""

from __future__ import annotations

import dataclasses
import random

import pytest
from tuikit import ONE_HUMAN, TWO_HUMANS, ld_table

from core.bots.random_bot import random_choice
from core.decisions import Choice, Decision, DecisionKind
from core.games import REGISTRY, get_game
from core.table import Seat, SeatKind, new_table
from tui.session import Session


def first(decision: Decision) -> Choice:
    if decision.kind is DecisionKind.CHOOSE_SEVERAL:
        return (decision.options[0].id,)
    return decision.options[0].id


def test_one_human_always_looks_and_never_needs_a_curtain() -> None:
    session = Session(ld_table(ONE_HUMAN))
    assert session.viewer == 0
    while not session.table.over:
        assert session.curtain_for() is None
        if not session.play_bot():
            decision = session.my_decision()
            assert decision is not None and decision.seat == 0
            session.decide(first(decision))
        assert session.viewer == 0


def hot_seat_game(session: Session, seed: int = 1) -> list[tuple[str, str]]:
    """Play a hot-seat game to the end, with the curtain's Enter whenever it is up; returns each
    change of hands: ("curtain" or "open", the decision that called for it)."""
    rng = random.Random(seed)
    table = session.table
    handovers: list[tuple[str, str]] = []
    while not table.over:
        before = session.looking
        target = session.hand_over()
        if target is not None:
            assert session.curtain_for() == target and session.my_decision() is None
            assert session.looking == before  # nothing changed hands yet
            session.pass_to(target)
            handovers.append(("curtain", decision_name(session, target)))
            continue
        assert session.curtain_for() is None
        if session.looking != before:
            assert before is not None and session.looking is not None
            handovers.append(("open", decision_name(session, session.looking)))
        if session.play_bot():
            continue
        decision = session.my_decision()
        assert decision is not None and decision.seat == session.viewer
        session.decide(random_choice(decision, rng))
    return handovers


def decision_name(session: Session, seat: int) -> str:
    decision = session.table.decision_for(seat)
    assert decision is not None
    return decision.name


def test_hot_seat_hides_every_role_card_behind_the_curtain() -> None:
    """Light and Dark: every seat holds a hidden role card, so the keyboard changes hands behind
    the curtain every time."""
    session = Session(ld_table(TWO_HUMANS))
    assert session.view() is None and session.log_lines() == (0, [])
    handovers = hot_seat_game(session)
    assert len(handovers) > 4 and {kind for kind, _ in handovers} == {"curtain"}


DG_HOT_SEAT = (Seat("Aki"), Seat("Ben"))


def test_hot_seat_passes_public_moves_without_the_curtain() -> None:
    """Dangerous: placing AP in the meeting and moving are public, so the keyboard changes hands
    at once; the secret final parties go behind the curtain (issue 9, item 8)."""
    table = new_table(get_game("dangerous"), DG_HOT_SEAT, {"turn_limit": 3}, 5)
    handovers = hot_seat_game(Session(table))
    opened = {name for kind, name in handovers if kind == "open"}
    hidden = {name for kind, name in handovers if kind == "curtain"}
    assert {"ap", "move"} <= opened and "ap" not in hidden
    assert {"final-party", "final-order"} <= hidden and not opened & {"final-party", "final-order"}


def test_the_curtain_rises_once_a_screen_shows_a_secret() -> None:
    """The secret final parties: when they open, both screens are alike (no curtain needed);
    once one seat has chosen, each screen shows that seat's own party, which the other may not
    see, and its log says 'You choose ...'."""
    table = new_table(get_game("dangerous"), DG_HOT_SEAT, {"turn_limit": 1}, 4)
    session = Session(table)
    rng = random.Random(3)
    # (Secret answers of who acts first in a battle, line 103, may come before.)
    while not (table.step.simultaneous and table.decisions()[0].name == "final-party"):
        target = session.hand_over()
        if target is not None:
            session.pass_to(target)
            continue
        decision = session.my_decision()
        assert decision is not None
        session.decide(random_choice(decision, rng))
    assert not session.hides_from(0, 1) and not session.hides_from(1, 0)
    assert session.hides_from(None, 0)  # nobody at the screen: whoever is near it may not look
    decision = session.my_decision()
    assert decision is not None and decision.name == "final-party"
    session.decide(random_choice(decision, rng))
    assert table.step.simultaneous  # the other seat still chooses
    assert session.hides_from(0, 1) and session.hides_from(1, 0)


def test_a_game_without_hidden_information_never_needs_the_curtain(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Declared without hidden information, a game passes the keyboard openly every time."""
    open_book = dataclasses.replace(REGISTRY["light-and-dark"], hidden_information=False)
    monkeypatch.setitem(REGISTRY, "light-and-dark", open_book)
    session = Session(ld_table(TWO_HUMANS))
    assert session.curtain_for() is None and session.hand_over() is None
    assert session.viewer is not None and session.view() is not None
    handovers = hot_seat_game(session)
    assert handovers and {kind for kind, _ in handovers} == {"open"}


def test_all_bots_is_watched_as_everyone() -> None:
    seats = tuple(Seat(f"Bot {n}", SeatKind.BOT, "random") for n in range(3))
    session = Session(ld_table(seats))
    assert session.spectator and session.viewer is None and session.curtain_for() is None
    assert session.view() is not None


def test_the_curtain_check_reads_each_entry_once_and_again_after_an_undo(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 10: whether one seat's screen would show another a secret reads the log, so that a
    hand-over late in a long game costs what it costs early: each entry is read once; the
    entries that take the place of undone ones are read again. The answers stay what a fresh
    session, reading everything, gives."""
    table = new_table(get_game("dangerous"), DG_HOT_SEAT, {"turn_limit": 3}, 5, practice=True)
    session = Session(table)
    rng = random.Random(2)

    def play(decisions: int) -> None:
        for _ in range(decisions):
            target = session.hand_over()
            if target is not None:
                session.pass_to(target)
            decision = session.my_decision()
            assert decision is not None
            session.decide(random_choice(decision, rng))

    read: list[int] = []
    public = table.public_narration

    def counted(index: int) -> list[str]:
        read.append(index)
        return public(index)

    monkeypatch.setattr(table, "public_narration", counted)

    def fresh() -> list[bool]:
        return [Session(table).hides_from(*pair) for pair in pairs]

    pairs = [(0, 1), (1, 0)]
    play(12)
    answers = [session.hides_from(*pair) for pair in pairs]
    assert answers == [False, False]  # moves in the open: every entry is read
    assert sorted(read) == sorted(2 * list(range(len(table))))
    assert answers == fresh()
    read.clear()
    assert [session.hides_from(*pair) for pair in pairs] == answers
    assert read == []
    length = len(table)
    play(3)
    read.clear()
    answers = [session.hides_from(*pair) for pair in pairs]
    assert read and min(read) == length  # only the entries since
    assert answers == fresh()
    for _ in range(3):
        session.undo()
        cut = len(table)
        play(1)
        read.clear()
        answers = [session.hides_from(*pair) for pair in pairs]
        assert min(read) == cut  # the entries in place of those undone are read
        assert answers == fresh()
