"""Cards as a player reads them: names in prompts and narration, cards as options."""

from __future__ import annotations

from functools import cache, lru_cache

from core.decisions import Decision, Option, order
from core.games.dangerous.content import content
from core.games.dangerous.state import State
from core.narration import Message, Name, Text


@lru_cache(maxsize=1024)
def with_timing(party: tuple[str, ...], timing: str) -> tuple[str, ...]:
    """The cards of `party` whose abilities are of `timing`, usable or not (a party stays the
    same for many turns, and is asked about at every meeting and move)."""
    return tuple(c for c in party if content().card(c).timing == timing)


@cache  # the cards never change: names fill prompts, options and narration
def card_name(instance: str) -> str:
    card = content().card(instance)
    return f"{card.name} (Lv{card.level})"


@cache
def card_label(instance: str) -> Text:
    """A card as an option names it: its name (the English beside it in English) and level."""
    card = content().card(instance)
    return Message("{card} (Lv{level})", card=card.title, level=card.level)


@cache
def ability_name(instance: str) -> Name:
    """A card's ability, by name (the English beside it in English)."""
    card = content().card(instance)
    return Name(card.ability, card.ability_en)


@cache
def card_option(instance: str) -> Option:
    """A card as an option: its names, with its ability and text as the detail (made once for
    each card: an option is immutable)."""
    card = content().card(instance)
    detail: Text = (
        Message("{ability}: {text}", ability=ability_name(instance), text=card.text)
        if card.ability
        else card.text
    )
    return Option(instance, card_label(instance), detail)


ORDER_HELP = Message(
    "Your party fights from the front (first) to the back: winner stays on. "
    "Reorder with the keys shown; Enter confirms."
)


def party_order_decision(state: State, seat: int, prompt: Text) -> Decision:
    """`seat` puts its party in fighting order."""
    options = tuple(card_option(card) for card in state.players[seat].party)
    return order(seat, "order", prompt, options, help=ORDER_HELP)


def pile_options(cards: tuple[str, ...]) -> tuple[Option, ...]:
    """The cards of a pile as options, each card once (a pile may hold two copies)."""
    return tuple(_pile_option(card) for card in dict.fromkeys(cards))


@cache
def _pile_option(instance: str) -> Option:
    return Option(instance, card_label(instance))
