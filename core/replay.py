"""Whose eyes a replay may use: everyone's secrets only once the game is over.

A finished game replays as everyone (every hidden card face up), as any seat or as the public. A
game still being played replays as the public (core.viewer's PUBLIC: what every seat may see, no
one's secrets), which anyone may watch and which it opens with when it has several players; or as
one of its players: the views and narration that seat saw, entry by entry, and never another
seat's. Hot seat trusts the people at the keyboard to hand the screen to that player (the app asks
under a warning, as its curtain does).
"""

from __future__ import annotations

from core.narration import Message
from core.table import Table
from core.viewer import PUBLIC, Public, Viewer


def replay_seats(table: Table) -> tuple[int, ...]:
    """The seats an unfinished game may be replayed as: the people's (every seat if all are bots,
    who have nothing to hide from anyone)."""
    humans = tuple(index for index, seat in enumerate(table.seats) if seat.is_human)
    return humans or tuple(range(len(table.seats)))


def may_replay_as(table: Table, viewer: Viewer) -> bool:
    """May a replay of `table` show the game as `viewer` (None: everyone; PUBLIC: no one's
    secrets, always allowed)?"""
    if isinstance(viewer, Public):
        return True
    if table.over:
        return viewer is None or 0 <= viewer < len(table.seats)
    return viewer in replay_seats(table)


def default_viewer(table: Table) -> Viewer:
    """The eyes a replay opens with when nobody chose: everyone for a finished game; else the
    only player's, or the public's when there are several players to choose from."""
    if table.over:
        return None
    seats = replay_seats(table)
    return seats[0] if len(seats) == 1 else PUBLIC


def locked_reason(table: Table, viewer: int | Public) -> Message:
    """Why the replay of an unfinished game keeps to `viewer`'s eyes, in one line."""
    if isinstance(viewer, Public):
        return Message(
            "The game is not finished: its replay shows only the public's view, no one's secrets."
        )
    return Message(
        "The game is not finished: its replay shows only {name}'s view, never another's.",
        name=table.seats[viewer].name,
    )
