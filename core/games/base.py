"""The contract between the table and a game.

A game is a pure state machine over immutable states: `pending` says what happens next (decisions
for seats, a chance request, or nothing when the game is over), and `apply_decision` /
`apply_chance` return a new state. Because states are never mutated, the table can keep old ones
as snapshots for undo and replay for free, and bots can look ahead without copying.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from core.chance import ChanceRequest, Outcome
from core.decisions import Choice, Decision
from core.frozen import fast_init
from core.narration import Message, Text
from core.narration import Narration as Narration  # defined there, part of the contract here
from core.viewer import PUBLIC as PUBLIC  # defined there, part of the contract here
from core.viewer import Viewer as Viewer
from core.viewer import seat_of as seat_of
from core.viewer import sees_secrets_of as sees_secrets_of

if TYPE_CHECKING:
    from core.bots.base import Bot

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
    label: Text
    default: bool | int | str
    help: Text = ""
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

    def check(self, value: object, named: Text = "") -> None:
        """Raise BadOption saying why `value` is not a value of this option. The reason names
        the option by `named` (a screen: its label, which the screen's translator renders), or
        else as the command line and a save do: `option 'turn_limit'`."""
        option = named or Message("option '{name}'", name=self.name)
        if type(value) is not type(self.default):
            why = Message(
                "{option} has the wrong type ({type})", option=option, type=type(value).__name__
            )
            raise BadOption(why)
        if (
            isinstance(value, int)
            and not isinstance(value, bool)
            and not self.minimum <= value <= self.maximum
        ):
            why = Message(
                "{option} must be from {low} to {high}, not {value}",
                option=option,
                low=self.minimum,
                high=self.maximum,
                value=value,
            )
            raise BadOption(why)
        if self.choices and value not in self.choices:
            why = Message(
                "{option} must be one of {choices}, not {value}",
                option=option,
                choices=", ".join(self.choices),
                value=repr(value),
            )
            raise BadOption(why)


def check_options(game: Game[Any], values: dict[str, Any]) -> None:
    """Raise BadOption for an option `game` does not offer or a value it does not take."""
    known = {option.name: option for option in game.options}
    for name, value in values.items():
        if name not in known:
            raise BadOption(Message("unknown option '{name}' for {game}", name=name, game=game.id))
        known[name].check(value)


@dataclass(frozen=True)
class GameInfo:
    """Everything that declares a game, in one place: what the setup screen and the command line
    show, what the rules promise about secrets (the hot-seat curtain and the conformance tests
    read it), and how to load the rules, the heuristic bot and the TUI's board kit.

    Loading is deferred: `load` and `heuristic` import the game's modules when first called
    (core.games.get_game caches the game), so listing the games at start-up imports no rules.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    load: Callable[[], Game[Any]]
    """Imports the rules and builds the game."""
    options: tuple[GameOption, ...] = ()
    hidden_information: bool = True
    """Some seat may know what another does not (a card in hand, a secret choice): views and
    narration depend on the viewer, and hot-seat play may need the curtain. False promises that
    every seat's view and narration are the same (the conformance suite checks it)."""
    simultaneous: bool = False
    """Seats make secret choices at once (`Step.simultaneous`): the suite checks that no seat's
    view, decision or narration shows another seat's answer before the reveal."""
    heuristic: Callable[[], Bot] | None = None
    """Imports and builds the game's own bot (None: only the random bot plays it)."""
    board: str = ""
    """The TUI module whose `KIT` draws this game, as a dotted path the TUI imports when a game
    of this kind is shown ("" for the generic board). A path, not an import: core never
    imports the TUI."""

    @property
    def players(self) -> range:
        return range(self.min_players, self.max_players + 1)


@dataclass(frozen=True)
class SeatSummary:
    """What a player panel shows of one seat, as the viewer may see it."""

    score: int
    notes: tuple[Text, ...] = ()
    active: bool = False
    winner: bool = False
    """The seat won the game (the panel marks it)."""


@dataclass(frozen=True)
class View:
    """What `viewer` may know (core.viewer): a seat's view, the public's (`PUBLIC`: what every
    seat may see, a spectator's), or everything (None: a finished game's replay)."""

    viewer: Viewer
    turn: Text
    phase: Text
    seats: tuple[SeatSummary, ...]
    board: Any
    over: bool = False

    @property
    def seat(self) -> int | None:
        """The seat whose view this is (None: the public's or everyone's)."""
        return seat_of(self.viewer)


@dataclass(frozen=True)
class Result:
    """The end of a game as the game-over screen shows it. `scores` are the scores the players
    panel shows (the game's `score_name`); `winners` need not be the highest scores (a Dangerous
    final battle is won by the last party standing, whatever the boss tokens)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    summary: Text


@fast_init
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


@fast_init
@dataclass(frozen=True)
class Applied(Generic[State]):
    """A new state after an entry, how it reads (a line per event), whether it revealed
    hidden information (which makes the entry an undo barrier) and whether it decided a fight
    (a battle's or a 1-on-1's result). Reveals and results are the moments a screen that shows
    play as it happens holds on, so people can read them before the bots go on."""

    state: State
    narration: tuple[Narration, ...]
    reveals: bool = False
    decides: bool = False


class Game(Protocol[State]):
    id: str
    title: str
    min_players: int
    max_players: int
    options: tuple[GameOption, ...]
    rules_version: int
    """The version of the rules this code plays, written in every save (docs/save-format.md).
    Bump it whenever a rules change could make a saved game replay differently or not at all."""
    older_rules: Mapping[int, Mapping[str, Any]]
    """For an older rules version that an option can still play: the option values that do,
    so a save of that version loads with them and replays as it was played."""
    score_name: str
    """What a seat's score counts, in words ("points", "boss tokens"): the players panel, the
    results table and `verify --json` show the same number."""

    def initial_state(self, names: tuple[str, ...], options: dict[str, Any]) -> State: ...

    def pending(self, state: State) -> Step: ...

    def apply_decision(self, state: State, seat: int, choice: Choice) -> Applied[State]: ...

    def apply_chance(self, state: State, outcome: Outcome) -> Applied[State]: ...

    def view(self, state: State, viewer: Viewer) -> View:
        """What `viewer` may know of `state`: a seat's secrets only for that seat (or None);
        for `PUBLIC`, each seat's as for a seat that does not hold them (`sees_secrets_of`)."""
        ...

    def result(self, state: State) -> Result | None: ...
