"""The ambush step before a battle's first 1-on-1 (rulebook §5, 戦闘開始前): ambush abilities
fire, the active player's first, then each party may use ambush items."""

from __future__ import annotations

from typing import Any

from core import chance
from core.agenda import Asking, Automatic, Done, Menu, Task, push
from core.chance import ChanceRequest
from core.decisions import Choice, Option
from core.frozen import replace
from core.games.dangerous import rolls
from core.games.dangerous.battle import combat, is_party, row, side_of, supporters, tell
from core.games.dangerous.cards import card_name
from core.games.dangerous.casualties import hit
from core.games.dangerous.content import Card, card, content
from core.games.dangerous.state import State
from core.narration import Lines, Message, Name, Text
from core.records import dataclass

AMBUSH_EFFECTS = ("snipe", "snipe_sure", "swap_front_last")
NO = "no"


@dataclass(frozen=True)
class Ambush(Automatic[State]):
    def run(self, state: State) -> Done[State]:
        tasks: list[Task[State]] = []
        for side in (0, 1):
            for instance in row(state, side):
                if card(instance).timing == "ambush" and card(instance).effect in AMBUSH_EFFECTS:
                    tasks.append(AmbushFire(side, instance))
            if is_party(state, side) and ambush_items(state, side):
                tasks.append(AmbushItems(side))
        return push(state, *tasks), []


def ambush_items(state: State, side: int) -> tuple[str, ...]:
    seat = combat(state).seats[side]
    return tuple(
        item
        for item in state.players[seat].items
        if content().items[item].timing == "ambush" and content().items[item].effect == "snipe"
    )


@dataclass(frozen=True)
class AmbushItems(Menu[State]):
    """`side` may use its ambush items on the enemy, one after another. It is asked once even
    if the enemy row is already empty (an item chosen then does nothing); after an item, only
    while enemy cards remain."""

    name = "ambush-item"
    done = Option(NO, Message("No"))
    side: int
    asked: bool = False

    def chooser(self, state: State) -> int:
        return combat(state).seats[self.side]

    def prompt(self, state: State) -> Text:
        target = row(state, 1 - self.side)
        front_card = card_name(target[0]) if target else Message("nobody")
        return Message(
            "Before the battle: use an item on {card}? (items are optional)", card=front_card
        )

    def actions(self, state: State) -> tuple[Option, ...]:
        if self.asked and not row(state, 1 - self.side):
            return ()
        items = content().items
        return tuple(
            Option(item, Name(items[item].name, items[item].english), items[item].text)
            for item in ambush_items(state, self.side)
        )

    def again(self, action: Choice) -> AmbushItems:
        return replace(self, asked=True)

    def choose(self, state: State, action: Choice) -> Done[State]:
        if not row(state, 1 - self.side):
            return state, []
        item = content().items[str(action)]
        owner = combat(state).seats[self.side]
        items = tuple(i for i in state.players[owner].items if i != item.id)
        state = state.with_player(owner, items=items)
        lines: Lines = []
        # An item is not an ability: 白金 cannot reflect it, but 阿頼耶識's shield still guards.
        target = shielded(row(state, 1 - self.side))
        state = tell(
            state,
            lines,
            "{name} uses {item} on {target}.",
            name=state.names[owner],
            item=item.title,
            target=card_name(target),
        )
        return push(state, ItemSnipe(self.side, item.id, target)), lines


@dataclass(frozen=True)
class ItemSnipe(Asking[State]):
    side: int
    item: str
    target: str

    def ask(self, state: State) -> ChanceRequest:
        return chance.dice(1, rolls.item_effect_roll(self.item))

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        lines: Lines = []
        total, shown = ambush_roll(state, self.side, int(answer[0]))
        need = content().items[self.item].param("min_roll", 4)
        if total < need:
            return tell(
                state, lines, "The roll is {shown}: a miss (needs {need}).", shown=shown, need=need
            ), lines
        state = tell(
            state, lines, "The roll is {shown}: a hit (needs {need}).", shown=shown, need=need
        )
        return hit(state, self.target, "", lines), lines  # an item: no card is responsible


def in_ambush(state: State, side: int, effect: str) -> list[Card]:
    """`side`'s cards behind the front whose support `effect` takes part in the ambush step
    (line 115: 鏡子とマゆゆは例外的に関与できます)."""
    return [c for c in supporters(state, side, effect) if c.params.get("in_ambush")]


