"""The content of Dangerous (cards, items, board, AP actions), read from the TOML files beside it.

Every file is read strictly by core.content (a misspelt or missing key is refused); the checks
between entries (decks, timings, board edges, boss spaces) are made here, after loading.

Card instances: a card with several copies appears in decks as `id#2`, `id#3`, ...; every
instance id is unique so that shuffles are permutations and cards can be followed one by one.
"""

from __future__ import annotations

from dataclasses import field
from functools import cache, cached_property
from pathlib import Path

from core.content import TOML_KEY, ContentError, by_id, entry, load, one_of
from core.narration import Name, Worded
from core.records import dataclass

HERE = Path(__file__).parent

DECKS = ("lv1", "lv2", "lv3", "transfer")
SPACE_KINDS = ("normal", "spring", "boss")
ITEM_TIMINGS = ("after_dice", "ambush", "field")

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


class _Titled:
    """What has a `name` and its `english`: `title`, the Name made of them, made once (a Name
    is built for every line and option that shows one)."""

    name: str
    english: str

    @cached_property
    def title(self) -> Name:
        """Its name: Japanese, with the English beside it in English."""
        return Name(self.name, self.english)


@dataclass(frozen=True)
class Card(_Titled):
    id: str
    name: str
    english: str
    level: int
    deck: str
    copies: int
    timing: str
    effect: str
    params: dict[str, int | bool]
    ability: str
    ability_en: str
    text_ja: str
    text_en: str
    named: bool = field(metadata={TOML_KEY: "named_in_rulebook"})
    provisional: bool = False

    @property
    def dice(self) -> int:
        return self.level

    def param(self, name: str, default: int = 0) -> int:
        value = self.params.get(name, default)
        return int(value)

    @property
    def label(self) -> str:
        return f"{self.name} Lv{self.level}"

    @cached_property
    def text(self) -> Worded:
        """The card's rules text in the reader's language."""
        return Worded(self.text_ja, self.text_en)


@dataclass(frozen=True)
class Item(_Titled):
    number: int
    id: str
    name: str
    english: str
    effect: str
    params: dict[str, int | bool]
    timing: str
    text_ja: str
    text_en: str
    provisional: bool = False

    def param(self, name: str, default: int = 0) -> int:
        return int(self.params.get(name, default))

    @cached_property
    def text(self) -> Worded:
        """The item's rules text in the reader's language."""
        return Worded(self.text_ja, self.text_en)


@dataclass(frozen=True)
class Space(_Titled):
    id: str
    kind: str
    number: int
    x: int
    y: int
    closed_2p: bool
    name: str
    english: str
    boss: str  # the boss location on this space (the space's own id), or ""


@dataclass(frozen=True)
class BossSite(_Titled):
    id: str
    name: str
    english: str
    space: str
    cards: tuple[str, ...]
    item_bonus: int
    closed_2p: bool
    provisional: bool = False


@dataclass(frozen=True)
class Action(_Titled):
    id: str
    name: str
    english: str
    help: str
    help_ja: str
    caps: dict[int, int]
    provisional: bool = False

    @cached_property
    def words(self) -> Worded:
        """What the action does, in the reader's language."""
        return Worded(self.help_ja, self.help)

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
    instances: dict[str, Card] = field(default_factory=dict, repr=False, compare=False)
    """Every card instance of the decks (`id`, `id#2`, ...) -> its card: `card` is asked tens
    of times an entry."""
    actions_by_id: dict[str, Action] = field(default_factory=dict, repr=False, compare=False)

    def card(self, instance: str) -> Card:
        found = self.instances.get(instance)
        return found if found is not None else self.cards[instance.split("#", 1)[0]]

    def action(self, action_id: str) -> Action:
        return self.actions_by_id[action_id]

    def item_numbered(self, number: int) -> Item:
        top = max(item.number for item in self.items.values())
        number = min(max(number, 1), top)
        return next(item for item in self.items.values() if item.number == number)


@dataclass(frozen=True)
class _Edge:
    a: str
    b: str


@dataclass(frozen=True)
class _Lv2Tokens:
    start: tuple[str, ...]
    supply: int


@dataclass(frozen=True)
class _CardsFile:
    card: tuple[Card, ...]


@dataclass(frozen=True)
class _ItemsFile:
    item: tuple[Item, ...]


@dataclass(frozen=True)
class _BoardFile:
    space: tuple[Space, ...]
    edge: tuple[_Edge, ...]
    boss: tuple[BossSite, ...]
    lv2_tokens: _Lv2Tokens


