"""A bot that answers any decision of any game with a uniformly random legal choice."""

from __future__ import annotations

import random

from core.decisions import Choice, Decision, DecisionKind
from core.games.base import View


class RandomBot:
    def choose(self, view: View, decision: Decision, rng: random.Random) -> Choice:
        return random_choice(decision, rng)


def random_choice(decision: Decision, rng: random.Random) -> Choice:
    """A uniformly random legal answer: never an unavailable option."""
    decision = decision.choosable()
    ids = [option.id for option in decision.options]
    if decision.kind is DecisionKind.CHOOSE_SEVERAL:
        count = rng.randint(decision.min_count, decision.max_count)
        return tuple(rng.sample(ids, count))
    if decision.kind is DecisionKind.ORDER:
        rng.shuffle(ids)
        return tuple(ids)
    if decision.kind is DecisionKind.ALLOCATE:
        return _random_allocation(decision, rng)
    return rng.choice(ids)


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
