"""A header whose last line is only `[` or `[[` was cut at the start of a table line: the first
entry's `[[log]]` (a kill inside its copy: left out, with the note) or one more `[[seats]]` (a
game of one seat fewer). `options.players` tells which; a hand-written header without it cannot,
so it is refused in one line by every reader instead of loading as another game
(docs/save-format.md, *Interrupted saves*)."""

from __future__ import annotations

from pathlib import Path

import pytest
from oskit import ROOT

from core import saves
from core.i18n import translator
from tui.cli import main
from tui.screens.saves import read_saves

HEADER = (
    (ROOT / "saves" / "light-and-dark-4p-heuristic.toml").read_text("utf-8").split("[[log]]")[0]
)
"""Four seats, `players = 4`, and no log (a format 1 header: its count of 36 entries dropped)."""
PAD = " " * saves.PADDING + "\n"
TAILS = {"written": "", "padding after it": PAD, "NUL, then padding": "\0" * 8 + PAD}


def cut_before_the_last_seat(header: str, kept: int, tail: str) -> str:
    """`header` up to `kept` characters of its last `\\n[[seats]]`, then `tail`."""
    return header[: header.rindex("\n[[seats]]") + kept] + TAILS[tail]


def without_players(header: str) -> str:
    header = header.replace("entries = 36\n", "").replace(
        "format_version = 1", "format_version = 2"
    )
    assert "players = 4\n" in header
    return header.replace("players = 4\n", "")


def verdict(path: Path) -> tuple[str, str]:
    """What load and peek make of the file: its seats' count, or its error line."""
    said: list[str] = []
    for read in (saves.load, saves.peek):
        try:
            result = read(path)
        except saves.SaveError as error:
            said.append(str(error))
        else:
            seats = result.table.seats if isinstance(result, saves.Loaded) else result.names
            said.append(f"{len(seats)} seats")
    return said[0], said[1]


@pytest.mark.parametrize("tail", TAILS)
@pytest.mark.parametrize("kept", [2, 3], ids=["[", "[["])
def test_a_header_without_players_cut_at_a_table_line_is_refused(
    tmp_path: Path, kept: int, tail: str
) -> None:
    path = tmp_path / "cut.toml"
    path.write_text(cut_before_the_last_seat(without_players(HEADER), kept, tail), "utf-8")
    line = "'[['" if kept == 3 else "'['"
    refused = (
        f"{path}: the last line, {line}, is cut short: a [[seats]] table or the first [[log]] "
        "entry? Without options.players nothing tells which"
    )
    assert verdict(path) == (refused, refused)


@pytest.mark.parametrize("kept", [2, 3], ids=["[", "[["])
def test_with_players_the_same_cut_is_a_seat_short_as_before(tmp_path: Path, kept: int) -> None:
    path = tmp_path / "cut.toml"
    path.write_text(cut_before_the_last_seat(HEADER, kept, "written"), "utf-8")
    refused = f"{path}: options.players is 4 but there are 3 seats"
    assert verdict(path) == (refused, refused)


def test_every_reader_says_it_in_one_line_in_each_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "cut.toml"
    path.write_text(cut_before_the_last_seat(without_players(HEADER), 2, "written"), "utf-8")
    assert main(["verify", "--lang", "ja", str(path)]) == 1
    said = capsys.readouterr().out
    assert said.count("\n") == 1 and "options.players がないので区別できません" in said
    (row,) = read_saves(tmp_path)
    assert row.summary is None and "nothing tells which" in translator("en").text(row.error)


def test_a_header_without_players_whose_first_entry_is_torn_after_its_brackets_loads(
    tmp_path: Path,
) -> None:
    """`[[l` can begin no [[seats]] line: the first entry's, torn, left out with the note."""
    path = tmp_path / "torn.toml"
    path.write_text(without_players(HEADER) + "[[l", "utf-8")
    assert verdict(path) == ("4 seats", "4 seats")
    assert "entry 1: the last entry is incomplete" in str(saves.load(path).note)
