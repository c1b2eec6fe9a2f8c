"""One person cannot fill the server with tables nobody plays (docs/serve.md, "Limits"): one
address makes at most `--max-per-address` unfinished tables, and an unfinished table none of
whose players is connected for `--table-grace` seconds is closed, its game kept as the host's
save. The clock is the hub's, passed in: nothing here waits."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

from test_serve_chat_rate import Clock
from test_serve_finished_tables import BOTS, finish, started_alone
from test_serve_tables import Seen

from core import background, saves
from core.bots.random_bot import random_choice
from core.narration import text
from server.hub import TableServer
from server.limits import Limits
from server.protocol import decode, dump
from server.store import TableStore
from server.tables import Hub

HOME = "203.0.113.5"
GRACE = 1800.0
TOO_MANY = "too many unfinished tables made from your address (at most 2)"
TOO_MANY_JA = "あなたのアドレスから作られた未終了のテーブルが多すぎます（最大 2 卓）"
CLOSED = "table 1 is closed: none of its players came back in time"


def hub_with(clock: Clock, store: TableStore | None = None) -> Hub:
    return Hub(
        lambda: 42, lambda table: None, store, clock=clock, tables_per_address=2, grace=GRACE
    )


def from_address(hub: Hub, name: str, address: str = HOME) -> Seen:
    seen = Seen(hub, name)
    seen.client.address = address
    return seen


def open_table(seen: Seen) -> None:
    seen.say(type="create", game="light-and-dark", players=3, bots={"2": "random"}, seed=7)


def test_one_address_makes_at_most_n_unfinished_tables_and_more_once_one_is_given_up_or_over() -> (
    None
):
    hub = hub_with(Clock())
    aki = from_address(hub, "Aki")
    aki.say(type="create", game="light-and-dark", players=3, bots=BOTS, seed=42)
    aki.say(type="start")
    bea, cho = from_address(hub, "Bea"), from_address(hub, "Cho")
    open_table(bea)
    open_table(cho)
    assert cho.errors() == [TOO_MANY] and cho.client.table is None and len(hub.tables) == 2
    error = cho.last("error")
    assert error["id"] == TOO_MANY.replace("2", "{count}") and error["values"] == {"count": 2}
    cho.client.language = "ja"
    open_table(cho)
    assert cho.errors()[-1] == TOO_MANY_JA
    dan = from_address(hub, "Dan", "198.51.100.7")  # another address has its own tables
    open_table(dan)
    assert dan.errors() == [] and dan.client.table is not None
    bea.say(type="leave")  # Bea gives her open table up: it ends
    open_table(cho)
    assert len(cho.errors()) == 2 and cho.client.table is not None
    eve = from_address(hub, "Eve")
    open_table(eve)
    assert eve.errors() == [TOO_MANY]
    finish(hub, aki)  # Aki's game is over: it no longer counts, though Aki is still at it
    open_table(eve)
    assert eve.errors() == [TOO_MANY] and eve.client.table is not None


def test_an_abandoned_table_is_closed_after_the_grace_and_its_game_is_the_hosts_save(
    tmp_path: Path,
) -> None:
    clock = Clock()
    store = TableStore(tmp_path, log=print)
    hub = hub_with(clock, store)
    aki = started_alone(hub, "Aki")
    table = hub.tables[1]
    assert table.table is not None
    decision = decode(aki.last("state")["decision"])
    aki.say(type="decide", seat=0, choice=random_choice(decision, random.Random(3)))
    while hub.play_bot(table):
        pass
    played = len(table.table)
    dan = from_address(hub, "Dan")
    dan.say(type="watch", table=1)  # a watcher does not keep a table
    hub.leave(aki.client)  # Aki's connection drops and Aki never comes back
    clock.now += GRACE - 1
    assert hub.close_abandoned() == [] and list(hub.tables) == [1]
    clock.now += 1
    assert hub.close_abandoned() == [table] and hub.tables == {}
    # The watcher is back in the lobby with one line; the table is unknown from now on.
    assert dan.client.table is None and dan.errors() == [CLOSED]
    assert dan.last("lobby")["tables"] == []
    dan.say(type="watch", table=1)
    dan.say(type="sit", table=1, seat=0)
    dan.say(type="chat", text="anyone?")
    dan.say(type="start")
    assert dan.errors()[1:] == [
        "no table 1",
        "no table 1",
        "you are not at a table",
        "you are not at a table",
    ]
    back = Seen(hub, "Aki")  # no seat any more: the lobby, told why, free to make a table
    assert [m["type"] for m in back.messages] == ["welcome", "lobby", "error"]
    assert back.errors() == [f"{CLOSED}; the host keeps its game"]
    # Its save was closed, whole, and is not offered again: the host continues it.
    background.wait()
    assert not store.table_path(1).exists()
    store.close()
    again = Hub(lambda: 42, lambda table: None, TableStore(tmp_path, log=print))
    assert again.resume() == []
    loaded = saves.load(store.save_path(1)).table
    assert len(loaded) == played and not loaded.over
    (pending,) = loaded.decisions()
    loaded.decide(pending.seat, random_choice(pending, random.Random(4)))
    assert len(loaded) > played  # it plays on from where it stopped


def test_a_player_back_within_the_grace_keeps_the_table_and_its_next_absence_starts_again() -> None:
    clock = Clock()
    hub = hub_with(clock)
    aki, bea = Seen(hub, "Aki"), Seen(hub, "Bea")
    aki.say(type="create", game="light-and-dark", players=3, bots={"2": "random"}, seed=42)
    bea.say(type="sit", table=1)
    aki.say(type="start")
    table = hub.tables[1]
    hub.leave(bea.client)
    hub.leave(aki.client)
    clock.now += GRACE - 1
    aki = Seen(hub, "Aki")  # back at the seat
    assert aki.client.table is table
    clock.now += 10 * GRACE
    assert hub.close_abandoned() == []
    aki.say(type="leave")  # in the lobby, still on the server: the seat is still wanted
    bea = Seen(hub, "Bea")
    hub.leave(bea.client)  # Bea comes and goes: Aki, in the lobby, keeps the table
    clock.now += 10 * GRACE
    assert hub.close_abandoned() == [] and hub.tables == {1: table}
    hub.leave(aki.client)
    clock.now += GRACE - 1
    assert hub.close_abandoned() == []
    clock.now += 1
    assert hub.close_abandoned() == [table]


def test_a_table_resumed_at_a_start_waits_a_grace_from_then_for_its_players(
    tmp_path: Path,
) -> None:
    clock = Clock()
    store = TableStore(tmp_path, log=print)
    started_alone(hub_with(clock, store), "Aki")
    store.close()  # the server stops with Aki still at the table
    clock.now += 10 * GRACE
    hub = hub_with(clock, TableStore(tmp_path, log=print))
    resumed = hub.resume()
    assert [table.id for table in resumed] == [1]
    clock.now += GRACE - 1
    assert hub.close_abandoned() == []
    clock.now += 1
    assert hub.close_abandoned() == resumed and hub.tables == {}


def test_an_open_table_whose_players_went_away_is_closed_too_and_frees_its_address() -> None:
    clock = Clock()
    hub = hub_with(clock)
    aki, bea = from_address(hub, "Aki"), from_address(hub, "Bea")
    open_table(aki)
    open_table(bea)
    hub.leave(aki.client)
    hub.leave(bea.client)
    cho = from_address(hub, "Cho")
    clock.now += GRACE
    open_table(cho)  # a new table first closes those past their grace
    assert cho.errors() == [] and list(hub.tables) == [3]


async def test_a_closed_tables_bot_timer_is_cancelled_and_the_server_logs_it() -> None:
    clock = Clock()
    logged: list[str] = []
    server = TableServer(
        Limits(table_grace=60),
        bot_delay=3600,
        log=lambda line: logged.append(text(line)),
        clock=clock,
    )
    try:
        aki = Seen(server.hub, "Aki")
        aki.say(type="create", game="light-and-dark", players=3, bots=BOTS, seed=42)
        aki.say(type="start")
        rng = random.Random(5)
        while 1 not in server._bots:  # Aki plays until a bot is to play: its timer waits
            decision = decode(aki.last("state")["decision"])
            aki.say(type="decide", seat=0, choice=random_choice(decision, rng))
        timer = server._bots[1]
        server.hub.leave(aki.client)
        clock.now += 60
        server._sweep()
        assert server.hub.tables == {} and timer.cancelled() and 1 not in server._bots
        assert logged == ["table 1: closed, none of its players came back in time"]
    finally:
        await server.stop()


def test_the_grace_is_a_limit_with_a_sane_default() -> None:
    assert Limits().table_grace == 1800
    assert [str(p) for p in Limits(table_grace=0).problems()] == [
        "--table-grace must be more than 0 seconds, not 0"
    ]


def test_the_server_counts_the_tables_made_from_a_sessions_address() -> None:
    async def scenario() -> list[list[dict[str, Any]]]:
        server = TableServer(Limits(per_address=1), bot_delay=0, log=lambda line: None)
        await server.start()
        inboxes = []
        for name, address in (("Ann", HOME), ("Bob", HOME), ("Cy", "198.51.100.7")):
            reader, writer = await asyncio.open_unix_connection(str(server.path))
            writer.write(dump({"type": "hello", "token": server.token_for(name, address)}))
            writer.write(dump({"type": "create", "game": "light-and-dark", "players": 3}))
            await writer.drain()
            got: list[dict[str, Any]] = []
            while not got or got[-1]["type"] not in ("state", "error"):
                got.append(json.loads(await asyncio.wait_for(reader.readline(), 30)))
            inboxes.append(got)
            writer.close()
        await server.stop()
        return inboxes

    ann, bob, cy = asyncio.run(scenario())
    assert ann[-1]["type"] == "state" and cy[-1]["type"] == "state"
    assert bob[-1]["message"] == TOO_MANY.replace("2", "1")
