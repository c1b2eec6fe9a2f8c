"""Undo and redo (ruling 10): barriers outside practice mode, none inside it."""

from __future__ import annotations

from typing import Any

import pytest
from ldkit import GAME, Script, bot_game, fold

from core.decisions import IllegalAction
from core.log import DecisionEntry
from core.table import Change, ChangeKind, Table


def snapshot(table: Table) -> tuple[Any, ...]:
    views = tuple(table.view(viewer) for viewer in (None, *range(len(table.seats))))
    narration = tuple(tuple(table.narration(v)) for v in (None, *range(len(table.seats))))
    return (table.log, views, narration, table.decisions(), table.step)


def at_claims(players: int = 4, **kwargs: Any) -> Script:
    s = Script(players, **kwargs)
    s.setup(top=("devil", "sage", "witch", "priest", "mage"), parent=0)
    s.start_turn((1, 1, 1, 1, 1)[: players - 1], "light-hero")
    return s


def test_chance_entries_are_a_barrier() -> None:
    s = at_claims()
    assert not s.table.can_undo()
    with pytest.raises(IllegalAction, match="nothing to undo"):
        s.table.undo()
    assert len(s.table) == 4


def test_a_human_decision_can_be_taken_back_and_redone() -> None:
    s = at_claims()
    before = snapshot(s.table)
    s.table.decide(1, "warrior")
    after = snapshot(s.table)
    assert s.table.can_undo() and not s.table.can_redo()
    s.table.undo()
    assert snapshot(s.table) == before
    assert s.table.can_redo()
    s.table.redo()
    assert snapshot(s.table) == after
    assert not s.table.can_redo()
    with pytest.raises(IllegalAction, match="nothing to redo"):
        s.table.redo()


def test_another_seats_decision_is_a_barrier() -> None:
    s = at_claims()
    s.table.decide(1, "warrior")
    s.table.decide(2, "mage")
    s.table.undo()  # Chi's claim
    assert not s.table.can_undo()  # Bea's claim is behind Chi's
    assert s.table.decision_for(2) is not None


def test_successive_undos_take_back_the_same_seats_decisions() -> None:
    s = at_claims(3)
    s.table.decide(1, "silent")
    s.table.decide(2, "silent")
    start = snapshot(s.table)
    s.table.decide(0, "light-hero")  # the parent's claim
    s.table.decide(0, "party")  # and verdict
    s.table.undo()
    s.table.undo()
    assert snapshot(s.table) == start
    assert not s.table.can_undo()  # Chi's claim comes before
    s.table.redo()
    s.table.redo()
    assert s.table.decision_for(0) is not None
    assert s.table.decision_for(0).name == "party"  # type: ignore[union-attr]


def test_a_bot_seats_decision_is_a_barrier() -> None:
    s = at_claims(3, bots=[2])
    s.table.decide(1, "silent")
    s.table.decide(2, "silent")  # seat 2 is a bot
    assert not s.table.can_undo()


@pytest.mark.parametrize("verdict", ["party", "give-up"])
def test_a_reveal_is_a_barrier(verdict: str) -> None:
    s = at_claims(3)
    s.claims()
    s.table.decide(0, verdict)
    if verdict == "party":
        assert s.table.can_undo()  # choosing to fight reveals nothing yet
        s.put({"seat": 0, "decision": "party", "choice": [1]})
        assert s.table.step.chance is not None  # not drawn yet: the party entry is the last
    assert not s.table.can_undo()


def test_a_decision_followed_by_chance_cannot_be_undone() -> None:
    s = at_claims(3)
    s.claims()
    s.party(1, 2)
    s.dice(1, 1)
    s.dice(3)  # Bea's Devil: reroll?
    s.table.decide(1, "reroll")  # draws the reroll at once
    assert len(s.table.log) > 0 and not s.table.can_undo()


def test_a_new_decision_ends_redo() -> None:
    s = at_claims()
    s.table.decide(1, "warrior")
    s.table.undo()
    s.table.decide(1, "sage")
    assert not s.table.can_redo()
    assert s.view(0).board.claims[1] == "sage"


def test_undo_and_redo_notify_subscribers() -> None:
    s = at_claims()
    seen: list[Change] = []
    unsubscribe = s.table.subscribe(seen.append)
    s.table.decide(1, "warrior")
    s.table.undo()
    s.table.redo()
    assert [change.kind for change in seen] == [ChangeKind.ENTRY, ChangeKind.UNDO, ChangeKind.REDO]
    assert [change.log_length for change in seen] == [5, 4, 5]
    unsubscribe()
    s.table.undo()
    assert len(seen) == 3


def test_practice_undo_goes_back_to_and_through_the_last_human_decision() -> None:
    s = at_claims(3, practice=True, bots=[1, 2])
    s.claims()  # Bea, Chi (bots), then Aki
    s.decide(0, "verdict", "party")
    before_party = snapshot(s.table)
    s.decide(0, "party", [1, 2])  # a reveal
    s.dice(1, 1)  # chance
    s.dice(4)  # Bea's Devil
    s.decide(1, "reroll", "keep")  # a bot decision
    s.dice(4)  # Chi's Sage: the battle ends, the next turn's HP is due
    after = snapshot(s.table)
    assert s.table.can_undo()
    s.table.undo()
    assert snapshot(s.table) == before_party
    s.table.redo()
    assert snapshot(s.table) == after
    s.table.undo()
    s.table.undo()  # the verdict
    s.table.undo()  # Aki's claim; the bots' claims came before it and stay
    assert len(s.table) == 6
    assert s.table.decision_for(0) is not None
    assert not s.table.can_undo()  # no human decision left


def test_practice_undo_needs_a_human_decision() -> None:
    s = at_claims(3, practice=True, bots=[0, 1, 2])
    s.claims()
    assert not s.table.can_undo()


def test_practice_undo_all_the_way_back_and_redo_all_across_snapshots() -> None:
    table = bot_game(5, 193, keep_cards=True, humans=True, practice=True)
    assert table.over and len(table) > 64  # beyond the first snapshot
    states = fold(table)
    log = table.log
    undos = 0
    while table.can_undo():
        table.undo()
        undos += 1
        position = len(table)
        assert table.log == log[:position]
        for viewer in (None, 0, 2):
            assert table.view(viewer) == GAME.view(states[position], viewer)
    assert len(table) == 4  # set-up, boss HP and hero draw: before the first decision
    for _ in range(undos):
        table.redo()
    assert table.log == log
    assert table.over and table.view(None) == GAME.view(states[-1], None)
    for position in (0, 1, 63, 64, 65, len(log)):
        assert table.view_at(position, 1) == GAME.view(states[position], 1)


def test_an_applied_entry_ends_redo_too() -> None:
    s = at_claims(3)
    s.table.decide(1, "warrior")
    s.table.undo()
    s.decide(1, "claim", "sage")  # through Table.apply, as a save or a replay would
    assert not s.table.can_redo()
    s.decide(2, "claim", "silent")  # Chi's turn was not skipped
    assert s.view(None).board.claims == (None, "sage", "silent")


def test_the_end_of_the_game_is_a_barrier() -> None:
    """The results and the replay as everyone show every secret: no undo back into the game."""
    table = bot_game(4, 1, humans=True)
    last = table.log[-1]
    assert table.over and isinstance(last, DecisionEntry) and table.seats[last.seat].is_human
    assert not table.can_undo()
    with pytest.raises(IllegalAction, match="nothing to undo"):
        table.undo()
    assert table.over
