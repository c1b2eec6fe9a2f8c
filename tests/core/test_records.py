"""core.records.dataclass: the frozen classes it makes behave as `dataclasses.dataclass` makes
them (equality, hashing, repr, frozen fields, what dataclasses knows of them); only how their
methods are made differs."""

from __future__ import annotations

import dataclasses
import inspect
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


def documented(dataclass: Any) -> type:
    @dataclass(frozen=True)
    class Documented:
        """A class with a docstring of its own."""

        x: int
        y: tuple[int, ...] = ()

    return Documented


def compiled_by_dataclasses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The sources dataclasses compiles from now on."""
    compiled: list[str] = []

    def counting(source: str, *args: Any) -> None:
        compiled.append(source)
        exec(source, *args)

    monkeypatch.setattr(dataclasses, "exec", counting, raising=False)
    return compiled


def test_a_frozen_class_compiles_nothing_until_it_is_first_made(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    compiled = compiled_by_dataclasses(monkeypatch)
    documented(dataclasses.dataclass)
    assert len(compiled) == 6  # __init__, __repr__, __eq__, __hash__, __setattr__, __delattr__
    compiled.clear()
    kind = documented(records.dataclass)
    assert compiled == []
    kind(1)
    assert len(compiled) == 1 and "def __init__(" in compiled[0]
    kind(2, (3,))
    assert len(compiled) == 1  # (compiled once, then the class's own)
    compiled.clear()
    point(records.dataclass).__doc__  # noqa: B018  (undocumented: read, it needs __init__)
    assert len(compiled) == 1


def fielded(dataclass: Any) -> type:
    @dataclass(frozen=True)
    class Fielded:
        x: int
        scale: dataclasses.InitVar[int] = 1
        items: list[int] = dataclasses.field(default_factory=list)
        label: str = dataclasses.field(default="", kw_only=True)
        doubled: int = dataclasses.field(default=0, init=False)

        def __post_init__(self, scale: int) -> None:
            object.__setattr__(self, "doubled", self.x * 2 * scale)

    return Fielded


def test_init_takes_and_sets_what_dataclasses_s_init_does() -> None:
    plain, fast = both(fielded)
    for args, kwargs in [((1,), {}), ((2, 3), {"label": "a"}), ((1, 1, [4]), {})]:
        a, b = plain(*args, **kwargs), fast(*args, **kwargs)
        assert repr(a) == repr(b) and a.doubled == b.doubled
    assert fast(1).items is not fast(1).items  # a new list each time, as default_factory says
    for kind in (plain, fast):
        with pytest.raises(TypeError, match="positional"):
            kind(1, 2, [], "label")
        with pytest.raises(TypeError, match="missing"):
            kind()
    assert str(inspect.signature(fast)) == str(inspect.signature(plain))
    assert fast.__init__.__qualname__ == "fielded.<locals>.Fielded.__init__"
    assert fast.__match_args__ == plain.__match_args__


def test_an_undocumented_class_reads_as_dataclasses_documents_it() -> None:
    plain, fast = both(point)
    assert fast.__doc__ == plain.__doc__
    assert fast(1).__doc__ == plain(1).__doc__
    assert documented(records.dataclass).__doc__ == "A class with a docstring of its own."


def test_a_subclass_made_first_builds_its_base_s_init() -> None:
    fast = point(records.dataclass)

    class Sub(fast):  # type: ignore[valid-type,misc]  (not a dataclass: inherits __init__)
        pass

    assert repr(Sub(1, (2,))).endswith(".Sub(x=1, y=(2,), tag=0.0)")
    assert fast.__dict__["__init__"].__qualname__.endswith("Point.__init__")
    assert fast(5).x == 5


def test_frozen_fields_refuse_change_with_dataclasses_s_words() -> None:
    plain, fast = both(point)

    class Free(fast):  # type: ignore[valid-type,misc]
        pass

    for kind in (plain, fast):
        with pytest.raises(dataclasses.FrozenInstanceError, match=r"^cannot assign to field 'x'$"):
            kind(1).x = 2
        with pytest.raises(dataclasses.FrozenInstanceError, match=r"^cannot delete field 'y'$"):
            del kind(1).y
        with pytest.raises(dataclasses.FrozenInstanceError, match="'other'"):
            kind(1).other = 2  # (the class itself: no attribute at all)
    free = Free(1)
    free.other = 3  # a subclass that is no dataclass may have attributes of its own
    del free.other
    with pytest.raises(dataclasses.FrozenInstanceError):
        free.x = 2


def test_a_field_without_a_default_after_one_with_is_refused_at_once() -> None:
    for dataclass in (dataclasses.dataclass, records.dataclass):
        with pytest.raises(TypeError, match="non-default argument 'y' follows default argument"):

            @dataclass(frozen=True)
            class Wrong:
                x: int = 0
                y: int  # type: ignore[misc]
