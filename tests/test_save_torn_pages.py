"""A live autosave's file torn by a power cut before its fsync: the pages of the mapping reach
the disk in no promised order, so a page can stay as it was when last written back (old padding,
spaces, after what was written then; or zeros where nothing was) between pages that hold later
entries, or the file's end can be zeros. Such a file loads as what it holds before the hole,
with a note naming the first entry lost; a file that loads as it is loads exactly as before
(docs/save-format.md, *A power cut before the fsync*). The saves are real autosaves on disk; the
hole is written over them with plain file writes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from test_autosave import CREATED, dumped, light_and_dark, play
from test_autosave_mapped import bots_game

from core import resume_cache, saves
from core.narration import text
from core.table import Table
from tui.cli import main

PAGE = saves.PAGE
as_it_is = saves._loads_as_is
"""`loads` without looking for holes (what loaded before)."""

pytestmark = pytest.mark.usefixtures("own_cache")


def live_save(folder: Path) -> tuple[Path, Table, list[int]]:
    """A game of bots autosaved through the mapping, still being played (its file padded), and
    where each of its entries ends in the file."""
    path = folder / "game.toml"
    table, save = bots_game(path, 300)
    assert save._file is not None  # (left open: the file stays padded, as a game killed leaves it)
    ends = [len(saves.header_text(table, CREATED).encode("utf-8"))]
    for index in range(len(table)):
        ends.append(ends[-1] + len(saves.entry_text(table, index).encode("utf-8")))
    data = path.read_bytes()
    assert data.startswith(dumped(table)) and len(data) % PAGE == 0 and len(data) > 4 * PAGE
    return path, table, ends[1:]


def stale(path: Path, start: int, end: int, fill: bytes) -> None:
    """The bytes [start, end) of the file as a page not written back leaves them."""
    fd = os.open(path, os.O_WRONLY)
    try:
        os.pwrite(fd, fill * (end - start), start)
    finally:
        os.close(fd)


def whole_before(ends: list[int], offset: int) -> int:
    """How many entries end at or before `offset` of the file."""
    return sum(1 for end in ends if end <= offset)


def assert_loads_before(path: Path, table: Table, kept: int, hole: bool = True) -> None:
    loaded = saves.load(path, continue_chance=False)
    assert loaded.table.log == table.log[:kept]
    note = text(loaded.note)
    assert note.startswith(f"{saves.display_path(path)}: entry {kept + 1}: "), note
    said = "never reached the disk" if hole else "the last entry is incomplete"
    assert said in note and "\n" not in note
    later = f"continuing from entry {kept}" if kept else "continuing from the start"
    assert note.endswith(later), note


@pytest.mark.parametrize("fill", [b" ", b"\0"])
@pytest.mark.parametrize("written", [0, 1, 700, 2000, 4096 - 16])
def test_a_page_not_written_back_inside_the_log_loads_the_entries_before_it(
    tmp_path: Path, fill: bytes, written: int
) -> None:
    """The second page of the log stale: `written` bytes of it reached the disk (an earlier
    writeback), then old padding or zeros to its end; the pages after hold later entries."""
    path, table, ends = live_save(tmp_path)
    boundary = (ends[0] // PAGE + 2) * PAGE
    start = boundary - PAGE + written
    stale(path, start, boundary, fill)
    with pytest.raises(saves.SaveError):  # as it is: not valid TOML, or a bad entry
        as_it_is(saves.read_file(path))
    assert_loads_before(path, table, whole_before(ends, start))


def test_a_hole_of_several_pages_and_one_ending_in_old_paddings_newline(tmp_path: Path) -> None:
    path, table, ends = live_save(tmp_path)
    live = path.read_bytes()
    boundary = (ends[20] // PAGE + 3) * PAGE
    start = ends[20] + 40  # inside entry 22
    stale(path, start, boundary, b" ")
    assert_loads_before(path, table, 21)
    # A page last written back as the end of an earlier padding region: spaces, then its newline
    path.write_bytes(live)
    boundary = (ends[20] // PAGE + 1) * PAGE
    stale(path, start, boundary - 1, b" ")
    stale(path, boundary - 1, boundary, b"\n")
    assert_loads_before(path, table, 21)


def test_the_hole_is_cut_at_its_first_byte_whatever_the_entry_there_holds(tmp_path: Path) -> None:
    """A hole that starts exactly where an entry ends: every entry before it is whole, and the
    note still names the next one (the entries after the hole are lost)."""
    path, table, ends = live_save(tmp_path)
    at = next(end for end in ends if end % PAGE > 100)
    stale(path, at, (at // PAGE + 1) * PAGE, b" ")
    assert_loads_before(path, table, ends.index(at) + 1)
    # the same, given as text (what is after the hole may be cut inside a character)
    loaded = saves.loads(path.read_bytes().decode("utf-8", "replace"), continue_chance=False)
    assert loaded.table.log == table.log[: ends.index(at) + 1] and "disk" in text(loaded.note)


@pytest.mark.parametrize("last_page", [b"\0", b" "])
def test_a_tail_of_zeros_loads_the_entries_before_it(tmp_path: Path, last_page: bytes) -> None:
    """The file grown but its new pages never written: zeros from inside the log to the end (or
    to a last page of padding written back, spaces ending in its newline). That is a last line
    without a newline, which loaded before holes were looked for: a last entry incomplete."""
    path, table, ends = live_save(tmp_path)
    size = path.stat().st_size
    start = ends[len(ends) // 2] + 10
    stale(path, start, size, b"\0")
    if last_page == b" ":
        stale(path, size - PAGE, size - 1, b" ")
    as_it_is(saves.read_file(path))  # (loads as it is)
    assert_loads_before(path, table, len(ends) // 2 + 1, hole=False)


def test_every_reader_reports_a_torn_file_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, table, ends = live_save(tmp_path)
    start = ends[200] + 33
    stale(path, start, (start // PAGE + 1) * PAGE, b"\0")
    kept = 201
    # verify: the note, then the summary, exit 0
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{path}: entry {kept + 1}: the file is incomplete from this entry")
    assert out[1].startswith(f"{path}: ok: dangerous, 4 players, {kept} entries")
    # continue, the saved-games list and the server read through the resume cache / load
    loaded = resume_cache.load(path)
    assert loaded.table.log[:kept] == table.log[:kept] and loaded.note
    assert resume_cache.read(resume_cache.cache_key(saves.read_file(path))) is None
    assert saves.peek(path).game.startswith("Dangerous")  # (listed: its header reads as ever)


def test_only_a_hole_inside_the_log_counts(tmp_path: Path) -> None:
    """A header with a long line of spaces across a page boundary (a hand-edited one, then
    played on) is no hole: the one in the log is."""
    path, table, ends = live_save(tmp_path)
    live = path.read_bytes()
    log = live.index(b"\n[[log]]")
    blank = b"\n" + b" " * PAGE
    path.write_bytes(live[:log] + blank + live[log : -len(blank)])
    ends = [end + len(blank) for end in ends]
    start = ends[150] + 50
    stale(path, start, (start // PAGE + 1) * PAGE, b" ")
    assert_loads_before(path, table, 151)


def test_a_hole_in_the_header_stays_an_error(tmp_path: Path) -> None:
    path, _, _ = live_save(tmp_path)
    stale(path, 20, PAGE, b"\0")
    with pytest.raises(saves.SaveError) as error:
        saves.load(path)
    assert "never reached the disk" not in str(error.value)  # (not UTF-8 text: a comment cut)


# --- what is not a hole: files that load as they are, and short runs ---------------------------


def test_a_good_live_or_closed_file_loads_as_before(tmp_path: Path) -> None:
    path, table, _ = live_save(tmp_path)
    for data in (path.read_bytes(), dumped(table)):
        path.write_bytes(data)
        for loaded in (saves.load(path, continue_chance=False), saves.loads(data)):
            assert loaded.table.log[: len(table)] == table.log and loaded.note == ""


def test_a_hand_edited_file_with_long_lines_of_spaces_loads_as_it_is(tmp_path: Path) -> None:
    """Lines of spaces (and NUL-free runs across page boundaries) that a person left in a file
    that loads: every entry, no note."""
    table = light_and_dark()
    play(table, 12)
    whole = dumped(table).decode("utf-8")
    blocks = whole.split("\n[[log]]")
    edited = ("\n" + " " * 3 * PAGE + "\n[[log]]").join(blocks)
    path = tmp_path / "edited.toml"
    path.write_text(edited, encoding="utf-8")
    loaded = saves.load(path, continue_chance=False)
    assert loaded.table.log == table.log and loaded.note == ""
    # and a field indented across a page boundary
    first = edited.index("\nseat = ", PAGE)
    indented = edited[:first] + "\n" + " " * PAGE + edited[first + 1 :]
    path.write_text(indented, encoding="utf-8")
    loaded = saves.load(path, continue_chance=False)
    assert loaded.table.log == table.log and loaded.note == ""


def test_a_broken_file_with_a_short_run_of_spaces_at_a_page_end_keeps_its_error(
    tmp_path: Path,
) -> None:
    """A space or two at a page's end is ordinary TOML ("seat = 0"): a file that fails for
    another reason keeps its own error, not a note about a hole there."""
    path, table, ends = live_save(tmp_path)
    data = dumped(table)
    boundary = (ends[5] // PAGE + 1) * PAGE
    line = data.rindex(b"\n", 0, boundary - 100) + 1
    spaces = b"#" * (boundary - 3 - line) + b"   \n"  # a comment line ending in 3 spaces
    data = data[:line] + spaces + data[line:]
    assert data[boundary - 3 : boundary + 1] == b"   \n"
    broken = data[:boundary] + data[boundary:].replace(b'decision = "', b'decision = "no-', 1)
    path.write_bytes(broken)
    with pytest.raises(saves.SaveError) as error:
        saves.load(path, continue_chance=False)
    assert "no-" in str(error.value) and "disk" not in str(error.value)


def test_a_broken_file_with_a_long_run_of_spaces_inside_a_page_keeps_its_error(
    tmp_path: Path,
) -> None:
    path, table, ends = live_save(tmp_path)
    data = dumped(table)
    middle = ends[10] + (PAGE - ends[10] % PAGE) // 2  # (well inside a page: no boundary)
    at = data.index(b"\n\n", middle) + 1
    spaces = b" " * 200 + b"\n"
    assert at // PAGE == (at + len(spaces)) // PAGE
    broken = data[:at] + spaces + data[at:].replace(b'decision = "', b'decision = "no-', 1)
    path.write_bytes(broken)
    with pytest.raises(saves.SaveError) as error:
        saves.load(path, continue_chance=False)
    assert "no-" in str(error.value) and "disk" not in str(error.value)


def test_a_file_broken_before_its_hole_too_keeps_the_error_it_had(tmp_path: Path) -> None:
    path, _, ends = live_save(tmp_path)
    data = path.read_bytes().replace(b'decision = "', b'decision = "no-', 1)
    path.write_bytes(data)
    start = ends[100] + 20
    stale(path, start, (start // PAGE + 1) * PAGE, b"\0")
    with pytest.raises(saves.SaveError) as before:
        as_it_is(saves.read_file(path), saves.display_path(path))
    with pytest.raises(saves.SaveError) as error:
        saves.load(path, continue_chance=False)
    assert str(error.value) == str(before.value) and "no-" not in str(error.value)


def test_an_old_rules_version_that_today_stops_keeps_its_own_error_and_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """RulesChanged is not a hole's doing: a hand-edited line of spaces across a page boundary
    before the entry today's rules refuse changes nothing."""
    table = light_and_dark()
    play(table, 12)
    blocks = dumped(table).split(b"\n[[log]]")
    blocks.append(b'\nseat = 0\ndecision = "nonsense"\nchoice = 1\n')  # an entry refused
    blocks[-8] += b"\n" + b" " * 2 * PAGE
    path = tmp_path / "old.toml"
    path.write_bytes(b"\n[[log]]".join(blocks))
    monkeypatch.setattr(type(table.game), "rules_version", table.game.rules_version + 1)
    monkeypatch.setattr(type(table.game), "older_rules", {})
    with pytest.raises(saves.RulesChanged) as changed:
        saves.load(path, continue_chance=False)
    assert changed.value.accepted.table.log == table.log
    assert changed.value.accepted.note == ""


