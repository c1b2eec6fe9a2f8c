"""The abandoned tables' sweep (docs/serve.md, "Limits"): every table closed as abandoned is
logged with where its save is, whether the sweep or a new table closed it; the sweep goes on
after a failure and never spins, however short the grace. The clock is the hub's: nothing here
waits."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from test_serve_chat_rate import Clock
from test_serve_finished_tables import BOTS
from test_serve_tables import Seen

from core.narration import text
from server.hub import TableServer
from server.limits import Limits


async def test_a_table_a_new_table_closes_as_abandoned_is_logged_with_its_save(
    tmp_path: Path,
) -> None:
    clock = Clock()
    logged: list[str] = []
    server = TableServer(
        Limits(table_grace=60),
        bot_delay=3600,
        log=lambda line: logged.append(text(line)),
        save_dir=tmp_path,
        clock=clock,
    )
    try:
        aki = Seen(server.hub, "Aki")
        aki.say(type="create", game="light-and-dark", players=3, bots=BOTS, seed=42)
        aki.say(type="start")
        server.hub.leave(aki.client)
        clock.now += 60
        bea = Seen(server.hub, "Bea")
        bea.say(type="create", game="light-and-dark", players=3, bots=BOTS, seed=42)
        assert bea.errors() == [] and list(server.hub.tables) == [2]
        save = tmp_path / "tables" / "0001.save.toml"
        assert logged == [
            f"table 1: closed, none of its players came back in time; its game: {save}"
        ]
    finally:
        await server.stop()


async def test_a_failing_sweep_is_logged_and_the_next_one_is_still_due(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    logged: list[str] = []
    server = TableServer(
        Limits(table_grace=60), bot_delay=3600, log=lambda line: logged.append(text(line))
    )

    def broken() -> None:
        raise OSError("disk gone")

    monkeypatch.setattr(server.hub, "close_abandoned", broken)
    try:
        server._sweep()
        assert logged == ["closing the abandoned tables failed: disk gone"]
        assert server._sweeper is not None and not server._sweeper.cancelled()
    finally:
        await server.stop()


async def test_a_tiny_grace_does_not_make_the_sweep_spin() -> None:
    server = TableServer(Limits(table_grace=0.001), bot_delay=3600, log=lambda line: None)
    try:
        before = asyncio.get_running_loop().time()
        server._sweep()
        assert server._sweeper is not None and server._sweeper.when() >= before + 1
    finally:
        await server.stop()
