"""Helpers for the core tests: light-and-dark games scripted entry by entry through the log.

Every die, shuffle and pick is a hand-written chance entry applied with `Table.apply`, exactly
as a save file would script it; nothing here touches the RNG.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from tablekit import fold as fold
from tablekit import seats as seats

from core.bots.random_bot import RandomBot
from core.decisions import Decision
from core.games import get_game
from core.games.base import View
from core.games.light_and_dark.bot import LightAndDarkBot
from core.games.light_and_dark.content import content
from core.games.light_and_dark.state import State
from core.log import entry_from_data
from core.runner import BotDriver
from core.table import Table

GAME = get_game("light-and-dark")
ROLE_DECK: tuple[str, ...] = content().deck("role")
HEROES = ("light-hero", "dark-hero")


def deck_order(*top: str) -> list[str]:
    """The 14 role cards with `top` first (in that order), the rest after in a fixed order."""
    rest = Counter(ROLE_DECK)
    rest.subtract(top)
    if any(count < 0 for count in rest.values()):
        raise AssertionError(f"not enough copies for {top}")
    return [*top, *sorted(rest.elements())]


class Script:
    """A table driven entry by entry from plain data, as a save file would drive it."""

    def __init__(
        self,
        players: int,
        *,
        keep_cards: bool = False,
        repeat_volleys: bool = False,
        practice: bool = False,
        seed: int = 0,
        bots: Iterable[int] = (),
    ) -> None:
        options: dict[str, Any] = {"keep_cards": True} if keep_cards else {}
        if repeat_volleys:
            options["repeat_volleys"] = True
        self.table = Table(GAME, seats(players, bots), options, seed, practice)

    # --- raw entries -------------------------------------------------------------------------

    def put(self, data: dict[str, Any]) -> None:
        self.table.apply(entry_from_data(data))

    def dice(self, *faces: int) -> None:
        self.put({"chance": "dice", "values": list(faces)})

    def shuffle(self, cards: Sequence[str]) -> None:
        self.put({"chance": "shuffle", "values": list(cards)})

    def pick(self, value: int) -> None:
        self.put({"chance": "pick", "values": [value]})

    def decide(self, seat: int, decision: str, choice: Any) -> None:
        if isinstance(choice, tuple):
            choice = list(choice)
        self.put({"seat": seat, "decision": decision, "choice": choice})

    # --- phases ------------------------------------------------------------------------------

    def setup(self, top: Sequence[str] = (), parent: int = 0) -> None:
        self.shuffle(deck_order(*top))
        self.pick(parent)

    def start_turn(self, hp: Sequence[int], hero: str) -> None:
        other = HEROES[1] if hero == HEROES[0] else HEROES[0]
        self.dice(*hp)
        self.shuffle([hero, other])

    def claims(self, said: dict[int, str] | None = None) -> list[int]:
        """Answer every claim (silent unless `said` names a role); returns the claim order."""
        said = said or {}
        order: list[int] = []
        while (decision := self.pending()) is not None and decision.name == "claim":
            order.append(decision.seat)
            self.decide(decision.seat, "claim", said.get(decision.seat, "silent"))
        return order

    def party(self, *companions: int) -> None:
        parent = self.parent
        self.decide(parent, "verdict", "party")
        self.decide(parent, "party", list(companions))

    def give_up(self) -> None:
        self.decide(self.parent, "verdict", "give-up")

    def give_up_turn(self, hp: Sequence[int] | None = None) -> None:
        """A whole turn where the parent gives up (Light Hero, everyone silent)."""
        self.start_turn(hp or (1,) * (self.players - 1), "light-hero")
        self.claims()
        self.give_up()

    # --- reading -----------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.table.seats)

    @property
    def state(self) -> State:
        return fold(self.table)[-1]

    @property
    def parent(self) -> int:
        return int(self.table.view(None).board.parent)

    def pending(self) -> Decision | None:
        decisions = self.table.decisions()
        return decisions[0] if decisions else None

    def view(self, viewer: int | None = None) -> View:
        return self.table.view(viewer)

    def scores(self) -> tuple[int, ...]:
        return tuple(seat.score for seat in self.table.view(None).seats)


def bot_game(
    players: int,
    seed: int,
    *,
    bot: str = "random",
    keep_cards: bool = False,
    practice: bool = False,
    humans: bool = False,
) -> Table:
    """A finished game played by bots. With `humans`, the seats are human but bots answer."""
    options: dict[str, Any] = {"keep_cards": True} if keep_cards else {}
    table = Table(
        GAME,
        seats(players, () if humans else range(players), bot),
        options,
        seed,
        practice,
    )
    table.resolve_chance()
    driver = BotDriver(table, bots=bot_players(players, bot))
    driver.play_until_human()
    return table


def bot_players(players: int, bot: str) -> dict[int, Any]:
    kind = LightAndDarkBot if bot == "heuristic" else RandomBot
    return {seat: kind() for seat in range(players)}


def hidden_shuffle(state: State, viewer: int, rng: random.Random) -> State:
    """Another state this viewer cannot tell apart: hidden role cards and heroes permuted."""
    hidden = [
        seat
        for seat, card in enumerate(state.hands)
        if card is not None and seat != viewer and not state.public[seat]
    ]
    role_seats = [
        seat for seat in hidden if content().roles[state.hands[seat] or ""].deck == "role"
    ]
    pool = [state.hands[seat] for seat in role_seats] + list(state.role_deck)
    rng.shuffle(pool)
    hands = list(state.hands)
    for seat, card in zip(role_seats, pool):
        hands[seat] = card
    deck = tuple(str(card) for card in pool[len(role_seats) :])
    hero_deck = state.hero_deck
    parent = state.parent
    if parent in hidden and len(hero_deck) == 1 and rng.random() < 0.5:
        hands[parent], hero_deck = hero_deck[0], (str(hands[parent]),)
    return dataclasses.replace(state, hands=tuple(hands), role_deck=deck, hero_deck=hero_deck)
