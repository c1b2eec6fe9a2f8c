"""A battle from start to end (rulebook §5): the ambush step, then 1-on-1s, winner stays on,
with the chance to flee after losing a card.

The steps live in their own modules: battle.py reads the battle, ambush.py, duel.py (one
1-on-1), casualties.py (cards falling and what that triggers) and aftermath.py (revival,
spoils, the hand limit).
"""

from __future__ import annotations

from typing import Any

from core.agenda import Asking, Automatic, Done, Task, push
from core.decisions import Decision, Option, choose_one
from core.frozen import replace
from core.games.dangerous.aftermath import SPOILS, take
from core.games.dangerous.ambush import AMBUSH
from core.games.dangerous.battle import (
    combat,
    row,
    side_name,
    tell,
    told,
    with_combat,
    with_duel,
)
from core.games.dangerous.cards import card_name
from core.games.dangerous.duel import queue_duel
from core.games.dangerous.state import Combat, Duel, State
from core.narration import Lines, Message
from core.records import dataclass

FLED = 4  # Duel.winner once the active player has fled


def start_combat(state: State, fight: Combat, then: Task[State], **changes: Any) -> State:
    """Start `fight` (the ambush step, except in the final battle; then 1-on-1s); `then`
    follows its end. `changes` to the state (what set the battle up) go in the same copy."""
    steps = (ONE_ON_ONE, then) if fight.kind == "final" else (AMBUSH, ONE_ON_ONE, then)
    return replace(state, combat=fight, agenda=(*steps, *state.agenda), **changes)


@dataclass(frozen=True)
class OneOnOne(Automatic[State]):
    """The front cards meet in a 1-on-1 (nothing happens once a side is empty)."""

    def run(self, state: State) -> Done[State]:
        if not row(state, 0) or not row(state, 1):
            fight = combat(state)
            if fight.kind in ("lv1", "lv2") and fight.defeated and not row(state, 1):
                # The enemy fell before any 1-on-1 (an ambush): it is still the player's to
                # take, or, with the party gone too, it goes to the discard pile (as in R20).
                if row(state, 0):
                    return push(state, SPOILS), []
                state = with_combat(state, defeated=())
                return take(state, fight.seats[0], fight.defeated, False)
            return state, []
        a, b = row(state, 0)[0], row(state, 1)[0]
        fight = combat(state)
        lines: Lines = []
        log = told(
            fight,
            lines,
            "{card} ({side}) faces {other} ({other_side}).",
            card=card_name(a),
            side=side_name(state, 0),
            other=card_name(b),
            other_side=side_name(state, 1),
        )
        state = with_combat(
            state,
            duel=Duel(fighters=(a, b), curse=fight.curse),
            lost_this_settlement=(False, False),
            direct=(),
            log=log,
        )
        return queue_duel(state, AFTER_SETTLEMENT), lines


@dataclass(frozen=True)
class AfterSettlement(Automatic[State]):
    """Flee, fight on, or stop (a side is empty; the final battle's one 1-on-1 is over)."""

    def run(self, state: State) -> Done[State]:
        fight = combat(state)
        if fight.kind == "final" or not row(state, 0) or not row(state, 1):
            return state, []
        if fight.lost_this_settlement[0]:
            return push(state, FLEE, FIGHT_ON_UNLESS_FLED), []
        return push(state, ONE_ON_ONE), []


@dataclass(frozen=True)
class FightOnUnlessFled(Automatic[State]):
    def run(self, state: State) -> Done[State]:
        if combat(state).duel.winner == FLED:
            return state, []
        return push(state, ONE_ON_ONE), []


FLEE_OPTIONS = (Option("fight", Message("Fight on")), Option("flee", Message("Flee")))


@dataclass(frozen=True)
class Flee(Asking[State]):
    """The active player's card fell: fight on, or flee."""

    def ask(self, state: State) -> Decision:
        seat = combat(state).seats[0]
        enemy = card_name(row(state, 1)[0])
        prompt = Message(
            "Your card fell. Fight on against {enemy}, or flee (always succeeds)?", enemy=enemy
        )
        return choose_one(seat, "flee", prompt, FLEE_OPTIONS)

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        if answer != "flee":
            return state, []
        lines: Lines = []
        state = with_duel(state, winner=FLED)
        return tell(state, lines, "{name} flees.", name=state.names[combat(state).seats[0]]), lines


# The tasks without fields, made once (a task is immutable): a battle queues them again and again.
ONE_ON_ONE = OneOnOne()
AFTER_SETTLEMENT = AfterSettlement()
FIGHT_ON_UNLESS_FLED = FightOnUnlessFled()
FLEE = Flee()
