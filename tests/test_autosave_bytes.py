"""What an autosave appends for an entry (`saves.entry_utf8`, made as bytes) is `entry_text` in
UTF-8, byte for byte: the comment's control characters made spaces, the cut at 100 characters,
every kind of fields, every entry number; and text with no UTF-8 form still fails as the one
OSError that names its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from core import saves
from core.chance import ChanceKind
from core.games import get_game
from core.log import ChanceEntry, DecisionEntry, Entry
from core.narration import Message, Narration, Text, text
from core.runner import BotDriver
from core.simulate import bot_table
from core.table import Seat, SeatKind, new_table


class OneEntry:
    """A table whose entries all say `lines` and are `entry` (what entry_text reads)."""

    def __init__(self, lines: list[Text], entry: Entry) -> None:
        self.lines = tuple(Narration(line) for line in lines)
        self._entry = entry

    def entry(self, index: int) -> Entry:
        return self._entry

    def entry_lines(self, index: int) -> tuple[Narration, ...]:
        return self.lines


def same(table: object, index: int, entry: Entry) -> None:
    made = saves.entry_utf8(table, index, text, entry)  # type: ignore[arg-type]
    assert made == saves.entry_text(table, index, text, entry).encode(), (index, made)  # type: ignore[arg-type]


CONTROLS = "".join(map(chr, [*range(32), 127]))
ENTRIES: list[Entry] = [
    DecisionEntry(0, "pick", "a"),
    DecisionEntry(3, "move", "west-hall"),
    DecisionEntry(1, "hand-limit", ("rindou", "x")),  # type: ignore[arg-type]
    DecisionEntry(2, 'say "hi"', "back\\slash"),
    ChanceEntry(ChanceKind.DICE, (2, 4, 6)),
    ChanceEntry(ChanceKind.DICE, [5]),  # type: ignore[arg-type]
    ChanceEntry(ChanceKind.SHUFFLE, ("c1", "c2", "c3")),
]
COMMENTS: list[list[Text]] = [
    [""],
    ["plain"],
    [f"every control: {CONTROLS} and tab\tkept"],
    ["教室 Classroom\x1b[2J\n[[log]] 鬼瓦\r\x00\x7f end"],
    ["non-printable but not control: \u2028 \u00a0 \u0085 \u200b"],
    ["z" * 96 + "教室\x07"],  # (the cut falls after a wide character and a control)
    ["x" * 99 + "\x1b"],
    [Message("{who} rolls {n}\x1b.", who="ボブ", n=3), "and\x00 more " * 12],
]


def test_each_entry_of_bot_games_is_entry_text_in_utf8() -> None:
    count = 0
    for game, seed in (("dangerous", 3), ("dangerous", 7), ("light-and-dark", 5)):
        table = bot_table(game, 4 if game == "dangerous" else 3, seed, "heuristic")
        table.resolve_chance()
        driver = BotDriver(table)
        while driver.play_one():
            pass
        for index in range(len(table)):
            same(table, index, table.entry(index))
            count += 1
    assert count > 500


def test_control_characters_the_cut_and_every_kind_of_fields_are_the_same_bytes() -> None:
    for lines in COMMENTS:
        for entry in ENTRIES:
            for index in (0, 9, 99, 12_345):
                same(OneEntry(lines, entry), index, entry)
    said = saves.entry_utf8(OneEntry(COMMENTS[3], ENTRIES[0]), 0, text, ENTRIES[0])
    assert said.split(b"\n")[1] == "[[log]]  # 1: 教室 Classroom [2J [[log]] 鬼瓦    end".encode()


def test_entry_numbers_past_the_kept_heads_and_from_a_later_start_are_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(saves, "_HEADS", [])
    monkeypatch.setattr(saves, "_HEADS_KEPT", 5)
    table = OneEntry(["x"], ENTRIES[0])
    for index in (3, 0, 4, 5, 6, 2, 40):
        same(table, index, ENTRIES[0])
    assert len(saves._HEADS) == 5


def test_a_comment_with_no_utf8_form_fails_as_the_line_that_says_so(tmp_path: Path) -> None:
    seats = (
        Seat("Ann", SeatKind.BOT, "heuristic"),
        Seat("Bea", SeatKind.BOT, "heuristic"),
        Seat("Chen", SeatKind.BOT, "heuristic"),
    )
    table = new_table(get_game("light-and-dark"), seats, {}, 5)
    path = tmp_path / "game.toml"
    errors: list[Text] = []
    save = saves.Autosave(table, path, on_error=errors.append)
    driver = BotDriver(table)
    table.resolve_chance()
    while save._file is None or save._file.entries < 3:
        assert driver.play_one()
    assert errors == []
    real = table.entry_lines
    bad = len(table)  # the next entry's comment holds a lone surrogate

    def lines(index: int) -> tuple[Narration, ...]:
        return (Narration("A\udcff moves"),) if index == bad else real(index)

    table.entry_lines = lines  # type: ignore[method-assign]
    assert driver.play_one()
    assert list(map(str, errors)) == [
        f'{path}: could not save: not valid UTF-8: "[[log]]  # {bad + 1}: A\\udcff moves"'
    ]
    save.close()
