"""One 1-on-1 (rulebook §5), step by step: before the dice, the attack dice, after the dice;
then the final result, the winner's on-win ability and the settlement (outcome.py).

`queue_duel` puts the steps on the agenda; each step does nothing once the 1-on-1 is broken (a
fighter struck down before the dice, or the turn ended).
"""

from __future__ import annotations

from abc import abstractmethod
from functools import cache
from typing import Any, ClassVar

from core import chance
from core.agenda import Asking, Automatic, Done, Menu, Task, push, push_behind
from core.chance import ChanceRequest
from core.decisions import ActingFor, Choice, Decision, Option, choose_one
from core.frozen import replace
from core.games.dangerous import rolls, tally
from core.games.dangerous.battle import (
    active_effect,
    combat,
    deciding_for,
    front,
    is_party,
    nullified,
    row,
    set_fighter,
    side_name,
    side_of,
    tell,
    told,
    with_combat,
    with_duel,
)
from core.games.dangerous.cards import ability_name, card_label, card_name
from core.games.dangerous.casualties import hit
from core.games.dangerous.content import card, content
from core.games.dangerous.outcome import OnWin, Resolve, Settlement, value_text
from core.games.dangerous.state import State
from core.games.dangerous.tally import Part
from core.games.dangerous.windows import in_either_order
from core.narration import Lines, Message, Name, Text, say
from core.records import dataclass

YES, NO = "yes", "no"
ROLLED = ("strike", "shove", "pierce")


def queue_duel(state: State, then: Task[State]) -> State:
    """The steps of a 1-on-1 just begun; `then` follows the settlement."""
    return state.with_agenda((*_DUEL_STEPS, then, *state.agenda))


def duel_broken(state: State) -> bool:
    """Has a fighter left before the dice (struck down), or has the turn ended?"""
    return combat(state).duel.winner >= 0 or front(state, 0) is None or front(state, 1) is None


# --- before the dice ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Window(Automatic[State]):
    """A window of the 1-on-1 where each side may act: when both can, who goes first is theirs
    to settle (line 103)."""

    situation: ClassVar[Text]

    @abstractmethod
    def able(self, state: State, side: int) -> bool: ...

    @abstractmethod
    def turn(self, side: int) -> Task[State]: ...

    def run(self, state: State) -> Done[State]:
        if duel_broken(state):
            return state, []
        first_able = self.able(state, 0)
        if not first_able and not self.able(state, 1):
            return state, []  # nobody can act
        # Side 0's turn, when it cannot act, would come first and find nothing to do: it is
        # left out. Side 1's stays: what side 0 does may give side 1 something to do.
        turns = ((self.turn(0),) if first_able else (), (self.turn(1),))
        contested = first_able and self.able(state, 1)
        return in_either_order(state, self.situation, turns, contested), []


@dataclass(frozen=True)
class BeforeDiceWindow(Window):
    situation = Message("Before the dice: both fighting cards have an ability.")

    def able(self, state: State, side: int) -> bool:
        return active_effect(state, side, "before_dice") is not None

    def turn(self, side: int) -> Task[State]:
        return BeforeDice(side)


@dataclass(frozen=True)
class BeforeDice(Automatic[State]):
    side: int

    def run(self, state: State) -> Done[State]:
        if duel_broken(state):
            return state, []
        if active_effect(state, self.side, "before_dice") is None:
            return state, []
        return push(state, UseAbility(self.side, front(state, self.side) or "")), []


@dataclass(frozen=True)
class UseAbility(Asking[State]):
    """Use `user`'s optional before-the-dice ability?"""

    side: int
    user: str

    def ask(self, state: State) -> Decision:
        found = card(self.user)
        seat = combat(state).seats[self.side]
        prompt = (
            Message(
                "Use {card}'s {ability}? {text}",
                card=card_name(self.user),
                ability=found.ability,
                text=found.text,
            )
            if found.ability
            else Message("Use {card}'s ability? {text}", card=card_name(self.user), text=found.text)
        )
        use = (
            Message("Use {ability}", ability=ability_name(self.user))
            if found.ability
            else Message("Use it")
        )
        options = (Option(YES, use), Option(NO, Message("Don't use it")))
        return choose_one(
            seat, "ability", prompt, options, acting_for=deciding_for(state, self.side)
        )

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        if answer != YES:
            return state, []
        lines: Lines = []
        found = card(self.user)
        state = tell(
            state,
            lines,
            "{card} uses {ability}.",
            card=card_name(self.user),
            ability=found.ability or found.effect,
        )
        said = (
            []
            if found.effect in ROLLED
            else [
                say("{card}'s {ability}", card=card_name(self.user), ability=found.ability)
                if found.ability
                else say("{card}'s ability", card=card_name(self.user))
            ]
        )
        return push(state, AbilityRoll(self.side, self.user)), [*lines, *said]


