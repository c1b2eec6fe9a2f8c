"""core/plain.py: core's values as JSON and back, exactly (types and all), and nothing but
plain values and core's own types read back."""

from __future__ import annotations

import json
from typing import Any

import pytest

from core.chance import ChanceKind
from core.decisions import DecisionKind
from core.log import ChanceEntry, DecisionEntry
from core.narration import Joined, Message, Name, Narration, Worded
from core.plain import PlainError, Types, decode, encode
from core.table import Seat, SeatKind

VALUES: list[Any] = [
    None,
    True,
    0,
    -(2**63),
    1.5,
    "",
    "名前 name",
    (),
    (1, "a", (2,)),
    [1, [2, (3,)]],
    {"a": 1, 2: "b", (3, 4): [5]},
    frozenset({1, "x"}),
    {1, 2},
    ChanceKind.SHUFFLE,
    DecisionKind.CHOOSE_ONE,
    DecisionEntry(0, "ap", ("lv2", 3)),
    ChanceEntry(ChanceKind.DICE, (3,)),
    Seat("Aki", SeatKind.HUMAN),
    Name("韋駄天コハル", "Idaten Koharu"),
    Worded("日本語", "English"),
    Message("{name} puts {n} AP on {what}.", name="Aki", n=2, what=Name("物", "thing")),
    Message("{some} and {last}", some=Joined(("A", Message("B")), Message(", ")), last="C"),
    Narration(Message("public"), ((1, Message("secret {x}", x=[1, 2])),), "full"),
]


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_a_value_comes_back_equal_and_of_the_same_types(value: Any) -> None:
    types = Types()
    data = json.loads(json.dumps(encode(value, types)))
    back = decode(data, Types(json.loads(json.dumps(types.names))))
    assert back == value and type(back) is type(value)
    assert repr(back) == repr(value)  # (a list inside stays a list, a tuple a tuple)


@pytest.mark.parametrize(
    ("data", "names"),
    [
        ({"e": [0, 2]}, ["signal:Signals"]),  # an enum, but not core's
        ({"c": [0, []]}, ["dataclasses:Field"]),
        ({"c": [0, ["x"]]}, ["core.saves:load"]),  # core's, but a function
        ({"c": [0, ["x"]]}, ["core.table:NoSuchThing"]),
        ({"c": [1, []]}, ["core.narration:Name"]),  # out of the table
        ({"c": [0, ["only one"]]}, ["core.narration:Name"]),  # fields missing
        ({"e": [0, "no-such-kind"]}, ["core.chance:ChanceKind"]),
        ({"x": 1}, []),
        ({"m": [1, {}]}, []),
        ({"m": ["a", {}], "l": []}, []),
        ({"d": [[1]]}, []),
    ],
)
def test_anything_else_is_refused(data: Any, names: list[str]) -> None:
    with pytest.raises(PlainError):
        decode(data, Types(names))


def test_a_value_of_no_plain_form_is_not_encoded() -> None:
    with pytest.raises(TypeError):
        encode(object(), Types())
    with pytest.raises(TypeError):
        encode(float("nan"), Types())
