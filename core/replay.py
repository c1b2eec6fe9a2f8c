"""Whose eyes a replay may use: everyone's secrets only once the game is over.

A finished game replays as everyone (every hidden card face up) or as any seat. A game still being
played replays only as one seat, one of its players: the views and narration that seat saw, entry
by entry, and never another seat's. Hot seat trusts the people at the keyboard to hand the screen
to that player (the app asks under a warning, as its curtain does).
"""

from __future__ import annotations

from core.narration import Message
from core.table import Table


class SeatNeeded(ValueError):
    """An unfinished game with several players: the caller must say whose replay to open."""

    def __init__(self, seats: tuple[int, ...]) -> None:
        super().__init__(Message("the game is not finished, so it replays as one player only"))
        self.seats = seats


def replay_seats(table: Table) -> tuple[int, ...]:
    """The seats an unfinished game may be replayed as: the people's (every seat if all are bots,
    who have nothing to hide from anyone)."""
    humans = tuple(index for index, seat in enumerate(table.seats) if seat.is_human)
    return humans or tuple(range(len(table.seats)))


def may_replay_as(table: Table, viewer: int | None) -> bool:
    """May a replay of `table` show the game as `viewer` (None: everyone)?"""
    if table.over:
        return viewer is None or 0 <= viewer < len(table.seats)
    return viewer in replay_seats(table)


def default_viewer(table: Table) -> int | None:
    """The eyes a replay opens with when nobody chose: everyone for a finished game, else the only
    player's. Raises SeatNeeded for an unfinished game with several players."""
    if table.over:
        return None
    seats = replay_seats(table)
    if len(seats) != 1:
        raise SeatNeeded(seats)
    return seats[0]


def locked_reason(table: Table, viewer: int) -> Message:
    """Why the replay of an unfinished game keeps to `viewer`'s eyes, in one line."""
    return Message(
        "The game is not finished: its replay shows only {name}'s view, never another's.",
        name=table.seats[viewer].name,
    )
