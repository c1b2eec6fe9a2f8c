"""What a seat can be asked, and the one check of whether an answer is legal.

A game describes every pending decision as a `Decision`. The same object renders the prompt in
the TUI, drives the bots and validates actions (from a person, a bot or a save file), so there is
a single source of legality.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Container
from dataclasses import MISSING, replace
from dataclasses import fields as fields_of
from enum import Enum
from operator import attrgetter
from typing import TYPE_CHECKING

from core.frozen import fast_init
from core.grid import Cell
from core.narration import Message, Text
from core.records import dataclass

OptionId = str | int
"""An option's identifier: what a save file records as the choice."""

Choice = OptionId | tuple[OptionId, ...] | tuple[int, ...]
"""An answer: one option id, several ids (choose several, order a list) or amounts (allocate)."""


class IllegalAction(ValueError):
    """An action that is not one of the pending decision's legal answers; the message says why.

    The message may be a Message (`IllegalAction(Message("..."))`): `str(error)` is English (for
    logs and the command line), `reason` what a screen renders in its viewer's language."""

    def __init__(self, reason: Text) -> None:
        super().__init__(reason)
        self.reason = reason


class BadAnswer(IllegalAction):
    """An answer not of its decision's form, or not among its options. `why` says so without
    naming the decision; the reason names it by its name (`claim`, as a save holds it). Who
    knows how people call the decision (core.table: the seat and the game's label for it) names
    it so instead, with `why`."""

    def __init__(self, decision: str, why: Message) -> None:
        super().__init__(Message("{decision}: {why}", decision=decision, why=why))
        self.decision = decision
        self.why = why

    def naming(self, decision: Text) -> Message:
        """This refusal with the decision named as `decision` (core.games.catalogue.asked)."""
        return Message("{decision}: {why}", decision=decision, why=self.why)


class DecisionKind(Enum):
    CHOOSE_ONE = "choose-one"
    CHOOSE_SEVERAL = "choose-several"
    ORDER = "order"
    ALLOCATE = "allocate"
    CONFIRM = "confirm"


# The members as plain names for the engine's hot paths: in Python 3.11 every read of
# `DecisionKind.ORDER` goes through EnumType's `__getattr__` hook (about 0.3 us), and a decision
# is made, checked and answered with several such reads.
_CHOOSE_ONE, _CHOOSE_SEVERAL, _ORDER, _ALLOCATE, _CONFIRM = DecisionKind


@fast_init
@dataclass(frozen=True)
class Option:
    """One answer on offer. A game played on a board says where it is there, so a UI can show
    it on the map (and let the player pick it there) without reading the id:

    - `at`: the cell the option names (a destination, a square to put something on, the square
      of a piece it targets);
    - `path`: the cells on the way there, first to last, ending at `at` (a move's route; a
      token moved from one square to another);
    - `area`: the cells it affects (an attack's reach).

    Cells are `core.grid` cells, `(x, y)` with x east and y south.

    `unavailable` says why the option cannot be chosen now (empty: it can). A game offers such
    an option instead of leaving it out, so that every option keeps its place (and the key a
    person presses for it) for the whole decision, even when it is asked again after another
    seat acted: an action that filled up stays listed, and choosing it says why not.
    """

    id: OptionId
    label: Text
    detail: Text = ""
    at: Cell | None = None
    path: tuple[Cell, ...] = ()
    area: tuple[Cell, ...] = ()
    unavailable: Text = ""

    @property
    def available(self) -> bool:
        return not self.unavailable

    def refusal(self) -> Text:
        """The one line that says why this option cannot be chosen."""
        return Message("{label}: {reason}", label=self.label, reason=self.unavailable)


_unavailable_of = attrgetter("unavailable")
_id_of = attrgetter("id")


@fast_init
@dataclass(frozen=True)
class ActingFor:
    """The side a seat decides for when it is not its own: a Dangerous player answering for
    the enemy cards of another player's battle. Plain data, not a sentence, so that each UI
    words it (and a translation can: `side` is a stable key, `against` a seat to name).

    - `side`: what the seat plays, e.g. "enemy";
    - `against`: the seat that side plays against, if any.
    """

    side: str
    against: int | None = None