def _amount(cards: list[Card]) -> int:
    return sum(c.param("amount", 1) for c in cards)


def ambush_roll(state: State, side: int, face: int) -> tuple[int, str]:
    """An ambush roll by `side` and how it came about: the other side's 鏡子 lowers the die
    (never below 1, FAQ line 213), then マゆゆ's and ambush_hinder cards' amounts count."""
    minus = _amount(in_ambush(state, 1 - side, "support_minus"))
    plus = _amount(in_ambush(state, side, "support_plus"))
    hinder = _amount(supporters(state, 1 - side, "ambush_hinder"))
    total = max(1, face - minus) + plus - hinder
    parts = [str(face)]
    parts += [f"-{minus}"] if minus else []
    parts += [f"+{plus}"] if plus else []
    parts += [f"-{hinder}"] if hinder else []
    shown = " ".join(parts) + (f" = {total}" if len(parts) > 1 else "")
    return total, shown


def shielded(cards: tuple[str, ...]) -> str:
    """The card of a row an ambush hits: the front one, unless it shields the one behind."""
    if card(cards[0]).effect == "shield_front" and len(cards) > 1:
        return cards[1]
    return cards[0]


def reflector(state: State, side: int) -> str | None:
    """The card of `side` that bounces enemy ambush abilities back (白金翔一郎), if any."""
    return next((c for c in row(state, side) if card(c).effect == "reflect_ambush"), None)


def ambush_target(state: State, side: int, instance: str) -> tuple[int, str | None]:
    """Which card an ambush from `instance` (on `side`) hits, after reflection and shields.
    A reflected ambush bounces back to the card that used it (line 114: 白金翔一郎は遠距離攻撃を
    跳ね返します), wherever it stands in its row, and is not reflected again."""
    enemy = 1 - side
    if reflector(state, enemy) is not None:
        return side, instance
    cards = row(state, enemy)
    return enemy, shielded(cards) if cards else None


@dataclass(frozen=True)
class AmbushFire(Automatic[State]):
    side: int
    ambusher: str

    def run(self, state: State) -> Done[State]:
        lines: Lines = []
        instance = self.ambusher
        if side_of(state, instance) != self.side:
            return state, lines  # it fell before its turn
        ambusher = card(instance)
        target_side, target = ambush_target(state, self.side, instance)
        if target is None:
            return state, lines
        ability = ambusher.ability or ambusher.title
        mirror = reflector(state, 1 - self.side) if target_side == self.side else None
        if mirror is not None:
            state = tell(
                state,
                lines,
                "Ambush: {card} uses {ability} — {mirror} bounces it back onto {name}!",
                card=card_name(instance),
                ability=ability,
                mirror=card(mirror).name,
                name=card(instance).name,
            )
        else:
            state = tell(
                state,
                lines,
                "Ambush: {card} uses {ability} on {target}.",
                card=card_name(instance),
                ability=ability,
                target=card_name(target),
            )
        if ambusher.effect == "snipe":
            return push(state, AmbushRoll(self.side, instance, target)), lines
        if ambusher.effect == "snipe_sure":
            return hit(state, target, instance, lines), lines
        last = row(state, target_side)[-1]
        return hit(state, target, instance, lines, swap_with=last), lines


@dataclass(frozen=True)
class AmbushRoll(Asking[State]):
    side: int
    ambusher: str
    target: str

    def ask(self, state: State) -> ChanceRequest:
        return chance.dice(1, rolls.of_card(rolls.AMBUSH_ROLL, self.ambusher))

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        lines: Lines = []
        total, shown = ambush_roll(state, self.side, int(answer[0]))
        need = card(self.ambusher).param("min_roll", 4)
        if total >= need:
            state = tell(
                state,
                lines,
                "The ambush roll is {shown}: a hit (needs {need}).",
                shown=shown,
                need=need,
            )
            return hit(state, self.target, self.ambusher, lines), lines
        state = tell(
            state,
            lines,
            "The ambush roll is {shown}: a miss (needs {need}).",
            shown=shown,
            need=need,
        )
        return state, lines


AMBUSH = Ambush()
"""The ambush step, made once (it has no fields): every battle but the final one queues it."""
