"""Seat names nobody typed: one naming for the CLI, the setup screen and bot-only games.

Free of any import, so the setup screen can name its seats without loading tables.
"""

from __future__ import annotations


def default_name(seat: int, human: bool) -> str:
    """Numbered by seat, so 'Bot 3' sits in seat 3 whichever seats are people."""
    return f"Player {seat + 1}" if human else f"Bot {seat + 1}"
