"""The log of a save as Partyline writes it, read line by line without a TOML parser.

A save's log is most of its text, and every entry Partyline writes has one of two shapes
(core/saves.py's `entry_text`, docs/save-format.md): a `[[log]]` line with its comment, then
`seat`, `decision` and `choice`, or `chance` and `values`, one field a line, each value a whole
number, a string with nothing to escape or a one-line array of those. `split` reads exactly
that, several times faster than tomllib, into the entries core.log's `entry_from_data` makes of
what tomllib reads. Anything else (a hand-edited entry with its keys in another order, odd
spacing, an escaped string, a longer text or a larger number than a save may hold, an unknown
chance kind, a table after the log, an incomplete last entry) makes it give up, and the caller
parses the whole file with tomllib as before: every error message and every limit stays where
it is, and only a file this reader fully understands is read this way.

What it reads is also within the limits core/saves.py checks (texts of at most `max_text`
characters, whole numbers well inside 64 bits, arrays of plain values), so its entries need no
second look for them.
"""

from __future__ import annotations

import re
from functools import cache
from typing import cast

from core.chance import ChanceKind, Outcome
from core.log import ChanceEntry, DecisionEntry, Entry

_INT = r"-?(?:0|[1-9][0-9]{0,17})"
"""A whole number as Partyline writes it, of at most 18 digits (well inside 64 bits: a longer
one is left to tomllib and the loader's limit)."""
_COMMENT = r"[ \t]*+(?:#[^\x00-\x08\x0a-\x1f\x7f]*+)?"
"""Spaces and a comment to the end of the line, with no character TOML refuses in one."""
_KINDS = {kind.value: kind for kind in ChanceKind}


@cache
def _entry(max_text: int) -> re.Pattern[str]:
    """One log entry as Partyline writes it, and the blank lines after it."""
    chars = rf'[^"\\\x00-\x08\x0a-\x1f\x7f]{{0,{max_text}}}'  # nothing to escape; tab is allowed
    text = f'"{chars}"'
    item = f"(?:{_INT}|{text})"
    array = rf"\[{item}(?:, {item})*+\]"
    kind = "|".join(_KINDS)
    # A choice is caught by its type (a number, a string's text, an array), so that the
    # caller knows it without looking.
    choice = rf'(?:({_INT})|"({chars})"|(\[\]|{array}))'
    return re.compile(
        rf"\[\[log\]\]{_COMMENT}\n"
        rf'(?:seat = ({_INT})\ndecision = "({chars})"\nchoice = {choice}\n'
        rf'|chance = "({kind})"\nvalues = ({array})\n)\n*+'
    )


_ITEMS = re.compile(r'"[^"]*+"|-?[0-9]++')
"""The items of an array `_entry` has matched, in order (no string holds a quote)."""


def split(text: str, max_text: int) -> tuple[str, list[Entry]] | None:
    """The text before the log, and the log's entries; None unless every line from the first
    [[log]] on is one Partyline writes (then tomllib must read the file)."""
    # The first [[log]] table: the header is everything before it. (str.find, many times
    # faster than a regular expression's ^ in a long text that holds none.)
    first = text.startswith("[[log]]")
    start = 0 if first else text.find("\n[[log]]") + 1
    if not (first or start):
        return None
    at, end = start, len(text)
    match = _entry(max_text).match
    log: list[Entry] = []
    append = log.append
    # A long game makes the same few hundred entries over and over: each is made once, and
    # the log holds it at each of its places (entries are immutable).
    made: dict[tuple[str | None, ...], Entry] = {}
    while at < end:
        found = match(text, at)
        if found is None:
            return None
        fields = found.groups()
        entry = made.get(fields)
        if entry is None:
            entry = made[fields] = _made(*fields)
        append(entry)
        at = found.end()
    return text[:start], log


def _made(
    seat: str | None,
    decision: str,
    number: str | None,
    word: str | None,
    array: str | None,
    chance: str,
    values: str,
) -> Entry:
    """The entry of an `_entry` match's groups."""
    if seat is None:
        return ChanceEntry(_KINDS[chance], cast(Outcome, _items(values)))
    if word is not None:
        return DecisionEntry(int(seat), decision, word)
    if number is not None:
        return DecisionEntry(int(seat), decision, int(number))
    return DecisionEntry(int(seat), decision, _items(cast(str, array)))


def _one(text: str) -> int | str:
    """A string (between its quotes) or a whole number `_entry` has matched."""
    return text[1:-1] if text[0] == '"' else int(text)


def _items(array: str) -> tuple[int | str, ...]:
    """The items of an array `_entry` has matched: the common arrays (all numbers, all strings)
    by splitting, since no string holds a quote."""
    quotes = array.count('"')
    if not quotes:
        return tuple(map(int, array[1:-1].split(", "))) if array != "[]" else ()
    if array[1] == '"' and array[-2] == '"':
        texts = array[2:-2].split('", "')
        if quotes == 2 * len(texts):  # every quote opens or closes one of them: all are strings
            return tuple(texts)
    return tuple(_one(item) for item in _ITEMS.findall(array))
