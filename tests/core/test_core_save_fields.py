"""The fields `saves.entry_text` writes for an entry, some kept once written out: a kept text is
only ever the text of an equal value of the same type, and no more of them are kept than
`_FIELDS_KEPT`."""

from __future__ import annotations

from typing import Any

from core import saves
from core.chance import ChanceKind
from core.log import ChanceEntry, DecisionEntry, Entry
from core.narration import Narration


def fields(entry: Entry) -> str:
    return saves.entry_text(OneEntry(entry), 0).split("\n", 2)[2]  # type: ignore[arg-type]


class OneEntry:
    """A table of one entry that says nothing (what entry_text reads of a table)."""

    def __init__(self, entry: Entry) -> None:
        self._entry = entry

    def entry(self, index: int) -> Entry:
        return self._entry

    def entry_lines(self, index: int) -> tuple[Narration, ...]:
        return (Narration("said"),)


def test_equal_values_of_other_types_are_written_each_as_itself() -> None:
    choices: list[Any] = ["1", 1, True, ("1",), (1,), (True,)]
    written = ['"1"', "1", "true", '["1"]', "[1]", "[true]"]
    for _ in range(2):  # (the second time, from what was kept)
        for choice, text in zip(choices, written, strict=True):
            assert fields(DecisionEntry(0, "pick", choice)) == (
                f'seat = 0\ndecision = "pick"\nchoice = {text}\n'
            )
    for _ in range(2):
        assert fields(ChanceEntry(ChanceKind.DICE, (1, 2))) == 'chance = "dice"\nvalues = [1, 2]\n'
        assert fields(ChanceEntry(ChanceKind.PICK, (1, 2))) == 'chance = "pick"\nvalues = [1, 2]\n'
        assert fields(ChanceEntry(ChanceKind.PICK, ("1",))) == 'chance = "pick"\nvalues = ["1"]\n'


def test_the_texts_kept_are_bounded() -> None:
    for number in range(saves._FIELDS_KEPT + 10):
        fields(DecisionEntry(1, "move", f"square-{number}"))
        assert len(saves._FIELDS) <= saves._FIELDS_KEPT
    assert fields(DecisionEntry(1, "move", "square-3")) == (
        'seat = 1\ndecision = "move"\nchoice = "square-3"\n'
    )
