"""Fuzzing the loader with the real saves in saves/, mutated: bytes flipped, cut, repeated or put
in; values swapped for numbers, types, nesting and sizes no save holds; keys dropped, renamed and
made up. Whatever comes out must load as a legal game or fail with one clean SaveError line,
never any other exception."""

from __future__ import annotations

import copy
import datetime as dt
import tomllib
from pathlib import Path
from typing import Any

import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from profiles import examples

from core import saves
from core.saves import SaveError
from core.text import visible

SAVES = sorted((Path(__file__).resolve().parents[2] / "saves").glob("*.toml"))
ORIGINALS = {path.name: path.read_bytes() for path in SAVES}
PARSED = {name: tomllib.loads(data.decode("utf-8")) for name, data in ORIGINALS.items()}
WHERE = "fuzz.toml"

# 60 examples each by default (a few seconds); the deep profile runs many more.
FUZZ = settings(max_examples=examples(60), suppress_health_check=[HealthCheck.data_too_large])


def outcome(data: bytes | str) -> None:
    """Load `data`: a legal game that saves and loads back the same, or one clean line."""
    try:
        loaded = saves.loads(data, WHERE, continue_chance=False)
    except SaveError as error:
        message = str(error)
        assert message.startswith(f"{WHERE}: "), message
        assert visible(message) == message and len(message) <= saves.MAX_MESSAGE, message
        return
    table = loaded.table
    again = saves.loads(saves.dumps(table), continue_chance=False).table
    assert (again.log, again.seats, again.options, again.seed) == (
        table.log,
        table.seats,
        table.options,
        table.seed,
    )


TOKENS = [b"[", b"]", b"{", b"}", b'"', b"'", b"=", b".", b",", b"\n", b"#", b"\\", b"\x00"]
TOKENS += [b"\xef\xbb\xbf", b"\xff", b"[[log]]\n", b"[[seats]]\n", b"a.b.c.d.e.f.g.h.i = 1\n"]
TOKENS += [b"[" * 50, b"{x=" * 40, b"9" * 30, b"-", b"nan", b"1e999", b"true", b" = []\n"]


@st.composite
def byte_mutants(draw: st.DrawFn) -> bytes:
    data = bytearray(ORIGINALS[draw(st.sampled_from(sorted(ORIGINALS)))])
    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.integers(0, len(data)))
        how = draw(st.sampled_from(["flip", "insert", "delete", "repeat", "cut"]))
        if how == "flip" and data:
            data[where % len(data)] ^= 1 << draw(st.integers(0, 7))
        elif how == "insert":
            data[where:where] = draw(st.sampled_from(TOKENS) | st.binary(min_size=1, max_size=8))
        elif how == "delete":
            del data[where : where + draw(st.integers(1, 200))]
        elif how == "repeat":
            chunk = data[where : where + draw(st.integers(1, 300))]
            data[where:where] = chunk * draw(st.integers(1, 50))
        else:
            del data[where:]
    return bytes(data)


@given(byte_mutants())
@FUZZ
def test_saves_with_mutated_bytes_load_or_fail_in_one_line(data: bytes) -> None:
    outcome(data)


ODD_VALUES = st.one_of(
    st.integers(-(2**70), 2**70),
    st.sampled_from([0, -1, 1, 7, 2**63 - 1, 2**63, -(2**63) - 1, 99, 100, -5]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.text(max_size=12),
    st.sampled_from(["", " ", "x" * 300, "human", "bot", "random", "dice", "shuffle", "claim"]),
    st.datetimes().map(lambda moment: moment.replace(microsecond=0)),
    st.dates(),
    st.times().map(lambda moment: moment.replace(microsecond=0)),
    st.lists(st.integers(-3, 9) | st.text(max_size=4), max_size=6),
    st.dictionaries(st.text(min_size=1, max_size=6), st.integers(0, 9), max_size=3),
    st.integers(1, 30).map(lambda depth: _nested(depth)),
)


def _nested(depth: int) -> Any:
    value: Any = 1
    for level in range(depth):
        value = [value] if level % 2 else {"k": value}
    return value


def _places(data: Any) -> list[tuple[Any, Any]]:
    """Every (container, key or index) in `data`."""
    places: list[tuple[Any, Any]] = []
    stack = [data]
    while stack:
        node = stack.pop()
        keys = list(node) if isinstance(node, dict) else range(len(node))
        for key in keys:
            places.append((node, key))
            if isinstance(node[key], dict | list):
                stack.append(node[key])
    return places


@st.composite
def structure_mutants(draw: st.DrawFn) -> str:
    data = copy.deepcopy(PARSED[draw(st.sampled_from(sorted(PARSED)))])
    for _ in range(draw(st.integers(1, 3))):
        places = _places(data)
        node, key = places[draw(st.integers(0, len(places) - 1))]
        how = draw(st.sampled_from(["value", "drop", "new key", "rename", "wrap", "grow"]))
        if how == "value":
            node[key] = draw(ODD_VALUES)
        elif how == "drop":
            del node[key]
        elif how == "new key" and isinstance(node, dict):
            node[draw(st.sampled_from(["x", "bot", "kind", "chance", "seat", "players"]))] = 1
        elif how == "rename" and isinstance(node, dict):
            node[draw(st.text(min_size=1, max_size=8))] = node.pop(key)
        elif how == "wrap":
            node[key] = _wrap(node[key], draw(st.integers(1, 12)))
        elif how == "grow" and isinstance(node[key], list | str) and node[key]:
            node[key] = node[key] * draw(st.integers(2, 400))
    try:
        return tomli_w.dumps(data)
    except (TypeError, ValueError):  # what TOML cannot say at all (a list of mixed tables ...)
        return tomli_w.dumps({"format": "partyline-save"})


def _wrap(value: Any, depth: int) -> Any:
    for _ in range(depth):
        value = [value]
    return value


@given(structure_mutants())
@FUZZ
def test_saves_with_mutated_values_and_keys_load_or_fail_in_one_line(text: str) -> None:
    outcome(text)


def test_the_fuzzers_reach_the_loaders_corners() -> None:
    # Fixed mutants for what the fuzzers found or must always be able to find.
    ldk = PARSED["light-and-dark-4p-heuristic.toml"]
    for change in (
        lambda d: d["log"][1].update(chance=["pick"]),
        lambda d: d["seats"][0].update(kind=["human"]),
        lambda d: d["options"].update(players=4.0),
        lambda d: d.update(created=dt.time(10, 0)),
        lambda d: d["log"][4].update(choice=_nested(30)),
        lambda d: d["seats"][1].update(name="x" * 300),
    ):
        data = copy.deepcopy(ldk)
        change(data)
        outcome(tomli_w.dumps(data))
