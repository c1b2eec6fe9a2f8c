"""What each of Dangerous's chance requests is for (`ChanceRequest.label`), in words: catalog
messages, so a damaged save's error names the roll in the reader's language; str() is the
English the labels always were. A label is asked for at every roll, in the engine's hot path,
so each is made once for its player, card or item and kept, not at every roll."""

from __future__ import annotations

from functools import cache, lru_cache

from core.games.dangerous.cards import card_name
from core.games.dangerous.content import card, content
from core.i18n import N_
from core.narration import Message, Text, Worded

FIRST_START_PLAYER = Message("the first start player")
ATTACK_DICE = Message("the attack dice (both sides at once)")

# A player's rolls (`of_player`): `name` is a player's name, or a side's (a reroll).
ITEM_ROLL = N_("{name}'s item roll")
LV2_ROLL = N_("{name}'s Lv2 appearance roll")
SPRING_ROLL = N_("{name}'s spring roll")
DISCARD_PILE = N_("{name}'s discard pile")
CORPSE_PICK = N_("the card {name} takes from the corpse")
REROLL = N_("{name}'s reroll")

# A card's rolls (`of_card`): `card` is its name and level, as the narration names it.
COUNTER_ROLL = N_("{card}'s counter roll")
ABILITY_ROLL = N_("{card}'s ability roll")
JUSTICE_ROLL = N_("{card}'s justice roll")
AMBUSH_ROLL = N_("{card}'s ambush roll")
VICTORY_ROLL = N_("{card}'s victory roll")


@lru_cache(maxsize=1024)  # names come from the table: the keys are unbounded
def of_player(template: str, name: Text) -> Message:
    return Message(template, name=name)


@cache
def of_card(template: str, instance: str) -> Message:
    return Message(template, card=card_name(instance))


@lru_cache(maxsize=256)
def reward_roll(name: str, bonus: int) -> Message:
    return Message("{name}'s reward roll (+{bonus})", name=name, bonus=bonus)


@cache
def ability_dice(instance: str) -> Message:
    """The dice of a fallen card's ability ('… (Lv2)'s 道連れ': its Japanese name, as ever)."""
    return Message("{card}'s {ability}", card=card_name(instance), ability=card(instance).ability)


@cache
def item_effect_roll(item_id: str) -> Message:
    """An item's own roll: the item in the reader's language alone, as the English was."""
    item = content().items[item_id]
    return Message("the {item} roll", item=Worded(item.name, item.english))
