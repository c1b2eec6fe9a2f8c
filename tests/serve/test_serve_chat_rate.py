"""The table chat's own limit (issue 12: every limit a flag, with a message for each refusal): a
player says at most `--max-chat-rate` lines a minute (that many at once, then one every 60/N
seconds); a line past it is refused, in the player's language, as a message id with its values,
and nobody hears it. The clock is the hub's, passed in: nothing here waits."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from test_serve_tables import Seen

from core.i18n import translator
from server.hub import TableServer
from server.limits import Limits
from server.protocol import dump
from server.tables import Hub
from tui.remote_session import refusal_line

TOO_FAST = "you are chatting too fast: the limit is {count} a minute"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def two_at_a_table(rate: int) -> tuple[Hub, Clock, Seen, Seen]:
    clock = Clock()
    hub = Hub(lambda: 42, lambda table: None, chat_rate=rate, clock=clock)
    aki, bea = Seen(hub, "Aki"), Seen(hub, "Bea")
    aki.say(type="create", game="light-and-dark", players=3, bots={"2": "random"}, seed=42)
    bea.say(type="sit", table=aki.last("state")["table"]["id"])
    return hub, clock, aki, bea


def heard(seen: Seen) -> list[str]:
    return [m["text"] for m in seen.messages if m["type"] == "chat"]


def test_a_player_past_the_chat_rate_is_refused_and_nobody_hears_the_line() -> None:
    _, clock, aki, bea = two_at_a_table(rate=3)
    for line in ("one", "two", "three", "four"):
        aki.say(type="chat", text=line)
    assert heard(bea) == ["one", "two", "three"] == heard(aki)
    error: dict[str, Any] = aki.last("error")
    assert error["message"] == "you are chatting too fast: the limit is 3 a minute"
    assert error["id"] == TOO_FAST and error["values"] == {"count": 3}
    bea.say(type="chat", text="mine")  # a limit of each player's own
    assert heard(aki)[-1] == "mine" and bea.errors() == []
    clock.now += 19.9  # a line every 20 seconds after the burst
    aki.say(type="chat", text="five")
    assert heard(bea)[-1] == "mine" and len(aki.errors()) == 2
    clock.now += 0.2
    aki.say(type="chat", text="six")
    assert heard(bea)[-1] == "six"


def test_a_reconnect_keeps_what_the_player_used_of_the_allowance() -> None:
    hub, clock, aki, bea = two_at_a_table(rate=2)
    aki.say(type="chat", text="one")
    aki.say(type="chat", text="two")
    hub.leave(aki.client)  # the connection drops; the seat waits
    again = Seen(hub, "Aki")  # a new connection, put back at Aki's seat
    assert again.client.seat == 0
    again.say(type="chat", text="three")
    assert heard(bea) == ["one", "two"]
    assert again.last("error")["id"] == TOO_FAST
    clock.now += 30  # one line every 30 seconds, as before the reconnect
    again.say(type="chat", text="four")
    assert heard(bea)[-1] == "four"


def test_a_table_keeps_only_the_allowances_still_in_use() -> None:
    hub, clock, aki, bea = two_at_a_table(rate=6)
    table = hub.tables[aki.last("state")["table"]["id"]]
    watchers = [Seen(hub, f"W{n}") for n in range(5)]
    for watcher in watchers:
        watcher.say(type="watch", table=table.id)
        watcher.say(type="chat", text="hi")
    assert len(table.chat_allowances) == 5
    clock.now += 9.9  # one line back every 10 seconds: not full yet
    bea.say(type="chat", text="hello")
    assert len(table.chat_allowances) == 6
    clock.now += 0.2  # the watchers' allowances are full again: the same as none
    aki.say(type="chat", text="hi all")
    assert sorted(table.chat_allowances) == ["Aki", "Bea"]


def test_a_refused_line_costs_nothing_of_the_rate() -> None:
    _, _, aki, bea = two_at_a_table(rate=1)
    aki.say(type="chat", text="   ")  # blank: refused for itself
    aki.say(type="chat", text="hello")
    assert heard(bea) == ["hello"]


def test_the_refusal_is_in_the_players_language_both_ways() -> None:
    _, _, aki, _bea = two_at_a_table(rate=1)
    aki.say(type="language", lang="ja")
    aki.say(type="chat", text="one")
    aki.say(type="chat", text="two")
    error = aki.last("error")
    japanese = translator("ja")(TOO_FAST, count=1)
    assert error["message"] == japanese != TOO_FAST.format(count=1)
    assert refusal_line(error, translator("ja").text) == japanese
    assert refusal_line(error, translator("en").text) == TOO_FAST.format(count=1)


def test_the_chat_rate_is_a_limit_with_a_sane_default() -> None:
    assert Limits().chat_rate == 12
    assert [str(p) for p in Limits(chat_rate=0).problems()] == [
        "--max-chat-rate must be at least 1, not 0"
    ]


def test_the_servers_tables_count_chat_against_the_limit_given() -> None:
    async def scenario() -> list[dict[str, Any]]:
        server = TableServer(Limits(chat_rate=2), bot_delay=0, log=lambda line: None)
        await server.start()
        reader, writer = await asyncio.open_unix_connection(str(server.path))
        hello = {"type": "hello", "token": server.token_for("Ann"), "lang": "ja"}
        create = {"type": "create", "game": "light-and-dark", "players": 3, "bots": {"1": "random"}}
        for message in (hello, create, *({"type": "chat", "text": t} for t in "abc")):
            writer.write(dump(message))
        await writer.drain()
        got: list[dict[str, Any]] = []
        while not got or got[-1]["type"] != "error":
            got.append(json.loads(await asyncio.wait_for(reader.readline(), 30)))
        writer.close()
        await server.stop()
        return got

    got = asyncio.run(scenario())
    assert [m["text"] for m in got if m["type"] == "chat"] == ["a", "b"]
    assert got[-1]["id"] == TOO_FAST and got[-1]["values"] == {"count": 2}
    assert got[-1]["message"] == "チャットの発言が速すぎます: 1分間に2行までです"


def test_only_the_speaker_hears_its_lines_number_back() -> None:
    _, _, aki, bea = two_at_a_table(rate=5)
    aki.say(type="chat", text="gg", n=7)
    assert aki.last("chat") == {"type": "chat", "from": "Aki", "text": "gg", "n": 7, "v": 3}
    assert bea.last("chat") == {"type": "chat", "from": "Aki", "text": "gg", "v": 3}
    for bad in ("7", -1, True, 2**53, 1.5):
        aki.say(type="chat", text="no", n=bad)
        assert aki.last("error")["id"] == "a chat line's number is a whole number"
    assert heard(bea) == ["gg"]
