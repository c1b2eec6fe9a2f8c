"""A format 1 save counts its entries in its header (`entries = N`) and was written whole, so a
file that holds another number of whole entries was cut short (or edited): `load` refuses it,
and the saved-games list's header peek (`saves.peek`) gives the same verdict, in the same line,
instead of listing the count the header claims (docs/save-format.md, *Versions of the format*).
A save with no `[[log]]` at all is counted as `load` counts it: no entry."""

from __future__ import annotations

from pathlib import Path

import pytest
from oskit import ROOT

from core import saves
from tui.cli import main
from tui.screens.saves import check, read_saves

SAMPLE = ROOT / "saves" / "light-and-dark-3p-heuristic.toml"  # format 1, `entries = 26`


def verdict(read: str, path: Path) -> str:
    """What `read` ("load" or "peek") makes of the file: its entries, or its error line."""
    try:
        if read == "load":
            return f"{len(saves.load(path, continue_chance=False).table)} entries"
        return f"{saves.peek(path).entries} entries"
    except saves.SaveError as error:
        return str(error)


def test_the_sample_is_a_format_1_save_that_counts_its_entries() -> None:
    data = SAMPLE.read_bytes()
    assert b"\nformat_version = 1\n" in data and b"\nentries = 26\n" in data


def test_a_format_1_save_cut_anywhere_in_its_log_gets_one_verdict(tmp_path: Path) -> None:
    data = SAMPLE.read_bytes()
    path = tmp_path / "cut.toml"
    refused = f"{path}: the file says it holds 26 log entries but has "
    for size in range(data.index(b"\n[[log]]"), len(data)):
        path.write_bytes(data[:size])
        loaded = verdict("load", path)
        assert verdict("peek", path) == loaded, size
        assert loaded.startswith(refused) or "not a valid TOML file" in loaded, (size, loaded)
    path.write_bytes(data)
    assert verdict("peek", path) == verdict("load", path) == "26 entries"


def test_a_format_1_save_whose_last_entry_is_torn_is_refused_by_every_reader(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = SAMPLE.read_bytes()
    path = tmp_path / "torn.toml"
    path.write_bytes(data[: data.rindex(b"values = [4, 6]") + len("values = [4")])
    line = f"{path}: the file says it holds 26 log entries but has 25 (truncated?)"
    with pytest.raises(saves.SaveError, match=r"holds 26 log entries but has 25"):
        saves.peek(path)
    (row,) = read_saves(tmp_path)  # the saved-games list: the line, and no count to show
    assert row.summary is None and str(row.error) == line
    assert main(["verify", str(path)]) == 1
    assert capsys.readouterr().out == line + "\n"
    assert check(row).error == row.error


def test_a_format_1_header_that_counts_too_few_is_refused_by_peek_too(tmp_path: Path) -> None:
    path = tmp_path / "more.toml"
    path.write_text(SAMPLE.read_text("utf-8").replace("entries = 26\n", "entries = 25\n"), "utf-8")
    line = f"{path}: the file says it holds 25 log entries but has 26 (truncated?)"
    assert verdict("peek", path) == verdict("load", path) == line


def test_a_header_without_a_log_holds_no_entry_for_peek_as_for_load(tmp_path: Path) -> None:
    path = tmp_path / "header.toml"
    header = SAMPLE.read_text("utf-8").split("\n[[log]]")[0].replace("entries = 26\n", "")
    path.write_text(header + "\n", "utf-8")
    assert verdict("peek", path) == verdict("load", path) == "0 entries"
