"""The append-only autosave on a real disk: the file it grows is the file `dumps` writes, undo and
continuing rewrite it whole, it reaches the disk when the ruling says, a write cut short at any
byte loses only the last entry (said in one line), and `kill -9` at any moment leaves a file that
loads with a prefix of the game."""

from __future__ import annotations

import datetime as dt
import json
import os
import random
import re
import signal
import stat
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from oskit import ROOT

from core import paths, saves
from core.bots.random_bot import random_choice
from core.games import get_game
from core.i18n import translator
from core.log import ChanceEntry, DecisionEntry
from core.runner import BotDriver
from core.simulate import bot_table, play_one
from core.table import Seat, SeatKind, Table, new_table
from tui.screens.saves import describe, read_saves

CREATED = "2026-11-30T10:00:00+00:00"
STARTED = dt.datetime(2026, 11, 30, 10, 0, 0)
HUMAN_AND_BOTS = (
    Seat("ボブ太郎"),
    Seat("Bot 2", SeatKind.BOT, "heuristic"),
    Seat("Bot 3", SeatKind.BOT, "heuristic"),
)


def light_and_dark(practice: bool = False) -> Table:
    return new_table(get_game("light-and-dark"), HUMAN_AND_BOTS, {}, 5, practice)


def autosave(table: Table, path: Path, clock: list[float] | None = None) -> saves.Autosave:
    """An autosave of `table` at `path` whose `created` is CREATED (so `dumps` can match it)."""
    if clock is None:
        save = saves.Autosave(table, path)
    else:
        save = saves.Autosave(table, path, clock=lambda: clock[0])
    save.created = CREATED
    return save


def play(table: Table, decisions: int) -> None:
    """Bots answer theirs; the human seat answers as a random bot would, `decisions` times."""
    driver = BotDriver(table)
    table.resolve_chance()
    for _ in range(decisions):
        driver.play_until_human()
        decision = table.decision_for(0)
        if decision is None:
            return
        table.decide(0, random_choice(decision, random.Random(len(table))))


def saved_game(path: Path, decisions: int) -> tuple[Table, Path]:
    """A person's game with bots, autosaved to `path` for `decisions` decisions, then closed."""
    table = light_and_dark()
    save = autosave(table, path)
    play(table, decisions)
    save.close()
    return table, path


def on_disk(path: Path) -> bytes:
    return path.read_bytes()


def unpadded(path: Path) -> bytes:
    """The bytes of a live autosave's file before its padding, which is nothing or spaces ending
    in one newline, at least PADDING of them (docs/save-format.md, *Interrupted saves*)."""
    whole = on_disk(path)
    body = whole.rstrip(b" \n") + b"\n"
    padding = whole[len(body) :]
    assert padding == b"" or padding == b" " * (len(padding) - 1) + b"\n", padding[-80:]
    assert padding == b"" or len(padding) > saves.PADDING
    return body


def dumped(table: Table) -> bytes:
    return saves.dumps(table, CREATED).encode("utf-8")


# --- appending ----------------------------------------------------------------------------------


def test_each_entry_is_appended_to_the_same_file_which_stays_what_dumps_writes(
    tmp_path: Path,
) -> None:
    table = bot_table("dangerous", 4, 2, "heuristic")
    path = tmp_path / "game.toml"
    save = autosave(table, path)
    seen: list[tuple[int, int, bool]] = []

    def check(change: object) -> None:  # subscribed after the autosave: runs once it has saved
        if path.exists() and path.stat().st_size:
            seen.append((path.stat().st_ino, len(table), unpadded(path) == dumped(table)))

    table.subscribe(check)
    table.resolve_chance()
    driver = BotDriver(table)
    while driver.play_one():
        pass
    save.close()
    assert len(seen) > 200 and all(same for _, _, same in seen)
    assert {inode for inode, _, _ in seen} == {seen[0][0]}  # appended to, never replaced
    assert [length for _, length, _ in seen] == list(range(seen[0][1], len(table) + 1))
    loaded = saves.load(path, continue_chance=False)
    assert loaded.table.log == table.log and loaded.note == ""
    fields = [list(item.items()) for item in tomllib.loads(path.read_text("utf-8"))["log"]]
    assert fields == [list(entry.to_data().items()) for entry in table.log]  # and their order
    assert b"\nentries = " not in on_disk(path) and b"\nformat_version = 2\n" in on_disk(path)


