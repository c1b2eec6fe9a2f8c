"""`core.frozen.replace` of Light and Dark's states (fast_init classes, copied by `.copy()` of
their plain dicts) builds exactly what dataclasses.replace builds, for every kind of value its
rules copy, refuses an unknown field as dataclasses does, and gives each copy a plain dict of
its own."""

from __future__ import annotations

import dataclasses
import sys
from typing import Any

import pytest

from core.frozen import replace
from core.games.light_and_dark.state import Roll, State, SuddenDeath
from core.simulate import play_one


def same(left: Any, right: Any) -> bool:
    """Equal, of the same class, with the same attributes (nothing more, nothing less)."""
    return type(left) is type(right) and left == right and vars(left) == vars(right)


def states(options: dict[str, Any]) -> list[State]:
    table = play_one("light-and-dark", 4, 4, "random", options)
    return [table._state_at(position) for position in range(len(table) + 1)]


@pytest.mark.parametrize("options", [{}, {"keep_cards": True, "repeat_volleys": True}])
def test_every_state_of_real_games_is_copied_as_dataclasses_copies_it(
    options: dict[str, Any],
) -> None:
    rolls = 0
    for state in states(options):
        for changed in (
            {"turns_played": state.turns_played + 1},
            {"queue": state.queue[1:], "phase": state.phase, "claims": ("x",) * 4},
        ):
            copy = replace(state, **changed)
            assert same(copy, dataclasses.replace(state, **changed))
            assert copy.__dict__ is not state.__dict__
        for roll in state.rolls:
            assert same(replace(roll, value=7), dataclasses.replace(roll, value=7))
            rolls += 1
    assert rolls >= 5


def test_an_unknown_field_is_refused_as_dataclasses_refuses_it() -> None:
    state = states({})[0]
    with pytest.raises(TypeError, match="unexpected keyword argument 'turn'"):
        replace(state, turn=2)
    with pytest.raises(TypeError, match="unexpected keyword argument 'faces'"):
        replace(Roll(0, "devil", (3,)), faces=(4,))
    with pytest.raises(TypeError, match="unexpected keyword argument 'hps'"):
        replace(SuddenDeath((0, 1)), hps=(3, 4))


def test_a_copy_holds_its_fields_in_a_plain_dict_of_its_own() -> None:
    """Not a split dict (keys shared with the class): CPython 3.11 never specialises an
    attribute read from a split dict set on an instance (core/frozen.py). A plain dict is
    exactly as big as a dict made of the same fields; a split one is smaller."""
    for made in (states({})[0], Roll(0, "devil", (3,)), SuddenDeath((0, 1))):
        copy = replace(made)
        again = replace(copy)
        for each in (copy, again):
            assert sys.getsizeof(each.__dict__) == sys.getsizeof(dict(each.__dict__))
