"""`partyline continue` of a long save not in the resume cache, on a real terminal: its log is
replayed in a child process while the app starts (core/load_ahead.py), and the screen is the
game's as the replay left it; the child writes nothing to the terminal and is gone when the app
has closed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from oskit import ROOT
from ptykit import Terminal
from tuikit import SIZE

from core import load_ahead, saves
from core.log import DecisionEntry
from core.simulate import play_one
from core.table import Seat, SeatKind, Table, replay

pytestmark = pytest.mark.usefixtures("own_cache")


def long_save(folder: Path) -> Path:
    """A Dangerous game of Aki and random bots, long enough to load ahead, Aki to decide."""
    least = load_ahead.AHEAD_ENTRIES + 20
    played = play_one("dangerous", 4, 2, "random", {"turn_limit": 0}, least + 300)
    log = played.log
    index = next(
        i for i in range(least, len(log)) if isinstance(log[i], DecisionEntry) and log[i].seat == 0
    )
    seats = (Seat("Aki"), *(Seat(f"Bot {n}", SeatKind.BOT, "random") for n in (1, 2, 3)))
    table = replay(Table(played.game, seats, played.options, played.seed), log[:index])
    path = folder / "long.toml"
    saves.write(table, path)
    return path


AHEAD = """
import sys
from core import load_ahead
from tui.cli import main

load_ahead._core_free = lambda: True  # (however busy the machine running the tests)
sys.exit(main())
"""
"""`partyline continue` as the command runs it, replaying ahead."""


def test_a_long_save_opens_the_first_time_on_a_real_terminal(tmp_path: Path) -> None:
    path = long_save(tmp_path)
    loaded = saves.load(path)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(load_ahead, "_core_free", lambda: True)
        ahead = load_ahead.start(path)
        assert ahead._child is not None  # (a long save: replayed ahead)
        ahead.result()
    number, last = len(loaded.table), loaded.table.public_narration(len(loaded.table) - 1)[-1]
    argv = [sys.executable, "-c", AHEAD, "continue", str(path), "--save-dir", str(tmp_path)]
    with Terminal.spawn(argv, size=SIZE, cwd=ROOT) as term:
        term.wait_for("you are Aki")
        term.wait_for(f"{number} {last.split()[0]}")  # the log's last line, its number first
        term.press("q")
        assert term.wait_exit() == 0
        shown = term.text()
    assert "Traceback" not in shown
    assert saves.load(path).table.log == loaded.table.log
