"""The content of Dangerous (cards, items, board, AP actions), read from the TOML files beside it.

Card instances: a card with several copies appears in decks as `id#2`, `id#3`, ...; every
instance id is unique so that shuffles are permutations and cards can be followed one by one.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent

TIMINGS = (
    "meeting_start",
    "meeting_end",
    "field",
    "ambush",
    "support",
    "before_dice",
    "dice",
    "after_dice",
    "final_result",
    "on_win",
    "on_discard",
    "passive",
    "revival",
)


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    english: str
    level: int
    deck: str
    copies: int
    timing: str
    effect: str
    params: dict[str, Any]
    ability: str
    text_ja: str
    text_en: str
    named: bool
    provisional: bool

    @property
    def dice(self) -> int:
        return self.level

    def param(self, name: str, default: int = 0) -> int:
        value = self.params.get(name, default)
        return int(value)

    @property
    def label(self) -> str:
        return f"{self.name} Lv{self.level}"


@dataclass(frozen=True)
class Item:
    number: int
    id: str
    name: str
    english: str
    effect: str
    params: dict[str, Any]
    timing: str
    text_ja: str
    text_en: str

    def param(self, name: str, default: int = 0) -> int:
        return int(self.params.get(name, default))


@dataclass(frozen=True)
class Space:
    id: str
    kind: str
    number: int
    x: int
    y: int
    closed_2p: bool
    name: str
    english: str


@dataclass(frozen=True)
class BossSite:
    id: str
    name: str
    english: str
    space: str
    cards: tuple[str, ...]
    item_bonus: int
    closed_2p: bool


@dataclass(frozen=True)
class Action:
    id: str
    name: str
    english: str
    help: str
    caps: dict[int, int]

    def cap(self, players: int) -> int:
        """The most AP this action can hold in total (0 = no limit)."""
        return self.caps.get(players, 0)


@dataclass(frozen=True)
class Board:
    spaces: dict[str, Space]
    edges: dict[str, tuple[str, ...]]
    bosses: tuple[BossSite, ...]
    lv2_start: tuple[str, ...]
    lv2_supply: int
    spring: str

    def boss(self, boss_id: str) -> BossSite:
        return next(site for site in self.bosses if site.id == boss_id)

    def bosses_at(self, space: str) -> tuple[BossSite, ...]:
        return tuple(site for site in self.bosses if site.space == space)


@dataclass(frozen=True)
class Content:
    cards: dict[str, Card]
    items: dict[str, Item]
    board: Board
    actions: tuple[Action, ...]
    decks: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def card(self, instance: str) -> Card:
        return self.cards[instance.split("#", 1)[0]]

    def item_numbered(self, number: int) -> Item:
        top = max(item.number for item in self.items.values())
        number = min(max(number, 1), top)
        return next(item for item in self.items.values() if item.number == number)


def _read(name: str) -> dict[str, Any]:
    return tomllib.loads((HERE / name).read_text(encoding="utf-8"))


@cache
def content() -> Content:
    cards = {
        raw["id"]: Card(
            id=raw["id"],
            name=raw["name"],
            english=raw.get("english", raw["name"]),
            level=int(raw["level"]),
            deck=raw["deck"],
            copies=int(raw.get("copies", 1)),
            timing=raw.get("timing", "passive"),
            effect=raw.get("effect", "none"),
            params=dict(raw.get("params", {})),
            ability=raw.get("ability", ""),
            text_ja=raw.get("text_ja", ""),
            text_en=raw.get("text_en", ""),
            named=bool(raw.get("named_in_rulebook", False)),
            provisional=bool(raw.get("provisional", False)),
        )
        for raw in _read("cards.toml")["card"]
    }
    items = {
        raw["id"]: Item(
            number=int(raw["number"]),
            id=raw["id"],
            name=raw["name"],
            english=raw.get("english", raw["name"]),
            effect=raw["effect"],
            params=dict(raw.get("params", {})),
            timing=raw.get("timing", "after_dice"),
            text_ja=raw.get("text_ja", ""),
            text_en=raw.get("text_en", ""),
        )
        for raw in _read("items.toml")["item"]
    }
    board_data = _read("board.toml")
    spaces = {
        raw["id"]: Space(
            id=raw["id"],
            kind=raw.get("kind", "normal"),
            number=int(raw.get("number", 0)),
            x=int(raw.get("x", 0)),
            y=int(raw.get("y", 0)),
            closed_2p=bool(raw.get("closed_2p", False)),
            name=raw.get("name", ""),
            english=raw.get("english", ""),
        )
        for raw in board_data["space"]
    }
    neighbours: dict[str, list[str]] = {space: [] for space in spaces}
    for edge in board_data["edge"]:
        neighbours[edge["a"]].append(edge["b"])
        neighbours[edge["b"]].append(edge["a"])
    bosses = tuple(
        BossSite(
            id=raw["id"],
            name=raw["name"],
            english=raw.get("english", raw["name"]),
            space=raw["space"],
            cards=tuple(raw["cards"]),
            item_bonus=int(raw.get("item_bonus", 0)),
            closed_2p=bool(raw.get("closed_2p", False)),
        )
        for raw in board_data["boss"]
    )
    tokens = board_data.get("lv2_tokens", {})
    spring = next(space.id for space in spaces.values() if space.kind == "spring")
    board = Board(
        spaces=spaces,
        edges={space: tuple(items) for space, items in neighbours.items()},
        bosses=bosses,
        lv2_start=tuple(tokens.get("start", ())),
        lv2_supply=int(tokens.get("supply", len(tokens.get("start", ())))),
        spring=spring,
    )
    actions = tuple(
        Action(
            id=raw["id"],
            name=raw["name"],
            english=raw.get("english", raw["id"]),
            help=raw.get("help", ""),
            caps={int(k): int(v) for k, v in raw.get("caps", {}).items()},
        )
        for raw in _read("actions.toml")["action"]
    )
    decks: dict[str, list[str]] = {"lv1": [], "lv2": [], "lv3": [], "transfer": []}
    for card in cards.values():
        for copy in range(card.copies):
            decks[card.deck].append(card.id if copy == 0 else f"{card.id}#{copy + 1}")
    return Content(cards, items, board, actions, {k: tuple(v) for k, v in decks.items()})