def test_a_file_broken_elsewhere_with_a_blank_line_across_a_page_keeps_its_error(
    tmp_path: Path,
) -> None:
    """A closed save, hand-edited: a line of 40 spaces across a page boundary, and a bad entry
    further on: the run of spaces goes on past the boundary, so it is no hole, and the file keeps
    its error (taken for torn, it would load up to the blank line, and the next autosave would
    rewrite it without every entry after it)."""
    path, table, ends = live_save(tmp_path)
    data = dumped(table)
    boundary = (ends[10] // PAGE + 1) * PAGE
    at = data.rindex(b"\n\n", 0, boundary - 20) + 1  # a blank line between two entries
    blank = b" " * (boundary + 20 - at) + b"\n"  # ... of spaces, across the boundary
    broken = data[:at] + blank + data[at:]
    broken = broken[: boundary + 100] + broken[boundary + 100 :].replace(
        b'decision = "', b'decision = "no-', 1
    )
    path.write_bytes(broken)
    with pytest.raises(saves.SaveError) as before:
        as_it_is(broken)
    assert "no-" in str(before.value)
    with pytest.raises(saves.SaveError) as error:
        saves.load(path, continue_chance=False)
    assert "no-" in str(error.value) and "disk" not in str(error.value)


def test_a_torn_save_of_older_rules_that_today_stops_keeps_rules_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A torn file whose part before the hole today's rules stop: its RulesChanged (with the
    replay up to that entry) is what the player is told, not the TOML error at the hole."""
    path, table, ends = live_save(tmp_path)
    data = path.read_bytes().replace(b'decision = "', b'decision = "no-', 1)
    path.write_bytes(data)
    start = ends[100] + 20
    stale(path, start, (start // PAGE + 1) * PAGE, b"\0")
    monkeypatch.setattr(type(table.game), "rules_version", table.game.rules_version + 1)
    monkeypatch.setattr(type(table.game), "older_rules", {})
    with pytest.raises(saves.RulesChanged):
        saves.load(path, continue_chance=False)


# --- a power cut's hole beside what a kill inside a copy leaves (NUL bytes: saves._copy) --------


def test_zeros_from_an_entrys_end_to_the_last_page_of_padding_keep_their_note(
    tmp_path: Path,
) -> None:
    """Zeros from an entry's end up to a page boundary, then a page of padding alone: a power cut
    kept those pages from the disk (a kill leaves NUL bytes inside the last entry only, never a
    run that ends on a page's end). The entries before load, with a note: never silently."""
    path, table, ends = live_save(tmp_path)
    size = len(path.read_bytes())
    start = ends[len(ends) // 2]
    stale(path, start, size - PAGE, b"\0")
    loaded = saves.load(path, continue_chance=False)
    assert loaded.table.log == table.log[: len(ends) // 2 + 1] and loaded.note != ""
    assert saves.peek(path).entries == len(ends) // 2 + 1


def test_a_page_written_back_inside_a_copy_then_a_hole_loads_the_entries_before_it(
    tmp_path: Path,
) -> None:
    """A page written back while an entry was being copied into it (its bytes with NUL where
    memcpy had not stored yet), and never again before the power cut, while later pages were:
    the file loads up to that entry, with the hole's note."""
    path, table, ends = live_save(tmp_path)
    data = path.read_bytes()
    index = next(
        i
        for i in range(50, 250)
        if ends[i + 1] - ends[i] > 130
        and ends[i] // PAGE == ends[i + 1] // PAGE
        and (ends[i + 1] // PAGE + 1) * PAGE - ends[i + 1] > 100
    )
    start, end = ends[index], ends[index + 1]
    torn = bytearray(data[start:end])
    torn[32:64] = b"\0" * 32  # (a middle store not done yet)
    stale(path, start, end, b"")
    with open(path, "r+b") as file:
        file.seek(start)
        file.write(bytes(torn) + b" " * ((end // PAGE + 1) * PAGE - end))
    assert_loads_before(path, table, index + 1)


@pytest.mark.parametrize("line", range(12))
def test_a_nul_inside_the_header_of_a_padded_file_is_refused(tmp_path: Path, line: int) -> None:
    """A header is written whole, never copied over NUL bytes (`saves._copy`): a NUL inside it
    leaves a header cut short, refused in one line (its seats, options and fields are checked),
    never a game of other seats."""
    path, table, _ = live_save(tmp_path)
    header = bytearray(saves.header_text(table, CREATED).encode("utf-8"))
    starts = [0] + [at + 1 for at, byte in enumerate(header[:-1]) if byte == ord("\n")]
    header[starts[line * len(starts) // 12]] = 0
    path.write_bytes(bytes(header) + b" " * PAGE + b"\n")
    with pytest.raises(saves.SaveError) as caught:
        saves.load(path, continue_chance=False)
    assert "\n" not in str(caught.value)


def test_a_file_of_no_entry_torn_inside_its_first_copy_loads_with_none(tmp_path: Path) -> None:
    """A person saved before the first entry (a header alone), then a kill came inside the first
    entry's copy: the game loads from its start, with the note."""
    path, table, _ = live_save(tmp_path)
    first = saves.entry_text(table, 0).encode("utf-8")
    head = first.index(b"\n", 1) + 1  # (its [[log]] line copied, then a store not done)
    torn = bytes(first[:head]) + b"\0" * (len(first) - head)
    path.write_bytes(saves.header_text(table, CREATED).encode("utf-8") + torn + b" " * PAGE + b"\n")
    loaded = saves.load(path, continue_chance=False)
    assert loaded.table.log == () and "continuing from the start" in text(loaded.note)
