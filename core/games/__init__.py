"""The registry of games: game id -> its declaration (a GameInfo).

A game is declared once, by the `INFO` in its package's `__init__.py` (title, player counts,
options, what it hides, how to load its rules, its bot and its TUI board kit), and registered by
listing that declaration here. Declarations are cheap to import; a game's rules are imported
only when `get_game` first asks for it, so the setup screen and `partyline games` start without
loading any rules. tests/core/test_conformance.py runs every registered game through the same
properties.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from core.games import dangerous, light_and_dark
from core.games.base import Game, GameInfo
from core.narration import Message

REGISTRY: dict[str, GameInfo] = {info.id: info for info in (light_and_dark.INFO, dangerous.INFO)}
"""In the order the setup screen offers them (the first is its default)."""


class UnknownGame(ValueError):
    pass


def game_info(game_id: str) -> GameInfo:
    try:
        return REGISTRY[game_id]
    except KeyError:
        known = ", ".join(sorted(REGISTRY))
        why = Message("unknown game {game} (known: {known})", game=repr(game_id), known=known)
        raise UnknownGame(why) from None


def get_game(game_id: str) -> Game[Any]:
    """The game `game_id` names, its rules imported on first use (the same object afterwards)."""
    return loaded(game_info(game_id))


@cache
def loaded(info: GameInfo) -> Game[Any]:
    """`info`'s game, built once (the conformance suite checks that it matches `info`)."""
    return info.load()