def test_the_saved_games_list_counts_an_appended_files_entries(tmp_path: Path) -> None:
    table = light_and_dark()
    save = autosave(table, paths.NewSave(tmp_path, "light-and-dark", STARTED))
    play(table, 6)
    save.close()
    (row,) = read_saves(tmp_path)
    assert row.summary is not None and row.summary.entries == len(table)
    assert f"{len(table)} entries, " in str(describe(row, translator("en")))


# --- undo and continuing: whole rewrites ---------------------------------------------------------


def test_undo_rewrites_the_file_whole_and_appending_goes_on_after_it(tmp_path: Path) -> None:
    table = light_and_dark(practice=True)
    path = tmp_path / "game.toml"
    save = autosave(table, path)
    play(table, 4)
    inode, longer = path.stat().st_ino, len(table)
    table.undo(0)
    assert len(table) < longer and on_disk(path) == dumped(table)
    assert path.stat().st_ino != inode  # a new file renamed over the old one
    inode = path.stat().st_ino
    play(table, 3)
    assert unpadded(path) == dumped(table) and path.stat().st_ino == inode
    save.close()
    again = saves.load(path).table  # and continued: rewritten once, then appended to
    assert again.log == table.log
    resumed = autosave(again, path)
    play(again, 2)
    table.undo(0)  # the first session's table is no longer saved: nothing changes on disk
    resumed.close()
    assert on_disk(path) == dumped(again) and len(again) > len(table)
    assert not [name for name in os.listdir(tmp_path) if name.endswith(".tmp")]


def test_a_continued_save_is_rewritten_whole_once_then_appended_to(tmp_path: Path) -> None:
    table, path = saved_game(tmp_path / "game.toml", 3)
    again = saves.load(path).table
    assert again.log == table.log
    inode = path.stat().st_ino
    second = saves.Autosave(again, path)  # a new session: rewritten whole
    play(again, 1)
    assert path.stat().st_ino != inode
    assert unpadded(path) == dumped(again)  # created is still the first session's
    inode = path.stat().st_ino
    play(again, 2)
    assert path.stat().st_ino == inode
    second.close()
    assert saves.load(path, continue_chance=False).table.log == again.log


@pytest.mark.parametrize(
    ("written", "kept"),
    [
        (f"created = {CREATED}", CREATED),  # as Partyline writes it: a TOML datetime
        ('created = "the night of the storm"', "the night of the storm"),  # hand-written text
        ("", None),  # none at all: the continuing session's time
    ],
)
def test_continuing_a_save_keeps_the_time_its_game_began(
    tmp_path: Path, written: str, kept: str | None
) -> None:
    path = saved_game(tmp_path / "game.toml", 2)[1]
    text, count = re.subn(r"(?m)^created = .*$", written, on_disk(path).decode("utf-8"))
    assert count == 1 and saves.load(path).created == CREATED
    path.write_text(text, encoding="utf-8")
    again = saves.load(path).table
    before = saves._now()
    session = saves.Autosave(again, path)
    play(again, 2)
    session.close()
    created = saves.load(path).created
    if kept is None:
        assert dt.datetime.fromisoformat(created) >= before
    else:
        assert created == kept
    assert saves.load(path).table.log == again.log


def test_a_version_1_save_loads_and_is_continued_as_version_2(tmp_path: Path) -> None:
    path = tmp_path / "old.toml"
    finished = ROOT / "saves" / "dangerous-4p-heuristic.toml"
    assert b"format_version = 1\n" in on_disk(finished) and b"\nentries = 494\n" in on_disk(
        finished
    )
    assert saves.peek(finished).entries == 494 == len(saves.load(finished).table)
    path.write_bytes((ROOT / "saves" / "light-and-dark-rulebook-example-1.toml").read_bytes())
    assert b"format_version = 1\n" in on_disk(path) and b"\nentries = " not in on_disk(path)
    assert saves.peek(path).entries == 18
    table = saves.load(path).table
    save = saves.Autosave(table, path)
    decision = table.decisions()[0]
    table.decide(decision.seat, random_choice(decision, random.Random(1)))
    save.close()
    assert b"format_version = 2\n" in on_disk(path) and b"\nentries = " not in on_disk(path)
    assert saves.load(path, continue_chance=False).table.log == table.log


# --- when the file reaches the disk --------------------------------------------------------------