@dataclass(frozen=True)
class AbilityRoll(Asking[State]):
    side: int
    user: str

    def ask(self, state: State) -> ChanceRequest:
        return chance.dice(1, rolls.of_card(rolls.ABILITY_ROLL, self.user))

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        lines: Lines = []
        user, side = self.user, self.side
        found = card(user)
        face = int(answer[0])
        need = found.param("min_roll", 4)
        enemy = front(state, 1 - side)
        if side_of(state, user) != side or enemy is None:
            return state, lines
        if face < need:
            return tell(
                state, lines, "The roll is {face}: it fails (needs {need}).", face=face, need=need
            ), lines
        state = tell(
            state, lines, "The roll is {face}: it works (needs {need}).", face=face, need=need
        )
        if found.effect == "strike":
            return hit(state, enemy, user, lines), lines
        cards = row(state, 1 - side)
        if found.effect == "pierce":
            if len(cards) > 1:
                state = set_fighter(state, 1 - side, cards[1])
                state = tell(
                    state,
                    lines,
                    "{card} breaks through to {next}.",
                    card=card_name(user),
                    next=card_name(cards[1]),
                )
            return state, lines
        # shove: swap the opponent with the card behind it; in the final battle the turn ends.
        if len(cards) > 1:
            state = hit(state, enemy, user, lines, swap_with=cards[1])
            state = push(state, Refront(1 - side))
        if combat(state).kind == "final":
            state = with_duel(state, winner=3)
            name = state.names[combat(state).seats[side]]
            state = tell(state, lines, "{name}'s turn ends.", name=name)
        return state, lines


@dataclass(frozen=True)
class Refront(Automatic[State]):
    """After a swap before the dice, the card now at the front fights this 1-on-1."""

    side: int

    def run(self, state: State) -> Done[State]:
        cards = row(state, self.side)
        if cards and combat(state).duel.winner < 0:
            state = set_fighter(state, self.side, cards[0])
        return state, []


# --- the attack dice -----------------------------------------------------------------------------


def dice_count(state: State, side: int) -> int:
    fighter = front(state, side)
    assert fighter is not None
    found = card(fighter)
    fight = combat(state)
    if fight.kind == "final" and found.effect == "final_three" and not nullified(state, side):
        return 0
    count = found.dice
    if not nullified(state, side):
        if found.effect == "extra_dice":
            count += found.param("amount", 1)
        if found.effect == "extra_dice_first" and fight.fought[side] == 0:
            count += found.param("amount", 1)
    lock = active_effect(state, 1 - side, "dice")
    if lock is not None and lock.effect == "lock_dice":
        count = lock.param("count", 1)
    return count


@dataclass(frozen=True)
class Roll(Automatic[State]):
    def run(self, state: State) -> Done[State]:
        if duel_broken(state):
            return state, []
        counts = (dice_count(state, 0), dice_count(state, 1))
        if sum(counts) == 0:
            return with_duel(state, rolled=True), []
        return push(state, RollDice(*counts)), []


@dataclass(frozen=True)
class RollDice(Asking[State]):
    """Both sides' attack dice in one roll: the attacker's first."""

    attacker: int
    defender: int

    def ask(self, state: State) -> ChanceRequest:
        parts = ((side_name(state, 0), self.attacker), (side_name(state, 1), self.defender))
        return chance.dice(self.attacker + self.defender, rolls.ATTACK_DICE, parts=parts)

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        faces = tuple(int(face) for face in answer)
        dice = (faces[: self.attacker], faces[self.attacker :])
        fight = combat(state)
        lines: Lines = []
        log = told(
            fight,
            lines,
            "Attack dice: {attacker} {attacker_dice}; {defender} {defender_dice}.",
            attacker=side_name(state, 0),
            attacker_dice=_faces(dice[0]),
            defender=side_name(state, 1),
            defender_dice=_faces(dice[1]),
        )
        return with_combat(state, duel=replace(fight.duel, dice=dice, rolled=True), log=log), lines


def _faces(faces: tuple[int, ...]) -> Text:
    if not faces:
        return Message("no dice (counts as 3)")
    return "[" + "][".join(map(str, faces)) + "]"


# --- after the dice ------------------------------------------------------------------------------


@dataclass(frozen=True)
class AfterDiceWindow(Window):
    situation = Message("After the dice: both sides have items or abilities to use.")

    def able(self, state: State, side: int) -> bool:
        return bool(after_options(state, side))

    def turn(self, side: int) -> Task[State]:
        return AfterDice(side)


