"""A heuristic Dangerous bot that plays from its own view only.

Its core is an estimate of a battle: the chance that one card beats another (the highest of its
dice, plus modifiers, against the other's) and, from that, the chance that a party wins a whole
winner-stays-on battle (a small dynamic programme over how many cards each side has left).
With it the bot picks fights it can win (Lv1, Lv2, bosses, the final target), flees losing ones,
keeps strong cards, orders its party strongest first, and spends AP on what its next move needs.
"""

from __future__ import annotations

import random
from functools import cache

from core.agenda import FIRST, LATER, WhoFirst
from core.decisions import Choice, Decision, DecisionKind
from core.games.base import View
from core.games.dangerous import tally
from core.games.dangerous.content import content
from core.games.dangerous.view import Board
from core.grid import cheapest

NOTHING_TO_DO = 0.15
"""A best move scoring less than this (an empty square, the spring with nothing to heal, a
boss fight with little hope) means there is nothing to do on the way: go toward 旧校舎."""

EFFECT_BONUS = {
    "extra_dice": 1.0,
    "extra_dice_first": 0.8,
    "snipe_sure": 1.5,
    "snipe": 0.8,
    "strike": 0.8,
    "lock_dice": 1.0,
    "reflect_ambush": 0.5,
    "support_plus": 0.7,
    "support_minus": 0.7,
    "avenge": 0.6,
    "full_cube": 0.6,
}


def strength(instance: str) -> float:
    card = content().card(instance)
    return card.level + EFFECT_BONUS.get(card.effect, 0.0)


def dice_of(instance: str) -> int:
    card = content().card(instance)
    extra = card.param("amount", 1) if card.effect in ("extra_dice", "extra_dice_first") else 0
    return card.level + extra


@cache
def duel_odds(mine: int, theirs: int, bonus: int = 0) -> tuple[float, float]:
    """(win, tie) for `mine` dice (+bonus on the highest) against `theirs` dice."""

    def dist(n: int) -> list[float]:
        return [(k / 6) ** n - ((k - 1) / 6) ** n for k in range(1, 7)]

    a, b = dist(max(mine, 1)), dist(max(theirs, 1))
    win = tie = 0.0
    for i, pa in enumerate(a, start=1):
        for j, pb in enumerate(b, start=1):
            if i + bonus > j:
                win += pa * pb
            elif i + bonus == j:
                tie += pa * pb
    return win, tie


def battle_odds(party: tuple[str, ...], enemy: tuple[str, ...], bonus: int = 0) -> float:
    """The chance that `party` beats every card of `enemy`, winner stays on."""
    return chain_odds(tuple(dice_of(c) for c in party), tuple(dice_of(c) for c in enemy), bonus)


@cache
def chain_odds(mine: tuple[int, ...], theirs: tuple[int, ...], bonus: int = 0) -> float:
    """Winner-stays-on: the chance that cards rolling `mine` dice beat cards rolling `theirs`."""
    if not theirs:
        return 1.0
    if not mine:
        return 0.0
    win, tie = duel_odds(mine[0], theirs[0], bonus)
    lose = 1 - win - tie
    return (
        win * chain_odds(mine, theirs[1:], bonus)
        + tie * chain_odds(mine[1:], theirs[1:], bonus)
        + lose * chain_odds(mine[1:], theirs, bonus)
    )


