"""Loading a long save in a child process (core/load_ahead.py): the table handed over is the one
the replay makes here; a save the child cannot hand over is loaded here, and refused with the
same message; a save the resume cache holds, or a short one, is not given to a child."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from test_resume_cache import long_game, what_it_shows

from core import load_ahead, resume_cache, saves
from core.bots.random_bot import random_choice
from core.table import Table

pytestmark = pytest.mark.usefixtures("own_cache")

core_free = load_ahead._core_free


@pytest.fixture(autouse=True)
def every_save_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games of a few dozen entries or more, handed over a few dozen entries a frame."""
    monkeypatch.setattr(load_ahead, "AHEAD_ENTRIES", 1)
    monkeypatch.setattr(load_ahead, "CHUNK", 32)  # (some frames end at a snapshot)
    monkeypatch.setattr(load_ahead, "_core_free", lambda: True)  # (however busy the machine)


def not_here(*args: object) -> saves.Loaded:
    raise AssertionError("loaded in this process, not handed over by the child")


@pytest.mark.parametrize("game", ["dangerous", "light-and-dark"])
def test_the_child_hands_over_the_table_its_replay_makes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    path = tmp_path / "game.toml"
    saves.write(long_game(game), path)
    replayed = saves.load(path)
    ahead = load_ahead.start(path)
    assert ahead.game == game  # (whose rules and board the app may import meanwhile)
    with monkeypatch.context() as patch:
        patch.setattr(resume_cache, "load", not_here)
        patch.setattr(resume_cache, "loaded_from", not_here)
        handed = ahead.result()
    assert what_it_shows(handed) == what_it_shows(replayed)
    assert handed.table.game is replayed.table.game  # (the registry's, not a copy)


