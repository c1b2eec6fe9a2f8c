"""Helpers for the Dangerous tests: games scripted entry by entry through the log.

Every shuffle, die and pick is a hand-written chance entry applied with `Table.apply`, as a save
file would script it; nothing here touches the RNG. A `Dg` builds a table for 2-4 fixed seats,
lays out the decks in an order of the test's choosing (cards named first, the rest after in the
content's order), deals, and then answers one pending step at a time.

Cards that do nothing in a battle (field abilities only) make quiet fighters; `QUIET` lists them.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from tablekit import fold as fold
from tablekit import seats as seats

from core.decisions import Decision
from core.games import get_game
from core.games.base import View
from core.games.dangerous.battle_end import BossPick
from core.games.dangerous.content import content
from core.games.dangerous.state import State
from core.games.dangerous.view import Board
from core.log import entry_from_data
from core.table import Table

GAME = get_game("dangerous")
DECKS: dict[str, tuple[str, ...]] = content().decks

# Lv1 cards whose only ability is a field ability: in a battle they just roll one die.
QUIET = (
    "idaten-koharu",
    "idaten-koharu#2",
    "rindou",
    "otoshiana-gonzou",
    "arijigoku-tamako",
    "nukemichi-wataru",
    "hattori-asuka",
    "tigris",
)
# Enough near-quiet Lv1 cards for four starting parties (バル only matters in the final battle,
# 両性院乙女 only against enemy abilities, 六道ムツミ only on a tie at 6+, 立川トシオ at the end
# of the meeting).
FILLERS = (*QUIET, "bal", "ryouseiin-otome", "rokudou-mutsumi", "tachikawa-toshio")
# Lv2 cards that do nothing in a battle (their ability is before the meeting).
QUIET_LV2 = ("tokeitou-tokiko",)

# The boss sites in build order, with the decks their cards come from.
BOSS_ORDER = tuple(site.id for site in content().board.bosses)


def deck(name: str, *top: str) -> list[str]:
    """Deck `name` with `top` first (in that order), then the rest in the content's order."""
    rest = list(DECKS[name])
    for card in top:
        if card not in rest:
            raise AssertionError(f"{card} is not (or no longer) in the {name} deck")
        rest.remove(card)
    return [*top, *rest]


def boss_cards(players: int, lv3: Sequence[str], transfer: Sequence[str]) -> dict[str, list[str]]:
    """Which cards each boss takes from decks in this order (ruling R3: with 2 players the
    closed bosses still draw, and their cards go to the bottom)."""
    decks = {"lv3": list(lv3), "transfer": list(transfer)}
    result: dict[str, list[str]] = {}
    for site in content().board.bosses:
        cards = [decks[d].pop(0) for d in site.cards]
        if not (players == 2 and site.closed_2p):
            result[site.id] = cards
    return result


def boss_decks(**bosses: Sequence[str]) -> tuple[list[str], list[str]]:
    """Lv3 and 転校生 deck orders that give each named boss (ids with "_" for "-") these cards,
    in fighting order; the other bosses get the remaining cards in content order."""
    wanted = {name.replace("_", "-"): list(cards) for name, cards in bosses.items()}
    used = [card for cards in wanted.values() for card in cards]
    spare = {
        "lv3": [c for c in DECKS["lv3"] if c not in used],
        "transfer": [c for c in DECKS["transfer"] if c not in used],
    }
    orders: dict[str, list[str]] = {"lv3": [], "transfer": []}
    for site in content().board.bosses:
        cards = wanted.get(site.id)
        for index, source in enumerate(site.cards):
            if cards is not None:
                card = cards[index]
                assert content().card(card).deck == source, (site.id, card)
            else:
                card = spare[source].pop(0)
            orders[source].append(card)
    return orders["lv3"] + spare["lv3"], orders["transfer"] + spare["transfer"]


PLAIN = {seat: ["move", "move", "item"] for seat in range(4)}
"""A meeting plan: everyone puts 2 AP on movement and 1 on the item (Dg.meeting's default)."""

FAST = {0: ["move", "move", "move"], 1: ["move", "next_ap", "next_ap"]}
"""A two-player meeting plan: Aki puts every AP on movement."""

RUSH = {
    "banchou": ("card:rindou", "card:idaten-koharu", "item:skateboard"),
    "old-building": (
        "card:rindou",
        "card:idaten-koharu",
        "card:idaten-koharu#2",
        "item:skateboard",
    ),
}
"""The field boosts Aki spends (with FAST) to reach each far boss in the first turn."""


def boss_rush(space: str, cards: Sequence[str]) -> Dg:
    """Two players with the default parties, Aki holding the skateboard (items 5, 1): she puts
    every AP on movement, spends the boosts RUSH names and moves onto the boss `space`, whose
    party is `cards` (front first)."""
    g = Dg(2)
    g.setup(bosses={space: cards}, items=(5, 1))
    g.meeting(FAST)
    for boost in RUSH[space]:
        g.decide(0, "move", boost)
    g.move(0, space)
    return g


