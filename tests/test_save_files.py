"""Save files on a real disk: unique names under concurrency, writes that never replace what is not
a regular file, failures as one line, and the temporary files of killed writers cleaned up."""

from __future__ import annotations

import datetime as dt
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from oskit import (
    ROOT,
    bound_by_permissions,
    file_size_limit,
    partyline,
    python,
    stop_mid_write,
    writer,
)

from core import paths, saves
from core.games import get_game
from core.simulate import play_one
from core.table import Seat, Table, new_table
from core.text import BadText, check_name

NOW = dt.datetime(2026, 11, 30, 10, 0, 0)
EXAMPLE = (ROOT / "saves" / "light-and-dark-rulebook-example-1.toml").read_text(encoding="utf-8")


# --- unique save names ---------------------------------------------------------------------------


def test_games_started_in_the_same_second_by_threads_get_their_own_files(tmp_path: Path) -> None:
    start = threading.Barrier(24)
    found: list[Path] = []

    def reserve() -> None:
        start.wait()
        found.append(paths.new_save_path(tmp_path, "dangerous", NOW))

    threads = [threading.Thread(target=reserve) for _ in range(24)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(found)) == 24
    assert sorted(os.listdir(tmp_path)) == sorted(path.name for path in found)
    assert tmp_path / "dangerous-20261130-100000.toml" in found
    assert tmp_path / "dangerous-20261130-100000-24.toml" in found


RESERVE = """
import datetime as dt, sys
from pathlib import Path
from core.paths import new_save_path
sys.stdin.readline()  # start together
for _ in range(6):
    print(new_save_path(Path(sys.argv[1]), "light-and-dark", dt.datetime(2026, 11, 30, 10)))
"""


def test_games_started_in_the_same_second_by_processes_get_their_own_files(
    tmp_path: Path,
) -> None:
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", RESERVE, str(tmp_path)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(4)
    ]
    for process in processes:
        assert process.stdin is not None
        process.stdin.write("go\n")
        process.stdin.flush()
    found = [line for process in processes for line in process.communicate()[0].split()]
    assert len(found) == 24 and len(set(found)) == 24
    assert len(os.listdir(tmp_path)) == 24


def test_a_new_save_path_creates_its_folder(tmp_path: Path) -> None:
    path = paths.new_save_path(tmp_path / "a" / "b", "dangerous", NOW)
    assert path.is_file() and path.stat().st_size == 0


