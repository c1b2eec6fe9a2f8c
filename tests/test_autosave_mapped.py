"""The autosave's appends through a shared mapping of the save, on a real disk (ext4 here): the
padding after the entries is what the loaders drop, a torn entry before it is reported as
before, a kill at any moment (mid-copy, mid-grow) loses no entry the game had saved, closing
leaves exactly the file write() would have, and where the mapping cannot be made or must not be
(core/filesystems.py) entries are written with write() instead, the same bytes."""

from __future__ import annotations

import errno
import mmap
import os
import random
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from oskit import ROOT
from test_autosave import CREATED, autosave, dumped, light_and_dark, play, unpadded

from core import background, filesystems, saves
from core.narration import text
from core.runner import BotDriver
from core.simulate import bot_table, play_one
from core.table import Table


def bots_game(path: Path, entries: int, seed: int = 14) -> tuple[Table, saves.Autosave]:
    """A game of bots autosaved to `path`, `entries` entries in (or to its end)."""
    table = bot_table("dangerous", 4, seed, "heuristic", {"turn_limit": 0})
    save = autosave(table, path)
    driver = BotDriver(table)
    table.resolve_chance()
    while len(table) < entries and driver.play_one():
        pass
    return table, save


def padding_of(path: Path) -> bytes:
    data = path.read_bytes()
    return data[len(unpadded(path)) :]


@pytest.fixture
def mapped(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The sizes of the mappings made from now on (the real ones are made), which grow by 4 KiB
    at a time (a game of bots is about 60 KiB)."""
    monkeypatch.setattr(saves, "GROW_BY", 4096)
    sizes: list[int] = []
    real = mmap.mmap

    def counted(fd: int, length: int, *args: object, **kwargs: object) -> mmap.mmap:
        sizes.append(length)
        return real(fd, length, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(mmap, "mmap", counted)
    yield sizes


# --- appending through the mapping ---------------------------------------------------------------


def test_entries_are_copied_into_a_mapping_over_padding_and_close_cuts_it_off(
    tmp_path: Path, mapped: list[int]
) -> None:
    path = tmp_path / "game.toml"
    table = bot_table("dangerous", 4, 14, "heuristic", {"turn_limit": 0})
    save = autosave(table, path)
    padded: list[int] = []

    def check(change: object) -> None:  # subscribed after the autosave: runs once it has saved
        if save._file is not None:
            padded.append(len(padding_of(path)))  # (spaces ending in one newline: `unpadded`)

    table.subscribe(check)
    table.resolve_chance()
    driver = BotDriver(table)
    while driver.play_one():
        pass
    assert len(padded) > 500 and padded[0] == 0  # the whole first write: not mapped yet
    assert min(padded[1:]) > saves.PADDING  # then after every entry
    assert len(mapped) >= 12, mapped  # grown many times, GROW_BY at a time
    assert all(size <= 4096 + mmap.ALLOCATIONGRANULARITY for size in mapped)
    assert unpadded(path) == dumped(table)
    assert len(padding_of(path)) > saves.PADDING and path.stat().st_size % 4096 == 0
    assert saves.read_file(path) == dumped(table)  # what the loaders and the resume cache see
    assert saves.peek(path).entries == len(table)
    loaded = saves.load(path, continue_chance=False)
    assert loaded.table.log == table.log and loaded.note == ""
    save.close()
    assert path.read_bytes() == dumped(table)


@pytest.mark.parametrize("kept", [len(saves._FILL), 100], ids=["kept", "made"])
def test_the_padding_is_spaces_then_one_newline_written_from_the_kept_run_or_made(
    tmp_path: Path, mapped: list[int], monkeypatch: pytest.MonkeyPatch, kept: int
) -> None:
    """`_make_room` writes the padding from a kept run of spaces (`_FILL`), or makes it when
    the region is longer than that run."""
    monkeypatch.setattr(saves, "_FILL", memoryview(b" " * (kept - 1) + b"\n"))
    path = tmp_path / "game.toml"
    table, save = bots_game(path, 200)
    assert len(mapped) >= 3
    padding = padding_of(path)
    assert len(padding) > saves.PADDING and padding == b" " * (len(padding) - 1) + b"\n"
    assert unpadded(path) == dumped(table) and path.stat().st_size % 4096 == 0
    save.close()
    assert path.read_bytes() == dumped(table)


class RecordedCopies(dict[int, Any]):
    """`saves._COPIES` that records each copy into the mapping: where in it, and what."""

    def __init__(self) -> None:
        super().__init__()
        self.copies: list[tuple[int, bytes]] = []

    def get(self, length: int, default: object = None) -> Any:
        real = saves._copy(length)

        def copy(mapping: mmap.mmap, at: int, payload: bytes) -> None:
            self.copies.append((at, payload))
            real(mapping, at, payload)

        return copy


def test_each_entry_is_copied_over_nul_bytes_by_one_call(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`_copy` is struct's pack_into of one field as long as the entry: it fills the whole field,
    clearing what the entry does not cover to NUL (CPython clears the region before it copies,
    which is what a kill inside the copy leaves where the entry is not yet); and every entry
    appended is copied by it, one call an entry, each where the one before ended."""
    region = bytearray(b" " * 40)
    saves._copy(32)(region, 4, b"entry")
    assert region == b" " * 4 + b"entry" + b"\0" * 27 + b" " * 4
    recorded = RecordedCopies()
    monkeypatch.setattr(saves, "_COPIES", recorded)
    table, save = bots_game(tmp_path / "game.toml", 200)
    whole = dumped(table)
    assert len(table) >= 200 and saves.read_file(tmp_path / "game.toml") == whole
    payloads = [payload for _, payload in recorded.copies]
    assert [payload.count(b"\n[[log]]") for payload in payloads] == [1] * len(payloads)
    assert len(table) - len(payloads) < 20  # (all but the entries of the first, whole write)
    assert whole.endswith(b"".join(payloads))
    save.close()


def test_a_closed_file_is_the_one_write_leaves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mapped: list[int]
) -> None:
    first, save = bots_game(tmp_path / "mapped.toml", 500)
    save.close()
    assert mapped
    monkeypatch.setattr(filesystems, "mappable", lambda fd: False)
    mapped.clear()
    second, save = bots_game(tmp_path / "written.toml", 500)
    assert padding_of(tmp_path / "written.toml") == b""  # written with write(), as it goes
    save.close()
    assert mapped == [] and second.log == first.log
    assert (tmp_path / "mapped.toml").read_bytes() == (tmp_path / "written.toml").read_bytes()
    assert (tmp_path / "written.toml").read_bytes() == dumped(second)