@dataclass(frozen=True)
class _ActionsFile:
    action: tuple[Action, ...]


@cache
def content() -> Content:
    """The game's content, read once from the files beside this module."""
    return load_content(HERE)


@cache  # the cards never change: asked tens of times an entry
def card(instance: str) -> Card:
    """The card of a card instance (`id`, `id#2`, ...)."""
    return content().card(instance)


def load_content(folder: Path) -> Content:
    """The content in cards.toml, items.toml, board.toml and actions.toml in `folder`, checked."""
    card_list = load(folder / "cards.toml", _CardsFile).card
    item_list = load(folder / "items.toml", _ItemsFile).item
    board_file = load(folder / "board.toml", _BoardFile)
    actions = load(folder / "actions.toml", _ActionsFile).action
    cards = by_id("cards.toml", "card", card_list)
    items = by_id("items.toml", "item", item_list)
    spaces = by_id("board.toml", "space", board_file.space)
    by_id("board.toml", "boss", board_file.boss)
    by_id("actions.toml", "action", actions)
    _check_cards(card_list)
    _check_items(item_list)
    _check_board(board_file, spaces)
    neighbours: dict[str, list[str]] = {space: [] for space in spaces}
    for edge in board_file.edge:
        neighbours[edge.a].append(edge.b)
        neighbours[edge.b].append(edge.a)
    board = Board(
        spaces=spaces,
        edges={space: tuple(ends) for space, ends in neighbours.items()},
        bosses=board_file.boss,
        lv2_start=board_file.lv2_tokens.start,
        lv2_supply=board_file.lv2_tokens.supply,
        spring=next(space.id for space in spaces.values() if space.kind == "spring"),
    )
    decks: dict[str, list[str]] = {deck: [] for deck in DECKS}
    for card in cards.values():
        for copy in range(card.copies):
            decks[card.deck].append(card.id if copy == 0 else f"{card.id}#{copy + 1}")
    instances = {
        instance: cards[instance.split("#", 1)[0]] for deck in decks.values() for instance in deck
    }
    return Content(
        cards,
        items,
        board,
        actions,
        {k: tuple(v) for k, v in decks.items()},
        {**cards, **instances},
        {action.id: action for action in actions},
    )


def _check_cards(cards: tuple[Card, ...]) -> None:
    for index, card in enumerate(cards):
        where = entry("cards.toml", "card", index, card.id)
        one_of(where, "deck", card.deck, DECKS)
        one_of(where, "timing", card.timing, TIMINGS)
        if card.timing == "meeting_start" and card.param("ap_cost") < 1:
            # Line 111: <作戦会議前> abilities work by spending AP that could have been placed.
            raise ContentError(
                f"{where}: a before-meeting ability spends AP (line 111): "
                "give it params.ap_cost of 1 or more"
            )


def _check_items(items: tuple[Item, ...]) -> None:
    numbers: set[int] = set()
    for index, item in enumerate(items):
        where = entry("items.toml", "item", index, item.id)
        one_of(where, "timing", item.timing, ITEM_TIMINGS)
        if item.number in numbers:
            raise ContentError(f"{where}: number {item.number} used twice")
        numbers.add(item.number)


def _check_board(board: _BoardFile, spaces: dict[str, Space]) -> None:
    """Kinds, edges, boss spaces and token spaces refer to what the board has."""
    if [space.kind for space in board.space].count("spring") != 1:
        raise ContentError('board.toml: expected exactly one [[space]] of kind "spring"')
    boss_spaces = {site.space for site in board.boss}
    for index, space in enumerate(board.space):
        where = entry("board.toml", "space", index, space.id)
        one_of(where, "kind", space.kind, SPACE_KINDS)
        one_of(where, "boss", space.boss, (space.id if space.kind == "boss" else "",))
        if space.kind == "boss" and space.id not in boss_spaces:
            raise ContentError(f"{where}: no [[boss]] stands on this boss space")
    for index, edge in enumerate(board.edge):
        one_of(entry("board.toml", "edge", index), "a", edge.a, spaces, "[[space]]")
        one_of(entry("board.toml", "edge", index), "b", edge.b, spaces, "[[space]]")
    for index, site in enumerate(board.boss):
        where = entry("board.toml", "boss", index, site.id)
        one_of(where, "space", site.space, (s.id for s in board.space if s.kind == "boss"))
        for deck in site.cards:
            one_of(where, "cards", deck, DECKS)
    for space_id in board.lv2_tokens.start:
        one_of("board.toml: [lv2_tokens]", "start", space_id, spaces, "[[space]]")
