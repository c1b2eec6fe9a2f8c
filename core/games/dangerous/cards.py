"""Cards as a player reads them: names in prompts and narration, cards as options."""

from __future__ import annotations

from functools import cache

from core.decisions import Decision, Option, order
from core.games.dangerous.content import content
from core.games.dangerous.state import State


@cache  # the cards never change: names fill prompts, options and narration
def card_name(instance: str) -> str:
    card = content().card(instance)
    return f"{card.name} (Lv{card.level})"


def card_label(instance: str) -> str:
    """A card as an option names it: both names and its level."""
    card = content().card(instance)
    return f"{card.name} {card.english} (Lv{card.level})"


def ability_name(instance: str) -> str:
    """A card's ability, both names."""
    card = content().card(instance)
    return f"{card.ability} {card.ability_en}"


def card_option(instance: str) -> Option:
    """A card as an option: its names, with its ability and text as the detail."""
    card = content().card(instance)
    detail = f"{ability_name(instance)}: {card.text_en}" if card.ability else card.text_en
    return Option(instance, card_label(instance), detail)


ORDER_HELP = (
    "Your party fights from the front (first) to the back: winner stays on. "
    "Reorder with the keys shown; Enter confirms."
)


def party_order_decision(state: State, seat: int, prompt: str) -> Decision:
    """`seat` puts its party in fighting order."""
    options = tuple(card_option(card) for card in state.players[seat].party)
    return order(seat, "order", prompt, options, help=ORDER_HELP)


def pile_options(cards: tuple[str, ...]) -> tuple[Option, ...]:
    """The cards of a pile as options, each card once (a pile may hold two copies)."""
    return tuple(Option(card, card_label(card)) for card in dict.fromkeys(cards))
