"""Undo and redo by seat: barriers outside practice mode, none inside it; a seat only ever
takes back its own decisions."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import pytest
from ldkit import GAME, Script, bot_game, fold

from core.agenda import Agenda, Asking, Done, Gather, Task
from core.chance import Outcome
from core.decisions import Choice, Decision, IllegalAction, Option, choose_one
from core.games.base import Applied, GameOption, Narration, Result, Step, View
from core.log import DecisionEntry
from core.table import Change, ChangeKind, Seat, Table


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
    assert not s.table.can_undo(1)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        s.table.undo(1)
    assert len(s.table) == 4


def test_a_human_decision_can_be_taken_back_and_redone() -> None:
    s = at_claims()
    before = snapshot(s.table)
    s.table.decide(1, "warrior")
    after = snapshot(s.table)
    assert s.table.can_undo(1) and not s.table.can_redo(1)
    s.table.undo(1)
    assert snapshot(s.table) == before
    assert s.table.can_redo(1) and not s.table.can_redo(0)
    s.table.redo(1)
    assert snapshot(s.table) == after
    assert not s.table.can_redo(1)
    with pytest.raises(IllegalAction, match="nothing to redo"):
        s.table.redo(1)


def test_another_seats_decision_is_a_barrier() -> None:
    s = at_claims()
    s.table.decide(1, "warrior")
    s.table.decide(2, "mage")
    assert not s.table.can_undo(1)  # Chi's claim came after Bea's
    assert "has decided since" in str(s.table.undo_refusal(1))
    s.table.undo(2)  # Chi's claim
    assert not s.table.can_undo(1)  # Chi's undone claim waits for Chi's redo
    assert not s.table.can_undo(2)  # Bea's claim is behind Chi's
    assert s.table.decision_for(2) is not None


def test_successive_undos_take_back_the_same_seats_decisions() -> None:
    s = at_claims(3)
    s.table.decide(1, "silent")
    s.table.decide(2, "silent")
    start = snapshot(s.table)
    s.table.decide(0, "light-hero")  # the parent's claim
    s.table.decide(0, "party")  # and verdict
    s.table.undo(0)
    s.table.undo(0)
    assert snapshot(s.table) == start
    assert not s.table.can_undo(0)  # Chi's claim comes before
    s.table.redo(0)
    s.table.redo(0)
    assert s.table.decision_for(0) is not None
    assert s.table.decision_for(0).name == "party"  # type: ignore[union-attr]


def test_a_bot_seats_decision_is_a_barrier() -> None:
    s = at_claims(3, bots=[2])
    s.table.decide(1, "silent")
    s.table.decide(2, "silent")  # seat 2 is a bot
    assert not s.table.can_undo(1)
    assert not s.table.can_undo(2)
    assert str(s.table.undo_refusal(2)) == "only a player may take back their own decisions"


@pytest.mark.parametrize("verdict", ["party", "give-up"])
def test_a_reveal_is_a_barrier(verdict: str) -> None:
    s = at_claims(3)
    s.claims()
    s.table.decide(0, verdict)
    if verdict == "party":
        assert s.table.can_undo(0)  # choosing to fight reveals nothing yet
        s.put({"seat": 0, "decision": "party", "choice": [1]})
        assert s.table.step.chance is not None  # not drawn yet: the party entry is the last
    assert not s.table.can_undo(0)
    if verdict == "party":
        assert "revealed hidden information" in str(s.table.undo_refusal(0))
    else:  # the next turn's dice were drawn after the give-up
        assert "dice or a shuffle" in str(s.table.undo_refusal(0))


def test_a_decision_followed_by_chance_cannot_be_undone() -> None:
    s = at_claims(3)
    s.claims()
    s.party(1, 2)
    s.dice(1, 1)
    s.dice(3)  # Bea's Devil: reroll?
    s.table.decide(1, "reroll")  # draws the reroll at once
    assert len(s.table.log) > 0 and not s.table.can_undo(1)
    assert "dice or a shuffle" in str(s.table.undo_refusal(1))


def test_a_new_decision_ends_redo() -> None:
    s = at_claims()
    s.table.decide(1, "warrior")
    s.table.undo(1)
    s.table.decide(1, "sage")
    assert not s.table.can_redo(1)
    assert s.view(0).board.claims[1] == "sage"


def test_undo_and_redo_notify_subscribers() -> None:
    s = at_claims()
    seen: list[Change] = []
    unsubscribe = s.table.subscribe(seen.append)
    s.table.decide(1, "warrior")
    s.table.undo(1)
    s.table.redo(1)
    assert [change.kind for change in seen] == [ChangeKind.ENTRY, ChangeKind.UNDO, ChangeKind.REDO]
    assert [change.log_length for change in seen] == [5, 4, 5]
    unsubscribe()
    s.table.undo(1)
    assert len(seen) == 3


def test_a_change_is_told_to_whoever_was_subscribed_when_it_happened() -> None:
    """Subscribing or unsubscribing while a change is being told leaves that change's round as
    it began: each callback subscribed then is told it once, a new one only the next."""
    s = at_claims()
    seen: list[tuple[str, Change]] = []
    unsubscribe_last: list[Callable[[], None]] = []

    def first(change: Change) -> None:
        seen.append(("first", change))
        if not unsubscribe_last:
            unsubscribe_last.append(s.table.subscribe(late))
        else:
            unsubscribe_last.pop()()

    def late(change: Change) -> None:
        seen.append(("late", change))

    s.table.subscribe(first)
    s.table.subscribe(seen_by("second", seen))
    s.table.decide(1, "warrior")  # `late` subscribes: told from the next change
    s.table.undo(1)  # `late` is told, then unsubscribes
    s.table.redo(1)
    assert [(who, (change.kind, change.log_length)) for who, change in seen] == [
        ("first", (ChangeKind.ENTRY, 5)),
        ("second", (ChangeKind.ENTRY, 5)),
        ("first", (ChangeKind.UNDO, 4)),
        ("second", (ChangeKind.UNDO, 4)),
        ("late", (ChangeKind.UNDO, 4)),
        ("first", (ChangeKind.REDO, 5)),
        ("second", (ChangeKind.REDO, 5)),
    ]


def seen_by(who: str, seen: list[tuple[str, Change]]) -> Callable[[Change], None]:
    return lambda change: seen.append((who, change))


def test_a_callback_subscribed_twice_is_told_twice_until_unsubscribed_once() -> None:
    s = at_claims()
    seen: list[Change] = []
    s.table.subscribe(seen.append)
    unsubscribe = s.table.subscribe(seen.append)
    s.table.decide(1, "warrior")
    assert len(seen) == 2
    unsubscribe()
    s.table.undo(1)
    assert len(seen) == 3
    unsubscribe()  # (it was subscribed twice, and is now once: then not at all)
    with pytest.raises(ValueError):
        unsubscribe()


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
    assert s.table.can_undo(0)
    s.table.undo(0)
    assert snapshot(s.table) == before_party
    s.table.redo(0)
    assert snapshot(s.table) == after
    s.table.undo(0)
    s.table.undo(0)  # the verdict
    s.table.undo(0)  # Aki's claim; the bots' claims came before it and stay
    assert len(s.table) == 6
    assert s.table.decision_for(0) is not None
    assert not s.table.can_undo(0)  # no decision of Aki's left


def test_practice_undo_needs_a_human_decision() -> None:
    s = at_claims(3, practice=True, bots=[0, 1, 2])
    s.claims()
    assert not any(s.table.can_undo(seat) for seat in range(3))


def test_practice_undo_all_the_way_back_and_redo_all_across_snapshots() -> None:
    table = bot_game(5, 193, keep_cards=True, humans=True, practice=True)
    assert table.over and len(table) > 64  # beyond the first snapshot
    states = fold(table)
    log = table.log
    undoers: list[int] = []
    while decided := [entry.seat for entry in table.log if isinstance(entry, DecisionEntry)]:
        table.undo(decided[-1])  # practice: back through everything after that seat's decision
        undoers.append(decided[-1])
        position = len(table)
        assert table.log == log[:position]
        for viewer in (None, 0, 2):
            assert table.view(viewer) == GAME.view(states[position], viewer)
    assert len(table) == 4  # set-up, boss HP and hero draw: before the first decision
    for seat in reversed(undoers):
        assert [other for other in range(5) if table.can_redo(other)] == [seat]
        table.redo(seat)
    assert table.log == log
    assert table.over and table.view(None) == GAME.view(states[-1], None)
    for position in (0, 1, 63, 64, 65, len(log)):
        assert table.view_at(position, 1) == GAME.view(states[position], 1)


def test_an_applied_entry_ends_redo_too() -> None:
    s = at_claims(3)
    s.table.decide(1, "warrior")
    s.table.undo(1)
    s.decide(1, "claim", "sage")  # through Table.apply, as a save or a replay would
    assert not s.table.can_redo(1)
    s.decide(2, "claim", "silent")  # Chi's turn was not skipped
    assert s.view(None).board.claims == (None, "sage", "silent")


def test_the_end_of_the_game_is_a_barrier() -> None:
    """The results and the replay as everyone show every secret: no undo back into the game."""
    table = bot_game(4, 1, humans=True)
    last = table.log[-1]
    assert table.over and isinstance(last, DecisionEntry) and table.seats[last.seat].is_human
    assert not table.can_undo(last.seat)
    assert str(table.undo_refusal(last.seat)) == "the game is over: its end cannot be undone"
    with pytest.raises(IllegalAction, match="the game is over"):
        table.undo(last.seat)
    assert table.over


# --- a secret choice made at once (a toy game on the core agenda) -------------------------------


@dataclass(frozen=True)
class Secret:
    agenda: tuple[Task[Any], ...]
    picks: tuple[Choice, ...] = ()

    def with_agenda(self, agenda: tuple[Task[Any], ...]) -> Secret:
        return replace(self, agenda=agenda)


@dataclass(frozen=True)
class Warmup(Asking[Secret]):
    seat: int

    def ask(self, state: Secret) -> Decision:
        return choose_one(self.seat, "warm-up", "Ready?", (Option("ok", "OK"),))

    def act(self, state: Secret, answer: Any, seat: int) -> Done[Secret]:
        return state, []


@dataclass(frozen=True)
class PickInSecret(Gather[Secret]):
    def seats(self, state: Secret) -> tuple[int, ...]:
        return (0, 1)

    def decision(self, state: Secret, seat: int) -> Decision:
        return choose_one(seat, "secret", "Pick", (Option("rock", "rock"), Option("paper", "p")))

    def reveal(self, state: Secret, answers: Mapping[int, Choice]) -> Done[Secret]:
        return replace(state, picks=(answers[0], answers[1])), [Narration("revealed")]


class SecretGame:
    id = "secret"
    title = "Secret"
    min_players = max_players = 2
    options: tuple[GameOption, ...] = ()
    engine: Agenda[Secret] = Agenda("secret")

    def initial_state(self, names: tuple[str, ...], options: dict[str, Any]) -> Secret:
        return Secret(agenda=(Warmup(0), PickInSecret(), Warmup(1)))

    def pending(self, state: Secret) -> Step:
        return self.engine.pending(state)

    def apply_decision(self, state: Secret, seat: int, choice: Choice) -> Applied[Secret]:
        after, lines = self.engine.decide(state, seat, choice)
        return Applied(after, tuple(lines), reveals=bool(after.picks) and not state.picks)

    def apply_chance(self, state: Secret, outcome: Outcome) -> Applied[Secret]:
        raise AssertionError("no chance here")

    def view(self, state: Secret, viewer: int | None) -> View:
        return View(viewer, "", "", (), None)

    def result(self, state: Secret) -> Result | None:
        return None


def test_a_secret_choice_is_never_reopened_by_another_seat() -> None:
    """Hot seat: seat 1 has chosen in secret and the screen is seat 0's. Seat 0 cannot take back
    seat 1's choice, and seat 1 cannot take it back either while seat 0 is still choosing."""
    table = Table(SecretGame(), (Seat("Aki"), Seat("Ben")), {}, 1)  # type: ignore[arg-type]
    table.decide(0, "ok")
    table.decide(1, "paper")
    assert table.step.simultaneous and [d.seat for d in table.decisions()] == [0]
    assert not table.can_undo(0) and not table.can_undo(1)
    assert str(table.undo_refusal(1)) == "another player is choosing in secret: wait for the reveal"
    with pytest.raises(IllegalAction):
        table.undo(0)
    table.decide(0, "rock")  # the reveal: a barrier
    assert not table.can_undo(0) and not table.can_undo(1)


def test_a_seats_own_warm_up_can_be_undone_before_the_secret_choice_opens() -> None:
    table = Table(SecretGame(), (Seat("Aki"), Seat("Ben")), {}, 1)  # type: ignore[arg-type]
    table.decide(0, "ok")
    assert table.step.simultaneous
    # Both seats are asked now and nobody has answered: Aki's earlier decision is Aki's to undo.
    assert str(table.undo_refusal(0)) == "another player is choosing in secret: wait for the reveal"
    assert not table.can_undo(1)


def test_practice_mode_keeps_secret_choices_closed_too() -> None:
    table = Table(SecretGame(), (Seat("Aki"), Seat("Ben")), {}, 1, practice=True)  # type: ignore[arg-type]
    table.decide(0, "ok")
    table.decide(1, "paper")
    assert not table.can_undo(0) and not table.can_undo(1)