@fast_init
@dataclass(frozen=True)
class Decision:
    """One question for one seat.

    - CHOOSE_ONE / CONFIRM: the choice is one option id (CONFIRM has a single option).
    - CHOOSE_SEVERAL: a tuple of distinct option ids, between `min_count` and `max_count` long.
    - ORDER: a tuple holding every option id exactly once, in the chosen order.
    - ALLOCATE: a tuple of whole amounts, one per option in option order, each between 0 and
      `max_each` (when set), adding up to `total`.

    An unavailable option (`Option.unavailable`) is never a legal answer: choosing it (or
    putting an amount on it) raises IllegalAction with its reason. An order lists every option,
    so none of its options may be unavailable, and the other kinds must leave enough
    available to answer.
    """

    seat: int
    name: str
    kind: DecisionKind
    prompt: Text
    options: tuple[Option, ...]
    min_count: int = 0
    max_count: int = 0
    total: int = 0
    max_each: int = 0
    help: Text = ""
    acting_for: ActingFor | None = None
    """Set when the seat decides for another side than its own (see ActingFor)."""

    def __post_init__(self) -> None:
        options = self.options
        if not options:
            raise ValueError(f"decision {self.name!r} has no options")
        # (any over a map: the options are looked at in C, not in a loop of bytecodes.) Most
        # decisions have every option available, which leaves only min_count to check.
        if not any(map(_unavailable_of, options)):
            self.__dict__["_available"] = options  # not a field: made once, read by bots
            if self.kind is _CHOOSE_SEVERAL and len(options) < self.min_count:
                raise ValueError(f"decision {self.name!r}: fewer available options than min_count")
            return
        available = tuple([option for option in options if not option.unavailable])
        self.__dict__["_available"] = available
        open_ = len(available)
        kind = self.kind
        if kind is _ORDER:
            raise ValueError(f"decision {self.name!r}: an order cannot have unavailable options")
        if kind is _CHOOSE_SEVERAL and open_ < self.min_count:
            raise ValueError(f"decision {self.name!r}: fewer available options than min_count")
        if (kind is _CHOOSE_ONE or kind is _CONFIRM) and not open_:
            raise ValueError(f"decision {self.name!r}: no option is available")

    @property
    def available(self) -> tuple[Option, ...]:
        """The options that can be chosen now."""
        if "_build" in self.__dict__:
            self._build_options()
        available: tuple[Option, ...] = self.__dict__["_available"]
        return available

    if not TYPE_CHECKING:  # (so that mypy still refuses a misspelt attribute of a decision)

        def __getattr__(self, name: str) -> tuple[Option, ...]:
            # Only a decision made by `choose_one_later` gets here (every other one holds all
            # its fields): its options are built now, the first time anyone reads them.
            if name != "options" or "_build" not in self.__dict__:
                raise AttributeError(name)
            self._build_options()
            return self.options

    def _build_options(self) -> None:
        fields = self.__dict__
        # (a build that raises, or makes options that do not make a decision, leaves it unbuilt:
        # the next read raises the same error again, not a missing field)
        fields["options"] = fields["_build"]()
        try:
            self.__post_init__()
        except BaseException:
            del fields["options"]
            raise
        del fields["_build"], fields["_sure"]

    def choosable(self) -> Decision:
        """This decision with only its available options: what a bot chooses from (an answer
        to it answers this decision). An allocation keeps every option (its answer has one
        amount per option); its unavailable ones must get 0."""
        if self.kind is _ALLOCATE or len(self.available) == len(self.options):
            return self
        return replace(self, options=self.available)

    def _refuse_unavailable(self, items: tuple[OptionId, ...]) -> None:
        for option in self.options:
            if option.unavailable and option.id in items:
                raise IllegalAction(option.refusal())

    def normalise(self, choice: object) -> Choice:
        """Return the choice in canonical form, or raise IllegalAction saying why it is illegal."""
        kind = self.kind
        if kind is _CHOOSE_ONE or kind is _CONFIRM:  # one option id (checked here: the usual)
            cls = choice.__class__  # exactly str or int: the usual answer, checked at once
            if (
                cls is not str
                and cls is not int
                and (isinstance(choice, bool) or not isinstance(choice, str | int))
            ):
                raise BadAnswer(
                    self.name, Message("expected one option, got {choice}", choice=repr(choice))
                )
            sure = self.__dict__.get("_sure")
            if sure is not None and choice in sure:
                # Surely an available option's id: no option built to check it. (`choice` is a
                # str or an int here, as checked above; mypy cannot follow that check.)
                return choice  # type: ignore[return-value]
            for option in self.options:
                if option.id == choice:
                    if option.unavailable:
                        raise IllegalAction(option.refusal())
                    return choice
            raise self._not_one_of(choice)
        items = self._sequence(choice)
        if kind is _CHOOSE_SEVERAL:
            return self._several(items)
        if kind is _ORDER:
            return self._order(items)
        return self._allocation(items)

    def _sequence(self, choice: object) -> tuple[OptionId, ...]:
        if not isinstance(choice, list | tuple):
            raise BadAnswer(
                self.name, Message("expected a list, got {choice}", choice=repr(choice))
            )
        for item in choice:
            if isinstance(item, bool) or not isinstance(item, str | int):
                raise BadAnswer(self.name, Message("{item} is not an option id", item=repr(item)))
        return tuple(choice)

    def _several(self, items: tuple[OptionId, ...]) -> tuple[OptionId, ...]:
        ids = {option.id for option in self.options}
        unknown = [item for item in items if item not in ids]
        if unknown:
            raise self._not_one_of(unknown[0])
        if len(set(items)) != len(items):
            raise BadAnswer(self.name, Message("an option is chosen twice"))
        self._refuse_unavailable(items)
        if not self.min_count <= len(items) <= self.max_count:
            raise BadAnswer(
                self.name,
                Message(
                    "choose between {least} and {most}, not {count}",
                    least=self.min_count,
                    most=self.max_count,
                    count=len(items),
                ),
            )
        order = {option.id: index for index, option in enumerate(self.options)}
        return tuple(sorted(items, key=order.__getitem__))

    def _order(self, items: tuple[OptionId, ...]) -> tuple[OptionId, ...]:
        if Counter(items) != Counter(option.id for option in self.options):
            raise BadAnswer(
                self.name,
                Message("list every one of {options} exactly once", options=self._listing()),
            )
        return items

    def _allocation(self, items: tuple[OptionId, ...]) -> tuple[int, ...]:
        amounts = [item for item in items if isinstance(item, int)]
        if len(amounts) != len(items) or len(amounts) != len(self.options):
            raise BadAnswer(
                self.name, Message("give {count} whole numbers", count=len(self.options))
            )
        if any(amount < 0 for amount in amounts):
            raise BadAnswer(self.name, Message("amounts cannot be negative"))
        given = tuple(o.id for o, amount in zip(self.options, amounts, strict=True) if amount)
        self._refuse_unavailable(given)
        if self.max_each and any(amount > self.max_each for amount in amounts):
            raise BadAnswer(self.name, Message("at most {most} on one option", most=self.max_each))
        if sum(amounts) != self.total:
            raise BadAnswer(
                self.name, Message("the amounts must add up to {total}", total=self.total)
            )
        return tuple(amounts)

    def _not_one_of(self, choice: object) -> BadAnswer:
        why = Message(
            "{choice} is not one of {options}", choice=repr(choice), options=self._listing()
        )
        return BadAnswer(self.name, why)

    def _listing(self) -> str:
        shown = ", ".join(repr(option.id) for option in self.options[:8])
        return shown + (", ..." if len(self.options) > 8 else "")