def test_a_handed_over_table_plays_on_as_the_replayed_one(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    saves.write(long_game("dangerous"), path)
    replayed, handed = saves.load(path).table, load_ahead.start(path).result().table
    play(replayed)
    play(handed)
    assert saves.dumps(handed) == saves.dumps(replayed)
    views = [[table.view_at(p, 0) for p in range(len(table))] for table in (handed, replayed)]
    assert views[0] == views[1]


def play(table: Table) -> None:
    """Forty decisions (a random bot's, from the same seed), then the first seat's undo."""
    rng = random.Random(4)
    for _ in range(40):
        if not table.decisions():
            break
        decision = table.decisions()[0]
        table.decide(decision.seat, random_choice(decision, rng))
    if table.can_undo(0):
        table.undo(0)


def test_a_save_the_child_refuses_is_refused_here_with_the_same_message(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    saves.write(long_game("dangerous"), path)
    text = path.read_text()
    at = text.index("\nseat = ", len(text) // 2) + 1  # (a decision halfway: no such seat)
    bad = tmp_path / "bad.toml"
    bad.write_text(text[:at] + "seat = 9" + text[at + len("seat = ") :])
    with pytest.raises(saves.SaveError) as here:
        saves.load(bad)
    with pytest.raises(saves.SaveError) as ahead:
        load_ahead.start(bad).result()
    assert str(ahead.value) == str(here.value)
    assert ": entry " in str(here.value)


def test_a_header_naming_no_known_game_is_no_hint_and_is_refused_as_before(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    saves.write(long_game("dangerous"), path)
    path.write_text(path.read_text().replace('game = "dangerous"', 'game = "chess"', 1))
    ahead = load_ahead.start(path)
    assert ahead.game == ""
    with pytest.raises(saves.SaveError, match="unknown game 'chess'"):
        ahead.result()


def test_a_torn_last_entry_comes_back_with_its_note(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    saves.write(long_game("dangerous"), path)
    data = path.read_bytes()
    path.write_bytes(data[: data.rindex(b"choice = ") + len(b"choice = ")])
    replayed = saves.load(path)
    assert replayed.note
    assert what_it_shows(load_ahead.start(path).result()) == what_it_shows(replayed)


def test_a_child_that_hands_nothing_over_leaves_the_save_to_this_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.toml"
    saves.write(long_game("dangerous"), path)

    def dies(handing: object, loaded: saves.Loaded) -> None:
        os._exit(3)  # (in the child, after some frames)

    monkeypatch.setattr(load_ahead._Handing, "last", dies)
    assert what_it_shows(load_ahead.start(path).result()) == what_it_shows(saves.load(path))


def test_a_cached_or_a_short_save_or_a_busy_machine_gives_no_child(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.toml"
    saves.write(long_game("dangerous"), path)
    ahead = load_ahead.start(path)
    assert ahead._child is not None
    ahead.result()
    resume_cache.remember(path)
    assert load_ahead.start(path)._child is None
    resume_cache.forget(path)
    monkeypatch.setattr(load_ahead, "AHEAD_ENTRIES", path.read_bytes().count(b"[[log]]") + 1)
    assert load_ahead.start(path)._child is None
    monkeypatch.setattr(load_ahead, "AHEAD_ENTRIES", 1)
    monkeypatch.setattr(load_ahead, "_core_free", lambda: False)
    assert load_ahead.start(path)._child is None
    assert load_ahead.start(tmp_path / "missing.toml")._child is None
    with pytest.raises(saves.SaveError, match="no such file"):
        load_ahead.start(tmp_path / "missing.toml").result()


def test_the_child_writes_nothing_to_the_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.toml"
    saves.write(long_game("dangerous"), path)
    loads = saves.loads

    def noisy(*args: Any, **kwargs: Any) -> saves.Loaded:
        os.write(1, b"out")  # (what a warning, or a crash's last words, would do)
        os.write(2, b"err")
        return loads(*args, **kwargs)

    monkeypatch.setattr(saves, "loads", noisy)
    ahead = load_ahead.start(path)
    monkeypatch.setattr(resume_cache, "load", not_here)
    ahead.result()
    assert capfd.readouterr() == ("", "")


def test_a_core_is_free_when_no_other_task_would_share_it(monkeypatch: pytest.MonkeyPatch) -> None:
    busy = [0.0]
    monkeypatch.setattr(load_ahead, "_busy", lambda: busy[0])
    monkeypatch.setattr(os, "sched_getaffinity", lambda _: {0, 1})
    assert core_free()
    busy[0] = 1
    assert not core_free()
    monkeypatch.setattr(os, "sched_getaffinity", lambda _: {0, 1, 2, 3})
    assert core_free()
    busy[0] = 0
    monkeypatch.setattr(os, "sched_getaffinity", lambda _: {0})
    assert not core_free()


def test_the_tasks_running_besides_this_one_count_as_busy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    loadavg = tmp_path / "loadavg"
    loadavg.write_bytes(b"1.50 1.20 0.90 3/120 4242\n")  # (three running: this process and two)
    monkeypatch.setattr(load_ahead, "LOADAVG", str(loadavg))
    monkeypatch.setattr(os, "getloadavg", lambda: (0.7, 0.0, 0.0))
    assert load_ahead._busy() == 2
    loadavg.unlink()  # (not Linux: the last minute's load average)
    assert load_ahead._busy() == 0.7


def test_a_handed_over_replay_is_kept_for_resume_without_a_second_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.toml"
    saves.write(long_game("dangerous"), path)
    handed = load_ahead.start(path).result()
    monkeypatch.setattr(saves, "loads", not_here)  # (quitting keeps it: no replay here)
    resume_cache.remember(path)
    kept = resume_cache.read(resume_cache.cache_key(path.read_bytes()))
    assert kept is not None
    assert what_it_shows(kept) == what_it_shows(handed)


def test_a_save_loaded_again_up_to_a_hole_is_loaded_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The child replays the file as it is, handing a frame of entries over, until the rules
    stop it; the file then loads up to a hole (here: as `_before_hole` says, after entry 5).
    The child's table is not the one loaded: this process loads the save, with the note."""
    path = tmp_path / "game.toml"
    table = long_game("dangerous")
    saves.write(table, path)
    blocks = path.read_bytes().split(b"\n[[log]]")
    index = next(i for i in range(100, len(blocks)) if b"\nseat = " in blocks[i])
    seat = int(blocks[index].split(b"\nseat = ")[1][:1])
    other = b"\nseat = %d" % ((seat + 1) % len(table.seats))  # (a seat not asked: refused)
    blocks[index] = blocks[index].replace(b"\nseat = %d" % seat, other, 1)
    path.write_bytes(b"\n[[log]]".join(blocks))
    monkeypatch.setattr(saves, "_before_hole", lambda data: b"\n[[log]]".join(blocks[:6]))
    replayed = saves.load(path)
    assert len(replayed.table) < load_ahead.CHUNK < index
    assert "never reached the disk" in str(replayed.note)
    assert what_it_shows(load_ahead.start(path).result()) == what_it_shows(replayed)


@pytest.fixture
def children(monkeypatch: pytest.MonkeyPatch) -> dict[int, int | None]:
    """Every child forked here, by pid, with its exit status once reaped (None until then)."""
    seen: dict[int, int | None] = {}
    fork, waitpid = os.fork, os.waitpid

    def forked() -> int:
        pid = fork()
        if pid:
            seen[pid] = None
        return pid

    def waited(pid: int, options: int) -> tuple[int, int]:
        reaped = waitpid(pid, options)
        if pid in seen and reaped[0] == pid:
            seen[pid] = reaped[1]
        return reaped

    monkeypatch.setattr(os, "fork", forked)
    monkeypatch.setattr(os, "waitpid", waited)
    return seen


def killed(status: int | None) -> bool:
    return status is not None and os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL


def test_a_cancelled_load_leaves_no_child_and_no_pipe(
    tmp_path: Path, children: dict[int, int | None]
) -> None:
    path = tmp_path / "game.toml"
    saves.write(long_game("dangerous"), path)
    ahead = load_ahead.start(path)
    assert ahead.in_child and ahead._child is not None
    pipe = ahead._child[1]
    ahead.cancel()
    assert not ahead.in_child
    assert [killed(status) for status in children.values()] == [True]  # (and reaped)
    with pytest.raises(OSError):
        os.fstat(pipe)  # (closed)


def test_the_app_failing_to_start_while_the_child_loads_stops_the_child(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, children: dict[int, int | None]
) -> None:
    from tui import cli

    path = tmp_path / "game.toml"
    saves.write(long_game("dangerous"), path)

    def interrupted(game: str) -> None:
        raise KeyboardInterrupt  # (Ctrl-C while the app imports)

    monkeypatch.setattr(cli, "_import_while_loading", interrupted)
    with pytest.raises(KeyboardInterrupt):
        cli.load_save(path)
    assert [killed(status) for status in children.values()] == [True]


def test_a_frame_that_does_not_come_back_stops_the_child_and_loads_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, children: dict[int, int | None]
) -> None:
    path = tmp_path / "game.toml"
    saves.write(long_game("dangerous"), path)

    def wrong_then_slow(handing: Any, loaded: saves.Loaded) -> None:
        os.write(handing.pipe, b"not a pickle")
        time.sleep(30)  # (as if it had long to replay still: not waited for)

    monkeypatch.setattr(load_ahead._Handing, "last", wrong_then_slow)
    assert what_it_shows(load_ahead.start(path).result()) == what_it_shows(saves.load(path))
    assert [killed(status) for status in children.values()] == [True]


def test_without_fcntl_it_imports_and_a_child_still_hands_the_table_over(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    saves.write(long_game("dangerous"), path)
    script = (
        "import sys; sys.modules['fcntl'] = None\n"
        "from pathlib import Path\n"
        "from core import load_ahead, resume_cache\n"
        "load_ahead.AHEAD_ENTRIES, load_ahead._core_free = 1, lambda: True\n"
        "def not_here(*args): raise AssertionError('loaded here')\n"
        "resume_cache.load = resume_cache.loaded_from = not_here\n"
        f"print(len(load_ahead.start(Path({str(path)!r})).result().table))\n"
    )
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert int(out.stdout) == len(saves.load(path).table)
