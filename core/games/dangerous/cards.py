"""Cards as a player reads them: names in prompts and narration, cards as options."""

from __future__ import annotations

from core.decisions import Option
from core.games.dangerous.content import content


def card_name(instance: str) -> str:
    card = content().card(instance)
    return f"{card.name} (Lv{card.level})"


def card_option(instance: str) -> Option:
    """A card as an option: its name, with its ability and text as the detail."""
    card = content().card(instance)
    detail = f"{card.ability}: {card.text_en}" if card.ability else card.text_en
    return Option(instance, card_name(instance), detail)