def choose_one(
    seat: int,
    name: str,
    prompt: Text,
    options: tuple[Option, ...],
    help: Text = "",
    acting_for: ActingFor | None = None,
) -> Decision:
    return Decision(seat, name, _CHOOSE_ONE, prompt, options, help=help, acting_for=acting_for)


def choose_one_later(
    seat: int,
    name: str,
    prompt: Text,
    sure: Container[OptionId],
    build: Callable[[], tuple[Option, ...]],
    help: Text = "",
    acting_for: ActingFor | None = None,
) -> Decision:
    """`choose_one` whose options are built by `build` only when someone reads them (a view, a
    bot, a refusal): replaying a log only checks each answer. `sure` holds ids of available
    options (some of them, never one that `build` would leave out or make unavailable): an
    answer found there is legal without the options; any other is checked against them, and
    refused with the same message as by `choose_one`."""
    decision = _new_decision(Decision)
    fields = {
        **_DEFAULTS,
        "seat": seat,
        "name": name,
        "kind": _CHOOSE_ONE,
        "prompt": prompt,
        "help": help,
        "acting_for": acting_for,
        "_sure": sure,
        "_build": build,
    }
    _set_dict(decision, "__dict__", fields)
    return decision


_DEFAULTS = {
    field.name: field.default for field in fields_of(Decision) if field.default is not MISSING
}
"""A decision's fields that have defaults, with them (a later decision is made without
`__init__`: every field is set from here or by `choose_one_later`)."""
_new_decision = object.__new__
_set_dict = object.__setattr__


def choose_several(
    seat: int,
    name: str,
    prompt: Text,
    options: tuple[Option, ...],
    min_count: int,
    max_count: int,
    help: Text = "",
) -> Decision:
    return Decision(
        seat,
        name,
        _CHOOSE_SEVERAL,
        prompt,
        options,
        min_count=min_count,
        max_count=max_count,
        help=help,
    )


def order(
    seat: int, name: str, prompt: Text, options: tuple[Option, ...], help: Text = ""
) -> Decision:
    return Decision(seat, name, _ORDER, prompt, options, help=help)


def allocate(
    seat: int,
    name: str,
    prompt: Text,
    options: tuple[Option, ...],
    total: int,
    max_each: int = 0,
    help: Text = "",
) -> Decision:
    return Decision(
        seat,
        name,
        _ALLOCATE,
        prompt,
        options,
        total=total,
        max_each=max_each,
        help=help,
    )


def confirm(seat: int, name: str, prompt: Text, label: Text = "OK", help: Text = "") -> Decision:
    return Decision(seat, name, _CONFIRM, prompt, (Option("ok", label),), help=help)
