"""Cards leaving a battle (rulebook §5): a discard and what it triggers (on-discard abilities,
justice), an enemy ability's hit and the counter-roll against it, and swaps within a row."""

from __future__ import annotations

from typing import Any

from core import chance
from core.agenda import Asking, Automatic, Done, Task, push
from core.chance import ChanceRequest
from core.games.dangerous import rolls
from core.games.dangerous.battle import (
    combat,
    is_party,
    nullified,
    row,
    set_row,
    side_name,
    side_of,
    tell,
    told,
    with_combat,
)
from core.games.dangerous.cards import card_name
from core.games.dangerous.content import card
from core.games.dangerous.state import State
from core.narration import Lines
from core.records import dataclass


def discard(state: State, instance: str, by: str, direct: bool, lines: Lines) -> State:
    """Take `instance` out of its row at once; queue its on-discard trigger and justice. `by` is
    the card responsible ("" for none: a mutual kill, an item); `direct`: it lost the 1-on-1."""
    state, triggers = fall(state, instance, by, direct, lines)
    return push(state, *triggers)


def fall(
    state: State, instance: str, by: str, direct: bool, lines: Lines
) -> tuple[State, tuple[Task[State], ...]]:
    """`discard`, with the triggers returned instead of queued."""
    side = side_of(state, instance)
    if side < 0:
        return state, ()
    fight = combat(state)
    left = tuple(c for c in row(state, side) if c != instance)
    lost = list(fight.lost_this_settlement)
    lost[side] = True
    changes: dict[str, Any] = {
        "lost_this_settlement": (lost[0], lost[1]),
        "killers": {**fight.killers, instance: by},
        "direct": (*fight.direct, instance) if direct else fight.direct,
    }
    if is_party(state, side):
        seat = fight.seats[side]
        discarded = (*state.players[seat].discard, instance)
        state = state.with_player(seat, party=left, discard=discarded)
    else:
        changes.update(enemy=left, defeated=(*fight.defeated, instance))
    log = told(
        fight,
        lines,
        "{card} ({side}) falls.",
        card=card_name(instance),
        side=side_name(state, side),
    )
    state = with_combat(state, log=log, **changes)
    triggers: list[Task[State]] = []
    gone = card(instance)
    if gone.effect in ("avenge", "full_cube") and not _silenced_on_discard(state, side, by):
        triggers.append(OnDiscard(side, instance))
    for ally in row(state, side):
        if card(ally).effect == "justice" and by and side_of(state, by) == 1 - side:
            triggers.append(Justice(side, ally, by))
    return state, tuple(triggers)


def _silenced_on_discard(state: State, side: int, by: str) -> bool:
    # A ユキミ who beat this card silences it even as it falls (she is its current opponent).
    if not by:
        return False
    return card(by).effect == "nullify_opponent" and side_of(state, by) == 1 - side


def hit(
    state: State,
    target: str,
    by: str,
    lines: Lines,
    swap_with: str | None = None,
    steal: bool = False,
) -> State:
    """An enemy ability (or item) discards `target`, swaps it with `swap_with`, or (`steal`)
    takes it into the other party; a 両性院 may counter it with a roll, so then the effect waits
    on the agenda -- unless the card has just lost the 1-on-1 (FAQ line 139)."""
    side = side_of(state, target)
    if side < 0:
        return state
    if (
        card(target).effect == "counter"
        and not nullified(state, side)
        and not beaten(state, target)
    ):
        return push(state, Counter(side, target, by, swap_with, steal))
    return apply_hit(state, target, by, lines, swap_with, steal)


def beaten(state: State, instance: str) -> bool:
    """Has `instance` just lost the 1-on-1? A beaten card uses no ability before it goes (FAQ
    line 139: 敗北して倒れたため両性院は能力を使えません)."""
    duel = combat(state).duel
    side = side_of(state, instance)
    return side >= 0 and duel.winner == 1 - side and duel.fighters[side] == instance


def apply_hit(
    state: State, target: str, by: str, lines: Lines, swap_with: str | None, steal: bool = False
) -> State:
    if steal:
        return taken(state, target, lines)
    if swap_with is None:
        return discard(state, target, by, False, lines)
    return swap(state, target, swap_with, lines)


def taken(state: State, instance: str, lines: Lines) -> State:
    """`instance` leaves its row for the end of the other side's party, not discarded (友釣り):
    no on-discard ability or justice fires, and at the settlement there is nobody to discard.
    The hand limit waits for the end of the battle (party order is frozen until then)."""
    side = side_of(state, instance)
    state = set_row(state, side, tuple(c for c in row(state, side) if c != instance))
    taker = combat(state).seats[1 - side]
    state = state.with_player(taker, party=(*state.players[taker].party, instance))
    return tell(
        state,
        lines,
        "{card} joins {name}'s party.",
        card=card_name(instance),
        name=state.names[taker],
    )


