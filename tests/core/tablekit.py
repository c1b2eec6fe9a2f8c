"""Helpers for tests of any game: rebuilding a table's states from its log, comparing tables,
and games played by bots (human seats included, answered by bots)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from core.bots import make_bot
from core.log import ChanceEntry, DecisionEntry
from core.runner import BotDriver
from core.table import Seat, SeatKind, Table

NAMES = ("Aki", "Bea", "Chi", "Dan", "Eri", "Fumi")


def fold(table: Table) -> list[Any]:
    """Every state of the game, rebuilt from the log through the game's pure functions only."""
    game = table.game
    state = game.initial_state(table.names, table.options)
    states = [state]
    for entry in table.log:
        if isinstance(entry, ChanceEntry):
            state = game.apply_chance(state, entry.values).state
        else:
            assert isinstance(entry, DecisionEntry)
            state = game.apply_decision(state, entry.seat, entry.choice).state
        states.append(state)
    return states


def same_game(a: Table, b: Table) -> None:
    """The two tables are the same game at the same point, as every viewer sees it."""
    assert a.log == b.log
    assert a.options == b.options and a.seed == b.seed and a.seats == b.seats
    for viewer in (None, *range(len(a.seats))):
        assert a.view(viewer) == b.view(viewer)
        assert a.narration(viewer) == b.narration(viewer)
    assert a.decisions() == b.decisions() and a.step == b.step


def seats(players: int, bots: Iterable[int] = (), bot: str = "random") -> tuple[Seat, ...]:
    robots = set(bots)
    return tuple(
        Seat(NAMES[i], SeatKind.BOT, bot) if i in robots else Seat(NAMES[i]) for i in range(players)
    )


def bots_for(table: Table, bot: str) -> BotDriver:
    """A driver whose `bot` bots answer for every seat, human or not."""
    game_id = table.game.id
    return BotDriver(table, bots={s: make_bot(bot, game_id) for s in range(len(table.seats))})


def bot_played(table: Table, bot: str) -> Table:
    """`table` played to the end by `bot` bots in every seat, human or not."""
    table.resolve_chance()
    bots_for(table, bot).play_until_human()
    return table
