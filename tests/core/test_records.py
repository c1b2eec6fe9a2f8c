"""core.records.dataclass: the frozen classes it makes behave as `dataclasses.dataclass` makes
them (equality, hashing, repr, frozen fields, what dataclasses knows of them); only how their
methods are made differs."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import pytest

from core import records


def both(make: Any) -> tuple[type, type]:
    """The class `make(dataclass)` builds, once by dataclasses and once by core.records."""
    return make(dataclasses.dataclass), make(records.dataclass)


def point(dataclass: Any) -> type:
    @dataclass(frozen=True)
    class Point:
        x: int
        y: tuple[int, ...] = ()
        note: str = dataclasses.field(default="", compare=False, repr=False)
        tag: float = dataclasses.field(default=0.0, hash=False)

    return Point


def one(dataclass: Any) -> type:
    @dataclass(frozen=True)
    class One:
        value: object

    return One


def empty(dataclass: Any) -> type:
    @dataclass(frozen=True)
    class Empty:
        pass

    return Empty


@pytest.mark.parametrize("make", [point, one, empty])
def test_equality_hash_and_repr_are_those_of_dataclasses(make: Any) -> None:
    plain, fast = both(make)
    values = [{}] if make is empty else [{"x": 1}, {"x": 1, "y": (2,), "note": "n", "tag": 0.5}]
    if make is one:
        values = [{"value": 1}, {"value": (1, "a")}, {"value": None}]
    for kwargs in values:
        a, b = plain(**kwargs), fast(**kwargs)
        assert repr(a) == repr(b)
        assert hash(a) == hash(b)
        assert fast(**kwargs) == b
        assert b != a and b.__eq__(a) is NotImplemented  # another class, as with dataclasses
    assert dataclasses.is_dataclass(fast)
    assert [f.name for f in dataclasses.fields(fast)] == [f.name for f in dataclasses.fields(plain)]
    assert fast.__dataclass_params__.eq and fast.__dataclass_params__.repr  # type: ignore[attr-defined]
    assert fast.__dataclass_params__.frozen  # type: ignore[attr-defined]


def test_fields_left_out_of_comparison_or_hash_are_left_out_alike() -> None:
    plain, fast = both(point)
    for kind in (plain, fast):
        assert kind(1, note="a") == kind(1, note="b")
        assert kind(1, tag=1.0) != kind(1, tag=2.0)
        assert hash(kind(1, tag=1.0)) == hash(kind(1, tag=2.0))
        assert "note" not in repr(kind(1))


def test_a_value_equal_only_to_itself_compares_as_in_a_tuple() -> None:
    nan = math.nan
    for kind in both(one):
        assert kind(nan) == kind(nan)  # the same object: equal, as in (nan,) == (nan,)
        assert kind(float("nan")) != kind(float("nan"))


def test_frozen_fields_refuse_assignment() -> None:
    for kind in both(point):
        with pytest.raises(dataclasses.FrozenInstanceError):
            kind(1).x = 2
        with pytest.raises(dataclasses.FrozenInstanceError):
            del kind(1).x
    assert dataclasses.replace(both(point)[1](1), x=3).x == 3


def test_a_repr_that_reaches_itself_says_so_as_dataclasses_does() -> None:
    for kind in both(one):
        holder: list[Any] = []
        item = kind(holder)
        holder.append(item)
        assert repr(item).endswith("(value=[...])")


def own_methods(dataclass: Any) -> type:
    @dataclass(frozen=True)
    class Own:
        x: int

        def __eq__(self, other: object) -> bool:
            return True

        def __repr__(self) -> str:
            return "own"

    return Own


def own_hash(dataclass: Any) -> type:
    @dataclass(frozen=True)
    class OwnHash:
        x: int

        def __hash__(self) -> int:
            return 7

    return OwnHash


def test_methods_a_class_writes_itself_are_kept_as_dataclasses_keeps_them() -> None:
    plain, fast = both(own_methods)
    assert fast(1) == fast(2) and repr(fast(1)) == "own"
    assert hash(fast(1)) == hash(plain(1))  # __eq__ without __hash__: the hash is added
    plain, fast = both(own_hash)
    assert hash(fast(1)) == hash(plain(1)) == 7


def test_other_uses_are_dataclasses_itself() -> None:
    @records.dataclass(order=True, frozen=True)
    class Ordered:
        x: int

    @records.dataclass
    class Mutable:
        x: int

    assert Ordered(1) < Ordered(2)
    changed = Mutable(1)
    changed.x = 2
    assert changed == Mutable(2) and Mutable.__hash__ is None


def test_a_frozen_class_compiles_half_the_functions(monkeypatch: pytest.MonkeyPatch) -> None:
    compiled: list[str] = []

    def counting(source: str, *args: Any) -> None:
        compiled.append(source)
        exec(source, *args)

    monkeypatch.setattr(dataclasses, "exec", counting, raising=False)
    point(dataclasses.dataclass)
    assert len(compiled) == 6  # __init__, __repr__, __eq__, __hash__, __setattr__, __delattr__
    compiled.clear()
    point(records.dataclass)
    assert len(compiled) == 3  # __init__, __setattr__, __delattr__
