"""Bots by kind: `random` plays any game; `heuristic` plays the games that have one."""

from __future__ import annotations

from core.bots.base import Bot
from core.bots.random_bot import RandomBot
from core.games.dangerous.bot import DangerousBot
from core.games.light_and_dark.bot import LightAndDarkBot

BOT_KINDS = ("random", "heuristic")

_HEURISTICS: dict[str, type] = {"light-and-dark": LightAndDarkBot, "dangerous": DangerousBot}


class UnknownBot(ValueError):
    pass


def has_heuristic(game_id: str) -> bool:
    return game_id in _HEURISTICS


def make_bot(kind: str, game_id: str) -> Bot:
    if kind == "random":
        return RandomBot()
    if kind == "heuristic":
        if game_id not in _HEURISTICS:
            raise UnknownBot(f"there is no heuristic bot for {game_id} yet; use 'random'")
        bot: Bot = _HEURISTICS[game_id]()
        return bot
    raise UnknownBot(f"unknown bot {kind!r} (known: {', '.join(BOT_KINDS)})")
