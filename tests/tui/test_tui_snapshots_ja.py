"""Snapshots at 80x24 of the setup, help and saved-games screens, and of Light and Dark's game,
game-over and replay screens, in Japanese (two cells a character: aligned and uncut).

Regenerate after an intended change with: pytest --snapshot-update tests/tui
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from test_tui_snapshots import finished, no_blink, one_turn
from textual.pilot import Pilot
from tuikit import SIZE, ld_table, make_app, play_to_end, settle

from core import saves
from core.simulate import play_one

SAVES = Path(tempfile.gettempdir()) / "partyline-snapshot-ja" / "saves"
"""A fixed folder: the list names it, and a snapshot must not change from run to run."""

WHEN = time.mktime((2026, 4, 1, 20, 30, 0, 0, 0, -1))


def test_setup_screen_ja(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, language="ja")
    assert snap_compare(app, terminal_size=SIZE, run_before=no_blink)


def test_help_screen_ja(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, language="ja")
    assert snap_compare(app, terminal_size=SIZE, press=["f1"])


@pytest.fixture
def saves_folder() -> Path:
    shutil.rmtree(SAVES, ignore_errors=True)
    SAVES.mkdir(parents=True)
    saves.write(play_one("light-and-dark", 3, 1, "random"), SAVES / "finished.toml")
    saves.write(ld_table(), SAVES / "going.toml")
    (SAVES / "broken.toml").write_text("format = 3\n", encoding="utf-8")
    for number, path in enumerate(sorted(SAVES.iterdir())):
        os.utime(path, (WHEN + number * 60, WHEN + number * 60))
    return SAVES


def test_saved_games_screen_ja(snap_compare: Any, saves_folder: Path) -> None:
    async def open_list(pilot: Pilot[Any]) -> None:
        await pilot.press("f3")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    app = make_app(saves_folder, language="ja")
    assert snap_compare(app, terminal_size=SIZE, run_before=open_list)


# --- Light and Dark's own screens in Japanese (issue 11: the game's texts) ---------------------


def test_ld_game_screen_mid_discussion_ja(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, table=ld_table(seed=7), language="ja", save_path=tmp_path / "g.toml")
    assert snap_compare(app, terminal_size=SIZE, run_before=settle)


def test_ld_game_screen_after_a_turn_ja(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, table=ld_table(seed=7), language="ja", save_path=tmp_path / "g.toml")
    assert snap_compare(app, terminal_size=SIZE, run_before=one_turn)


def test_ld_game_over_screen_ja(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, table=ld_table(seed=3), language="ja", save_path=tmp_path / "o.toml")
    assert snap_compare(app, terminal_size=SIZE, run_before=play_to_end)


def test_ld_replay_screen_ja(snap_compare: Any, tmp_path: Path) -> None:
    table = finished(tmp_path)
    app = make_app(tmp_path, replay=table, language="ja")
    assert snap_compare(app, terminal_size=SIZE, press=["home", *["right"] * 14, "2"])
