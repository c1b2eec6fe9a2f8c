"""A player whose unfinished table was closed as abandoned while they were away is told so, in
their language, at their next hello, once; nobody else hears it, and the hub keeps at most
MAX_CLOSED_UNTOLD such names (docs/serve.md, "Abandoned tables")."""

from __future__ import annotations

import json

import pytest
from test_serve_abandoned_tables import GRACE, hub_with
from test_serve_chat_rate import Clock
from test_serve_tables import Seen

from core.i18n import Language
from server import tables
from server.protocol import dump
from server.tables import Client, Hub

TOLD = "table 1 is closed: none of its players came back in time; the host keeps its game"
TOLD_JA = (
    "テーブル 1 は閉じられました: プレイヤーが時間内に誰も戻りませんでした。"
    "ゲームはホストが保管します"
)


class SeenIn(Seen):
    """A client whose hello names `language` (its first lines are in it)."""

    def __init__(self, hub: Hub, name: str, language: Language) -> None:
        self.messages = []
        self.raw = bytearray()
        self.client = Client(name, self._send, language)
        self.hub = hub
        hub.join(self.client)


def abandoned_by(hub: Hub, clock: Clock, *names: str) -> None:
    """`names` sit at a new table, start it, all go away, and the grace passes: it is closed."""
    host, *others = [Seen(hub, name) for name in names]
    host.say(type="create", game="light-and-dark", players=3, bots={"2": "random"}, seed=42)
    table = host.client.table
    assert table is not None
    for other in others:
        other.say(type="sit", table=table.id)
    host.say(type="start")
    for seen in (host, *others):
        hub.leave(seen.client)
    clock.now += GRACE
    assert hub.close_abandoned() == [table]


def test_each_player_of_an_abandoned_table_is_told_once_at_their_next_hello() -> None:
    clock = Clock()
    hub = hub_with(clock)
    abandoned_by(hub, clock, "Aki", "Bea")
    cho = Seen(hub, "Cho")  # not one of its players: told nothing
    assert cho.errors() == []
    aki = Seen(hub, "Aki")
    assert [m["type"] for m in aki.messages] == ["welcome", "lobby", "error"]
    assert aki.errors() == [TOLD] and aki.last("error")["values"] == {"table": 1}
    assert cho.errors() == []  # never shown to anyone else
    bea = SeenIn(hub, "Bea", "ja")
    assert bea.errors() == [TOLD_JA]
    assert json.loads(dump(bea.last("error")))["id"] == TOLD.replace(" 1 ", " {table} ")
    hub.leave(aki.client)
    assert Seen(hub, "Aki").errors() == []  # told once: forgotten


def test_the_names_still_to_be_told_are_capped_the_oldest_forgotten_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tables, "MAX_CLOSED_UNTOLD", 1)
    clock = Clock()
    hub = hub_with(clock)
    abandoned_by(hub, clock, "Aki")
    abandoned_by(hub, clock, "Bea")
    assert Seen(hub, "Aki").errors() == []  # past the cap: only the host's log says it
    assert Seen(hub, "Bea").errors() == [TOLD.replace("table 1", "table 2")]
