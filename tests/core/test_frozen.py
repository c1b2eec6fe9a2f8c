"""core.frozen.replace builds exactly what dataclasses.replace builds, faster for the plain frozen
dataclasses of game states, and by dataclasses.replace itself for any other class; with_field
is replace for one field; fast_init's __init__ builds what the dataclass's own __init__ builds."""

from __future__ import annotations

import dataclasses
import sys
from dataclasses import InitVar, dataclass, field
from functools import cached_property
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.decisions import Option, choose_one
from core.frozen import fast_init, replace, with_field
from core.games.dangerous.state import Combat, Duel, Meeting, Player, State
from core.simulate import play_one


@dataclass(frozen=True)
class Plain:
    a: int
    b: tuple[int, ...] = ()
    c: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Derived:
    a: int
    doubled: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "doubled", self.a * 2)


@dataclass(frozen=True)
class WithInitVar:
    a: int
    scale: InitVar[int] = 1


@dataclass(frozen=True, slots=True)
class Slotted:
    a: int
    b: int = 0


@dataclass(frozen=True)
class Cached:
    a: int

    @cached_property
    def square(self) -> int:
        return self.a * self.a


def same(left: Any, right: Any) -> bool:
    """Equal, of the same class, with the same attributes (nothing more, nothing less)."""
    return (
        type(left) is type(right)
        and left == right
        and getattr(left, "__dict__", None) == getattr(right, "__dict__", None)
    )


@given(st.integers(), st.lists(st.integers(), max_size=3).map(tuple))
def test_a_plain_frozen_dataclass_is_copied_with_the_changes(a: int, b: tuple[int, ...]) -> None:
    before = Plain(1, (2,), {"x": 3})
    after = replace(before, a=a, b=b)
    assert same(after, dataclasses.replace(before, a=a, b=b))
    assert before == Plain(1, (2,), {"x": 3})  # the original is untouched
    assert after.c is before.c  # as dataclasses.replace: the other fields are the same objects
    with pytest.raises(dataclasses.FrozenInstanceError):
        after.a = 5  # type: ignore[misc]


def test_classes_that_are_more_than_their_fields_go_through_their_init() -> None:
    assert replace(Derived(2), a=5).doubled == 10  # __post_init__ ran again
    assert same(replace(WithInitVar(1), a=2, scale=3), WithInitVar(2, 3))
    assert same(replace(Slotted(1, 2), b=3), Slotted(1, 3))
    cached = Cached(3)
    assert cached.square == 9
    assert replace(cached, a=4).square == 16  # no stale cached value comes along
    decision = choose_one(0, "pick", "?", (Option("a", "A"), Option("b", "B")))
    narrowed = replace(decision, options=(Option("c", "C"),))
    assert narrowed.normalise("c") == "c"  # its ids were made anew by __post_init__


def test_an_unknown_field_is_refused_as_dataclasses_refuses_it() -> None:
    with pytest.raises(TypeError, match="unexpected keyword argument 'd'"):
        replace(Plain(1), d=2)
    with pytest.raises(TypeError, match="unexpected keyword argument 'spce'"):
        replace(Player("a"), spce="b")


def test_every_state_of_real_games_is_copied_as_dataclasses_copies_it() -> None:
    table = play_one("dangerous", 3, 7, "heuristic")
    seen = 0
    for position in range(0, len(table), 7):
        state = table._state_at(position)
        assert isinstance(state, State)
        for changed in (
            {"turn": state.turn + 1},
            {"agenda": state.agenda[1:], "phase": "x"},
            {"players": tuple(replace(p, ap_next=p.ap_next + 1) for p in state.players)},
        ):
            assert same(replace(state, **changed), dataclasses.replace(state, **changed))
        shorter = state.agenda[1:]
        assert same(state.with_agenda(shorter), dataclasses.replace(state, agenda=shorter))
        assert same(with_field(state, "turn", 9), dataclasses.replace(state, turn=9))
        parts: list[Any] = [state.meeting, state.combat, state.final, *state.agenda]
        if state.combat is not None:
            parts.append(state.combat.duel)
        for part in parts:
            if part is None or not dataclasses.fields(part):
                continue
            name = dataclasses.fields(part)[0].name
            value = getattr(part, name)
            assert same(replace(part, **{name: value}), dataclasses.replace(part, **{name: value}))
            seen += 1
    assert seen > 50
    assert {Meeting, Combat, Duel} <= {type(p) for p in _parts(table)}


def test_a_copy_holds_its_fields_in_a_plain_dict_of_its_own() -> None:
    """Not a split dict (keys shared with the class), as `.copy()` of an instance's __dict__ is:
    CPython 3.11 never specialises an attribute read from a split dict set on an instance, so
    every field read of such a state was about five times slower (core/frozen.py). A plain
    dict is exactly as big as a dict made of the same fields; a split one is smaller."""
    made = Player("a")  # its __init__ keeps its fields the class's way (split)
    for copy in (
        replace(made, space="b"),
        with_field(made, "space", "b"),
        replace(replace(made, space="b"), out=True),
        with_field(replace(made, out=True), "slowed", 1),
    ):
        assert sys.getsizeof(copy.__dict__) == sys.getsizeof(dict(copy.__dict__))


def _parts(table: Any) -> list[Any]:
    states = [table._state_at(position) for position in range(len(table))]
    return [part for state in states for part in (state.meeting, state.combat)] + [
        state.combat.duel for state in states if state.combat is not None
    ]


@dataclass(frozen=True)
class Everything:
    """Every kind of field fast_init must keep: required, defaults, a factory, keyword-only."""

    a: int
    b: tuple[int, ...] = ()
    c: dict[str, int] = field(default_factory=dict)
    d: str = field(default="d", kw_only=True)
    e: list[int] = field(default_factory=list, kw_only=True)


@fast_init
@dataclass(frozen=True)
class FastEverything(Everything):
    pass


@fast_init
@dataclass(frozen=True)
class FastDerived:
    a: int

    def __post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("negative")


def test_fast_init_builds_what_the_dataclass_init_builds() -> None:
    for args, kwargs in (
        ((1,), {}),
        ((1, (2,)), {}),
        ((1, (2,), {"x": 3}), {"d": "z", "e": [4]}),
        ((), {"a": 1, "c": {"y": 1}, "e": [5]}),
    ):
        slow, fast = Everything(*args, **kwargs), FastEverything(*args, **kwargs)
        assert dataclasses.astuple(slow) == dataclasses.astuple(fast)
        assert vars(slow) == vars(fast)
    assert FastEverything(1).c is not FastEverything(1).c  # a fresh default from its factory
    with pytest.raises(TypeError):
        FastEverything(1, (), {}, "d")  # type: ignore[misc]  # d is keyword-only
    with pytest.raises(TypeError):
        FastEverything()  # type: ignore[call-arg]
    with pytest.raises(dataclasses.FrozenInstanceError):
        FastEverything(1).a = 2  # type: ignore[misc]
    assert FastDerived(1).a == 1
    with pytest.raises(ValueError, match="negative"):
        FastDerived(-1)  # __post_init__ still runs


def test_fast_init_refuses_classes_that_are_more_than_their_fields() -> None:
    for cls in (Derived, WithInitVar, Slotted, Unfrozen):
        with pytest.raises(TypeError, match="fast_init"):
            fast_init(cls)


@dataclass
class Unfrozen:
    a: int
