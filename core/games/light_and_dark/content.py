"""The cards of light-and-dark, read strictly from content.toml by core.content."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import cache, cached_property
from pathlib import Path

from core.content import by_id, entry, load, one_of
from core.narration import Message, Name


class Colour(Enum):
    BLUE = "blue"
    RED = "red"


SIDE_NAMES = {Colour.BLUE: Message("blue side"), Colour.RED: Message("red side")}
"""A card's side in words, for wherever colour alone would have to tell it."""

COLOUR_NAMES = {Colour.BLUE: Message("blue"), Colour.RED: Message("red")}
"""A card's colour in words."""


class Effect(Enum):
    SUM = "sum"
    REROLL = "reroll"
    CHOOSE = "choose"
    GAMBLER = "gambler"


@dataclass(frozen=True)
class Role:
    id: str
    name: str
    english: str
    deck: str
    copies: int
    colour: Colour
    dice: int
    effect: Effect
    evidence: str  # the rulebook lines the values rest on
    provisional: bool = False

    @cached_property
    def label(self) -> Name:
        """The card's name: '悪魔' in Japanese, '悪魔 Devil' in English."""
        return Name(self.name, self.english)

    @cached_property
    def sided(self) -> Message:
        """The label with the card's side: '悪魔 Devil (red side)'."""
        return Message("{card} ({side})", card=self.label, side=SIDE_NAMES[self.colour])


@dataclass(frozen=True)
class Boss:
    id: str
    name: str
    english: str
    faces: str
    provisional: bool = False

    @cached_property
    def label(self) -> Name:
        return Name(self.name, self.english)


@dataclass(frozen=True)
class Content:
    roles: dict[str, Role]
    bosses: tuple[Boss, ...]
    decks: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False, compare=False)

    def deck(self, deck: str) -> tuple[str, ...]:
        cards = self.decks.get(deck)
        if cards is None:  # made once: the hero deck is shuffled anew every turn
            cards = self.decks[deck] = tuple(
                role.id
                for role in self.roles.values()
                if role.deck == deck
                for _ in range(role.copies)
            )
        return cards

    def boss_facing(self, hero: str) -> Boss:
        return next(boss for boss in self.bosses if boss.faces == hero)


@dataclass(frozen=True)
class _ContentFile:
    role: tuple[Role, ...]
    boss: tuple[Boss, ...]


DECKS = ("hero", "role")


@cache
def content() -> Content:
    """The game's content, read once from the content.toml beside this module."""
    return load_content(Path(__file__).parent)


def load_content(folder: Path) -> Content:
    """The content in `folder`/content.toml, checked."""
    loaded = load(folder / "content.toml", _ContentFile)
    roles = by_id("content.toml", "role", loaded.role)
    by_id("content.toml", "boss", loaded.boss)
    for index, role in enumerate(loaded.role):
        one_of(entry("content.toml", "role", index, role.id), "deck", role.deck, DECKS)
    heroes = [role.id for role in loaded.role if role.deck == "hero"]
    for index, boss in enumerate(loaded.boss):
        one_of(entry("content.toml", "boss", index, boss.id), "faces", boss.faces, heroes, "hero")
    return Content(roles, loaded.boss)