def test_closing_in_the_background_cuts_the_padding_off_too(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    told: list[str] = []
    table = bot_table("dangerous", 4, 1, "heuristic")
    save = saves.Autosave(table, path, on_error=lambda why: told.append(text(why)))
    save.created = CREATED
    driver = BotDriver(table)
    table.resolve_chance()
    while len(table) < 100 and driver.play_one():
        pass
    assert padding_of(path)
    save.close()
    background.wait()
    assert path.read_bytes() == dumped(table) and told == []


@pytest.mark.parametrize("fails_at", [1, 3])
def test_a_mapping_that_cannot_be_made_falls_back_to_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fails_at: int
) -> None:
    made: list[int] = []
    real = mmap.mmap

    def failing(fd: int, length: int, *args: object, **kwargs: object) -> mmap.mmap:
        made.append(length)
        if len(made) == fails_at:
            raise OSError(errno.ENODEV, "no mapping here")
        return real(fd, length, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(mmap, "mmap", failing)
    monkeypatch.setattr(saves, "GROW_BY", 4096)
    path = tmp_path / "game.toml"
    table, save = bots_game(path, 800)
    assert len(made) == fails_at  # (the first that failed was the last tried)
    assert path.read_bytes() == dumped(table)  # no padding left behind, nothing overwritten
    save.close()
    assert path.read_bytes() == dumped(table)


def test_a_full_disk_when_the_padding_grows_is_told_as_a_failed_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mapped: list[int]
) -> None:
    path = tmp_path / "game.toml"
    told: list[str] = []
    table = bot_table("dangerous", 4, 14, "heuristic", {"turn_limit": 0})
    save = saves.Autosave(table, path, on_error=lambda why: told.append(text(why)))
    driver = BotDriver(table)
    table.resolve_chance()
    while len(mapped) < 3 and driver.play_one():
        pass
    saved = len(table)
    full = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def no_space(*args: object) -> int:
        raise full

    monkeypatch.setattr(os, "pwrite", no_space)
    monkeypatch.setattr(os, "write", no_space)  # (the fallback's write, and every rewrite's)
    while len(told) < 2 and driver.play_one():
        pass
    assert len(told) >= 2 and set(told) == {f"{path}: could not save: No space left on device"}
    monkeypatch.undo()
    loaded = saves.load(path, continue_chance=False)  # every entry before the disk filled up
    assert saved <= len(loaded.table) < len(table) and loaded.note == ""
    assert loaded.table.log == table.log[: len(loaded.table)]
    save.close()


