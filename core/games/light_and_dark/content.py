"""The cards of light-and-dark, read from content.toml."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path


class Colour(Enum):
    BLUE = "blue"
    RED = "red"


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
    provisional: bool

    @property
    def label(self) -> str:
        return f"{self.english} {self.name}"


@dataclass(frozen=True)
class Boss:
    id: str
    name: str
    english: str
    faces: str

    @property
    def label(self) -> str:
        return f"{self.english} {self.name}"


@dataclass(frozen=True)
class Content:
    roles: dict[str, Role]
    bosses: tuple[Boss, ...]

    def deck(self, deck: str) -> tuple[str, ...]:
        return tuple(
            role.id for role in self.roles.values() if role.deck == deck for _ in range(role.copies)
        )

    def boss_facing(self, hero: str) -> Boss:
        return next(boss for boss in self.bosses if boss.faces == hero)


@cache
def content() -> Content:
    data = tomllib.loads((Path(__file__).parent / "content.toml").read_text(encoding="utf-8"))
    roles = {
        entry["id"]: Role(
            id=entry["id"],
            name=entry["name"],
            english=entry["english"],
            deck=entry["deck"],
            copies=entry["copies"],
            colour=Colour(entry["colour"]),
            dice=entry["dice"],
            effect=Effect(entry["effect"]),
            provisional=entry.get("provisional", False),
        )
        for entry in data["role"]
    }
    bosses = tuple(
        Boss(entry["id"], entry["name"], entry["english"], entry["faces"]) for entry in data["boss"]
    )
    return Content(roles, bosses)
