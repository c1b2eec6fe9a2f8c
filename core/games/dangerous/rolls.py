"""What each of Dangerous's chance requests is for (`ChanceRequest.label`), in words: catalog
messages, so a damaged save's error names the roll in the reader's language; str() is the
English the labels always were. A label is asked for at every roll, in the engine's hot path,
so each is made once for its player, card or item and kept, not at every roll."""

from __future__ import annotations

from functools import cache, lru_cache

from core.games.dangerous.cards import card_name
from core.games.dangerous.content import card, content
from core.narration import Message, Text, Worded

_NAMES = 256
"""How many labels of a kind made for players are kept: names come from the table."""

FIRST_START_PLAYER = Message("the first start player")
ATTACK_DICE = Message("the attack dice (both sides at once)")


@lru_cache(maxsize=_NAMES)
def item_roll(name: str) -> Message:
    return Message("{name}'s item roll", name=name)


@lru_cache(maxsize=_NAMES)
def reward_roll(name: str, bonus: int) -> Message:
    return Message("{name}'s reward roll (+{bonus})", name=name, bonus=bonus)


@lru_cache(maxsize=_NAMES)
def lv2_roll(name: str) -> Message:
    return Message("{name}'s Lv2 appearance roll", name=name)


@lru_cache(maxsize=_NAMES)
def spring_roll(name: str) -> Message:
    return Message("{name}'s spring roll", name=name)


@lru_cache(maxsize=_NAMES)
def discard_pile(name: str) -> Message:
    return Message("{name}'s discard pile", name=name)


@lru_cache(maxsize=_NAMES)
def corpse_pick(name: str) -> Message:
    return Message("the card {name} takes from the corpse", name=name)


@lru_cache(maxsize=_NAMES)
def reroll(side: Text) -> Message:
    """A side's reroll: a player's name, or the enemy's (a Message)."""
    return Message("{name}'s reroll", name=side)


@cache
def counter_roll(instance: str) -> Message:
    return Message("{card}'s counter roll", card=card_name(instance))


@cache
def ability_dice(instance: str) -> Message:
    """The dice of a fallen card's ability ('… (Lv2)'s 道連れ': its Japanese name, as ever)."""
    return Message("{card}'s {ability}", card=card_name(instance), ability=card(instance).ability)


@cache
def ability_roll(instance: str) -> Message:
    return Message("{card}'s ability roll", card=card_name(instance))


@cache
def justice_roll(instance: str) -> Message:
    return Message("{card}'s justice roll", card=card_name(instance))


@cache
def ambush_roll(instance: str) -> Message:
    return Message("{card}'s ambush roll", card=card_name(instance))


@cache
def victory_roll(instance: str) -> Message:
    return Message("{card}'s victory roll", card=card_name(instance))


@cache
def item_effect_roll(item_id: str) -> Message:
    """An item's own roll: the item in the reader's language alone, as the English was."""
    item = content().items[item_id]
    return Message("the {item} roll", item=Worded(item.name, item.english))