def after_options(state: State, side: int) -> list[Option]:
    """The fighting card's after-dice ability (once a 1-on-1) and the party's after-dice items;
    option ids 'card:<instance>' and 'item:<item id>'."""
    options: list[Option] = []
    used = combat(state).duel.used
    ability = active_effect(state, side, "after_dice")
    fighter = front(state, side)
    if ability is not None and fighter is not None and fighter not in used:
        options.append(_after_ability(fighter))
    if is_party(state, side) and combat(state).duel.rolled:
        seat = combat(state).seats[side]
        for item_id in state.players[seat].items:
            item = content().items[item_id]
            if item.timing == "after_dice" and item.effect in ("bump", "reroll", "support_minus"):
                options.append(_after_item(item_id))
    return options


@cache
def _after_ability(fighter: str) -> Option:
    """The after-dice ability of `fighter` (a card with one) on offer (made once for each)."""
    ability = card(fighter)
    name = Name(ability.ability, ability.ability_en) if ability.ability else card_label(fighter)
    label = (
        Message("{name}: reroll your attack dice", name=name)
        if ability.effect == "reroll"
        else Message("{name}: +{amount}", name=name, amount=ability.param("amount", 1))
    )
    return Option(f"card:{fighter}", label)


@cache
def _after_item(item_id: str) -> Option:
    item = content().items[item_id]
    return Option(f"item:{item_id}", item.title, item.text)


@dataclass(frozen=True)
class AfterDice(Menu[State]):
    """`side` may use after-dice items and its fighter's ability until Done. A reroll waits
    until the menu closes; bonuses and penalties count at once."""

    name = "after-dice"
    side: int

    def chooser(self, state: State) -> int:
        return combat(state).seats[self.side]

    def acting_for(self, state: State) -> ActingFor | None:
        return deciding_for(state, self.side)

    def prompt(self, state: State) -> Text:
        return Message(
            "After the dice: you have {mine}, they have {theirs}. Use an item or ability?",
            mine=value_text(state, self.side),
            theirs=value_text(state, 1 - self.side),
        )

    def actions(self, state: State) -> tuple[Option, ...]:
        return () if duel_broken(state) else tuple(after_options(state, self.side))

    def choose(self, state: State, action: Choice) -> Done[State]:
        lines: Lines = []
        side = self.side
        kind, _, ident = str(action).partition(":")
        duel = combat(state).duel
        if kind == "item":
            item = content().items[ident]
            owner = combat(state).seats[side]
            items = list(state.players[owner].items)
            items.remove(ident)
            state = state.with_player(owner, items=tuple(items))
            effect, amount = item.effect, item.param("amount", 1)
            part_kind = tally.ITEM
            state = tell(
                state,
                lines,
                "{name} uses {item}.",
                name=state.names[owner],
                item=item.title,
            )
        else:
            found = card(ident)
            effect, amount = found.effect, found.param("amount", 1)
            part_kind = tally.ABILITY
            state = with_duel(state, used=(*duel.used, ident))
            state = tell(
                state,
                lines,
                "{card} uses {ability}.",
                card=card_name(ident),
                ability=found.ability or effect,
            )
        if effect == "reroll":
            count = len(combat(state).duel.dice[side])
            state = push_behind(state, Reroll(side, max(count, 1)))
        elif effect == "support_minus":
            # Taken off each of the other side's dice (never below 1).
            state = _modify(state, 1 - side, Part(part_kind, -amount, ident))
        else:
            state = _modify(state, side, Part(part_kind, amount, ident))
        return state, lines


def _modify(state: State, side: int, part: Part) -> State:
    mods = list(combat(state).duel.mods)
    mods[side] = (*mods[side], part)
    return with_duel(state, mods=(mods[0], mods[1]))


@dataclass(frozen=True)
class Reroll(Asking[State]):
    side: int
    dice: int

    def ask(self, state: State) -> ChanceRequest:
        return chance.dice(self.dice, rolls.of_player(rolls.REROLL, side_name(state, self.side)))

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        faces = tuple(int(face) for face in answer)
        dice = list(combat(state).duel.dice)
        dice[self.side] = faces
        state = with_duel(state, dice=(dice[0], dice[1]))
        lines: Lines = []
        return tell(state, lines, "Reroll: {faces}.", faces=_faces(faces)), lines


_DUEL_STEPS: tuple[Task[State], ...] = (
    BeforeDiceWindow(),
    Roll(),
    AfterDiceWindow(),
    Resolve(),
    OnWin(),
    Settlement(),
)
"""The steps of every 1-on-1, made once: they have no fields (a task is immutable)."""
