"""Exact dice odds for Light and Dark: each role's value as a probability distribution, sums of
them, and the chance that a party's total reaches the boss's HP.

A distribution maps a value to its probability. The owner of a role plays it to make its value
high (the Warrior and Devil reroll a 1-3, the Mage and Witch keep the higher die): a value of the
parent's colour is added to the total, the other colour's is subtracted, and the other colour
wants the party to lose, so either way its owner wants the value high.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

from core.games.light_and_dark.content import Effect, content

Distribution = Mapping[int, float]

DIE: Distribution = {face: 1 / 6 for face in range(1, 7)}
GAMBLER_DIE: Distribution = {(face if face % 2 == 0 else -face): 1 / 6 for face in range(1, 7)}
CERTAIN: Distribution = {0: 1.0}


def add(first: Distribution, second: Distribution) -> dict[int, float]:
    """The distribution of the sum of two independent values."""
    total: dict[int, float] = {}
    for a, p in first.items():
        for b, q in second.items():
            total[a + b] = total.get(a + b, 0.0) + p * q
    return total


def total(parts: Iterable[Distribution]) -> Distribution:
    result: Distribution = CERTAIN
    for part in parts:
        result = add(result, part)
    return result


def negated(distribution: Distribution) -> dict[int, float]:
    return {-value: p for value, p in distribution.items()}


def mixture(weighted: Iterable[tuple[float, Distribution]]) -> dict[int, float]:
    """The distribution of a value drawn from one of several distributions, by weight."""
    mixed: dict[int, float] = {}
    for weight, distribution in weighted:
        for value, p in distribution.items():
            mixed[value] = mixed.get(value, 0.0) + weight * p
    return mixed


def chance_at_least(distribution: Distribution, target: int) -> float:
    return sum(p for value, p in distribution.items() if value >= target)


def mean(distribution: Distribution) -> float:
    return sum(value * p for value, p in distribution.items())


@cache
def role_value(role_id: str) -> Distribution:
    """The value a role brings to the battle, played to make it high."""
    card = content().roles[role_id]
    if card.effect is Effect.REROLL:  # a 1-3 is rolled again: 1-3 are 1/12 each, 4-6 1/4
        return {face: (1 / 12 if face <= 3 else 1 / 4) for face in range(1, 7)}
    if card.effect is Effect.CHOOSE:  # the higher of two dice
        return {face: (2 * face - 1) / 36 for face in range(1, 7)}
    if card.effect is Effect.GAMBLER:
        return total([GAMBLER_DIE] * card.dice)
    return total([DIE] * card.dice)
