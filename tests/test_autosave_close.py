"""Closing an autosave that tells its failures to `on_error` (the app's, the server's): the fsyncs
that make the file durable run in the background, not in the game's thread; a failure there
still reaches `on_error`; and the process waits for them before it exits."""

from __future__ import annotations

import errno
import os
import signal
import stat
import subprocess
import sys
import threading
import time
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from oskit import ROOT

from core import background, saves
from core.narration import text
from core.runner import BotDriver
from core.simulate import bot_table


def bots_game(path: Path, told: list[str]) -> saves.Autosave:
    """A game of bots autosaved to `path`, 40 entries in (none of them fsync'd yet)."""
    table = bot_table("dangerous", 4, 1, "heuristic")
    save = saves.Autosave(table, path, on_error=lambda why: told.append(text(why)))
    driver = BotDriver(table)
    table.resolve_chance()
    while len(table) < 40 and driver.play_one():
        pass
    assert save.written
    return save


@pytest.fixture
def fsyncs(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, bool]]]:
    """Every fsync from now on: ('file' or 'folder', whether the main thread made it)."""
    done: list[tuple[str, bool]] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        kind = "folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file"
        done.append((kind, threading.current_thread() is threading.main_thread()))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    yield done


def test_close_leaves_its_fsyncs_to_another_thread(
    tmp_path: Path, fsyncs: list[tuple[str, bool]]
) -> None:
    told: list[str] = []
    save = bots_game(tmp_path / "game.toml", told)
    assert fsyncs == []
    save.close()
    background.wait()
    assert fsyncs == [("file", False), ("folder", False)]
    assert told == []
    save.close()  # closing again does nothing
    background.wait()
    assert len(fsyncs) == 2


def test_a_failed_fsync_in_the_background_is_told_to_on_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    told: list[str] = []
    path = tmp_path / "game.toml"
    save = bots_game(path, told)

    def broken(fd: int) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken)
    save.close()
    background.wait()
    assert told == [f"{saves.display_path(path)}: could not save: Input/output error"]


EXITING = """
import os, sys, time
from pathlib import Path

from core import saves
from core.runner import BotDriver
from core.simulate import bot_table

real = os.fsync


def slow(fd):  # the disk takes its time; then the fsync says it was done
    time.sleep(0.3)
    real(fd)
    Path(sys.argv[1] + ".synced").touch()


table = bot_table("dangerous", 4, 1, "heuristic")
save = saves.Autosave(table, Path(sys.argv[1]), on_error=print)
driver = BotDriver(table)
table.resolve_chance()
while len(table) < 40 and driver.play_one():
    pass
os.fsync = slow
save.close()
print("closed", flush=True)
"""


def test_the_process_waits_for_the_background_fsyncs_before_it_exits(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    done = subprocess.run(
        [sys.executable, "-c", EXITING, str(path)], cwd=ROOT, capture_output=True, text=True
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "closed\n", "")
    assert Path(f"{path}.synced").exists()
    assert len(saves.load(path, continue_chance=False).table) >= 40


def test_background_work_runs_on_one_worker_and_what_it_raises_is_printed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    threads: list[int] = []

    def work() -> None:
        threads.append(threading.get_ident())
        raise ValueError("broken work")

    for _ in range(3):
        background.in_background(work)
    background.wait()
    assert len(threads) == 3 and len(set(threads)) == 1
    assert threading.get_ident() not in threads
    assert capsys.readouterr().err.count("ValueError: broken work") == 3


def test_background_wait_returns_once_what_the_work_raised_is_printed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """(A future wakes its waiters before its done-callbacks run: a failure printed from one
    could come after `wait` returned. The print is made slow here to show the order.)"""
    printing = traceback.print_exception

    def slow_print(*args: Any, **options: Any) -> None:
        time.sleep(0.3)
        printing(*args, **options)

    monkeypatch.setattr(traceback, "print_exception", slow_print)

    def work() -> None:
        time.sleep(0.1)  # (fails after `in_background` has returned)
        raise ValueError("broken work")

    background.in_background(work)
    background.wait()
    assert "ValueError: broken work" in capsys.readouterr().err
    assert not background._pending


def test_a_forked_child_gets_a_worker_of_its_own(tmp_path: Path) -> None:
    """(A fork copies the parent's worker but not its thread: work given to it would never run,
    and `wait` would never return.)"""
    background.in_background(lambda: None)  # (the parent's worker is running)
    background.wait()
    done = tmp_path / "done"
    child = os.fork()
    if child == 0:  # pragma: no cover (the child)
        code = 1
        try:
            background.in_background(done.touch)
            background.wait()
            code = 0
        finally:
            os._exit(code)
    for _ in range(500):  # (10 s: a child whose work never runs waits for ever)
        ended, status = os.waitpid(child, os.WNOHANG)
        if ended:
            break
        time.sleep(0.02)
    else:
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)
        pytest.fail("the child's background work never ran")
    assert os.waitstatus_to_exitcode(status) == 0 and done.exists()
