"""A bot that answers any decision of any game with a uniformly random legal choice."""

from __future__ import annotations

import random

from core import chance
from core.decisions import Choice, Decision, DecisionKind
from core.games.base import View


class RandomBot:
    def choose(self, view: View, decision: Decision, rng: random.Random) -> Choice:
        return random_choice(decision, rng)


# Enum members read once (EnumType's __getattr__ hook slows every read in Python 3.11).
_SEVERAL, _ORDER, _ALLOCATE = DecisionKind.CHOOSE_SEVERAL, DecisionKind.ORDER, DecisionKind.ALLOCATE


def random_choice(decision: Decision, rng: random.Random) -> Choice:
    """A uniformly random legal answer: never an unavailable option. (Among the available
    options, as `decision.choosable()` has them: the same draws from `rng` as choosing from
    that decision's ids, without building it.)"""
    kind = decision.kind
    if kind is _ALLOCATE:
        return _random_allocation(decision, rng)
    if kind is not _SEVERAL and kind is not _ORDER:  # one option: choose-one, confirm
        available = decision.available
        return available[chance.below(rng, len(available))].id  # rng.choice(available)
    ids = [option.id for option in decision.available]
    if kind is _SEVERAL:
        count = rng.randint(decision.min_count, decision.max_count)
        return tuple(rng.sample(ids, count))
    rng.shuffle(ids)
    return tuple(ids)


def _random_allocation(decision: Decision, rng: random.Random) -> tuple[int, ...]:
    amounts = [0] * len(decision.options)
    cap = decision.max_each or decision.total
    open_slots = [slot for slot, option in enumerate(decision.options) if option.available]
    for _ in range(decision.total):
        open_slots = [slot for slot in open_slots if amounts[slot] < cap]
        if not open_slots:
            raise ValueError(f"{decision.name}: the total cannot be allocated within the caps")
        amounts[rng.choice(open_slots)] += 1
    return tuple(amounts)
