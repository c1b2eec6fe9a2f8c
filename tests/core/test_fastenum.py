"""core.fastenum.members: a plain class holding an enum's very members, read without the
EnumType hook; Light and Dark's rules read their phases and effects through one."""

from __future__ import annotations

from enum import Enum

import pytest

from core.decisions import DecisionKind
from core.fastenum import members
from core.games.light_and_dark import rules
from core.games.light_and_dark.content import Effect
from core.games.light_and_dark.state import Phase


class Colour(Enum):
    RED = "red"
    SCARLET = "red"  # an alias reads as the member it names
    BLUE = "blue"


@pytest.mark.parametrize("enum", [Colour, Phase, Effect, DecisionKind])
def test_every_member_by_name_is_the_member_itself(enum: type[Enum]) -> None:
    plain = members(enum)
    for name, member in enum.__members__.items():
        assert getattr(plain, name) is member
    assert type(plain) is type  # a plain class: reading it takes no metaclass hook


def test_an_alias_is_its_member_and_an_unknown_name_is_an_error() -> None:
    assert members(Colour).SCARLET is Colour.RED
    with pytest.raises(AttributeError):
        members(Colour).GREEN  # noqa: B018


def test_light_and_dark_reads_phases_through_plain_attributes() -> None:
    assert type(rules.Phase) is type and rules.Phase.ROLL is Phase.ROLL
    assert type(rules.Effect) is type and rules.Effect.REROLL is Effect.REROLL
