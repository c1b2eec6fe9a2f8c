"""tui/shown.py: every text the screens read of a table, with control characters escaped."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from enum import Enum

from hostile import HOSTILE_NAMES, hostile_table

from core.decisions import Decision, DecisionKind, Option
from core.runner import BotDriver
from core.simulate import play_one
from core.text import is_control, visible
from tui.shown import ShownTable, shown


def strings(value: object) -> Iterator[str]:
    """Every string in `value`, however deep."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, tuple | list | frozenset):
        for item in value:
            yield from strings(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings(key)
            yield from strings(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from strings(getattr(value, field.name))


def controls(value: object) -> list[str]:
    return [text for text in strings(value) if any(is_control(char) for char in text)]


class Colour(Enum):
    RED = "red\x1b"  # an enum's value is the program's own: left alone


@dataclasses.dataclass(frozen=True)
class Inner:
    names: tuple[str, ...]
    placed: dict[str, tuple[int, ...]]
    colour: Colour


@dataclasses.dataclass(frozen=True)
class Outer:
    title: str
    inner: Inner | None
    lines: list[str]
    seen: frozenset[str]
    count: int


def test_shown_escapes_every_string_however_deep() -> None:
    value = Outer(
        "a\x1b[2J",
        Inner(("b\n", "ok"), {"c\u009b": (1, 2)}, Colour.RED),
        ["d\x07"],
        frozenset({"e\u202e"}),
        3,
    )
    assert shown(value) == Outer(
        "a\\x1b[2J",
        Inner(("b\\n", "ok"), {"c\\x9b": (1, 2)}, Colour.RED),
        ["d\\x07"],
        frozenset({"e\\u202e"}),
        3,
    )
    assert controls(shown(value)) == []


def test_shown_gives_back_clean_values_themselves() -> None:
    value = Outer("a", Inner(("b", "ok"), {"c": (1,)}, Colour.RED), ["d"], frozenset({"e"}), 3)
    assert shown(value) is value
    table = play_one("dangerous", 4, 3, "heuristic")
    view = table.view(0)
    assert shown(view) is view


def test_a_decision_keeps_its_option_ids_and_recomputes_what_it_derives() -> None:
    decision = Decision(
        0,
        "pick",
        DecisionKind.CHOOSE_ONE,
        "Pick \x1b[6n",
        (Option(1, "Bea\x1b]0;x\x07"), Option("no", "No")),
    )
    safe = shown(decision)
    assert safe.prompt == "Pick \\x1b[6n" and safe.options[0].label == "Bea\\x1b]0;x\\x07"
    assert [option.id for option in safe.options] == [1, "no"]
    assert safe.normalise(1) == 1


def test_a_table_of_hostile_names_shows_no_control_character_to_any_viewer() -> None:
    table = hostile_table(humans=0)
    shown_table = ShownTable(table)
    assert not shown_table.clean
    driver = BotDriver(table)
    while driver.next_bot_decision() is not None:
        assert controls(shown_table.decisions()) == []
        assert controls(shown_table.view(None)) == []
        driver.play_one()
    assert table.over and len(table) > 20
    assert shown_table.names == tuple(visible(name) for name in HOSTILE_NAMES)
    assert controls(shown_table.result()) == []
    for viewer in (None, *range(len(HOSTILE_NAMES))):
        assert controls(shown_table.narration(viewer)) == []
        for position in range(0, len(table) + 1, 5):
            assert controls(shown_table.view_at(position, viewer)) == []
        assert controls(shown_table.name(viewer or 0)) == []
    # The raw table does hold them: the escaping is what keeps them off the screen.
    assert controls(table.narration(None)) != []


def test_a_table_with_clean_names_passes_its_texts_through() -> None:
    table = play_one("light-and-dark", 5, 3, "heuristic")
    shown_table = ShownTable(table)
    assert shown_table.clean
    narration = shown_table.narration(None)
    assert narration == table.narration(None)
    assert shown(narration) is narration
