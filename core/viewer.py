"""Whose eyes a view or a log line is for: what `Game.view`, `Narration.message_for` and the
table's narration take (core.games.base re-exports it as part of the games' contract).

- a seat number: what that seat may know, everything public and its own secrets;
- `PUBLIC`: what nobody in particular may know, i.e. what a seat sees of the secrets it does not
  hold, for every seat at once: nothing secret to anyone (a spectator of a game under way, a
  save file's comments);
- None: everything, every seat's secrets included (a finished game's replay as "everyone").

PUBLIC is not a number: it equals no seat, so the one question a game asks of a secret, "may
`viewer` see what `seat` holds?" (`sees_secrets_of`), has the right answer for a seat, for
everyone and for the public alike; and the type checker refuses a game's `hands[viewer]` until
the viewer is narrowed to a seat (`seat_of`), so the public eyes can never read the last seat's
secrets as -1 would.
"""

from __future__ import annotations

from enum import Enum
from typing import Final, TypeAlias


class Public(Enum):
    """The type of `PUBLIC`, its only value."""

    PUBLIC = "public"


PUBLIC: Final = Public.PUBLIC
"""The eyes of nobody in particular: only what every seat may see."""

Viewer: TypeAlias = int | Public | None
"""A seat, `PUBLIC` or None (everything)."""


def sees_secrets_of(viewer: Viewer, seat: int) -> bool:
    """May `viewer` see what is secret to `seat` (its hand, its packet, its secret choice)?
    Everyone's eyes may, and the seat's own; the public's and another seat's may not."""
    return viewer is None or viewer == seat


def seat_of(viewer: Viewer) -> int | None:
    """The seat whose eyes `viewer` is (None for everyone's and the public's: no own secrets)."""
    return viewer if isinstance(viewer, int) else None
