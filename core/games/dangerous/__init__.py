"""Dangerous (戦闘破壊学園ダンゲロス・ボードゲーム, seed 000). This declaration is all that
registers it (core.games lists it); the rules load when a game of it is first played."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.games.base import GameInfo, GameOption
from core.i18n import N_
from core.narration import Message

if TYPE_CHECKING:
    from core.bots.base import Bot
    from core.games.base import Game


def _rules() -> Game[Any]:
    from core.games.dangerous.game import Dangerous

    return Dangerous()


def _heuristic() -> Bot:
    from core.games.dangerous.bot import DangerousBot

    return DangerousBot()


INFO = GameInfo(
    id="dangerous",
    title=N_("Dangerous (戦闘破壊学園ダンゲロス)"),
    min_players=2,
    max_players=4,
    load=_rules,
    options=(
        GameOption(
            "draft",
            Message("Draft the starting party"),
            False,
            Message(
                "Advanced rule: pick the three starting Lv1 cards one at a time, "
                "passing the rest to the left."
            ),
        ),
        GameOption(
            "turn_limit",
            Message("Turn limit (house rule)"),
            0,
            Message(
                "House rule, not in the rulebook (there, exploration ends only when the old "
                "school building falls): if it still stands after this many turns, the final "
                "battle begins anyway. 0 = off."
            ),
            minimum=0,
            maximum=99,
            simulate=12,  # bots' games end (ruling R23); `simulate` says so when it applies this
        ),
    ),
    hidden_information=True,  # the draft packets and the final parties, until revealed
    simultaneous=True,  # the draft picks and the final parties are chosen at once, in secret
    heuristic=_heuristic,
    board="tui.boards.dangerous",
)
