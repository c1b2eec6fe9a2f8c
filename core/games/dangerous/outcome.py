"""How a 1-on-1 ends (rulebook §5): the final result, the winner's on-win ability, and the
settlement that discards the loser."""

from __future__ import annotations

from typing import Any

from core import chance
from core.agenda import Asking, Automatic, Done, Task, push
from core.chance import ChanceRequest
from core.frozen import replace
from core.games.dangerous import rolls, tally
from core.games.dangerous.aftermath import REVIVALS, SPOILS
from core.games.dangerous.battle import (
    active_effect,
    combat,
    front,
    is_party,
    row,
    side_name,
    side_of,
    supporting,
    tell,
    told,
    with_combat,
    with_duel,
)
from core.games.dangerous.cards import card_name
from core.games.dangerous.casualties import OnDiscard, fall, hit
from core.games.dangerous.content import card
from core.games.dangerous.state import State
from core.games.dangerous.tally import Part, Parts, sum_text, with_floor
from core.games.dangerous.windows import either_order, in_either_order
from core.narration import Lines, Message, Text
from core.records import dataclass

# --- the final result ----------------------------------------------------------------------------


def parts(state: State, side: int) -> Parts:
    """The fighting card's result, part by part: its highest die, the penalties on its dice
    (the other side's supports and items; a die never counts less than 1), then every bonus
    and curse on the result. Nothing before the dice."""
    fight = combat(state)
    duel = fight.duel
    if not duel.rolled:
        return ()
    faces = duel.dice[side]
    if not faces:
        return (Part(tally.NO_DICE, tally.NO_DICE_RESULT), *_on_result(state, side))
    minus = _supports(state, 1 - side, "support_minus")
    against = tuple(Part(tally.SUPPORT, -amount, c) for c, amount in minus)
    against += tuple(p for p in duel.mods[side] if p.amount < 0)
    die = Part(tally.DIE, max(faces))
    return (*with_floor(die, against), *_on_result(state, side))


def _on_result(state: State, side: int) -> Parts:
    """The parts added to the result itself: 戦闘力 AP, supports, items and abilities, curses."""
    fight = combat(state)
    found: list[Part] = []
    if side == 0 and fight.kind != "final" and state.meeting is not None:
        ap = state.meeting.count(tally.COMBAT_ACTION, fight.seats[0])
        if ap:
            found.append(Part(tally.AP, ap))
    plus = _supports(state, side, "support_plus")
    found += [Part(tally.SUPPORT, amount, c) for c, amount in plus]
    found += [p for p in fight.duel.mods[side] if p.amount > 0]
    found += fight.duel.curse[side]
    return tuple(found)


def _supports(state: State, side: int, effect: str) -> list[tuple[str, int]]:
    """The cards of `side` supporting with `effect`, and by how much."""
    return [(c, card(c).param("amount", 1)) for c in supporting(state, side, effect)]


def value(state: State, side: int) -> int:
    """The fighting card's result: the sum of its parts."""
    return tally.result(parts(state, side))


def value_text(state: State, side: int) -> Text:
    if not combat(state).duel.rolled:
        return Message("not rolled")
    return str(value(state, side))


