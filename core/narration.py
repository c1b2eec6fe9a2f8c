"""How games tell what happened: a line per event, shared by every game.

It depends on nothing else in the core, so any module of any game can import it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Narration:
    """How one log entry reads: a public sentence, plus private versions for some seats.

    `secret` holds (seat, text) for seats that see more than the public text; `full` is the
    text for a viewer who sees everything (the replay's "everyone" view).
    """

    public: str
    secret: tuple[tuple[int, str], ...] = ()
    full: str = ""

    def for_viewer(self, viewer: int | None) -> str:
        if viewer is None:
            return self.full or self.public
        for seat, text in self.secret:
            if seat == viewer:
                return text
        return self.public


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
