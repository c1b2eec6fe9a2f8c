"""The registry of games: game id -> game."""

from __future__ import annotations

from typing import Any

from core.games.base import Game
from core.games.dangerous.game import Dangerous
from core.games.light_and_dark.rules import LightAndDark

GAMES: dict[str, Game[Any]] = {game.id: game for game in (LightAndDark(), Dangerous())}


class UnknownGame(ValueError):
    pass


def get_game(game_id: str) -> Game[Any]:
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise UnknownGame(f"unknown game {game_id!r} (known: {known})") from None
