"""Whose eyes the screen uses: the session's seat logic, without Textual."""

from __future__ import annotations

import itertools

from tuikit import ONE_HUMAN, TWO_HUMANS, ld_table

from core.decisions import Choice, Decision, DecisionKind
from core.table import Seat, SeatKind
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


def test_hot_seat_hands_over_only_through_the_curtain() -> None:
    session = Session(ld_table(TWO_HUMANS))
    assert session.view() is None and session.narration() == []
    handovers = []
    while not session.table.over:
        target = session.curtain_for()
        if target is not None:
            assert session.my_decision() is None
            handovers.append(target)
            session.pass_to(target)
            continue
        if session.play_bot():
            continue
        decision = session.my_decision()
        assert decision is not None and decision.seat == session.viewer
        session.decide(first(decision))
    assert {0, 1} <= set(handovers)
    assert all(a != b for a, b in itertools.pairwise(handovers))


def test_all_bots_is_watched_as_everyone() -> None:
    seats = tuple(Seat(f"Bot {n}", SeatKind.BOT, "random") for n in range(3))
    session = Session(ld_table(seats))
    assert session.spectator and session.viewer is None and session.curtain_for() is None
    assert session.view() is not None
