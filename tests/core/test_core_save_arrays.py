"""An array in a save's entry (a shuffle's card ids, a roll's faces, a choice of several) is
written as its items one by one would write it, even when `saves._toml_field` joins them at once
(every item a whole number, or every one an id with nothing to escape), and reads back as it was."""

from __future__ import annotations

import tomllib
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from core import saves


def item_by_item(values: tuple[Any, ...]) -> str:
    return f"[{', '.join(saves._toml_value(value) for value in values)}]"


def assert_written_as_items(values: tuple[Any, ...]) -> None:
    written = saves._toml_field(values)
    assert written == item_by_item(values), values
    assert saves._toml_field(list(values)) == written
    assert tomllib.loads(f"v = {written}")["v"] == list(values)


def test_arrays_of_every_kind_are_written_item_by_item() -> None:
    for values in [
        (),
        (1, 2, 6),
        (True, 1),
        (1, False),
        (-3, 10**20),
        ("kayakuko-hanabi", "mayuyu"),
        ("根津ツヨシ", "a b"),
        ("a", 1),
        ('say "hi"', "b"),
        ("back\\slash",),
        ("tab\there",),
        ("bell\x07", "ok"),
        ("del\x7f",),
        ("line\u2028separator",),
        ("",),
    ]:
        assert_written_as_items(values)


@given(
    st.lists(
        st.one_of(st.integers(), st.booleans(), st.text(max_size=8)),
        max_size=6,
    ).map(tuple)
)
def test_any_array_is_written_item_by_item(values: tuple[Any, ...]) -> None:
    assert_written_as_items(values)


@given(st.lists(st.text(max_size=8), max_size=6).map(tuple))
def test_any_array_of_texts_is_written_item_by_item(values: tuple[str, ...]) -> None:
    assert_written_as_items(values)
