"""For every registered game with hidden information: states a seat cannot tell apart from the
real one (its secrets kept, everything hidden from it moved around). The conformance suite's
non-interference property compares what that seat is shown in both.

A new game with hidden information adds its disguise to DISGUISES (the suite fails until it
does), and may name notable games (a seed that reached a corner the disguise must handle).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from dgkit import DECKS
from ldkit import hidden_shuffle

from core.agenda import pending_gather
from core.games.dangerous.board import fightable_bosses
from core.games.dangerous.content import content
from core.games.dangerous.final import FinalOrder, FinalPick
from core.games.dangerous.setup import DraftPick
from core.games.dangerous.state import State as DgState
from core.log import DecisionEntry, Entry
from core.table import Table

Disguise = Callable[[Table, Sequence[Any], int, random.Random], Iterator[tuple[int, Any]]]
"""(table, its states, viewer, rng) -> (position, a state `viewer` cannot tell from
states[position]) for the positions worth checking."""


@dataclasses.dataclass(frozen=True)
class Notable:
    """A game the non-interference property always plays, whatever hypothesis draws."""

    players: int
    bot: str
    seed: int
    options: tuple[tuple[str, Any], ...] = ()
    why: str = ""


# --- Light and Dark: role cards in hand, the role deck, the hero deck ----------------------------


def light_and_dark(
    table: Table, states: Sequence[Any], viewer: int, rng: random.Random
) -> Iterator[tuple[int, Any]]:
    for position, state in enumerate(states):
        yield position, hidden_shuffle(state, viewer, rng)


# --- Dangerous: the decks below their tops, face-down bosses, draft packets, secret parties ------

LV3 = set(DECKS["lv3"])
SPACES = set(content().board.spaces)


def dangerous(
    table: Table, states: Sequence[Any], viewer: int, rng: random.Random
) -> Iterator[tuple[int, Any]]:
    seen: set[str] = set()  # bosses already fought: their survivors have been seen
    for position, state in enumerate(states):
        if position:
            seen |= battles_opened(states[position - 1], table.log[position - 1])
        if state.decks:
            yield position, disguise(state, viewer, rng, seen)


def disguise(state: DgState, viewer: int, rng: random.Random, seen: set[str]) -> DgState:
    """Another state `viewer` cannot tell apart: every hidden card moved around."""
    decks = dict(state.decks)
    for name in ("lv1", "lv2"):
        if name not in decks:
            continue
        cards = list(decks[name])
        rest = cards[1:]
        rng.shuffle(rest)
        decks[name] = tuple(cards[:1] + rest)
    # The face-down decks and face-down bosses: one pool, dealt again by size.
    bosses = dict(state.bosses)
    pools = {"lv3": list(decks.get("lv3", ())), "transfer": list(decks.get("transfer", ()))}
    standing = [boss for boss, cards in bosses.items() if cards and boss not in seen]
    for boss in standing:
        for card in bosses[boss]:
            pools["lv3" if card in LV3 else "transfer"].append(card)
    for pool in pools.values():
        rng.shuffle(pool)
    for boss in standing:
        bosses[boss] = tuple(
            pools["lv3" if card in LV3 else "transfer"].pop() for card in bosses[boss]
        )
    for name in ("lv3", "transfer"):
        if name in decks:
            decks[name] = tuple(pools[name])
    draft = tuple(
        packet if seat == viewer else tuple(rng.sample(packet, len(packet)))
        for seat, packet in enumerate(state.draft)
    )
    agenda = state.agenda
    picking = pending_gather(state, DraftPick)
    if picking is not None:  # the cards others keep this round: any of their packets
        answers = tuple(
            (seat, pick if seat == viewer else rng.choice(state.draft[seat]))
            for seat, pick in picking.answers
        )
        agenda = (dataclasses.replace(picking, answers=answers), *agenda[1:])
    for kind in (FinalPick, FinalOrder):  # the parties others have chosen or ordered
        building = pending_gather(state, kind)
        if building is not None:
            answers = tuple(
                (seat, choice if seat == viewer or not isinstance(choice, tuple) else choice[::-1])
                for seat, choice in building.answers
            )
            agenda = (dataclasses.replace(building, answers=answers), *agenda[1:])
    final = state.final
    if final is not None and not final.revealed:
        built = tuple(
            cards if seat == viewer or cards is None else tuple(reversed(cards))
            for seat, cards in enumerate(final.built)
        )
        final = dataclasses.replace(final, built=built)
    return dataclasses.replace(
        state, decks=decks, bosses=bosses, draft=draft, final=final, agenda=agenda
    )


def battles_opened(before: DgState, entry: Entry) -> set[str]:
    """The bosses whose battle `entry` opens, turning their cards face up for good.

    A party that moves, jumps or stays on a boss's square fights it; at the classroom, where two
    bosses may stand, the player then chooses one. The battle may end within the same entry (an
    ambush wipes the party out), so it is the move that counts, not a battle seen in a state.
    """
    if not isinstance(entry, DecisionEntry):
        return set()
    if entry.decision == "boss":
        return {str(entry.choice)}
    if entry.decision in ("move", "teleport") and entry.choice in SPACES:
        bosses = fightable_bosses(before, entry.seat, str(entry.choice))
        return set(bosses) if len(bosses) == 1 else set()
    return set()


DISGUISES: dict[str, Disguise] = {"light-and-dark": light_and_dark, "dangerous": dangerous}

NOTABLE: dict[str, tuple[Notable, ...]] = {
    "dangerous": (Notable(4, "random", 22398, why="an ambush wipes a party out"),),
}
