"""The keys of a decision's options: a number each, kept for the whole decision.

An option's key is its place in the list (1, 2, ...) when the decision is first shown. When the
same decision (the same name, for the same seat, most options the same) is asked again —
another seat acted in between, or the player used an action of a menu — every option keeps the
key it had, a new option gets the next free number and the key of an option no longer offered
stays taken (its key says so). Games keep an option that cannot be taken now in its place as
unavailable (`Option.unavailable`), so this is the safety net under them, not the usual case.

Keys of 10 and more are typed digit by digit: a digit that could still grow into a longer key
waits for the next digit (or Enter); any other picks at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import field

from core.decisions import Decision, Option, OptionId
from core.i18n import Translator
from core.narration import Text
from core.records import dataclass


@dataclass(frozen=True)
class Keys:
    """The keys of one decision's options, by option id (those no longer offered too)."""

    seat: int
    name: str
    by_id: dict[OptionId, int] = field(default_factory=dict)
    labels: dict[OptionId, Text] = field(default_factory=dict)

    def asks_again(self, decision: Decision) -> bool:
        """Is `decision` the one these keys were given for, asked again: the same name for
        the same seat, and most of its options known? (A question asked anew, e.g. a claim
        from another deck next turn, starts from its own places.)"""
        if (self.seat, self.name) != (decision.seat, decision.name):
            return False
        known = sum(option.id in self.by_id for option in decision.options)
        return 2 * known >= len(decision.options)

    def gone(self, decision: Decision) -> dict[int, Text]:
        """The keys of options `decision` no longer offers, with their labels."""
        offered = {option.id for option in decision.options}
        return {key: self.labels[i] for i, key in self.by_id.items() if i not in offered}


def keys_for(decision: Decision, before: Keys | None) -> Keys:
    """The keys of `decision`'s options: those it had `before` if it is asked again, else its
    places in the list."""
    again = before is not None and before.asks_again(decision)
    by_id = dict(before.by_id) if before is not None and again else {}
    labels = dict(before.labels) if before is not None and again else {}
    free = max(by_id.values(), default=0) + 1
    for option in decision.options:
        if option.id not in by_id:
            by_id[option.id] = free
            free += 1
        labels[option.id] = option.label
    return Keys(decision.seat, decision.name, by_id, labels)


def waits(typed: str, keys: Iterable[int]) -> bool:
    """Could the digits `typed` still grow into a longer key?"""
    return any(len(str(key)) > len(typed) and str(key).startswith(typed) for key in keys)


def matches(option: Option, text: str, _: Translator) -> bool:
    """Does the filter `text` match `option` (part of its label or detail as the viewer reads
    them, in `_`'s language, any case)?"""
    wanted = text.casefold().strip()
    return wanted in _(option.label).casefold() or wanted in _(option.detail).casefold()
