"""Light and Dark: the hidden-role boss-raid dice game of seed 002. This declaration is all that
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
    from core.games.light_and_dark.rules import LightAndDark

    return LightAndDark()


def _heuristic() -> Bot:
    from core.games.light_and_dark.bot import LightAndDarkBot

    return LightAndDarkBot()


INFO = GameInfo(
    id="light-and-dark",
    title=N_("Light and Dark (光と闇の勇者)"),
    min_players=3,
    max_players=6,
    load=_rules,
    options=(
        GameOption(
            "keep_cards",
            Message("Keep-card variant"),
            False,
            Message(
                "Players left out of a party keep their role card and may use it again next turn."
            ),
        ),
        GameOption(
            "repeat_volleys",
            Message("House rule: repeated sudden-death volleys"),
            False,
            Message(
                "Not in the rulebook: when several survive the sudden-death volley they volley "
                "again, HP carrying over, until at most one survives (the rulebook: one volley, "
                "then a one-die roll-off)."
            ),
        ),
    ),
    hidden_information=True,  # every seat's role card, until the reveal
    simultaneous=False,
    heuristic=_heuristic,
    board="tui.boards.light_and_dark",
)
