"""The immutable state of a light-and-dark game, and the public record of past turns."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache

from core.frozen import fast_init


class Phase(Enum):
    SHUFFLE_ROLES = "shuffle the role deck"
    FIRST_PARENT = "choose the first parent"
    BOSS_HP = "boss HP"
    HERO_DRAW = "hero draw"
    KEEP = "keep or draw"
    CLAIMS = "discussion"
    VERDICT = "parent's verdict"
    PARTY = "choose the party"
    ROLL = "battle"
    REROLL = "battle: reroll?"
    REROLL_ROLL = "battle: reroll"
    CHOOSE = "battle: choose a die"
    SUDDEN_HP = "sudden death: HP"
    SUDDEN_VOLLEY = "sudden death: volley"
    SUDDEN_ROLLOFF = "sudden death: roll-off"
    OVER = "game over"


SILENT = "silent"


@fast_init
@dataclass(frozen=True)
class Roll:
    """One party member's dice in the battle."""

    seat: int
    role: str
    dice: tuple[int, ...]
    reroll: int | None = None
    value: int | None = None


@fast_init
@dataclass(frozen=True)
class TurnRecord:
    """What everyone saw of a finished turn; `deltas` is each seat's score change in it, and
    `claims` what each seat claimed (compared with `roles`, who told the truth)."""

    number: int
    parent: int
    boss_hp: int
    roles: tuple[str, ...]
    party: tuple[int, ...]
    rolls: tuple[Roll, ...]
    total: int | None
    won: bool | None
    deltas: tuple[int, ...]
    claims: tuple[str | None, ...] = ()

    @property
    def gave_up(self) -> bool:
        return self.total is None


@fast_init
@dataclass(frozen=True)
class SuddenDeath:
    """The tie-break between tied leaders: HP from two dice, a one-die volley, then one-die
    roll-offs while several are still level (R13)."""

    seats: tuple[int, ...]
    hp: tuple[int, ...] = ()
    alive: tuple[int, ...] = ()
    rolloff: tuple[int, ...] = ()
    last_volley: tuple[int, ...] = ()

    def hp_of(self, seat: int) -> int:
        return self.hp[self.seats.index(seat)]


@fast_init
@dataclass(frozen=True)
class State:
    names: tuple[str, ...]
    keep_cards: bool
    phase: Phase
    scores: tuple[int, ...]
    hands: tuple[str | None, ...]
    public: tuple[bool, ...]
    kept: tuple[bool, ...]
    claims: tuple[str | None, ...]
    role_deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    hero_deck: tuple[str, ...] = ("light-hero", "dark-hero")
    parent: int = 0
    turns_played: int = 0
    boss_dice: tuple[int, ...] = ()
    queue: tuple[int, ...] = ()
    party: tuple[int, ...] = ()
    rolls: tuple[Roll, ...] = ()
    history: tuple[TurnRecord, ...] = ()
    sudden: SuddenDeath | None = None
    winners: tuple[int, ...] = ()
    repeat_volleys: bool = False
    """House rule: several survivors of a sudden-death volley volley again (not a roll-off)."""

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def boss_hp(self) -> int:
        return sum(self.boss_dice)

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.players

    def clockwise_from(self, seat: int) -> tuple[int, ...]:
        return _clockwise(seat, self.players)


@cache
def _clockwise(seat: int, players: int) -> tuple[int, ...]:
    return tuple((seat + step) % players for step in range(players))