def swap(state: State, first: str, second: str, lines: Lines) -> State:
    side = side_of(state, first)
    if side < 0 or first == second or side_of(state, second) != side:
        return state
    if (
        "immune_swap" in (card(first).effect, card(second).effect)
        or card(first).params.get("immune_swap")
        or card(second).params.get("immune_swap")
    ):
        return tell(state, lines, "The swap fails: 流樹苗 cannot be moved.")
    cards = list(row(state, side))
    i, j = cards.index(first), cards.index(second)
    cards[i], cards[j] = cards[j], cards[i]
    state = set_row(state, side, tuple(cards))
    return tell(
        state,
        lines,
        "{first} and {second} swap places.",
        first=card_name(first),
        second=card_name(second),
    )


@dataclass(frozen=True)
class Counter(Asking[State]):
    """`target` (on `side`) rolls to counter the hit that `by` aims at it."""

    side: int
    target: str
    by: str
    swap_with: str | None
    steal: bool = False

    def ask(self, state: State) -> ChanceRequest:
        return chance.dice(1, rolls.of_card(rolls.COUNTER_ROLL, self.target))

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        lines: Lines = []
        need = card(self.target).param("min_roll", 4)
        if int(answer[0]) >= need:
            state = tell(
                state,
                lines,
                "{card} counters ({answer}): no effect.",
                card=card_name(self.target),
                answer=answer[0],
            )
            return state, lines
        state = tell(
            state,
            lines,
            "{card} fails to counter ({answer}).",
            card=card_name(self.target),
            answer=answer[0],
        )
        return apply_hit(state, self.target, self.by, lines, self.swap_with, self.steal), lines


@dataclass(frozen=True)
class OnDiscard(Automatic[State]):
    """The on-discard ability of `fallen` (on `side`): あげは avenges herself, 小竹 rolls."""

    side: int
    fallen: str

    def acts(self, state: State) -> bool:
        """Will this ability do anything? フルキューブ always rolls; あげは needs a culprit."""
        return card(self.fallen).effect == "full_cube" or self._culprit(state) is not None

    def _culprit(self, state: State) -> str | None:
        # avenge (あげは): only the card that beat her in direct combat, or 鏡介's ability.
        fight = combat(state)
        killer = fight.killers.get(self.fallen, "")
        if not killer or side_of(state, killer) < 0:
            return None
        if self.fallen not in fight.direct and card(killer).effect != "on_win_shove_six":
            return None
        return killer

    def run(self, state: State) -> Done[State]:
        lines: Lines = []
        found = card(self.fallen)
        if found.effect == "full_cube":
            return push(state, FullCube(self.side, self.fallen)), lines
        killer = self._culprit(state)
        if killer is None:
            return state, lines
        state = tell(
            state,
            lines,
            "{card}'s {ability} strikes back at {killer}.",
            card=card_name(self.fallen),
            ability=found.ability,
            killer=card_name(killer),
        )
        state = hit(state, killer, self.fallen, lines)
        return wipe_credit(state, self.side), lines


@dataclass(frozen=True)
class FullCube(Asking[State]):
    side: int
    fallen: str

    def ask(self, state: State) -> ChanceRequest:
        return chance.dice(card(self.fallen).param("dice", 2), rolls.ability_dice(self.fallen))

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        lines: Lines = []
        need = card(self.fallen).param("min_roll", 5)
        faces = [int(face) for face in answer]
        hits = sum(1 for face in faces if face >= need)
        state = tell(
            state,
            lines,
            "{card} rolls {faces}: {hits} hit(s) on {need}+.",
            card=card_name(self.fallen),
            faces=faces,
            hits=hits,
            need=need,
        )
        for _ in range(hits):
            for side in (0, 1):
                cards = row(state, side)
                if cards:
                    state = discard(state, cards[0], self.fallen, False, lines)
        return wipe_credit(state, self.side), lines


def wipe_credit(state: State, side: int) -> State:
    """If an on-discard ability leaves both sides empty, its side wins (FAQ: あげは, 小竹)."""
    if not row(state, 0) and not row(state, 1):
        return with_combat(state, wiped_by_ability=side)
    return state


@dataclass(frozen=True)
class Justice(Asking[State]):
    """`ally` (on `side`) rolls to judge `culprit`, the enemy card that felled one of its row."""

    side: int
    ally: str
    culprit: str

    def ask(self, state: State) -> ChanceRequest:
        return chance.dice(1, rolls.of_card(rolls.JUSTICE_ROLL, self.ally))

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        lines: Lines = []
        ally, culprit = self.ally, self.culprit
        if side_of(state, ally) != self.side or side_of(state, culprit) < 0:
            return state, lines
        need = card(ally).param("min_roll", 5)
        if int(answer[0]) < need:
            return tell(
                state,
                lines,
                "{ally}'s judgement misses ({answer}).",
                ally=card_name(ally),
                answer=answer[0],
            ), lines
        state = tell(
            state,
            lines,
            "{ally} passes judgement ({answer}) on {culprit}.",
            ally=card_name(ally),
            answer=answer[0],
            culprit=card_name(culprit),
        )
        return hit(state, culprit, ally, lines), lines
