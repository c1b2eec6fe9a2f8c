"""A save of a header and no whole entry yet, torn inside its first entry's `[[log]]` line (a
kill inside the copy: NUL bytes where the copy had not landed, then the padding; or a write cut
short, or a tail of zeros), loads as the header with no entry and the note of an incomplete last
entry, exactly as a save torn inside a later entry's `[[log]]` line does, for every reader. A
header cut short where no `[[log]]` line could begin is still refused as before
(docs/save-format.md, *Interrupted saves*)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from test_autosave import CREATED, light_and_dark, play
from test_save_torn_pages import assert_loads_before

from core import resume_cache, saves
from core.i18n import translator
from core.narration import text
from core.table import Table
from tui import cli
from tui.screens.saves import IN_PROGRESS, check, describe, read_saves

pytestmark = pytest.mark.usefixtures("own_cache")

PAD = b" " * saves.PADDING + b"\n"

TAILS: dict[str, Callable[[bytes], bytes]] = {
    # what follows the part of the entry that is in the file, given the part that is not
    "written": lambda rest: b"",
    "copied, padding after it": lambda rest: PAD,
    "copied, NUL where the copy had not landed": lambda rest: b"\0" * len(rest) + PAD,
    "copied, its last 32 bytes landed too": lambda rest: (
        (b"\0" * (len(rest) - 32) + rest[-32:] if len(rest) > 32 else b"\0" * len(rest)) + PAD
    ),
    "a tail of zeros": lambda rest: b"\0" * len(rest),
}


def game() -> Table:
    table = light_and_dark()
    play(table, 3)
    return table


def torn_at(table: Table, kept: int, size: int, tail: str, language: str = "en") -> bytes:
    """The save of `table`'s first `kept` entries, then `size` bytes of the next one (its blank
    line, then its `[[log]]` line) and `tail`."""
    entries = "".join(saves.entry_text(table, index) for index in range(kept))
    before = (saves.header_text(table, CREATED) + entries).encode("utf-8")
    block = saves.entry_text(table, kept, translator(language)).encode("utf-8")
    return before + block[:size] + TAILS[tail](block[size:])


def incomplete(path: Path, kept: int) -> str:
    later = f"continuing from entry {kept}" if kept else "continuing from the start"
    return (
        f"{path}: entry {kept + 1}: the last entry is incomplete (the game was interrupted while "
        f"saving); {later}"
    )


@pytest.mark.parametrize("tail", TAILS)
@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_header_torn_at_any_byte_of_the_first_log_line_loads_with_no_entry(
    tmp_path: Path, tail: str, language: str
) -> None:
    """From its `[` to its last byte but the newline (in Japanese: cut inside characters too)."""
    table = game()
    path = tmp_path / "torn.toml"
    block = saves.entry_text(table, 0, translator(language)).encode("utf-8")
    end = block.index(b"\n", 1)  # (the [[log]] line's newline)
    for size in range(2, end + 1):
        path.write_bytes(torn_at(table, 0, size, tail, language))
        assert_loads_before(path, table, 0, hole=False)
        assert saves.load(path, continue_chance=False).table.seats == table.seats
        assert saves.peek(path).entries == 0, size
    assert block.startswith(b"\n[[log]]  # 1: ") and (language == "en") == block[:end].isascii()


@pytest.mark.parametrize("kept", [0, 6], ids=["the first entry", "a later entry"])
@pytest.mark.parametrize(("size", "tail"), [(5, "written"), (18, "a tail of zeros")])
def test_every_reader_reports_a_torn_log_line_of_the_first_entry_as_of_a_later_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kept: int, size: int, tail: str
) -> None:
    """verify (its line, exit 0, --json), the saved-games list (its row, then the game chosen)
    and continue: the same, the
    first entry's `[[log]]` line torn ("\\n[[lo", "\\n[[log]]  # 1: Th") or a later one's."""
    table = game()
    folder = tmp_path / "saves"
    folder.mkdir()
    path = folder / "torn.toml"
    path.write_bytes(torn_at(table, kept, size, tail))
    note = incomplete(path, kept)
    assert cli.main(["verify", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == note
    assert out[1].startswith(f"{path}: ok: light-and-dark, 3 players, {kept} entries, not finished")
    assert cli.main(["verify", "--json", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] and report["note"] == note and report["entries"] == kept
    (row,) = read_saves(folder)
    assert row.summary is not None and row.summary.entries == kept and row.error == ""
    row = check(row)
    assert row.state == IN_PROGRESS and row.error == ""
    assert f"{kept} entries, in progress" in describe(row, translator("en")).plain
    assert text(resume_cache.load(path).note) == note  # (the game chosen in the list)
    loaded = cli.load_save(path)  # (continue: chance due next is drawn again, the same)
    assert text(loaded.note) == note and loaded.table.log[:kept] == table.log[:kept]
    assert loaded.table.log == table.log[: len(loaded.table)]


HEADER_CUTS = {
    # a header line cut short, where no [[log]] line begins: the error it always had
    "\n[[s": "not a valid TOML file (truncated?): ",
    'name = "Bot 3': "not a valid TOML file (truncated?): ",
    'bot = "heur': "not a valid TOML file (truncated?): ",
    # where a [[log]] line could begin, but what is before it is not a whole header
    "\n\n[[": "options.players is 3 but there are 2 seats",
}


@pytest.mark.parametrize("cut", HEADER_CUTS)
@pytest.mark.parametrize("tail", ["written", "copied, padding after it", "a tail of zeros"])
def test_a_header_cut_short_is_still_refused_in_one_line(
    tmp_path: Path, cut: str, tail: str
) -> None:
    header = saves.header_text(game(), CREATED)
    at = header.rindex(cut) + len(cut)
    path = tmp_path / "cut.toml"
    path.write_bytes(header[:at].encode("utf-8") + TAILS[tail](b"x" * 40))
    with pytest.raises(saves.SaveError) as caught:
        saves.load(path, continue_chance=False)
    message = str(caught.value)
    assert message.startswith(f"{path}: {HEADER_CUTS[cut]}") and "\n" not in message, message
    with pytest.raises(saves.SaveError):
        saves.peek(path)
