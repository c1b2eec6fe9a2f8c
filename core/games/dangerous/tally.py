"""A fighting card's result, part by part (rulebook §5): its highest attack die, then every
modifier the rules apply, each with where it comes from.

The rules add up these parts (`result` is their sum), and the battle view and the log show the
same parts, so what a player reads and what the rules count cannot disagree. Parts are data;
`part_name` and `sum_text` say them in words (the one place for those words).
"""

from __future__ import annotations

from collections.abc import Iterable

from core.games.dangerous.content import content
from core.narration import Joined, Message, Text
from core.records import dataclass

DIE = "die"  # the highest attack die (after nothing: penalties are their own parts)
NO_DICE = "no-dice"  # rolled with no dice: the result counts 3
AP = "ap"  # the AP on 戦闘力 in this turn's meeting
SUPPORT = "support"  # a supporting card of either side (support_plus, support_minus)
ITEM = "item"  # an after-dice item of either side (bump, support_minus)
ABILITY = "ability"  # the fighting card's own after-dice ability (bump)
CURSE = "curse"  # an on-win curse from the 1-on-1 before
FLOOR = "floor"  # penalties never take a die below 1: what they could not take

NO_DICE_RESULT = 3
COMBAT_ACTION = "combat"  # the meeting action whose AP add to attack results


@dataclass(frozen=True)
class Part:
    """One part of a result: its kind, how much it adds (negative: takes off) and the card
    instance or item id it comes from ("" for the die, AP, the floor)."""

    kind: str
    amount: int
    source: str = ""


Parts = tuple[Part, ...]

# A penalty on the dice (taken off every die, never below 1), as opposed to one on the result.
DIE_PENALTIES = (SUPPORT, ITEM)


def result(parts: Iterable[Part]) -> int:
    return sum(part.amount for part in parts)


def with_floor(die: Part, modifiers: Iterable[Part]) -> Parts:
    """The die, its modifiers and, if the penalties on the die took it below 1, the floor that
    brings it back to 1 (a die never counts less than 1)."""
    shown = tuple(modifiers)
    penalties = sum(p.amount for p in shown if p.kind in DIE_PENALTIES and p.amount < 0)
    lowest = die.amount + penalties
    floor = (Part(FLOOR, 1 - lowest),) if die.kind == DIE and lowest < 1 else ()
    return (die, *shown, *floor)


# --- in words ------------------------------------------------------------------------------------

LABELS: dict[str, Text] = {
    DIE: Message("die"),
    NO_DICE: Message("no dice"),
    AP: Message("戦闘力 AP"),
    SUPPORT: Message("support"),
    ITEM: Message("item"),
    ABILITY: Message("ability"),
    CURSE: Message("curse"),
    FLOOR: Message("(a die never counts below 1)"),
}


def part_name(part: Part) -> Text:
    """What a modifier is, by name: "戦闘力 AP", "大太鼓ドン support", "刀 Katana",
    "根津ツヨシ's ど根性", "祟目タタリ's 祟り目 curse"."""
    label = LABELS[part.kind]
    if not part.source:
        return label
    if part.kind == ITEM:
        item = content().items[part.source]
        return item.title
    found = content().card(part.source)
    if part.kind == SUPPORT:
        return Message("{card} support", card=found.name)
    if part.kind == ABILITY and found.ability:
        return Message("{card}'s {ability}", card=found.name, ability=found.ability)
    if part.kind == CURSE and found.ability:
        return Message("{card}'s {ability} curse", card=found.name, ability=found.ability)
    return Message("{card}'s {part}", card=found.name, part=label)


def sum_text(parts: Parts) -> Text | Joined:
    """A result in words: "4 +1 戦闘力 AP +2 刀 Katana = 7", or "4" when the die is all
    (a sentence for the log; the battle view lays the same parts out itself)."""
    if not parts:
        return "0"
    first, rest = parts[0], parts[1:]
    if not rest and first.kind == DIE:
        return str(first.amount)
    words: list[Text] = [
        str(first.amount)
        if first.kind == DIE
        else Message("{amount} ({part})", amount=first.amount, part=part_name(first))
    ]
    words += [Message("{amount:+d} {part}", amount=p.amount, part=part_name(p)) for p in rest]
    if rest:
        words.append(f"= {result(parts)}")
    return Joined(tuple(words), " ")
