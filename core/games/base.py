"""The contract between the table and a game.

A game is a pure state machine over immutable states: `pending` says what happens next (decisions
for seats, a chance request, or nothing when the game is over), and `apply_decision` /
`apply_chance` return a new state. Because states are never mutated, the table can keep old ones
as snapshots for undo and replay for free, and bots can look ahead without copying.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from core.chance import ChanceRequest, Outcome
from core.decisions import Choice, Decision
from core.narration import Narration as Narration  # defined there, part of the contract here

State = TypeVar("State")


class BadOption(ValueError):
    """An option a game does not offer, or a value it does not take; the message says why."""


@dataclass(frozen=True)
class GameOption:
    """A table option a game offers at setup (a variant rule, a house rule).

    A whole-number option declares its range (`minimum` to `maximum`, both included); a text
    option may list its `choices`. `check` is the one test of a value, shared by the table, save
    loading, the command line and the setup screen.
    """

    name: str
    label: str
    default: bool | int | str
    help: str = ""
    choices: tuple[str, ...] = ()
    minimum: int = 0
    maximum: int = 0
    simulate: bool | int | str | None = None
    """The value bot-only games (`simulate`, the benchmarks) take unless told otherwise, when it
    differs from `default` (a house rule that keeps a bots' game finite); None: `default`."""

    def __post_init__(self) -> None:
        number = isinstance(self.default, int) and not isinstance(self.default, bool)
        if number and self.minimum >= self.maximum:
            raise ValueError(f"option {self.name!r}: a whole-number option needs a range")
        self.check(self.default)
        if self.simulate is not None:
            self.check(self.simulate)

    def check(self, value: object) -> None:
        """Raise BadOption saying why `value` is not a value of this option."""
        if type(value) is not type(self.default):
            raise BadOption(f"option '{self.name}' has the wrong type ({type(value).__name__})")
        if (
            isinstance(value, int)
            and not isinstance(value, bool)
            and not self.minimum <= value <= self.maximum
        ):
            raise BadOption(
                f"option '{self.name}' must be from {self.minimum} to {self.maximum}, not {value}"
            )
        if self.choices and value not in self.choices:
            raise BadOption(
                f"option '{self.name}' must be one of {', '.join(self.choices)}, not {value!r}"
            )


def check_options(game: Game[Any], values: dict[str, Any]) -> None:
    """Raise BadOption for an option `game` does not offer or a value it does not take."""
    known = {option.name: option for option in game.options}
    for name, value in values.items():
        if name not in known:
            raise BadOption(f"unknown option '{name}' for {game.id}")
        known[name].check(value)


@dataclass(frozen=True)
class SeatSummary:
    """What a player panel shows of one seat, as the viewer may see it."""

    score: int
    notes: tuple[str, ...] = ()
    active: bool = False


@dataclass(frozen=True)
class View:
    """Everything one seat may know (viewer None: everyone, as in a finished game's replay)."""

    viewer: int | None
    turn: str
    phase: str
    seats: tuple[SeatSummary, ...]
    board: Any
    over: bool = False


@dataclass(frozen=True)
class Result:
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    summary: str


@dataclass(frozen=True)
class Step:
    """What happens next: decisions (usually one), a chance request, or neither (game over)."""

    decisions: tuple[Decision, ...] = ()
    chance: ChanceRequest | None = None
    simultaneous: bool = False
    """The decisions are secret choices made at once (nobody sees another's until the reveal)."""

    @property
    def over(self) -> bool:
        return not self.decisions and self.chance is None


@dataclass(frozen=True)
class Applied(Generic[State]):
    """A new state after an entry, how it reads (a line per event), and whether it revealed
    hidden information (which makes the entry an undo barrier)."""

    state: State
    narration: tuple[Narration, ...]
    reveals: bool = False


class Game(Protocol[State]):
    id: str
    title: str
    min_players: int
    max_players: int
    options: tuple[GameOption, ...]

    def initial_state(self, names: tuple[str, ...], options: dict[str, Any]) -> State: ...

    def pending(self, state: State) -> Step: ...

    def apply_decision(self, state: State, seat: int, choice: Choice) -> Applied[State]: ...

    def apply_chance(self, state: State, outcome: Outcome) -> Applied[State]: ...

    def view(self, state: State, viewer: int | None) -> View: ...

    def result(self, state: State) -> Result | None: ...