@dataclass(frozen=True)
class Resolve(Automatic[State]):
    def run(self, state: State) -> Done[State]:
        lines: Lines = []
        if combat(state).duel.winner >= 0:
            return state, lines
        decided = state.duels_decided + 1
        present = (front(state, 0) is not None, front(state, 1) is not None)
        if not all(present):
            # A fighter left the game before the result: the one remaining wins (勝敗決定).
            state = replace(state, duels_decided=decided)
            winner = 0 if present[0] else 1 if present[1] else 2
            if winner < 2:
                state = tell(
                    state, lines, "{side}'s card wins by default.", side=side_name(state, winner)
                )
            return with_duel(state, winner=winner), lines
        shares = (parts(state, 0), parts(state, 1))
        results = (tally.result(shares[0]), tally.result(shares[1]))
        winner = 0 if results[0] > results[1] else 1 if results[1] > results[0] else 2
        a, b = front(state, 0) or "", front(state, 1) or ""
        deciders = [side for side in (0, 1) if winner == 2 and _decides_tie(state, side, results)]
        if winner < 2:
            verdict: Text = Message("{card} wins", card=card_name(b if winner else a))
        else:
            verdict = Message("a tie") if deciders else Message("a mutual kill")
        fight = combat(state)
        if all(len(share) == 1 and share[0].kind == tally.DIE for share in shares):
            log = told(
                fight,
                lines,
                "Final result {result} against {other}: {verdict}.",
                result=results[0],
                other=results[1],
                verdict=verdict,
            )
        else:
            log = told(
                fight,
                lines,
                "Final result {result} against {other} ({attacker} {attacker_sum}; {defender} "
                "{defender_sum}): {verdict}.",
                result=results[0],
                other=results[1],
                attacker=side_name(state, 0),
                attacker_sum=sum_text(shares[0]),
                defender=side_name(state, 1),
                defender_sum=sum_text(shares[1]),
                verdict=verdict,
            )
        # The verdict, its line and the count of results, in one copy of the state.
        duel = replace(fight.duel, result=results, parts=shares, winner=winner)
        state = replace(state, duels_decided=decided, combat=replace(fight, duel=duel, log=log))
        # Both fighters may be able to decide the tie: the first to use its ability wins (103).
        situation = Message("A tie: both fighting cards have an ability that decides it.")
        turns = ((DecideTie(0),) if 0 in deciders else (), (DecideTie(1),) if 1 in deciders else ())
        return in_either_order(state, situation, turns, len(deciders) == 2), lines


def _decides_tie(state: State, side: int, results: tuple[int, int]) -> bool:
    """Can the fighting card of `side` turn a tie at `results` into its win (final_high_kill)?
    Asked before the tie is written into the duel: nothing it reads changes with it (neither
    side has lost, so neither fighter's ability is silenced)."""
    special = active_effect(state, side, "final_result")
    return (
        special is not None
        and special.effect == "final_high_kill"
        and results[side] >= special.param("target", 6)
    )


@dataclass(frozen=True)
class DecideTie(Automatic[State]):
    """`side`'s final-result ability turns the tie into its win, unless the tie is already
    decided (the other side's ability went first)."""

    side: int

    def run(self, state: State) -> Done[State]:
        lines: Lines = []
        if combat(state).duel.winner != 2:
            return state, lines
        fighter = card_name(front(state, self.side) or "")
        ability = card(front(state, self.side) or "").ability
        state = with_duel(state, winner=self.side)
        return tell(
            state,
            lines,
            "{fighter}'s {ability} decides the tie: {fighter} wins.",
            fighter=fighter,
            ability=ability,
        ), lines


# --- the winner's ability ------------------------------------------------------------------------


@dataclass(frozen=True)
class OnWin(Automatic[State]):
    def run(self, state: State) -> Done[State]:
        winner = combat(state).duel.winner
        if winner not in (0, 1):
            return state, []
        if active_effect(state, winner, "on_win") is None:
            return state, []
        return push(state, OnWinFire(winner, front(state, winner) or "")), []


@dataclass(frozen=True)
class OnWinFire(Automatic[State]):
    side: int
    winner: str

    def run(self, state: State) -> Done[State]:
        lines: Lines = []
        found = card(self.winner)
        loser_side = 1 - self.side
        ability = found.ability or "victory ability"
        if found.effect == "on_win_steal" and not is_party(state, self.side):
            return state, lines  # an enemy has no party to take the card into (R26)
        state = tell(
            state, lines, "{card}'s {ability}.", card=card_name(self.winner), ability=ability
        )
        if found.effect == "on_win_steal":
            beaten = front(state, loser_side)
            if beaten is not None:
                state = hit(state, beaten, self.winner, lines, steal=True)
            return state, lines
        if found.effect == "on_win_curse":
            curse = list(combat(state).curse)
            curse[loser_side] += (Part(tally.CURSE, -found.param("amount", 1), self.winner),)
            return with_combat(state, curse=(curse[0], curse[1])), lines
        if found.effect in ("on_win_shove_six", "on_win_detective"):
            return push(state, WinRoll(self.side, self.winner)), lines
        return state, lines


