"""The immutable state of a Dangerous game.

The game runs on the core agenda (core/agenda.py): `agenda` is a queue of small typed tasks
(roll for an item, ask a player where to move, settle a 1-on-1...). The first task either needs
a decision or a chance outcome (and waits for it), or runs at once, usually pushing further
tasks to the front. This keeps the long timing pipeline of a battle readable as a list of steps.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any

from core.agenda import Task
from core.frozen import replace, with_field
from core.games.dangerous.tally import Parts
from core.narration import Text
from core.records import dataclass

_new = object.__new__
_set = object.__setattr__


@dataclass(frozen=True)
class Player:
    space: str
    party: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    tokens: tuple[str, ...] = ()
    ap_next: int = 3
    out: bool = False  # final battle: no cards left
    slowed: int = 0  # movement lost on this player's next exploration turn (蟻地獄たまこ)


@dataclass(frozen=True)
class Meeting:
    """This turn's meeting, and what it gives each seat for the rest of the turn."""

    ap_left: tuple[int, ...]
    placed: dict[str, tuple[int, ...]]
    order: tuple[int, ...]
    cursor: int = 0
    extra_move: tuple[int, ...] = ()  # movement from abilities and items, this turn
    banked: tuple[int, ...] = ()  # AP an ability adds to next turn's (at most 6 in all)

    def count(self, action: str, seat: int) -> int:
        counts = self.placed.get(action)  # (no tuple of zeros made for an action not placed)
        return 0 if counts is None else counts[seat]

    def total(self, action: str) -> int:
        return sum(self.placed.get(action, ()))

    def plus(self, tally: str, seat: int, amount: int) -> Meeting:
        """This meeting with `amount` added to `seat`'s entry of the per-seat `tally`
        ("ap_left", "extra_move", "banked")."""
        counts = list(getattr(self, tally))
        counts[seat] += amount
        changes: dict[str, Any] = {tally: tuple(counts)}
        return replace(self, **changes)


@dataclass(frozen=True)
class Duel:
    """The 1-on-1 in progress: each side's dice and modifiers (index 0 attacker, 1 defender)."""

    dice: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    mods: tuple[Parts, Parts] = ((), ())  # after-dice items and abilities, on each side's result
    rolled: bool = False
    used: tuple[str, ...] = ()
    fighters: tuple[str, str] = ("", "")  # the two cards in this 1-on-1 (pierce changes one)
    result: tuple[int, int] = (0, 0)
    parts: tuple[Parts, Parts] = ((), ())  # each result part by part (tally.py), summing to it
    winner: int = -1  # 0, 1, or 2 for a mutual kill; -1 undecided
    curse: tuple[Parts, Parts] = ((), ())  # the on-win curses this 1-on-1 carries (from before)


@dataclass(frozen=True)
class Combat:
    """A battle: the active player's party (side 0) against an enemy row or another party."""

    kind: str  # lv1 | lv2 | boss | final
    seats: tuple[int, int]  # side 0's owner; side 1's owner or controller
    enemy: tuple[str, ...] = ()  # the enemy row (not used in the final battle)
    boss: str = ""
    defeated: tuple[str, ...] = ()  # enemy cards defeated so far
    fought: tuple[int, int] = (0, 0)  # 1-on-1s each side has fought
    duel: Duel = field(default_factory=Duel)
    curse: tuple[Parts, Parts] = ((), ())  # on-win curses waiting for each side's next 1-on-1
    lost_this_settlement: tuple[bool, bool] = (False, False)
    revived: tuple[bool, bool] = (False, False)
    killers: dict[str, str] = field(default_factory=dict)  # discarded card -> responsible card
    direct: tuple[str, ...] = ()  # cards discarded by losing the 1-on-1 itself
    log: tuple[Text, ...] = ()  # this battle's lines, step by step (the battle-log panel)
    wiped_by_ability: int = -1  # side whose on-discard ability wiped both sides


@dataclass(frozen=True)
class Final:
    """The final battle: parties built in secret, then one duel per turn."""

    order: tuple[int, ...]
    size: tuple[int, ...]
    built: tuple[tuple[str, ...] | None, ...]
    revealed: bool = False
    turn: int = 0  # index into order of the active player
    winners: tuple[int, ...] = ()
    fought: tuple[int, ...] = ()  # by seat: the 1-on-1s its party has fought since the ambush


@dataclass(frozen=True)
class State:
    names: tuple[str, ...]
    options: dict[str, Any]
    players: tuple[Player, ...]
    agenda: tuple[Task[Any], ...]
    decks: dict[str, tuple[str, ...]] = field(default_factory=dict)
    bosses: dict[str, tuple[str, ...]] = field(default_factory=dict)
    cleared: dict[str, int] = field(default_factory=dict)  # boss id -> seat that took its token
    tokens: tuple[str, ...] = ()  # spaces holding a Lv2 token
    token_supply: int = 0
    lv2_retired: bool = False
    start: int = 0
    next_start: int = -1
    turn: int = 0
    phase: str = "setup"
    meeting: Meeting | None = None
    explorer: int = -1  # whose exploration turn has moved and is not over yet
    combat: Combat | None = None
    final: Final | None = None
    removed: tuple[str, ...] = ()  # removed from the game
    draft: tuple[tuple[str, ...], ...] = ()  # draft packets in hand
    winners: tuple[int, ...] = ()
    last_battle: tuple[Text, ...] = ()
    seen_bosses: tuple[str, ...] = ()  # bosses whose cards were turned up in a fight
    reveal_count: int = 0  # bumped whenever hidden cards become public (an undo barrier)
    duels_decided: int = 0  # 1-on-1 results so far: each is a moment a screen holds on

    @property
    def player_count(self) -> int:
        return len(self.names)

    def player(self, seat: int) -> Player:
        return self.players[seat]

    def with_player(self, seat: int, **changes: Any) -> State:
        players = list(self.players)
        players[seat] = replace(players[seat], **changes)
        return with_field(self, "players", tuple(players))

    def clockwise(self, first: int) -> tuple[int, ...]:
        return tuple((first + step) % self.player_count for step in range(self.player_count))

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.player_count

    def with_agenda(self, agenda: tuple[Task[Any], ...]) -> State:
        # core.frozen.with_field(self, "agenda", agenda) written out: the engine calls this
        # several times an entry, and the call it saves costs as much as the copy.
        fields = self.__dict__.copy()
        fields["agenda"] = agenda
        new = _new(State)
        _set(new, "__dict__", fields)
        return new
