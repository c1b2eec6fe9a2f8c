"""Light and Dark's decisions and their option ids, as saves hold them (core.games.catalogue)."""

from __future__ import annotations

from core.decisions import OptionId
from core.games.catalogue import SEVERAL, Catalogue, DecisionInfo, IdKind, seat_ids
from core.games.light_and_dark.content import content
from core.i18n import N_


def _role(value: OptionId) -> bool:
    return isinstance(value, str) and value in content().roles


def _face(value: OptionId) -> bool:
    return isinstance(value, int) and 1 <= value <= 6


CATALOGUE = Catalogue(
    "light-and-dark",
    (
        DecisionInfo(
            "keep",
            "keep-card variant: each player holding a card kept from last turn, before the deal",
            ("keep", "draw"),
            note="'draw' only while the deck can still give everyone a card",
            label=N_("keep their card or draw a new one"),
        ),
        DecisionInfo(
            "claim",
            "the discussion: each player in turn, clockwise from the parent's left, the parent "
            "last",
            ("silent", "<role>"),
            note="the parent claims a hero, the others a role-deck role; lying is allowed",
            label=N_("claim a role or stay silent"),
        ),
        DecisionInfo(
            "verdict",
            "the parent, after the discussion",
            ("party", "give-up"),
            label=N_("fight the boss or give up"),
        ),
        DecisionInfo(
            "party",
            "the parent, after choosing to fight",
            ("<seat>",),
            kinds=SEVERAL,
            note="the companions, any number; the parent is always in",
            label=N_("choose the party"),
        ),
        DecisionInfo(
            "reroll",
            "a Warrior or Devil in the party, after its die",
            ("keep", "reroll"),
            label=N_("keep or reroll their die"),
        ),
        DecisionInfo(
            "choose",
            "a Mage or Witch in the party whose two dice differ",
            ("<face>",),
            note="the die that counts",
            label=N_("choose which die counts"),
        ),
    ),
    (
        seat_ids(6),
        IdKind("role", "a role card id from `content.toml` (`warrior`, `dark-hero`, ...)", _role),
        IdKind("face", "a die face, 1 to 6", _face),
    ),
)
