"""Snapshots at 80x24 of the setup, game, curtain and replay screens (fixed seeds, no clock).

Regenerate after an intended change with: pytest --snapshot-update tests/tui
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input
from tuikit import SIZE, TWO_HUMANS, ld_table, make_app, play_to_end, press_option, settle

from core.table import Table


async def no_blink(pilot: Pilot[Any]) -> None:
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False
    await pilot.pause()


def test_setup_screen(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=no_blink)


def test_game_screen_mid_discussion(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, table=ld_table(seed=7), save_path=tmp_path / "g.toml")
    assert snap_compare(app, terminal_size=SIZE, run_before=settle)


async def one_turn(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    for _ in range(3):
        await press_option(pilot, 0)  # the first option, by its key
        await settle(pilot)


def test_game_screen_after_a_turn(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, table=ld_table(seed=7), save_path=tmp_path / "g.toml")
    assert snap_compare(app, terminal_size=SIZE, run_before=one_turn)


def test_curtain_screen(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, table=ld_table(TWO_HUMANS, seed=4), save_path=tmp_path / "h.toml")
    assert snap_compare(app, terminal_size=SIZE, run_before=settle)


def finished(tmp_path: Path) -> Table:
    import asyncio

    table = ld_table(seed=3)

    async def play() -> None:
        app = make_app(tmp_path, table=table, save_path=tmp_path / "done.toml")
        async with app.run_test(size=SIZE) as pilot:
            await play_to_end(pilot)

    asyncio.run(play())
    return table


def test_replay_screen(snap_compare: Any, tmp_path: Path) -> None:
    table = finished(tmp_path)
    assert table.over
    app = make_app(tmp_path, replay=table)
    assert snap_compare(app, terminal_size=SIZE, press=["home", *["right"] * 14, "2"])
