"""A heuristic light-and-dark bot that plays from its own view only.

- Claims: blue roles mostly tell the truth; red roles mostly pose as a strong blue role, since
  nobody knows the parent's colour yet and a blue-looking claim gets picked more often.
- The parent counts cards (the discard pile and revealed cards), weighs each claim by how
  believable it is, estimates each possible party's chance to beat the boss with a normal
  approximation, and takes the party (or gives up) with the best expected score for itself.
- In the battle every role wants its own value high: a value of the parent's colour raises the
  total, one of the other colour is subtracted but that player wants the party to lose. So it
  rerolls a 1-3 and keeps the higher die.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import combinations

from core.decisions import Choice, Decision
from core.games.base import View
from core.games.light_and_dark.content import Colour, Effect, Role, content
from core.games.light_and_dark.rules import DRAW, FORM_PARTY, GIVE_UP, KEEP, REROLL
from core.games.light_and_dark.state import SILENT
from core.games.light_and_dark.view import Board

TRUTH_RATE = 0.6
"""How often this bot assumes another seat's claim is true."""

VARIANCE = {Effect.SUM: 35 / 12, Effect.REROLL: 2.2, Effect.CHOOSE: 1.97, Effect.GAMBLER: 12.0}


def expected_value(card: Role) -> float:
    if card.effect is Effect.REROLL:
        return 4.25  # reroll a 1-3: 0.5 * 5 + 0.5 * 3.5
    if card.effect is Effect.CHOOSE:
        return 161 / 36  # the higher of two dice
    if card.effect is Effect.GAMBLER:
        return 1.0  # each die: (2 + 4 + 6 - 1 - 3 - 5) / 6 = 0.5
    return 3.5 * card.dice


def variance(card: Role) -> float:
    return VARIANCE[card.effect] * (card.dice if card.effect is Effect.SUM else 1)


class LightAndDarkBot:
    def choose(self, view: View, decision: Decision, rng: random.Random) -> Choice:
        decision = decision.choosable()  # never an unavailable option
        board: Board = view.board
        seat = decision.seat
        if decision.name == "claim":
            return self._claim(board, seat, decision, rng)
        if decision.name == "verdict":
            party, value = best_party(board, seat)
            return FORM_PARTY if value > -1 else GIVE_UP
        if decision.name == "party":
            party, _ = best_party(board, seat)
            return tuple(party)
        if decision.name == "reroll":
            first = board.rolls[-1].dice[0]
            return REROLL if first <= 3 else KEEP
        if decision.name == "choose":
            return max(option.id for option in decision.options if isinstance(option.id, int))
        if decision.name == "keep":
            held = content().roles[board.roles[seat] or ""]
            keep = held.effect in (Effect.REROLL, Effect.CHOOSE)
            ids = {option.id for option in decision.options}
            return KEEP if keep or DRAW not in ids else DRAW
        return rng.choice([option.id for option in decision.options])

    def _claim(self, board: Board, seat: int, decision: Decision, rng: random.Random) -> Choice:
        held = content().roles[board.roles[seat] or ""]
        ids = {option.id for option in decision.options}
        if seat == board.parent:
            return held.id if rng.random() < 0.7 else SILENT
        if held.colour is Colour.BLUE:
            return held.id if rng.random() < 0.85 else SILENT
        if rng.random() < 0.6:
            bluff = rng.choice(["warrior", "mage", "sage", "priest"])
            return bluff if bluff in ids else SILENT
        return held.id if rng.random() < 0.5 else SILENT


def unseen_pool(board: Board, viewer: int) -> Counter[str]:
    """Role cards this seat cannot see: the role deck minus discards and face-up cards."""
    pool = Counter(content().deck("role"))
    pool.subtract(board.discard)
    for seat, card in enumerate(board.roles):
        if card is not None and content().roles[card].deck == "role" and seat != viewer:
            pool[card] -= 1
    own = board.roles[viewer]
    if own is not None and content().roles[own].deck == "role":
        pool[own] -= 1
    return Counter({card: count for card, count in pool.items() if count > 0})


def same_colour_chance(board: Board, parent: int, seat: int, pool: Counter[str]) -> float:
    parent_colour = content().roles[board.roles[parent] or ""].colour
    total = sum(pool.values()) or 1
    prior = sum(n for card, n in pool.items() if content().roles[card].colour is parent_colour)
    prior_same = prior / total
    known = board.roles[seat]
    if known is not None:
        return 1.0 if content().roles[known].colour is parent_colour else 0.0
    claim = board.claims[seat]
    if claim is None or claim == SILENT:
        return prior_same
    claims = Counter(c for c in board.claims if c not in (None, SILENT))
    available = pool.get(claim, 0)
    believable = min(1.0, available / claims[claim]) if claims[claim] else 0.0
    truth = TRUTH_RATE * believable
    claimed_same = content().roles[claim].colour is parent_colour
    return truth * (1.0 if claimed_same else 0.0) + (1 - truth) * prior_same


def best_party(board: Board, parent: int) -> tuple[tuple[int, ...], float]:
    """The companions with the best expected score for the parent, and that score."""
    pool = unseen_pool(board, parent)
    hero = content().roles[board.roles[parent] or ""]
    others = [seat for seat in range(len(board.roles)) if seat != parent]
    generic = sum(expected_value(content().roles[c]) * n for c, n in pool.items()) / max(
        1, sum(pool.values())
    )
    best: tuple[tuple[int, ...], float] = ((), -math.inf)
    for size in range(len(others) + 1):
        for companions in combinations(others, size):
            mean = expected_value(hero)
            var = variance(hero)
            for seat in companions:
                p = same_colour_chance(board, parent, seat, pool)
                claim = board.claims[seat]
                value = (
                    expected_value(content().roles[claim])
                    if claim not in (None, SILENT)
                    else generic
                )
                mean += (2 * p - 1) * value
                var += 3.0 + value * value * (1 - (2 * p - 1) ** 2)
            win = _chance_at_least(board.boss_hp, mean, var)
            points, remainder = divmod(board.boss_hp, size + 1)
            points += 1 if remainder else 0
            expected = points * (2 * win - 1)
            if expected > best[1]:
                best = (companions, expected)
    return best


def _chance_at_least(target: int, mean: float, var: float) -> float:
    sd = math.sqrt(max(var, 1e-9))
    z = (target - 0.5 - mean) / sd
    return 0.5 * math.erfc(z / math.sqrt(2))
