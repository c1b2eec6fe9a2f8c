"""Snapshots at 80x24 of the Dangerous game screen: the map and the battle view (fixed seed, a
temporary save directory, no bot delay).

Regenerate after an intended change with: pytest --snapshot-update tests/tui
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_tui_dangerous import dg_table, drive, named
from textual.pilot import Pilot
from tuikit import SIZE, make_app

from core.decisions import Decision
from tui.screens.game import GameScreen


async def to_the_map(pilot: Pilot[Any]) -> None:
    await drive(pilot, named("move"))


async def to_a_battle(pilot: Pilot[Any]) -> None:
    def for_enemy(screen: GameScreen, decision: Decision | None) -> bool:
        view = screen.session.view()
        return decision is not None and view is not None and view.board.combat is not None

    await drive(pilot, for_enemy)


def test_dangerous_map(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, table=dg_table(seed=5), save_path=tmp_path / "d.toml")
    assert snap_compare(app, terminal_size=SIZE, run_before=to_the_map)


def test_dangerous_battle(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, table=dg_table(seed=5), save_path=tmp_path / "d.toml")
    assert snap_compare(app, terminal_size=SIZE, run_before=to_a_battle)