@dataclass(frozen=True)
class WinRoll(Asking[State]):
    side: int
    winner: str

    def ask(self, state: State) -> ChanceRequest:
        return chance.dice(1, rolls.of_card(rolls.VICTORY_ROLL, self.winner))

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        lines: Lines = []
        face = int(answer[0])
        enemy_side = 1 - self.side
        cards = row(state, enemy_side)
        if card(self.winner).effect == "on_win_detective":
            # Position `face` of the enemy party; 1 is the card just beaten, which falls anyway.
            if face == 1 or face > len(cards):
                return tell(
                    state, lines, "The roll is {face}: nobody else is hit.", face=face
                ), lines
            state = tell(
                state, lines, "The roll is {face}: the card in position {face} is hit.", face=face
            )
            return hit(state, cards[face - 1], self.winner, lines), lines
        # 鏡介: the card behind the beaten one swaps with the last card; on a 6 it is discarded.
        if len(cards) < 2:
            return tell(
                state, lines, "The roll is {face}: no card is left to target.", face=face
            ), lines
        target = cards[1]
        if len(cards) > 2:
            state = hit(state, target, self.winner, lines, swap_with=cards[-1])
            target = row(state, enemy_side)[1]
        if face == 6:
            state = tell(state, lines, "The roll is 6: {target} is hit.", target=card_name(target))
            return hit(state, target, self.winner, lines), lines
        return tell(state, lines, "The roll is {face}: no extra hit.", face=face), lines


# --- the settlement ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Settlement(Automatic[State]):
    """The settlement step: the loser (both, on a mutual kill) is discarded."""

    def run(self, state: State) -> Done[State]:
        lines: Lines = []
        fight = combat(state)
        winner = fight.duel.winner
        if winner == 3:
            return state, lines  # the turn ended before the dice (小泉ヒズミ)
        fighters = (front(state, 0), front(state, 1))
        losers = {0: (1,), 1: (0,), 2: (0, 1)}.get(winner, ())
        turns: list[tuple[Task[State], ...]] = [(), ()]
        for side in losers:
            loser = fighters[side]
            beater = fighters[1 - side] or ""
            if loser is not None and side_of(state, loser) == side:
                state, turns[side] = fall(state, loser, beater if winner != 2 else "", True, lines)
        # A mutual kill of two cards whose on-discard abilities both act (two フルキューブ):
        # who goes first is theirs to settle (line 103); it decides who wipes out whom.
        acting = [any(isinstance(t, OnDiscard) and t.acts(state) for t in ts) for ts in turns]
        situation = Message("Both fallen cards have an ability that fires as they are discarded.")
        triggers = either_order(state, situation, (turns[0], turns[1]), all(acting))
        # Each discard's triggers (on-discard abilities, justice) come first, so revival comes
        # after everything (FAQ ファーティマ); the 1-on-1 is counted, in the same copy.
        follow = (*triggers, *REVIVALS, SPOILS, *state.agenda)
        counted = replace(
            combat(state),
            fought=(fight.fought[0] + 1, fight.fought[1] + 1),
            curse=_spent_curse(state),
        )
        return replace(state, combat=counted, agenda=follow), lines


def _spent_curse(state: State) -> tuple[Parts, Parts]:
    """A curse is spent by the 1-on-1 that rolled with it; one set by this 1-on-1's on-win
    ability (added after the ones it carried) waits for the next."""
    fight = combat(state)
    if not fight.duel.rolled:
        return fight.curse
    spent = fight.duel.curse
    return (fight.curse[0][len(spent[0]) :], fight.curse[1][len(spent[1]) :])
