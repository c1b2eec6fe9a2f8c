"""A closed table's number is never given again (docs/serve.md): its save stays in the store's
folder for the host to continue, and a new table, even after a restart, gets a number after it
instead of replacing that save."""

from __future__ import annotations

from pathlib import Path

from test_serve_abandoned_tables import GRACE, hub_with
from test_serve_chat_rate import Clock
from test_serve_finished_tables import BOTS, finished_alone, started_alone
from test_serve_tables import Seen

from core import background, saves
from server.store import TableStore
from server.tables import Hub


def new_game(hub: Hub, name: str) -> Seen:
    seen = Seen(hub, name)
    seen.say(type="create", game="light-and-dark", players=3, bots=BOTS, seed=9)
    seen.say(type="start")
    assert seen.errors() == []
    return seen


def test_after_a_restart_new_tables_are_numbered_after_every_closed_tables_save(
    tmp_path: Path,
) -> None:
    clock = Clock()
    store = TableStore(tmp_path, log=print)
    hub = hub_with(clock, store)
    aki = started_alone(hub, "Aki")  # table 1
    bea = Seen(hub, "Bea")
    bea.say(type="create", game="light-and-dark", players=3, bots=BOTS, seed=5)
    bea.say(type="leave")  # table 2, given up before its start: no file
    cho = new_game(hub, "Cho")  # table 3
    hub.leave(aki.client)
    hub.leave(cho.client)
    clock.now += GRACE
    assert [table.id for table in hub.close_abandoned()] == [1, 3]
    background.wait()
    store.close()
    first = store.save_path(1).read_bytes()
    again = TableStore(tmp_path, log=print)
    hub = hub_with(clock, again)
    assert hub.resume() == []
    dan = new_game(hub, "Dan")
    assert dan.client.table is not None and dan.client.table.id == 4  # after every number
    background.wait()
    assert store.save_path(1).read_bytes() == first  # the first game, still the host's
    assert saves.load(again.save_path(4)).table.seats[0].name == "Dan"
    again.close()


def test_a_hub_that_resumed_nothing_still_skips_the_number_of_a_finished_games_save(
    tmp_path: Path,
) -> None:
    store = TableStore(tmp_path, log=print)
    finished_alone(Hub(lambda: 42, lambda table: None, store), "Aki")
    background.wait()
    store.close()
    first = store.save_path(1).read_bytes()
    again = TableStore(tmp_path, log=print)
    hub = Hub(lambda: 42, lambda table: None, again)  # not resumed: numbers from 1
    bea = new_game(hub, "Bea")
    assert bea.client.table is not None and bea.client.table.id == 2
    background.wait()
    assert store.save_path(1).read_bytes() == first
    again.close()