@pytest.fixture
def fsyncs(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every fsync from now on, as 'file' or 'folder' (the real fsync still runs)."""
    done: list[str] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        done.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    yield done


def test_bots_entries_reach_the_disk_every_two_seconds_and_at_close(
    tmp_path: Path, fsyncs: list[str]
) -> None:
    clock = [100.0]
    table = bot_table("dangerous", 4, 1, "heuristic")
    save = autosave(table, paths.NewSave(tmp_path, "dangerous", STARTED), clock)
    driver = BotDriver(table)
    table.resolve_chance()
    while len(table) < 60 and driver.play_one():
        pass
    assert save.path is not None and fsyncs == []  # a new file replaces nothing: no fsync yet
    written = len(table)
    clock[0] += saves.SYNC_EVERY
    driver.play_one()
    assert fsyncs == ["file", "folder"]  # the file and the rename that put it there
    clock[0] += saves.SYNC_EVERY - 0.5
    while len(table) < written + 40 and driver.play_one():
        pass
    assert fsyncs == ["file", "folder"]
    save.close()
    assert fsyncs == ["file", "folder", "file"]
    save.close()  # closing again does nothing
    assert fsyncs == ["file", "folder", "file"]


def test_a_persons_decision_reaches_the_disk_at_once(tmp_path: Path, fsyncs: list[str]) -> None:
    clock = [100.0]  # never moves: only decisions make fsyncs
    table = light_and_dark(practice=True)
    path = tmp_path / "game.toml"
    save = autosave(table, path, clock)
    for decided in range(5):
        before = len(fsyncs)
        play(table, 1)  # the first also makes the new file's rename durable
        assert fsyncs[before:] == (["file", "folder"] if decided == 0 else ["file"])
    before = len(fsyncs)
    table.undo(0)  # a rewrite replacing a save: fsync'd before and after its rename
    assert fsyncs[before:] == ["file", "folder"]
    save.close()
    assert len(fsyncs) == before + 2  # nothing left unsynced at close


def test_saving_with_the_s_key_makes_the_file_durable(tmp_path: Path, fsyncs: list[str]) -> None:
    clock = [100.0]
    table = bot_table("light-and-dark", 4, 1, "heuristic")
    save = autosave(table, tmp_path / "game.toml", clock)
    driver = BotDriver(table)
    table.resolve_chance()
    while len(table) < 30 and driver.play_one():
        pass
    assert fsyncs == []
    assert save.write() == tmp_path / "game.toml"
    assert fsyncs == ["file", "folder"]
    save.close()


# --- a write cut short ---------------------------------------------------------------------------


def cut_points(table: Table) -> Iterator[int]:
    """Log lengths whose last entry is a human's decision, a bot's and a chance outcome."""
    kinds = {
        "person": lambda e: isinstance(e, DecisionEntry) and e.seat == 0,
        "bot": lambda e: isinstance(e, DecisionEntry) and e.seat != 0,
        "chance": lambda e: isinstance(e, ChanceEntry),
    }
    log = table.log
    for test in kinds.values():
        yield max(index for index in range(20, len(log)) if test(log[index])) + 1


@pytest.mark.parametrize("padded", [False, True], ids=["written", "copied, padding after it"])
def test_a_write_cut_at_any_byte_of_the_last_entry_loses_only_that_entry(
    tmp_path: Path, padded: bool
) -> None:
    """Cut short, an entry written with write() ends the file; one copied into the mapping is
    followed by the rest of the padding (spaces ending in a newline: docs/save-format.md)."""
    full = light_and_dark()
    play(full, 8)
    path = tmp_path / "torn.toml"
    blocks, fragments = [], []
    for length in cut_points(full):
        table = Table(full.game, full.seats, full.options, full.seed)
        for entry in full.log[:length]:
            table.apply(entry)
        whole = dumped(table)
        block = saves.entry_text(table, length - 1).encode("utf-8")
        blocks.append(block)
        assert whole.endswith(block)
        before = whole[: -len(block)]
        incomplete = (
            f"{path}: entry {length}: the last entry is incomplete (the game was interrupted "
            f"while saving); continuing from entry {length - 1}"
        )
        for size in range(len(block) + 1):
            left = saves.PADDING + size % 3 * 997  # (the mapping's room after the copy)
            padding = b" " * left + b"\n" if padded else b""
            path.write_bytes(before + block[:size] + padding)
            fragments.append(block[:size])
            loaded = saves.load(path, continue_chance=False)
            if size == len(block):
                expected = (length, "")
            elif size <= 1:  # nothing of the entry, or its blank line alone
                expected = (length - 1, "")
            else:
                expected = (length - 1, incomplete)
            assert (len(loaded.table), str(loaded.note)) == expected, (size, block[:size])
            assert loaded.table.log == full.log[: expected[0]]
            assert saves.peek(path).entries == expected[0], (size, block[:size])
    assert any(max(block) >= 0x80 for block in blocks), "a block with characters of several bytes"
    assert any(b"\x80" <= fragment[-1:] < b"\xc0" for fragment in fragments)  # inside one
    assert any(fragment.endswith(b"[[log]]  ") for fragment in fragments)


def test_an_incomplete_last_entry_is_repaired_by_the_next_write(tmp_path: Path) -> None:
    table, path = saved_game(tmp_path / "torn.toml", 4)
    whole = on_disk(path)
    path.write_bytes(whole[: whole.rindex(b"\n", 0, len(whole) - 1) - 3])
    assert isinstance(table.log[-1], ChanceEntry)
    loaded = saves.load(path)  # which draws the chance outcome again: the same one
    assert str(loaded.note) == (
        f"{path}: entry {len(table)}: the last entry is incomplete (the game was interrupted "
        f"while saving); continuing from entry {len(table) - 1}"
    )
    assert loaded.table.log == table.log
    again = autosave(loaded.table, path)
    again.write()  # the first write of a continued game: whole
    again.close()
    assert on_disk(path) == dumped(loaded.table)
    assert saves.load(path).note == ""


def test_an_incomplete_entry_before_the_last_is_an_error(tmp_path: Path) -> None:
    table = light_and_dark()
    play(table, 4)
    text = saves.dumps(table, CREATED)
    last = text.rindex("\n[[log]]")
    middle = text.rindex("\n[[log]]", 0, last)
    cut = text.index("\n", middle + 1) + 1  # its [[log]] line only
    path = tmp_path / "broken.toml"
    path.write_text(text[:cut] + text[last:], encoding="utf-8")
    with pytest.raises(saves.SaveError) as caught:
        saves.load(path)
    assert str(caught.value) == (
        f"{path}: entry {len(table) - 1}: the entry is empty (is the file truncated?)"
    )


def test_verify_reports_an_incomplete_last_entry_and_succeeds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tui.cli import main

    table = light_and_dark()
    play(table, 4)
    text = saves.dumps(table, CREATED)
    path = tmp_path / "torn.toml"
    path.write_text(text[:-3], encoding="utf-8")
    note = (
        f"{path}: entry {len(table)}: the last entry is incomplete (the game was interrupted "
        f"while saving); continuing from entry {len(table) - 1}"
    )
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == note
    assert out[1].startswith(f"{path}: ok: light-and-dark, 3 players, {len(table) - 1} entries")
    assert main(["verify", "--json", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] and report["note"] == note and report["entries"] == len(table) - 1


# --- kill -9 -------------------------------------------------------------------------------------

PLAYER = """
import sys
from pathlib import Path
from core import saves
from core.runner import BotDriver
from core.simulate import bot_table

table = bot_table("dangerous", 4, 11, "heuristic", {"turn_limit": 0})
save = saves.Autosave(table, Path(sys.argv[1]))
table.resolve_chance()
driver = BotDriver(table)
while len(table) < 3000 and driver.play_one():
    if save.written and len(table) == 100:
        print("ready", flush=True)
print("done", flush=True)
"""


def test_kill_9_at_any_moment_leaves_a_file_that_loads_with_a_prefix_of_the_game(
    tmp_path: Path,
) -> None:
    moments = random.Random(9)
    game = play_one("dangerous", 4, 11, "heuristic", {"turn_limit": 0}, max_entries=3000).log
    lengths: list[int] = []
    for round in range(5):
        path = tmp_path / f"game-{round}.toml"
        child = subprocess.Popen(
            [sys.executable, "-c", PLAYER, str(path)], cwd=ROOT, stdout=subprocess.PIPE, text=True
        )
        assert child.stdout is not None and child.stdout.readline() == "ready\n"
        time.sleep(moments.uniform(0, 0.3))
        child.send_signal(signal.SIGKILL)
        child.wait()
        loaded = saves.load(path, continue_chance=False)  # never raises
        assert loaded.table.log == game[: len(loaded.table)]
        assert len(loaded.table) >= 100
        lengths.append(len(loaded.table))
    assert len(set(lengths)) > 1, lengths  # killed at different moments
