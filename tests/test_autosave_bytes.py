"""An entry as the save holds it is made once, as bytes (`saves.entry_utf8`, what an autosave
appends; `entry_text` is those bytes decoded): its comment is the public lines joined, cut at 100
characters and with each control character but tab made a space, then the fields the loader
reads back as the entry, for every entry number; text with no UTF-8 form (a lone surrogate) is
kept in `entry_text` and fails an autosave as the one OSError that names its line, and a field
that holds one is never kept for a later entry."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from core import saves
from core.chance import ChanceKind
from core.games import get_game
from core.games.base import Applied
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


def same(table: Any, index: int, entry: Entry) -> None:
    """`entry_utf8` is the comment the rule makes, then fields that load as `entry`."""
    made = saves.entry_utf8(table, index, text, entry)
    assert saves.entry_text(table, index, text, entry) == made.decode()
    said = " ".join(text(line.public_message) for line in table.entry_lines(index))
    said = said[:97] + "..." if len(said) > 100 else said
    said = re.sub(r"[\x00-\x08\x0a-\x1f\x7f]", " ", said)
    head = f"\n[[log]]  # {index + 1}: {said}\n".encode()
    assert made.startswith(head), (index, made)
    assert tomllib.loads("[[log]]" + made[len(head) - 1 :].decode())["log"] == [fields(entry)]


def fields(entry: Entry) -> dict[str, object]:
    if isinstance(entry, DecisionEntry):
        choice = list(entry.choice) if isinstance(entry.choice, tuple) else entry.choice
        return {"seat": entry.seat, "decision": entry.decision, "choice": choice}
    return {"chance": entry.chance.value, "values": list(entry.values)}


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


def test_each_entry_of_bot_games_says_its_lines_and_loads_as_itself() -> None:
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


def test_control_characters_the_cut_and_every_kind_of_fields() -> None:
    for lines in COMMENTS:
        for entry in ENTRIES:
            for index in (0, 9, 99, 12_345):
                same(OneEntry(lines, entry), index, entry)
    said = saves.entry_utf8(OneEntry(COMMENTS[3], ENTRIES[0]), 0, text, ENTRIES[0])
    assert said.split(b"\n")[1] == "[[log]]  # 1: 教室 Classroom [2J [[log]] 鬼瓦    end".encode()


def test_entry_numbers_past_the_kept_heads_and_from_a_later_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(saves, "_HEADS", [])
    monkeypatch.setattr(saves, "_HEADS_KEPT", 200)
    table = OneEntry(["x"], ENTRIES[0])
    seen: list[tuple[list[bytes], list[bytes]]] = []
    for index in (3, 0, 70, 63, 64, 150, 199, 200, 201, 2, 4000):
        seen.append((saves._HEADS, list(saves._HEADS)))
        same(table, index, ENTRIES[0])
    assert len(saves._HEADS) == 200
    # (grown as new lists: one a thread holds is never changed under it)
    assert all(heads == copy for heads, copy in seen)


def test_a_comment_with_no_utf8_form_fails_as_the_line_that_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
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
    bad = len(table)  # the next entry's line holds a lone surrogate (the rules' Applied says it)
    for name in ("apply_decision", "apply_chance"):
        monkeypatch.setattr(table.game, name, said_badly(getattr(table.game, name)))
    assert driver.play_one()
    assert list(map(str, errors)) == [
        f'{path}: could not save: not valid UTF-8: "[[log]]  # {bad + 1}: A\\udcff moves"'
    ]
    save.close()


def said_badly(apply: Callable[..., Applied[Any]]) -> Callable[..., Applied[Any]]:
    """`apply`, but what it says is one line with a lone surrogate (as a name from undecodable
    bytes would give)."""

    def applied(*args: object) -> Applied[Any]:
        return replace(apply(*args), narration=(Narration("A\udcff moves"),))

    return applied


def test_a_field_with_no_utf8_form_is_kept_in_the_text_and_never_kept_for_later() -> None:
    entry = DecisionEntry(0, "pick", "a\udcff")
    table = OneEntry(["x"], entry)
    for _ in range(2):
        said = saves.entry_text(table, 4, text, entry)
        assert said == '\n[[log]]  # 5: x\nseat = 0\ndecision = "pick"\nchoice = "a\udcff"\n'
        with pytest.raises(UnicodeEncodeError):  # (an autosave: the OSError that names the line)
            saves.entry_utf8(table, 4, text, entry)
    assert (0, "pick", "a\udcff") not in saves._FIELDS


def test_a_whole_write_is_the_text_in_utf8_and_fails_as_the_line_with_no_utf8_form(
    tmp_path: Path,
) -> None:
    """`saves.write` (and an autosave's whole rewrite) put the entries' bytes as the autosave
    appends them: the file is `dumps`' text in UTF-8, and a line with no UTF-8 form fails the
    write as the one OSError naming it."""
    seats = (Seat("Ann", SeatKind.BOT, "heuristic"), Seat("Bea", SeatKind.BOT, "heuristic"))
    table = new_table(get_game("dangerous"), seats, {}, 3)
    driver = BotDriver(table)
    table.resolve_chance()
    for _ in range(40):
        assert driver.play_one()
    path = tmp_path / "game.toml"
    saves.write(table, path, "2026-12-02T04:00:00+00:00")
    assert path.read_bytes() == saves.dumps(table, "2026-12-02T04:00:00+00:00").encode()

    real = table.entry_lines
    bad = 7

    def lines(index: int) -> tuple[Narration, ...]:
        return (Narration("A\udcff moves"),) if index == bad else real(index)

    table.entry_lines = lines  # type: ignore[method-assign]
    with pytest.raises(OSError, match=rf'not valid UTF-8: "\[\[log\]\]  # {bad + 1}: A'):
        saves.write(table, path)
