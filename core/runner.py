"""Driving bot seats: each bot answers from its own view only."""

from __future__ import annotations

from dataclasses import dataclass, field

from core import chance
from core.bots import make_bot
from core.bots.base import Bot
from core.bots.random_bot import RandomBot, random_choice
from core.decisions import Decision
from core.table import Table


@dataclass
class BotDriver:
    """Answers the pending decisions of a table's bot seats."""

    table: Table
    bots: dict[int, Bot] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for index, seat in enumerate(self.table.seats):
            if not seat.is_human and index not in self.bots:
                self.bots[index] = make_bot(seat.bot, self.table.game.id)

    def next_bot_decision(self) -> Decision | None:
        for decision in self.table.decisions():
            if decision.seat in self.bots:
                return decision
        return None

    def play_one(self) -> bool:
        """Let one bot answer one decision; False when no bot has a decision pending."""
        decision = self.next_bot_decision()
        if decision is None:
            return False
        seat = decision.seat
        bot = self.bots[seat]
        table = self.table
        seed = f"bot:{table.seed}:{len(table)}:{seat}"
        if isinstance(bot, RandomBot):
            # It reads no view, and building one cost a third of a random game's time; it uses
            # its generator up at once, so it may have the shared one.
            choice = random_choice(decision, chance.reseeded(seed))
        else:
            choice = bot.choose(table.view(seat), decision, chance.seeded(seed))
        table.decide(seat, choice)
        return True

    def play_until_human(self) -> int:
        """Let bots play until a human must decide or the game ends; returns decisions made."""
        made = 0
        while self.play_one():
            made += 1
        return made
