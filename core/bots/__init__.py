"""Bots by kind: `random` plays any game; `heuristic` plays the games whose declaration (their
GameInfo) names one."""

from __future__ import annotations

from core.bots.base import Bot
from core.bots.random_bot import RandomBot
from core.games import REGISTRY
from core.narration import Message

BOT_KINDS = ("random", "heuristic")


class UnknownBot(ValueError):
    pass


def has_heuristic(game_id: str) -> bool:
    info = REGISTRY.get(game_id)
    return info is not None and info.heuristic is not None


def bot_kinds(game_id: str) -> tuple[str, ...]:
    """The bot kinds that can play `game_id`, in BOT_KINDS order."""
    return tuple(kind for kind in BOT_KINDS if kind != "heuristic" or has_heuristic(game_id))


def make_bot(kind: str, game_id: str) -> Bot:
    if kind == "random":
        return RandomBot()
    if kind == "heuristic":
        info = REGISTRY.get(game_id)
        if info is None or info.heuristic is None:
            why = Message("there is no heuristic bot for {game} yet; use 'random'", game=game_id)
            raise UnknownBot(why)
        return info.heuristic()
    raise UnknownBot(
        Message("unknown bot {kind} (known: {known})", kind=repr(kind), known=", ".join(BOT_KINDS))
    )
