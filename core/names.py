"""Seat names nobody typed: one naming for the CLI, the setup screen and bot-only games.

In the language of whoever starts the game (a translator's); once a game has begun they are
names like any other, kept by its save as they were.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.i18n import LANGUAGES, N_, translator

if TYPE_CHECKING:
    from core.i18n import Translator

PLAYER = N_("Player {number}")
BOT = N_("Bot {number}")


def default_name(seat: int, human: bool, _: Translator | None = None) -> str:
    """Numbered by seat, so 'Bot 3' sits in seat 3 whichever seats are people; in `_`'s
    language (English without one: a bot-only game's seats)."""
    template = PLAYER if human else BOT
    return _(template, number=seat + 1) if _ is not None else template.format(number=seat + 1)


def is_default_name(seat: int, name: str) -> bool:
    """Whether `name` is seat `seat`'s default name, a player's or a bot's, in any language."""
    return any(
        name == default_name(seat, human, translator(language))
        for language in LANGUAGES
        for human in (True, False)
    )
