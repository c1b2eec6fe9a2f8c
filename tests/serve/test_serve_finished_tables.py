"""A long-running server's memory stays bounded: a finished table is kept only while a client is
at it (its result screen, a watcher's whole log), and at most MAX_FINISHED of them; once
dropped, nothing refers to it, a message naming it is refused as for an unknown table, and no
bot timer plays into it (docs/serve.md, "Finished tables")."""

from __future__ import annotations

import gc
import random
import weakref
from pathlib import Path

import pytest
from test_serve_tables import Seen, play_to_the_end

from core import background, saves
from core.bots.random_bot import random_choice
from server import tables as tables_module
from server.hub import TableServer
from server.limits import Limits
from server.protocol import OVER, decode
from server.store import TableStore
from server.tables import Hub

BOTS = {"1": "random", "2": "random"}


def quiet_hub() -> Hub:
    """A hub that keeps no table anywhere else (make_hub's list of changes would)."""
    return Hub(lambda: 42, lambda table: None)


def started_alone(hub: Hub, name: str) -> Seen:
    """`name` makes a table with two bots and starts its game."""
    seen = Seen(hub, name)
    seen.say(type="create", game="light-and-dark", players=3, bots=BOTS, seed=42)
    seen.say(type="start")
    return seen


def finish(hub: Hub, seen: Seen) -> Seen:
    """`seen` plays its table to the end, and stays at it."""
    assert seen.client.table is not None
    play_to_the_end(hub, seen.client.table, (seen,))
    return seen


def finished_alone(hub: Hub, name: str) -> Seen:
    return finish(hub, started_alone(hub, name))


def test_a_finished_table_is_dropped_when_its_last_client_leaves_and_nothing_keeps_it() -> None:
    hub = quiet_hub()
    aki = finished_alone(hub, "Aki")
    dan = Seen(hub, "Dan")
    dan.say(type="watch", table=1)  # a finished table by its number: the whole log
    kept = weakref.ref(hub.tables[1])
    aki.say(type="leave")
    assert list(hub.tables) == [1]  # Dan still looks at it
    assert dan.last("state")["over"] and dan.errors() == []
    hub.leave(dan.client)  # the connection drops
    assert hub.tables == {}
    gc.collect()
    assert kept() is None  # no client, timer or list holds the finished game any more


def test_a_game_the_bots_end_while_nobody_is_at_it_is_dropped_at_once() -> None:
    hub = quiet_hub()
    aki = Seen(hub, "Aki")
    aki.say(type="create", game="light-and-dark", players=3, bots=BOTS, seed=1)
    aki.say(type="start")
    table = hub.tables[1]
    rng = random.Random(5)
    while table.state != OVER:  # Aki is away whenever a bot plays, back for each turn
        if hub.bot_to_play(table):
            hub.leave(aki.client)
            while hub.play_bot(table):
                pass
        elif aki.client not in hub.clients:
            aki = Seen(hub, "Aki")  # the hello puts Aki back at the seat
        else:
            decision = decode(aki.last("state")["decision"])
            aki.say(type="decide", seat=0, choice=random_choice(decision, rng))
    assert aki.client not in hub.clients and table.clients == []  # the bots ended it
    assert hub.tables == {}
    back = Seen(hub, "Aki")
    assert [m["type"] for m in back.messages] == ["welcome", "lobby"] and back.errors() == []


def test_a_finished_table_stays_while_a_player_is_at_it_and_goes_when_they_leave() -> None:
    hub = quiet_hub()
    aki, bea = Seen(hub, "Aki"), Seen(hub, "Bea")
    aki.say(type="create", game="light-and-dark", players=3, bots={"2": "random"}, seed=42)
    bea.say(type="sit", table=1)
    aki.say(type="start")
    table = hub.tables[1]
    play_to_the_end(hub, table, (aki, bea))
    hub.leave(aki.client)
    assert hub.tables == {1: table}
    bea.say(type="chat", text="good game")  # the result screen still works
    assert bea.errors() == [] and bea.last("chat")["text"] == "good game"
    bea.say(type="leave")
    assert hub.tables == {}
    assert bea.last("lobby")["tables"] == [] and bea.client.table is None


def test_past_the_cap_the_finished_table_that_ended_first_is_dropped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tables_module, "MAX_FINISHED", 2)
    hub = quiet_hub()
    aki = started_alone(hub, "Aki")  # table 1: made first, over last
    bea, cho = finished_alone(hub, "Bea"), finished_alone(hub, "Cho")
    assert list(hub.tables) == [1, 2, 3]
    finish(hub, aki)
    assert list(hub.tables) == [1, 3] and all(t.state == OVER for t in hub.tables.values())
    # Bea, still at table 2, is back in the lobby with one line saying why.
    assert bea.client.table is None and bea.messages[-2]["type"] == "lobby"
    assert bea.errors() == ["the game at table 2 is over: its table is closed"]
    assert aki.errors() == [] and cho.errors() == [] and aki.client.table is hub.tables[1]
    bea.say(type="chat", text="hello?")
    assert bea.errors()[-1] == "you are not at a table"


def test_a_dropped_tables_game_is_its_closed_save_and_leaves_no_table_file(tmp_path: Path) -> None:
    store = TableStore(tmp_path, log=print)
    hub = Hub(lambda: 42, lambda table: None, store)
    aki = finished_alone(hub, "Aki")
    game = weakref.ref(hub.tables[1].table)
    aki.say(type="chat", text="good game")  # said at a finished table: not for a restart
    aki.say(type="leave")
    assert hub.tables == {} and aki.errors() == []
    background.wait()  # the closed save's last fsync
    gc.collect()
    assert game() is None  # nothing holds the game: its autosave was closed, and let go
    assert not store.table_path(1).exists()
    assert saves.load(store.save_path(1)).table.over  # written whole, closed
    store.close()
    again = Hub(lambda: 42, lambda table: None, TableStore(tmp_path, log=print))
    assert again.resume() == [] and again.tables == {}


def test_a_message_naming_a_dropped_table_is_refused_as_an_unknown_one() -> None:
    hub = quiet_hub()
    aki = finished_alone(hub, "Aki")
    aki.say(type="leave")
    aki.say(type="watch", table=1)
    aki.say(type="sit", table=1, seat=0)
    aki.say(type="watch", table=99)
    assert aki.errors() == ["no table 1", "no table 1", "no table 99"]
    assert {m["id"] for m in aki.messages if m["type"] == "error"} == {"no table {table}"}
    aki.client.language = "ja"
    aki.say(type="sit", table=1)
    assert aki.errors()[-1] == "テーブル 1 はありません"


async def test_the_bot_timer_of_a_dropped_table_is_cancelled() -> None:
    # Bots played by hand here, so the timer scheduled for the first bot's turn is still
    # waiting (an hour) when the game ends: a timer left over, as a race can leave one.
    server = TableServer(Limits(), bot_delay=3600, log=lambda line: None)
    try:
        aki = finished_alone(server.hub, "Aki")
        timer = server._bots[1]
        assert not timer.cancelled()
        aki.say(type="leave")
        assert server.hub.tables == {}
        assert timer.cancelled() and 1 not in server._bots
    finally:
        await server.stop()
