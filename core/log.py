"""Log entries and their plain-data form.

The log is the truth of a game: a decision entry records what a seat chose, a chance entry what
the dice (or the shuffle, or the random pick) gave. Both turn into TOML-safe dicts and back;
`entry_from_data` is strict, because saves are written by hand too.
"""

from __future__ import annotations

from typing import Any

from core.chance import ChanceKind, Outcome
from core.decisions import Choice
from core.frozen import fast_init
from core.narration import Message
from core.records import dataclass

TOML_INTEGERS = range(-(2**63), 2**63)
"""The whole numbers a save can hold: TOML integers are 64-bit."""


class BadEntry(ValueError):
    """A log entry whose shape is wrong (missing field, wrong type); the message says why."""


@fast_init
@dataclass(frozen=True)
class DecisionEntry:
    seat: int
    decision: str
    choice: Choice

    def to_data(self) -> dict[str, Any]:
        choice = list(self.choice) if isinstance(self.choice, tuple) else self.choice
        return {"seat": self.seat, "decision": self.decision, "choice": choice}


@fast_init
@dataclass(frozen=True)
class ChanceEntry:
    chance: ChanceKind
    values: Outcome

    def to_data(self) -> dict[str, Any]:
        return {"chance": self.chance.value, "values": list(self.values)}


Entry = DecisionEntry | ChanceEntry


def entry_from_data(data: object) -> Entry:
    if not isinstance(data, dict):
        raise BadEntry(Message("an entry must be a table"))
    if not data:
        raise BadEntry(Message("the entry is empty (is the file truncated?)"))
    if "chance" in data:
        return _chance_entry(data)
    if "seat" in data or "decision" in data:
        return _decision_entry(data)
    raise BadEntry(Message("an entry needs either 'chance' or 'seat' and 'decision'"))


def _chance_entry(data: dict[str, Any]) -> ChanceEntry:
    _only(data, {"chance", "values"})
    kinds = {kind.value: kind for kind in ChanceKind}
    kind = data["chance"]
    if not isinstance(kind, str):
        why = Message(
            "'chance' must be one of {kinds}, not a {type}",
            kinds=", ".join(kinds),
            type=type(kind).__name__,
        )
        raise BadEntry(why)
    if kind not in kinds:
        why = Message(
            "unknown chance kind {kind} (expected {kinds})", kind=repr(kind), kinds=", ".join(kinds)
        )
        raise BadEntry(why)
    if "values" not in data:
        raise BadEntry(_missing("values"))
    values = data["values"]
    if not isinstance(values, list) or not values:
        raise BadEntry(Message("'values' must be a non-empty list"))
    if not all(isinstance(v, int | str) and not isinstance(v, bool) for v in values):
        raise BadEntry(Message("'values' must hold whole numbers or card names"))
    return ChanceEntry(kinds[kind], tuple(values))


def _decision_entry(data: dict[str, Any]) -> DecisionEntry:
    _only(data, {"seat", "decision", "choice"})
    for name in ("seat", "decision", "choice"):
        if name not in data:
            raise BadEntry(_missing(name))
    seat, decision, choice = data["seat"], data["decision"], data["choice"]
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise BadEntry(Message("'seat' must be a whole number, not {seat}", seat=repr(seat)))
    if not isinstance(decision, str):
        why = Message("'decision' must be a string, not {decision}", decision=repr(decision))
        raise BadEntry(why)
    if isinstance(choice, list):
        if not all(isinstance(c, int | str) and not isinstance(c, bool) for c in choice):
            raise BadEntry(Message("'choice' must hold option ids (strings or whole numbers)"))
        return DecisionEntry(seat, decision, tuple(choice))
    if isinstance(choice, bool) or not isinstance(choice, int | str):
        why = Message(
            "'choice' must be an option id or a list of them, not {choice}", choice=repr(choice)
        )
        raise BadEntry(why)
    return DecisionEntry(seat, decision, choice)


def _only(data: dict[str, Any], allowed: set[str]) -> None:
    extra = sorted(set(data) - allowed)
    if extra:
        raise BadEntry(Message("unknown field '{name}'", name=extra[0]))


def _missing(name: str) -> Message:
    return Message("missing field '{name}'", name=name)