def test_undo_rewrites_the_file_and_appending_maps_the_new_one(
    tmp_path: Path, mapped: list[int]
) -> None:
    table = light_and_dark(practice=True)
    path = tmp_path / "game.toml"
    save = autosave(table, path)
    play(table, 4)
    assert mapped and padding_of(path)
    table.undo(0)
    assert path.read_bytes() == dumped(table)  # the whole rewrite: no padding yet
    made = len(mapped)
    play(table, 3)
    assert len(mapped) > made and padding_of(path) and unpadded(path) == dumped(table)
    save.close()
    assert path.read_bytes() == dumped(table)


def test_redo_appends_the_entries_it_puts_back_one_copy_each(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mapped: list[int]
) -> None:
    """A kill inside a copy can leave any of its bytes (`_copy`): one copy of several entries
    could leave a later one whole after the NUL where an earlier one stopped, which loading
    could not tell from a power cut's hole."""
    table = light_and_dark(practice=True)
    path = tmp_path / "game.toml"
    save = autosave(table, path)
    play(table, 4)
    before = len(table)
    table.undo(0)
    put: list[bytes] = []
    real = saves._OpenSave.put

    def recorded(file: saves._OpenSave, payload: bytes) -> None:
        put.append(payload)
        real(file, payload)

    monkeypatch.setattr(saves._OpenSave, "put", recorded)
    table.redo(0)
    assert len(table) == before and len(put) >= 2
    assert [payload.count(b"\n[[log]]") for payload in put] == [1] * len(put)
    assert unpadded(path) == dumped(table)
    save.close()


def test_a_persons_decision_is_fsyncd_through_the_mapping(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mapped: list[int]
) -> None:
    synced: list[int] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        synced.append(fd)
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    clock = [100.0]  # never moves: only decisions make fsyncs
    table = light_and_dark(practice=True)
    save = autosave(table, tmp_path / "game.toml", clock)
    play(table, 1)
    file = save._file
    assert file is not None
    for _ in range(3):
        before = len(synced)
        play(table, 1)
        assert mapped and synced[before:] == [file.fd]
    save.close()


# --- what a kill leaves --------------------------------------------------------------------------


def test_every_prefix_of_a_long_last_entry_before_the_padding_loads_with_the_note(
    tmp_path: Path,
) -> None:
    """What a copy cut short front to back leaves (a write(), where the file is not mapped),
    for an entry over 256 bytes."""
    table, length, before, block = long_last_entry(tmp_path)
    path = tmp_path / "killed.toml"
    for size in range(len(block) + 1):
        path.write_bytes(before + block[:size] + b" " * 4000 + b"\n")
        loaded = saves.load(path, continue_chance=False)
        kept = length if size == len(block) else length - 1
        assert loaded.table.log == table.log[:kept], size
        assert ("incomplete" in str(loaded.note)) == (1 < size < len(block)), size


STORE = 32
"""The bytes one store of memcpy writes (an AVX register); a kill falls between two stores."""


def long_last_entry(tmp_path: Path) -> tuple[Table, int, bytes, bytes]:
    """A game of bots whose entry `length` (the last of its first `length`) is over 256 bytes
    (memcpy's out-of-order cases: over 128 bytes, over 256), the bytes of the entries before
    it, and its own."""
    table, save = bots_game(tmp_path / "game.toml", 4)
    save.close()
    length = 4
    replayed = Table(table.game, table.seats, table.options, table.seed)
    for entry in table.log[:length]:
        replayed.apply(entry)
    block = saves.entry_text(replayed, length - 1).encode("utf-8")
    assert len(block) > 256
    whole = dumped(replayed)
    return table, length, whole[: len(whole) - len(block)], block