class Dg:
    """A Dangerous table driven entry by entry from plain data, as a save file would drive it.

    After a player's move and its event, the rest of the turn offers the field abilities and
    items that still apply (decision "field"). Unless `end_turns` is False, the kit answers that
    menu "done" itself, as an entry of the log like any other: most tests are about something
    else, and the default parties hold slowing cards (蟻地獄たまこ, 落穴ゴンゾウ) it would offer.
    """

    def __init__(
        self,
        players: int = 2,
        *,
        draft: bool = False,
        turn_limit: int | None = None,
        practice: bool = False,
        seed: int = 0,
        bots: Iterable[int] = (),
        end_turns: bool = True,
    ) -> None:
        options: dict[str, Any] = {}
        if draft:
            options["draft"] = True
        if turn_limit is not None:
            options["turn_limit"] = turn_limit
        self.table = Table(GAME, seats(players, bots), options, seed, practice)
        self.end_turns = end_turns

    # --- raw entries -------------------------------------------------------------------------

    def put(self, data: dict[str, Any]) -> None:
        self.table.apply(entry_from_data(data))
        while self.end_turns and (ending := self.pending()) is not None and ending.name == "field":
            done = {"seat": ending.seat, "decision": "field", "choice": "done"}
            self.table.apply(entry_from_data(done))

    def dice(self, *faces: int) -> None:
        self.put({"chance": "dice", "values": list(faces)})

    def shuffle(self, cards: Sequence[str]) -> None:
        self.put({"chance": "shuffle", "values": list(cards)})

    def pick(self, value: int | str) -> None:
        self.put({"chance": "pick", "values": [value]})

    def decide(self, seat: int, decision: str, choice: Any) -> None:
        if isinstance(choice, tuple):
            choice = list(choice)
        self.put({"seat": seat, "decision": decision, "choice": choice})

    # --- reading -----------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.table.seats)

    @property
    def state(self) -> State:
        state: State = self.table._state_at(len(self.table))
        return state

    @property
    def board(self) -> Board:
        board: Board = self.table.view(None).board
        return board

    def view(self, viewer: int | None = None) -> View:
        return self.table.view(viewer)

    def pending(self) -> Decision | None:
        decisions = self.table.decisions()
        return decisions[0] if decisions else None

    def waiting(self) -> str:
        """What the table waits for, in words: `chance:<label>` or `<seat>:<decision name>`."""
        if self.table.step.chance is not None:
            return f"chance:{self.table.step.chance.label}"
        return ",".join(f"{d.seat}:{d.name}" for d in self.table.decisions()) or "over"

    def expect(self, what: str) -> Decision | None:
        """Check that the table waits for `what` (a decision name, or `chance` + a label part)."""
        if what.startswith("chance"):
            assert self.table.step.chance is not None, self.waiting()
            label = what.partition(":")[2]
            assert label in str(self.table.step.chance.label), self.waiting()
            return None
        decision = self.pending()
        assert decision is not None and decision.name == what, self.waiting()
        return decision

    def options(self, seat: int | None = None) -> list[Any]:
        decisions = self.table.decisions()
        decision = decisions[0] if seat is None else next(d for d in decisions if d.seat == seat)
        return [option.id for option in decision.available]

    def party(self, seat: int) -> tuple[str, ...]:
        return self.state.players[seat].party

    def discard(self, seat: int) -> tuple[str, ...]:
        return self.state.players[seat].discard

    def text(self, viewer: int | None = None) -> str:
        return "\n".join(line for _, line in self.table.narration(viewer))

    # --- setup -------------------------------------------------------------------------------

    def setup(
        self,
        parties: Sequence[Sequence[str]] | None = None,
        *,
        lv1: Sequence[str] = (),
        lv2: Sequence[str] = (),
        lv3: Sequence[str] = (),
        transfer: Sequence[str] = (),
        bosses: dict[str, Sequence[str]] | None = None,
        start: int = 0,
        items: Sequence[int] | None = None,
        orders: Sequence[Sequence[str]] | None = None,
    ) -> None:
        """Shuffle with the chosen tops, deal `parties` (3 Lv1 cards each, seat order), pick
        `start`, roll the starting items (`items`: one face per seat in turn order from the
        start player; by default everyone rolls 5, so only the last holds the skateboard) and
        confirm each party's order (or set `orders`)."""
        if parties is None:
            parties = [FILLERS[3 * s : 3 * s + 3] for s in range(self.players)]
        dealt = [card for party in parties for card in party]
        if bosses is not None:
            lv3, transfer = boss_decks(**bosses)
        self.shuffle(deck("lv3", *lv3))
        self.shuffle(deck("transfer", *transfer))
        self.shuffle(deck("lv1", *dealt, *lv1))
        self.shuffle(deck("lv2", *lv2))
        self.pick(start)
        for face in items if items is not None else (5,) * self.players:
            self.dice(face)
        self.order_parties(orders)

    def order_parties(self, orders: Sequence[Sequence[str]] | None = None) -> None:
        while (decision := self.pending()) is not None and decision.name == "order":
            seat = decision.seat
            if orders is not None:
                self.decide(seat, "order", tuple(orders[seat]))
            elif len(decision.options) == 1 and decision.options[0].id == "ok":
                self.decide(seat, "order", "ok")
            else:
                self.decide(seat, "order", tuple(o.id for o in decision.options))

    # --- the strategy meeting ------------------------------------------------------------------

    FALLBACK = ("move", "next_start", "combat", "next_ap", "item", "lv2")

    def meeting(self, plans: dict[int, Sequence[str]] | None = None) -> None:
        """Skip the before-meeting abilities, then place every AP: each seat follows its plan,
        then falls back on the first action with room in FALLBACK. Stops at the first step
        that is not a placement (the after-meeting abilities, item rolls, exploration...)."""
        queues = {seat: list(plan) for seat, plan in (plans or {}).items()}
        default = ["move", "move", "item"]
        for seat in range(self.players):
            queues.setdefault(seat, list(default))
        while (decision := self.pending()) is not None and self.table.step.chance is None:
            if decision.name == "meeting-ability":
                self.decide(decision.seat, "meeting-ability", "done")
                continue
            if decision.name != "ap":
                return
            legal = [o.id for o in decision.available]
            queue = queues[decision.seat]
            action = queue.pop(0) if queue else next(a for a in self.FALLBACK if a in legal)
            self.decide(decision.seat, "ap", action)

    def skip_meeting_end(self) -> None:
        while (decision := self.pending()) is not None and decision.name == "meeting-ability":
            self.decide(decision.seat, "meeting-ability", "done")

    # --- the final battle ----------------------------------------------------------------------

    def build(self, parties: dict[int, Sequence[str]]) -> None:
        """Every seat picks, then orders its final party (as given, front first)."""
        for seat, cards in parties.items():
            self.decide(seat, "final-party", tuple(sorted(cards)))
        for seat, cards in parties.items():
            self.decide(seat, "final-order", tuple(cards) if len(cards) > 1 else "ok")

    # --- exploration ---------------------------------------------------------------------------

    def move(self, seat: int, space: str) -> None:
        self.expect("move")
        self.decide(seat, "move", space)

    def attack(self, mine: Sequence[int], theirs: Sequence[int]) -> None:
        """The attack dice of a 1-on-1: side 0 (the active player) first."""
        self.expect("chance:attack dice")
        self.dice(*mine, *theirs)

    def token(self, seat: int, face: int, space: str) -> None:
        """Answer a pending Lv2 roll: roll `face`, put the token on `space` (or, with the supply
        empty, move one: `space` is then "old>new")."""
        self.expect("chance:Lv2 appearance")
        self.dice(face)
        self.decide(seat, "token", space)

    def rest(self, seat: int) -> None:
        """An exploration turn spent on the spring (the piece must be able to reach it)."""
        self.move(seat, "spring")
        self.decide(seat, "spring", "rest")

    def win(self, seat: int, space: str, mine: Sequence[int], theirs: Sequence[int]) -> None:
        """Move to `space`, win its one-card fight with these dice, take the card."""
        self.move(seat, space)
        while (decision := self.pending()) is not None and decision.name == "ability":
            self.decide(decision.seat, "ability", "no")  # the enemy's before-dice ability
        self.attack(mine, theirs)
        self.done_after_dice()
        self.expect("capture")
        self.decide(seat, "capture", "party")

    def done_after_dice(self) -> None:
        while (decision := self.pending()) is not None and decision.name == "after-dice":
            self.decide(decision.seat, "after-dice", "done")


# --- conservation of cards ---------------------------------------------------------------------


def places(state: State) -> Counter[str]:
    """Every card instance the state holds, counted once per place it is in."""
    found: Counter[str] = Counter()
    for cards in state.decks.values():
        found.update(cards)
    for player in state.players:
        found.update(player.party)
        found.update(player.discard)
    for cards in state.bosses.values():
        found.update(cards)
    if state.combat is not None and state.combat.kind != "final":
        found.update(state.combat.enemy)
        found.update(state.combat.defeated)
    for packet in state.draft:
        found.update(packet)
    found.update(state.removed)
    # A beaten boss's cards wait in the pick task between the battle and the pick.
    for task in state.agenda:
        if isinstance(task, BossPick):
            found.update(task.cards)
    return found


ALL_CARDS: Counter[str] = Counter(card for cards in DECKS.values() for card in cards)


def strings(value: Any) -> set[str]:
    """Every string inside a view (dataclasses, dicts, tuples), for leak checks."""
    out: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.add(item)
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, f.name) for f in dataclasses.fields(item))
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            stack.extend(item)
    return out