def test_a_new_games_file_is_reserved_at_its_first_decision_under_its_start_time(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "saves"
    paths.check_folder(folder)  # the game's start: the folder can take a save; nothing is left
    assert os.listdir(folder) == []
    seats = (Seat("Aki"), Seat("Ben"), Seat("Chen"))
    first, second = (new_table(get_game("light-and-dark"), seats, {}, seed) for seed in (1, 2))
    started = paths.NewSave(folder, "light-and-dark", NOW)
    autosaves = [saves.Autosave(table, started) for table in (first, second)]
    for table in (first, second):
        table.resolve_chance()  # the deal: chance entries only
    assert os.listdir(folder) == [] and [save.path for save in autosaves] == [None, None]
    for table in (second, first):  # the second game decides first: it takes the plain name
        decision = table.decisions()[0]
        table.decide(decision.seat, decision.options[0].id)
    assert autosaves[1].path == folder / "light-and-dark-20261130-100000.toml"
    assert autosaves[0].path == folder / "light-and-dark-20261130-100000-2.toml"
    assert saves.load(autosaves[0].path).table.log == first.log


def test_a_folder_that_cannot_take_a_save_is_refused_when_the_game_starts(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("", encoding="utf-8")
    with pytest.raises(OSError):
        paths.check_folder(tmp_path / "file" / "saves")


# --- writes replace only regular files -----------------------------------------------------------


@pytest.fixture(scope="module")
def finished() -> Table:
    return play_one("light-and-dark", 3, 1, "random")


def not_regular(tmp_path: Path) -> dict[str, Path]:
    target = tmp_path / "precious.txt"
    target.write_text("keep me", encoding="utf-8")
    link = tmp_path / "link.toml"
    link.symlink_to(target)
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    return {"a symbolic link": link, "a named pipe": fifo, "a folder": folder}


def test_write_never_replaces_what_is_not_a_regular_file(tmp_path: Path, finished: Table) -> None:
    for kind, path in not_regular(tmp_path).items():
        before = os.lstat(path)
        with pytest.raises(OSError) as caught:
            saves.write(finished, path)
        assert str(saves.write_failure(path, caught.value)) == (
            f"{path}: could not save: it is {kind}; a save only ever replaces a regular file"
        )
        after = os.lstat(path)
        assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)
    assert (tmp_path / "precious.txt").read_text(encoding="utf-8") == "keep me"
    assert not [name for name in os.listdir(tmp_path) if name.endswith(".tmp")]


def test_write_needs_an_existing_folder(tmp_path: Path, finished: Table) -> None:
    path = tmp_path / "missing" / "game.toml"
    with pytest.raises(OSError) as caught:
        saves.write(finished, path)
    assert str(saves.write_failure(path, caught.value)) == (
        f"{path}: could not save: the folder {path.parent} does not exist"
    )
    (tmp_path / "file").write_text("", encoding="utf-8")
    path = tmp_path / "file" / "game.toml"
    with pytest.raises(OSError) as caught:
        saves.write(finished, path)
    assert str(saves.write_failure(path, caught.value)) == (
        f"{path}: could not save: {path.parent} is not a folder"
    )


def test_the_autosave_never_replaces_what_is_not_a_regular_file(
    tmp_path: Path, finished: Table
) -> None:
    for kind, path in not_regular(tmp_path).items():
        errors: list[str] = []
        saves.Autosave(finished, path, on_error=errors.append).save()
        assert list(map(str, errors)) == [
            f"{path}: could not save: it is {kind}; a save only ever replaces a regular file"
        ]
    assert (tmp_path / "precious.txt").read_text(encoding="utf-8") == "keep me"


# --- simulate --save: one line, exit 1 -----------------------------------------------------------

SIMULATE = ("simulate", "dangerous", "--players", "2", "--games", "1", "--save")


@pytest.mark.parametrize("kind", ["a symbolic link", "a named pipe", "a folder"])
def test_simulate_refuses_to_replace_what_is_not_a_regular_file(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tui.cli import main

    path = not_regular(tmp_path)[kind]
    code = main([*SIMULATE, str(path)])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""  # refused before any game is played
    assert err == (
        f"partyline: {path}: could not save: it is {kind}; a save only ever replaces a "
        "regular file\n"
    )
    assert (tmp_path / "precious.txt").read_text(encoding="utf-8") == "keep me"


def test_simulate_into_a_missing_folder_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tui.cli import main

    path = tmp_path / "missing" / "last.toml"
    assert main([*SIMULATE, str(path)]) == 1
    assert capsys.readouterr().err == (
        f"partyline: {path}: could not save: the folder {path.parent} does not exist\n"
    )
    assert not path.parent.exists()


def test_simulate_into_a_read_only_folder_is_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    run = partyline(*SIMULATE, str(folder / "last.toml"), preexec_fn=bound_by_permissions)
    assert run.returncode == 1, run.stderr
    assert run.stderr == f"partyline: {folder}/last.toml: could not save: Permission denied\n"
    assert os.listdir(folder) == []


def test_simulate_past_the_file_size_limit_is_one_line(tmp_path: Path) -> None:
    # RLIMIT_FSIZE stands for a full disk: the write fails part way (EFBIG), as with ENOSPC.
    path = tmp_path / "last.toml"
    run = partyline(*SIMULATE, str(path), preexec_fn=file_size_limit(4096))
    assert run.returncode == 1, run.stderr
    assert run.stderr == f"partyline: {path}: could not save: File too large\n"
    assert os.listdir(tmp_path) == []  # no temporary file left behind


@pytest.mark.parametrize("inside", [True, False], ids=["a folder in a file", "a file"])
def test_play_with_a_save_folder_that_cannot_be_made_is_one_line(
    tmp_path: Path, inside: bool
) -> None:
    (tmp_path / "file").write_text("", encoding="utf-8")
    folder = tmp_path / "file" / "saves" if inside else tmp_path / "file"
    run = partyline("--save-dir", str(folder), "play", "light-and-dark", timeout=60)
    assert run.returncode == 1
    assert run.stderr == (  # (a file as the folder itself: not "File exists")
        f"partyline: {folder}: cannot create a save file there: Not a directory\n"
    )


# --- temporary files of killed writers -----------------------------------------------------------


def test_temporary_files_of_killed_writers_are_cleaned_and_never_listed(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    killed: list[str] = []
    for _ in range(3):
        process = writer(path)
        killed.append(stop_mid_write(process, tmp_path))
        process.send_signal(signal.SIGKILL)
        process.wait()
    running = writer(path)
    try:
        alive = stop_mid_write(running, tmp_path)  # stopped, not dead: its file is not stale
        for name in (".notes.toml.tmp", "other.tmp", ".game.toml.0x1.abc.tmp"):
            (tmp_path / name).write_text("not ours", encoding="utf-8")
        found = set(os.listdir(tmp_path))
        assert set(killed) | {alive} <= found
        assert [p.name for p in paths.list_saves(tmp_path)] == ["game.toml"]
        removed = paths.clean_stale_temps(tmp_path)
        assert sorted(p.name for p in removed) == sorted(killed)
        assert set(os.listdir(tmp_path)) == found - set(killed)
    finally:
        running.send_signal(signal.SIGKILL)
        running.wait()
    assert saves.load(path).table.over  # every write before the kills was whole


def test_a_game_session_cleans_its_folder_on_start(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    process = writer(path)
    stale = stop_mid_write(process, tmp_path)
    process.send_signal(signal.SIGKILL)
    process.wait()
    table = saves.load(path).table
    saves.Autosave(table, path)
    assert stale not in os.listdir(tmp_path)


LIST = """
import sys
from pathlib import Path
from tui.screens.saves import read_saves
for row in read_saves(Path(sys.argv[1])):
    print(row.path.name, row.error or "ok")
"""


def test_a_save_that_cannot_be_read_is_one_line_in_verify_and_in_the_list(tmp_path: Path) -> None:
    locked = tmp_path / "locked.toml"
    locked.write_text(EXAMPLE, encoding="utf-8")
    locked.chmod(0o000)
    run = partyline("verify", str(locked), preexec_fn=bound_by_permissions)
    assert (run.returncode, run.stdout) == (1, f"{locked}: cannot read: Permission denied\n")
    listing = python("-c", LIST, str(tmp_path), preexec_fn=bound_by_permissions)
    assert listing.stdout == f"locked.toml {locked}: cannot read: Permission denied\n"


# --- memory in proportion to the file -------------------------------------------------------


PEAK_MEMORY = """
import resource, sys
from core import saves
try:
    saves.load(sys.argv[1])
except saves.SaveError as error:
    print(error)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024)
"""


def peak_memory_of_loading(path: Path) -> tuple[str, int]:
    """What loading `path` says, and the loading process's peak memory in bytes."""
    run = python("-c", PEAK_MEMORY, str(path))
    assert run.returncode == 0, run.stderr
    *said, peak = run.stdout.splitlines()
    return "".join(said), int(peak)


def test_a_long_name_costs_memory_in_proportion_to_the_file(tmp_path: Path) -> None:
    # Before the limit, narration copied the name into every entry: 1.9 GB for 5 MB.
    path = tmp_path / "long-name.toml"
    name = "A" * 2_000_000
    path.write_text(EXAMPLE.replace('name = "Aki"', f'name = "{name}"'), encoding="utf-8")
    plain = tmp_path / "plain.toml"
    plain.write_text(EXAMPLE, encoding="utf-8")
    said, peak = peak_memory_of_loading(path)
    _, baseline = peak_memory_of_loading(plain)
    assert said == f"{path}: seat 1: 'name': text longer than 256 characters"
    assert peak - baseline < 10 * len(name), f"{peak - baseline:,} bytes more than a plain save"


def test_a_save_continued_through_a_link_is_written_where_the_link_leads(
    tmp_path: Path, finished: Table
) -> None:
    real = tmp_path / "real.toml"
    saves.write(finished, real)
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    assert paths.followed(link) == real and paths.followed(real) == real
    assert paths.followed(Path("relative.toml")) == Path("relative.toml")
    errors: list[str] = []
    saves.Autosave(finished, paths.followed(link), on_error=errors.append).save()
    assert (
        list(map(str, errors)) == []
        and link.is_symlink()
        and saves.load(link).table.log == finished.log
    )


@pytest.mark.parametrize("name", ["\u2800", "\u00ad", " \u200b"])
def test_a_save_whose_name_draws_nothing_still_loads(tmp_path: Path, name: str) -> None:
    """Session 28 refused more names as blank where they are typed (only characters that draw
    nothing: U+2800, a soft hyphen, a space and a zero-width space). Saves an
    older Partyline wrote with such a name loaded before and must load still: the rule for a
    name a save holds is the one it was played under."""
    table = play_one("light-and-dark", 4, 3, "random")
    text = saves.dumps(table).replace('name = "Bot 2"', f'name = "{name}"', 1)
    path = tmp_path / "old.toml"
    path.write_text(text, encoding="utf-8")
    loaded = saves.load(path, continue_chance=False).table
    assert loaded.seats[1].name == name and loaded.log == table.log
    with pytest.raises(BadText, match="the name is blank"):
        check_name(name)  # typed, it is refused