def test_every_state_a_kill_inside_an_entrys_copy_leaves_loads_with_every_whole_entry(
    tmp_path: Path,
) -> None:
    """What a kill inside `_copy` leaves: its region cleared to NUL, then any of the entry's
    stores done, in any order (memcpy's is not front to back), the padding after it. Loading
    cuts at the first NUL: the entry's stores from its start up to the first missing one are a
    prefix of it, reported as incomplete; the entries before it all load."""
    table, length, before, block = long_last_entry(tmp_path)
    stores = [(at, block[at : at + STORE]) for at in range(0, len(block), STORE)]
    padding = b" " * 4000 + b"\n"
    path = tmp_path / "killed.toml"
    rng = random.Random(7)
    done_sets = [set(range(count)) for count in range(len(stores) + 1)]  # front to back
    done_sets += [
        set(rng.sample(range(len(stores)), rng.randrange(len(stores)))) for _ in range(60)
    ]
    for done in done_sets:
        region = bytearray(len(block))
        for index in done:
            at, data = stores[index]
            region[at : at + len(data)] = data
        path.write_bytes(before + bytes(region) + padding)
        loaded = saves.load(path, continue_chance=False)
        first_missing = min(set(range(len(stores))) - done, default=len(stores))
        kept = min(first_missing * STORE, len(block))
        assert loaded.table.log == table.log[: length if kept == len(block) else length - 1], done
        assert ("incomplete" in str(loaded.note)) == (1 < kept < len(block)), done
        assert saves.peek(path).entries == len(loaded.table), done


