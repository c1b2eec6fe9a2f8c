"""Bot-only games without a UI: the engine behind `partyline simulate` and the benchmarks.

Bots need not ever finish a game (Dangerous without a turn limit ends only when 旧校舎 falls), so
every game stops at `max_entries` log entries at the latest: a guard, never a hang. The report
counts the games so stopped, and their seeds."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from core import gcpause
from core.games import get_game
from core.games.base import Game, GameOption
from core.log import DecisionEntry
from core.names import default_name
from core.runner import BotDriver
from core.table import Seat, SeatKind, Table

MAX_ENTRIES = 10_000
"""The default guard: a finished bot-only game is a few hundred entries long (Dangerous with
its house-rule turn limit about 500, without it about 400 once 旧校舎 is sought out)."""


@dataclass
class Report:
    game: str
    players: int
    bot: str
    games: int = 0
    wins: Counter[int] = field(default_factory=Counter)
    entries: int = 0
    decisions: int = 0
    seconds: float = 0.0
    last: Table | None = None
    stopped: list[int] = field(default_factory=list)
    """The seeds of the games stopped at the entry limit before they ended."""
    max_entries: int = MAX_ENTRIES

    @property
    def average_length(self) -> float:
        return self.entries / self.games if self.games else 0.0

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0


def bot_options(
    game: Game[Any], options: dict[str, Any] | None = None
) -> tuple[dict[str, Any], tuple[GameOption, ...]]:
    """The options of a bot-only game: `options`, plus each option's `simulate` value where
    `options` does not set it; and the options so filled in (for a note to the user)."""
    chosen = dict(options or {})
    filled = tuple(
        option
        for option in game.options
        if option.simulate is not None and option.name not in chosen
    )
    chosen.update({option.name: option.simulate for option in filled})
    return chosen, filled


def bot_table(
    game_id: str, players: int, seed: int, bot: str, options: dict[str, Any] | None = None
) -> Table:
    game = get_game(game_id)
    return Table(game, bot_seats(players, bot), bot_options(game, options)[0], seed)


@lru_cache(maxsize=64)
def bot_seats(players: int, bot: str) -> tuple[Seat, ...]:
    """`players` seats of `bot`, made once (seats are immutable; checking a name is not free,
    and a short bot-only game is a few dozen decisions)."""
    return tuple(
        Seat(default_name(index, human=False), SeatKind.BOT, bot) for index in range(players)
    )


def play_one(
    game_id: str,
    players: int,
    seed: int,
    bot: str,
    options: dict[str, Any] | None = None,
    max_entries: int = MAX_ENTRIES,
) -> Table:
    """One bot-only game, played to its end or until its log holds `max_entries` entries (a
    decision's chance outcomes are drawn with it, so the log may end a little past that)."""
    table = bot_table(game_id, players, seed, bot, options)
    table.resolve_chance()
    driver = BotDriver(table)
    with gcpause.paused():
        while len(table) < max_entries and driver.play_one():
            pass
    return table


def simulate(
    game_id: str,
    players: int,
    seed: int,
    games: int,
    bot: str,
    options: dict[str, Any] | None = None,
    max_entries: int = MAX_ENTRIES,
) -> Report:
    """`games` bot-only games from seeds `seed`, `seed + 1`, ...; a game the guard stopped
    counts in the report's length and speed, not in its wins."""
    report = Report(game_id, players, bot, max_entries=max_entries)
    start = time.perf_counter()
    for index in range(games):
        table = play_one(game_id, players, seed + index, bot, options, max_entries)
        result = table.result()
        if result is not None:
            report.wins.update(result.winners)
        elif len(table) >= max_entries:
            report.stopped.append(seed + index)
        else:
            raise RuntimeError(f"game {index + 1} (seed {seed + index}) did not end")
        report.games += 1
        report.entries += len(table)
        report.decisions += sum(isinstance(entry, DecisionEntry) for entry in table.log)
        report.last = table
    report.seconds = time.perf_counter() - start
    return report
