"""How games tell what happened: a line per event, shared by every game."""

from __future__ import annotations

from collections.abc import Iterable

from core.games.base import Narration

Lines = list[Narration]
"""The lines one log entry produced, in order."""


def say(text: str) -> Narration:
    """A line every seat reads the same way."""
    return Narration(text)


def join(names: Iterable[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