def test_a_kill_while_an_entrys_region_is_cleared_leaves_every_whole_entry_and_no_note(
    tmp_path: Path,
) -> None:
    """A kill inside the clearing, before any of the entry is copied: some of its region NUL,
    the rest still padding."""
    table, length, before, block = long_last_entry(tmp_path)
    path = tmp_path / "killed.toml"
    for cleared in ({0}, {1}, {2, 5}, {len(block) // STORE}):
        region = bytearray(b" " * len(block))
        for index in cleared:
            region[index * STORE : (index + 1) * STORE] = b"\0" * STORE
        path.write_bytes(before + bytes(region) + b" " * 4000 + b"\n")
        for loaded in (
            saves.load(path, continue_chance=False),
            saves.loads(path.read_bytes(), continue_chance=False),
        ):
            assert loaded.table.log == table.log[: length - 1] and loaded.note == "", cleared


def test_a_nul_before_a_later_entry_is_not_taken_for_a_torn_last_one(tmp_path: Path) -> None:
    """A NUL with a whole [[log]] entry after it is no kill's (the entry copied last is the
    last): the file is refused as before (or read up to a power cut's hole: `_before_hole`)."""
    _, _, before, block = long_last_entry(tmp_path)
    path = tmp_path / "holed.toml"
    cut = before.rindex(b"\n[[log]]")
    path.write_bytes(before[: cut + 10] + b"\0" + before[cut + 11 :] + block + b" " * 4000 + b"\n")
    with pytest.raises(saves.SaveError):
        saves.load(path, continue_chance=False)


def test_a_kill_while_the_padding_grows_leaves_every_entry_and_no_note(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    table, save = bots_game(path, 300)
    live = path.read_bytes()
    entries = unpadded(path)
    room = len(live) - len(entries)  # the padding the next grow writes over, and past
    copy = tmp_path / "killed.toml"
    for written in sorted({0, 1, room - 2, room - 1, room, room + 1, room + 4000, 2 * room}):
        # A pwrite of spaces and a final newline from the end of the entries, cut after `written`
        # bytes: spaces over the old padding (its newline too), then new ones past its end.
        copy.write_bytes(live)
        fd = os.open(copy, os.O_WRONLY)
        os.pwrite(fd, b" " * written, len(entries))
        os.close(fd)
        shape = copy.read_bytes()
        assert shape.endswith(b"\n") == (written < room), written
        loaded = saves.load(copy, continue_chance=False)
        assert loaded.table.log == table.log and loaded.note == "", written
        assert saves.peek(copy).entries == len(table) and saves.read_file(copy) == entries
        assert saves.created_of(copy) == CREATED
    save.close()


class Killed(BaseException):
    """The process killed: nothing after this runs."""


@pytest.mark.parametrize("spaces", [1, 5, 63])
def test_a_kill_during_the_first_grow_after_a_whole_write_leaves_every_entry_and_no_note(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spaces: int
) -> None:
    """A whole write (a new game, a continued save, undo) ends the file at its last entry's
    newline; the first grow's pwrite cut short leaves a few spaces after it, no newline (fewer
    than PADDING when the kill comes at the first 4 KiB boundary)."""
    path = tmp_path / "game.toml"
    table, save = bots_game(path, 300)
    save.close()

    def cut_short(fd: int, payload: bytes, offset: int) -> None:
        os.pwrite(fd, payload[:spaces], offset)
        raise Killed

    monkeypatch.setattr(saves, "_pwrite_all", cut_short)
    saved = table.log
    whole = dumped(table)
    autosave(table, path).save()  # continued: written whole, then grown at its next entry
    assert path.read_bytes() == whole
    with pytest.raises(Killed):
        BotDriver(table).play_one()
    assert path.read_bytes() == whole + b" " * spaces
    loaded = saves.load(path, continue_chance=False)
    assert loaded.table.log == saved and loaded.note == ""
    assert saves.peek(path).entries == len(saved) and saves.read_file(path) == whole
    # A last entry torn in its [[log]] line (before or after the spaces before its comment),
    # then the same few spaces, is still reported: only a line of spaces alone is padding.
    block = saves.entry_text(table, len(saved) - 1).encode("utf-8")
    assert block.startswith(b"\n[[log]]  # ")
    for torn in (b"\n[[log]]", b"\n[[log]]  "):
        path.write_bytes(whole[: -len(block)] + torn + b" " * spaces)
        loaded = saves.load(path, continue_chance=False)
        assert loaded.table.log == saved[:-1] and "incomplete" in str(loaded.note)
        assert saves.peek(path).entries == len(saved) - 1


def test_a_last_line_ending_in_a_few_spaces_is_left_as_it_is(tmp_path: Path) -> None:
    table = light_and_dark()
    play(table, 3)
    path = tmp_path / "edited.toml"
    whole = dumped(table)
    for tail in (b" " * 3 + b"\n", b" " * (saves.PADDING - 1) + b"\n", b"\t" * 80 + b"\n"):
        path.write_bytes(whole + tail)
        assert saves.read_file(path) == whole + tail
        loaded = saves.load(path, continue_chance=False)
        assert loaded.table.log == table.log and loaded.note == ""
    cut = whole[:-1]  # a last entry torn before its final newline, then a few spaces
    path.write_bytes(cut + b" " * 5)
    assert saves.read_file(path) == cut + b" " * 5
    assert saves.load(path, continue_chance=False).note != ""


PLAYER = """
import sys
from pathlib import Path
from core import saves
from core.runner import BotDriver
from core.simulate import bot_table

saves.GROW_BY = int(sys.argv[2])
table = bot_table("dangerous", 4, 14, "heuristic", {"turn_limit": 0})
save = saves.Autosave(table, Path(sys.argv[1]))

def report(change):  # subscribed after the autosave: runs once it has saved the entry
    if save._file is not None and save._file.entries == len(table):
        print(len(table), save._file._mapped, flush=True)

table.subscribe(report)
table.resolve_chance()
driver = BotDriver(table)
while driver.play_one():
    pass
save.close()
print("done", flush=True)
"""


def test_kill_9_at_random_moments_keeps_every_entry_the_game_had_saved(tmp_path: Path) -> None:
    moments = random.Random(21)
    game = play_one("dangerous", 4, 14, "heuristic", {"turn_limit": 0}).log
    for round in range(8):
        path = tmp_path / f"game-{round}.toml"
        grow_by = (4096, saves.GROW_BY)[round % 2]  # (small: many more kills land mid-grow)
        child = subprocess.Popen(
            [sys.executable, "-c", PLAYER, str(path), str(grow_by)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert child.stdout is not None
        wait_for = moments.randrange(20, len(game) - 20)
        saved = 0
        for line in child.stdout:
            number, still_mapped = line.split()
            assert still_mapped == "True"  # (never fell back to write())
            saved = int(number)
            if saved >= wait_for:
                break
        child.send_signal(signal.SIGKILL)
        child.wait()
        loaded = saves.load(path, continue_chance=False)
        assert len(loaded.table) >= saved >= wait_for, (round, saved)
        assert loaded.table.log == game[: len(loaded.table)]


# --- which file systems are mapped ---------------------------------------------------------------

MOUNTINFO = """\
22 27 0:21 / /proc rw,relatime - proc proc rw
27 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw,discard
40 27 254:0 /srv/saves /home/a\\040b/saves rw,relatime shared:1 master:2 - ext4 /dev/vda rw
41 27 0:45 / /mnt/c\\040w rw,relatime - btrfs /dev/vdb rw,space_cache
42 27 0:46 / /mnt/fuse rw,nosuid - fuse.sshfs host:/x\\040y rw,user_id=0
43 27 0:47 / /dev/shm rw - tmpfs tmpfs rw,size=1024k
44 27 8:1 / /data rw - xfs /dev/sda1 rw
45 27 8:1 / /data2 rw - ext4 /dev/sda1 rw
46 27 0:48 / /odd - - overlay overlay rw
not a mountinfo line
"""


def test_the_mountinfo_parser_finds_each_devices_file_system() -> None:
    kinds = filesystems.kinds_of_devices(MOUNTINFO)
    assert kinds == {
        (0, 21): "proc",
        (254, 0): "ext4",  # mounted twice (a bind mount under a path with a space): one type
        (0, 45): "btrfs",
        (0, 46): "fuse.sshfs",
        (0, 47): "tmpfs",
        (8, 1): "?",  # two lines that disagree: not mapped
        (0, 48): "overlay",
    }
    mapped = {device for device, kind in kinds.items() if kind in filesystems.MAPPED}
    assert mapped == {(254, 0), (0, 47)}


def test_a_file_here_is_mapped_and_nothing_is_without_mountinfo_or_off_linux(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fd = os.open(tmp_path / "file", os.O_CREAT | os.O_RDWR)
    try:
        assert filesystems.mappable(fd)  # (the suite runs on ext4: the mapped path is tested)
        monkeypatch.setattr(filesystems, "_known", {})
        monkeypatch.setattr(filesystems, "MOUNTINFO", str(tmp_path / "none"))
        assert not filesystems.mappable(fd)
        monkeypatch.setattr(filesystems, "_known", {})
        monkeypatch.setattr(filesystems, "MOUNTINFO", "/proc/self/mountinfo")
        monkeypatch.setattr(filesystems.sys, "platform", "darwin")
        assert not filesystems.mappable(fd)
    finally:
        os.close(fd)


def test_an_anonymous_devices_file_system_is_read_again_each_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Device numbers of major 0 (tmpfs, NFS, FUSE) are given again after an unmount: one that
    was a tmpfs may now be a FUSE mount, where a mapped write can stop the game with SIGBUS."""
    mountinfo = tmp_path / "mountinfo"
    monkeypatch.setattr(filesystems, "_known", {})
    monkeypatch.setattr(filesystems, "MOUNTINFO", str(mountinfo))
    anonymous, block = os.makedev(0, 47), os.makedev(8, 1)
    mountinfo.write_text(
        "43 27 0:47 / /srv rw - tmpfs tmpfs rw\n44 27 8:1 / /d rw - xfs /dev/a rw\n"
    )
    assert filesystems.device_mappable(anonymous) and filesystems.device_mappable(block)
    mountinfo.write_text("45 27 0:47 / /srv rw - fuse.sshfs h:/x rw\n")  # unmounted, remounted
    assert not filesystems.device_mappable(anonymous)
    assert filesystems.device_mappable(block)  # a block device's is read once


def test_the_padding_does_not_count_toward_the_size_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    padding = b" " * (saves.GROW_BY - 1) + b"\n"
    at_limit = b"#" * (saves.MAX_FILE_BYTES - 1) + b"\n"
    path.write_bytes(at_limit + padding)
    assert saves.read_file(path) == at_limit
    path.write_bytes(b"#" + at_limit + padding)
    with pytest.raises(saves.SaveError, match="too big for a save"):
        saves.read_file(path)