class DangerousBot:
    def choose(self, view: View, decision: Decision, rng: random.Random) -> Choice:
        decision = decision.choosable()  # never an unavailable option
        board: Board = view.board
        seat = decision.seat
        me = board.players[seat]
        ids = [option.id for option in decision.options]
        name = decision.name
        if decision.kind is DecisionKind.ORDER:
            return tuple(sorted(ids, key=lambda c: -strength(str(c))))
        if name == "move":
            return self._move(board, seat, decision, rng)
        if name == "ap":
            return self._ap(board, seat, ids)
        if name == "field":  # the rest of the turn: bring a card back if there is room
            heal = [i for i in ids if str(i).startswith("item:") and len(me.party) < 5]
            return heal[0] if heal and me.discard else "done"
        if name == "capture":
            weakest = min((strength(c) for c in me.party), default=0)
            beaten = board.combat.defeated if board.combat else ()
            keep = len(me.party) < 5 or bool(beaten and strength(beaten[-1]) > weakest)
            return "party" if keep else "discard"
        if name == "flee":
            fight = board.combat
            if fight is None:
                return "fight"
            odds = battle_odds(fight.rows[0], fight.rows[1], self._combat_bonus(board, seat))
            return "fight" if odds >= 0.35 else "flee"
        if name == "after-dice":
            return self._after_dice(board, seat, ids)
        if name == WhoFirst.name:
            return self._act_first(board)
        if decision.kind is DecisionKind.CHOOSE_SEVERAL:
            return self._several(decision)
        if name in ("boss-card", "revive", "heal", "spring-in", "draft"):
            cards = [i for i in ids if _is_card(i)]
            if cards:
                return max(cards, key=lambda c: strength(str(c)))
        if name == "spring-out":
            return min(ids, key=lambda c: strength(str(c)))
        if name == "spring":
            return "draw" if me.discard and len(me.party) < 5 else ids[-1]
        if name in ("target", "ambush-target"):
            return min(ids, key=lambda s: self._front_strength(board, int(s)))
        if name in ("ability", "meeting-ability", "ambush-item"):
            return ids[0]
        if name == "token":
            return ids[0] if rng.random() < 0.7 else ids[-1]
        return rng.choice(ids)

    # --- moving ---------------------------------------------------------------------------------

    def _move(self, board: Board, seat: int, decision: Decision, rng: random.Random) -> Choice:
        me = board.players[seat]
        bonus = self._combat_bonus(board, seat)
        best: tuple[float, Choice] = (-1.0, decision.options[0].id)
        for option in decision.options:
            if not isinstance(option.id, str) or ":" in option.id or option.id == "reorder":
                continue
            score = self._destination_score(board, seat, option.id, str(option.detail), bonus)
            score += rng.random() * 0.05
            if score > best[0]:
                best = (score, option.id)
        field = [o.id for o in decision.options if str(o.id).startswith(("card:", "item:"))]
        if field and rng.random() < 0.3 and len(me.party) >= 3:
            return field[0]
        if best[0] < NOTHING_TO_DO:
            # No fight worth it in reach, nothing to heal: head for 旧校舎, whose fall is the
            # only end without a turn limit (staying put could last for ever).
            return self._toward_old_building(decision, best[1])
        return best[1]

    def _toward_old_building(self, decision: Decision, otherwise: Choice) -> Choice:
        squares = [o.id for o in decision.options if o.id in _steps_to_old_building()]
        if not squares:
            return otherwise
        return min(squares, key=lambda space: _steps_to_old_building()[str(space)])

    def _destination_score(
        self, board: Board, seat: int, space: str, detail: str, bonus: int
    ) -> float:
        me = board.players[seat]
        party = me.party
        kind = content().board.spaces[space].kind
        if kind == "spring":
            return 0.6 if len(party) < 3 and me.discard else 0.1
        if kind == "boss":
            if not detail.startswith("boss fight"):
                return 0.0
            odds = _boss_guess_odds(party, space, bonus)
            reward = 3.0 if space == _old_building_space() else 2.0
            return odds * reward
        if detail.startswith("Lv2 fight"):
            enemy = (board.lv2_top,) if board.lv2_top else ()
            return battle_odds(party, enemy, bonus) * 1.4 if enemy else 0.2
        if detail.startswith("Lv1 fight"):
            enemy = (board.lv1_top,) if board.lv1_top else ()
            return battle_odds(party, enemy, bonus) * (0.9 if len(party) < 5 else 0.5)
        return 0.05

    def _combat_bonus(self, board: Board, seat: int) -> int:
        if board.meeting is None:
            return 0
        return board.meeting.placed.get("combat", (0,) * len(board.players))[seat]

    def _front_strength(self, board: Board, seat: int) -> float:
        party = board.players[seat].party
        return strength(party[0]) if party else 99.0

    # --- AP and items ---------------------------------------------------------------------------

    def _ap(self, board: Board, seat: int, ids: list[str | int]) -> Choice:
        me = board.players[seat]
        placed = board.meeting.placed if board.meeting else {}

        def mine(action: str) -> int:
            return placed.get(action, (0,) * len(board.players))[seat]

        power = max((content().card(c).level for c in me.party), default=1)
        wishes = ["move", "combat", "move", "item", "item", "next_ap", "combat", "lv2"]
        if power >= 3:
            wishes = ["combat", "move", "combat", "move", "item", "item"]
        for action in wishes:
            if action in ids and mine(action) < wishes.count(action):
                return action
        return ids[0]

    def _after_dice(self, board: Board, seat: int, ids: list[str | int]) -> Choice:
        fight = board.combat
        if fight is None or "done" not in ids:
            return ids[0]
        side = 0 if fight.seats[0] == seat else 1
        mine, theirs = fight.dice[side], fight.dice[1 - side]
        if not mine or not theirs:
            return "done"
        used = sum(
            part.amount
            for part in fight.parts[side]
            if part.kind in (tally.ITEM, tally.ABILITY) and part.amount > 0
        )
        gap = max(theirs) - (max(mine) + used + self._combat_bonus(board, seat) * (side == 0))
        if gap < 0:
            return "done"
        for option in ids:
            text = str(option)
            if text.startswith("item:"):
                item = content().items[text[5:]]
                if item.effect == "bump" and item.param("amount", 1) > gap:
                    return option
        for option in ids:
            if str(option).startswith("card:"):
                return option
        return "done"

    def _act_first(self, board: Board) -> Choice:
        """Strike first before the dice and take a tie first; after the dice, see what the
        other side does before spending items."""
        fight = board.combat
        after_dice = fight is not None and any(fight.dice) and fight.result == (0, 0)
        return LATER if after_dice else FIRST

    def _several(self, decision: Decision) -> Choice:
        count = decision.min_count
        ranked = sorted(decision.options, key=lambda o: strength(str(o.id)), reverse=True)
        if decision.name == "hand-limit":
            ranked = list(reversed(ranked))
        return tuple(option.id for option in ranked[:count])


def _is_card(option_id: str | int) -> bool:
    return isinstance(option_id, str) and option_id.split("#", 1)[0] in content().cards


def _old_building_space() -> str:
    return content().board.boss("old-building").space


@cache
def _steps_to_old_building() -> dict[str, int]:
    """Every square's distance to 旧校舎 in steps (pieces and closed squares aside)."""
    board = content().board
    return cheapest(_old_building_space(), board.edges.__getitem__).costs


def _boss_guess_odds(party: tuple[str, ...], space: str, bonus: int) -> float:
    """Boss cards are face down: assume Lv3 cards (and a 転校生 at the old building)."""
    sites = [site for site in content().board.bosses if site.space == space]
    if not sites:
        return 0.0
    theirs = tuple(4 if deck == "transfer" else 3 for deck in sites[0].cards)
    return chain_odds(tuple(dice_of(c) for c in party), theirs, bonus)
