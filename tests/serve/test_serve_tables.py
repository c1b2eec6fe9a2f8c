"""The server's tables (server.tables and the socket of server.hub): the lobby, sitting, starting,
decisions checked against the seat a client holds, and what each client is told: only its
seat's view, decision and log."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from core.bots.random_bot import random_choice
from core.games.base import View
from core.narration import Text
from server import tables as tables_module
from server.hub import TableServer
from server.limits import Limits
from server.protocol import OVER, decode, dump, encode
from server.tables import PUBLIC, Client, Hub, ServerTable


class Seen:
    """A client's inbox: every message the hub sent it, as the bytes of its lines too."""

    def __init__(self, hub: Hub, name: str) -> None:
        self.messages: list[dict[str, Any]] = []
        self.raw = bytearray()
        self.client = Client(name, self._send)
        self.hub = hub
        hub.join(self.client)

    def _send(self, message: dict[str, Any]) -> None:
        self.raw += dump(message)
        self.messages.append(json.loads(dump(message)))

    def say(self, **message: Any) -> None:
        """Send a message as the socket would hand it over: through its JSON line."""
        self.hub.handle(self.client, json.loads(dump(message)))

    def last(self, kind: str) -> dict[str, Any]:
        return next(m for m in reversed(self.messages) if m["type"] == kind)

    def errors(self) -> list[str]:
        return [m["message"] for m in self.messages if m["type"] == "error"]


def make_hub() -> tuple[Hub, list[ServerTable]]:
    changed: list[ServerTable] = []
    return Hub(lambda: 42, changed.append), changed


def three_at_light_and_dark(hub: Hub) -> tuple[Seen, Seen, Seen]:
    aki, bea, cho = Seen(hub, "Aki"), Seen(hub, "Bea"), Seen(hub, "Cho")
    aki.say(type="create", game="light-and-dark", players=4, bots={"3": "heuristic"}, seed=42)
    table = aki.last("state")["table"]["id"]
    bea.say(type="sit", table=table, seat=1)
    cho.say(type="sit", table=table)
    aki.say(type="start")
    while hub.play_bot(hub.tables[table]):  # the bot's first claim, if it goes first
        pass
    return aki, bea, cho


def play_to_the_end(hub: Hub, table: ServerTable, players: tuple[Seen, ...]) -> None:
    """Play `table` until its game ends, the players choosing as random bots do."""
    rng = random.Random(5)
    for _ in range(2000):
        if table.state == OVER:
            break
        for seen in players:
            decision = seen.last("state")["decision"]
            if decision is not None:
                choice = random_choice(decode(decision), rng)
                seen.say(type="decide", seat=seen.client.seat, choice=choice)
        while hub.play_bot(table):
            pass
    assert table.state == OVER


def test_the_lobby_lists_a_table_with_its_seats_and_who_waits() -> None:
    hub, _ = make_hub()
    aki, bea = Seen(hub, "Aki"), Seen(hub, "Bea")
    aki.say(type="create", game="light-and-dark", players=4, bots={"3": "heuristic"})
    (listed,) = bea.last("lobby")["tables"]
    assert listed["game"] == "light-and-dark" and listed["state"] == "open"
    assert listed["seats"] == ["Aki", None, None, "bot:heuristic"]
    assert listed["free"] == 2 and listed["creator"] == "Aki"
    bea.say(type="watch", table=listed["id"])
    cho = Seen(hub, "Cho")
    assert cho.last("lobby")["tables"][0]["spectators"] == ["Bea"]


def test_the_creator_starts_only_when_every_seat_is_filled() -> None:
    hub, _ = make_hub()
    aki, bea = Seen(hub, "Aki"), Seen(hub, "Bea")
    aki.say(type="create", game="light-and-dark", players=3, bots={"2": "random"})
    table = aki.last("state")["table"]["id"]
    aki.say(type="start")
    assert aki.errors() == ["seats still free: 1"]
    bea.say(type="sit", table=table)
    bea.say(type="start")
    assert bea.errors() == ["only Aki, who made the table, starts it"]
    aki.say(type="start")
    assert aki.last("state")["table"]["state"] == "playing"


@pytest.mark.parametrize(
    ("message", "why"),
    [
        ({"game": "chess", "players": 2}, "no game 'chess'"),
        ({"game": "light-and-dark", "players": 9}, "Light and Dark (光と闇の勇者) is for 3 to"),
        ({"game": "light-and-dark", "players": 3, "bots": {"7": "random"}}, "no seat 7 for a bot"),
        ({"game": "light-and-dark", "players": 3, "bots": {"1": "genius"}}, "no bot 'genius'"),
        (
            {
                "game": "light-and-dark",
                "players": 3,
                "bots": {"0": "random", "1": "random", "2": "random"},
            },
            "at least one seat must be a player's",
        ),
        ({"game": "light-and-dark", "players": 3, "seed": 2**70}, "the seed must be"),
    ],
)
def test_a_table_that_cannot_be_is_refused_with_why(message: dict[str, Any], why: str) -> None:
    hub, _ = make_hub()
    aki = Seen(hub, "Aki")
    aki.say(type="create", **message)
    (error,) = aki.errors()
    assert error.startswith(why)
    assert hub.tables == {}


def test_a_name_with_a_seat_cannot_make_a_second_table_and_finished_tables_do_not_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hub, _ = make_hub()
    aki = Seen(hub, "Aki")
    bots = {"1": "random", "2": "random"}
    aki.say(type="create", game="light-and-dark", players=3, bots=bots)
    aki.say(type="start")
    aki.say(type="leave")  # after the start the seat waits for Aki
    aki.say(type="create", game="light-and-dark", players=3, bots=bots)
    assert aki.errors()[-1].startswith("Aki already has a seat at table 1")
    assert list(hub.tables) == [1]
    aki.say(type="sit", table=1, seat=0)
    play_to_the_end(hub, hub.tables[1], (aki,))
    Seen(hub, "Bea").say(type="watch", table=1)  # keeps the finished table (the others go)
    monkeypatch.setattr(tables_module, "MAX_TABLES", 1)  # a finished table leaves room
    aki.say(type="leave")
    aki.say(type="create", game="light-and-dark", players=3, bots=bots)
    assert list(hub.tables) == [1, 2]


def test_a_refusal_shows_a_clients_control_characters_as_escapes() -> None:
    hub, _ = make_hub()
    aki = Seen(hub, "Aki")
    aki.say(type="sit", table="\x1b[31m")
    (error,) = aki.errors()
    assert "\x1b" not in error and error.startswith("no table ")


def test_a_guest_cannot_take_a_name_a_connected_client_holds() -> None:
    async def scenario() -> list[str]:
        server = TableServer(Limits(), bot_delay=0, log=lambda line: None)
        await server.start()
        seen: list[str] = []
        writers = []
        for _ in range(2):
            reader, writer = await asyncio.open_unix_connection(str(server.path))
            writers.append(writer)
            writer.write(dump({"type": "hello", "token": server.token_for(None), "name": "Ann"}))
            await writer.drain()
            seen.append(json.loads(await asyncio.wait_for(reader.readline(), 30))["type"])
        for writer in writers:
            writer.close()
        await server.stop()
        return seen

    assert asyncio.run(scenario()) == ["welcome", "error"]


def test_a_guest_cannot_take_a_name_in_use_in_another_case_or_width_and_gives_another() -> None:
    """Not asked for a code (no seat of theirs is behind that name): told whose name it is too
    like, and another name is taken on the same connection."""

    async def scenario() -> list[dict[str, Any]]:
        server = TableServer(Limits(), bot_delay=0, log=lambda line: None)
        await server.start()
        said: list[dict[str, Any]] = []
        first = await asyncio.open_unix_connection(str(server.path))
        second = await asyncio.open_unix_connection(str(server.path))
        for (reader, writer), name in ((first, "Aki"), (second, "ａｋｉ"), (second, "Aki2")):
            writer.write(dump({"type": "hello", "token": server.token_for(None), "name": name}))
            await writer.drain()
            said.append(json.loads(await asyncio.wait_for(reader.readline(), 30)))
        for _, writer in (first, second):
            writer.close()
        await server.stop()
        return said

    welcome, refused, welcome_again = asyncio.run(scenario())
    assert welcome["type"] == "welcome" and welcome_again["type"] == "welcome"
    assert refused["type"] == "error"
    assert refused["message"] == "the name ａｋｉ is too like Aki, a name in use here: give another"


@pytest.mark.parametrize(
    ("first", "second", "why"),
    [
        ("Aki", "aki", 'the name "aki" is seat 1\'s ("Aki"): names at one table must differ'),
        ("Aki", "ＡＫＩ", 'the name "ＡＫＩ" is seat 1\'s ("Aki")'),
        ("Aki", "bot 3", 'the name "bot 3" is seat 3\'s ("Bot 3")'),  # the bot's, as the log says
    ],
)
def test_a_seat_is_refused_to_a_name_another_seat_has_in_any_case_or_width(
    first: str, second: str, why: str
) -> None:
    """Players who log in by key keep their SSH user names: two of them differing only in case
    cannot sit at one table (the log, which says names, could not tell them apart)."""
    hub, _ = make_hub()
    one, two = Seen(hub, first), Seen(hub, second)
    one.say(type="create", game="light-and-dark", players=3, bots={"2": "random"})
    table = one.last("state")["table"]["id"]
    two.say(type="sit", table=table)
    (refused,) = two.errors()
    assert refused.startswith(why) and refused.endswith("in any case or width"), refused
    assert hub.tables[table].sitting == {0: first}
    two.say(type="create", game="light-and-dark", players=3, bots={"2": "random"})
    assert len(two.errors()) == (2 if second == "bot 3" else 1)  # a table of its own is fine
    assert list(hub.tables) == ([table] if second == "bot 3" else [table, table + 1])


def test_a_decision_for_a_seat_not_held_or_an_illegal_one_changes_nothing() -> None:
    hub, _ = make_hub()
    aki, bea, _ = three_at_light_and_dark(hub)
    game = hub.tables[1].table
    assert game is not None
    entries = len(game)
    bea.say(type="decide", seat=0, choice="silent")
    aki.say(type="decide", seat=0, choice="no-such-option")
    aki.say(type="decide", seat=0, choice={"a": 1})
    assert bea.errors() == ["that seat is not yours"]
    assert aki.errors()[0].startswith(
        "Aki (claim a role or stay silent): 'no-such-option' is not one of 'silent'"
    )
    assert aki.errors()[1] == "a choice is an option id or a list of them"
    assert len(game) == entries


def test_a_seat_gets_its_own_view_and_decision_and_plays_it() -> None:
    hub, _ = make_hub()
    aki, bea, _ = three_at_light_and_dark(hub)
    state = aki.last("state")
    view = decode(state["view"])
    assert isinstance(view, View) and view.viewer == 0
    assert state["decision"]["fields"]["seat"] == 0 and state["your_turn"]
    assert bea.last("state")["decision"] is None and bea.last("state")["pending"] == [0]
    aki.say(type="decide", seat=0, choice="silent")
    assert aki.errors() == []
    assert bea.last("state")["pending"] == [1]


def sent(index: int, line: Text) -> bytes:
    """Entry `index`'s `line` as a state message carries it."""
    return json.dumps([index + 1, encode(line)], ensure_ascii=False).encode()


def test_a_seat_never_receives_another_seats_secret_before_it_is_revealed() -> None:
    """The leak test at the hub: whatever seat 2 (Bea) may read alone (her role card in the log,
    in her view) never is in a byte Aki's client receives, and Aki's views hide her role until
    the rules reveal it."""
    hub, _ = make_hub()
    aki, bea, cho = three_at_light_and_dark(hub)
    server_table = hub.tables[1]
    game = server_table.table
    assert game is not None
    assert game.view(1).board.roles[1] is not None and game.view(0).board.roles[1] is None
    play_to_the_end(hub, server_table, (aki, bea, cho))
    # Lines go as texts (Messages), each client writing them out in its own language.
    private = {
        (index, line)
        for index in range(len(game))
        for line in game.entry_texts(index, 1)
        if line not in game.entry_texts(index, PUBLIC) and line not in game.entry_texts(index, 0)
    }
    # Bea was told her role, alone; Aki's log lines come as [entry number, line].
    assert any("You draw the" in str(line) for _, line in private)
    for index, line in private:
        assert sent(index, line) not in aki.raw
    # ... while Aki's own private lines do come, written the same way.
    own = [
        (index, line)
        for index in range(len(game))
        for line in game.entry_texts(index, 0)
        if line not in game.entry_texts(index, PUBLIC)
    ]
    assert own
    for index, line in own:
        assert sent(index, line) in aki.raw
    # Every view Aki got is the one core gives seat 1 at that point of the game: Bea's role in
    # it only once the rules reveal it.
    views = [
        (m["entries"], decode(m["view"]))
        for m in aki.messages
        if m["type"] == "state" and m.get("view")
    ]
    assert len(views) > 20
    hidden = 0
    for entries, view in views:
        assert view == game.view_at(entries, 0)
        hidden += (
            view.board.roles[1] is None and game.view_at(entries, 1).board.roles[1] is not None
        )
    assert hidden > 10
    assert aki.errors() == [] and bea.errors() == [] and cho.errors() == []


def test_reconnecting_to_a_held_seat_gets_the_game_as_it_stands() -> None:
    hub, _ = make_hub()
    aki, bea, _ = three_at_light_and_dark(hub)
    aki.say(type="decide", seat=0, choice="silent")
    hub.leave(bea.client)
    assert hub.tables[1].summary()["waiting"] == ["Bea"]
    again = Seen(hub, "Bea")
    again.say(type="sit", table=1)
    state = again.last("state")
    assert state["seat"] == 1 and state["decision"]["fields"]["seat"] == 1
    assert hub.tables[1].summary()["waiting"] == []
    other = Seen(hub, "Dan")
    other.say(type="sit", table=1, seat=1)
    assert other.errors() == ["seat 2 is taken"]


def test_chat_goes_to_the_table_and_control_characters_are_refused() -> None:
    hub, _ = make_hub()
    aki, bea, cho = three_at_light_and_dark(hub)
    aki.say(type="chat", text="I am the Warrior, honestly")
    assert bea.last("chat") == {
        "v": 3,
        "type": "chat",
        "from": "Aki",
        "text": "I am the Warrior, honestly",
    }
    aki.say(type="chat", text="\x1b[2Jgone")
    assert aki.errors() == ['the chat line "\\x1b[2Jgone" contains a control character (\\x1b)']
    assert cho.last("chat")["text"] == "I am the Warrior, honestly"


def test_the_socket_says_why_for_garbled_or_unknown_lines_and_plays_a_good_one() -> None:
    async def scenario() -> list[dict[str, Any]]:
        server = TableServer(Limits(), bot_delay=0, log=lambda line: None)
        await server.start()
        token = server.token_for("Aki")
        reader, writer = await asyncio.open_unix_connection(str(server.path))
        writer.write(b"garbage\n")
        writer.write(dump({"type": "hello", "token": "forged"}))
        writer.write(b"z" * 5000 + b"\n")
        writer.write(dump({"type": "hello", "token": token}))
        writer.write(
            dump(
                {
                    "type": "create",
                    "game": "light-and-dark",
                    "players": 3,
                    "bots": {"1": "random", "2": "random"},
                    "seed": 42,
                }
            )
        )
        writer.write(dump({"type": "start"}))
        await writer.drain()
        got: list[dict[str, Any]] = []
        while not any(m.get("type") == "state" and m.get("view") for m in got):
            got.append(json.loads(await asyncio.wait_for(reader.readline(), 30)))
        writer.close()
        await server.stop()
        return got

    got = asyncio.run(scenario())
    errors = [m["message"] for m in got if m["type"] == "error"]
    assert errors == [
        "garbled message: not one JSON object in UTF-8",
        "unknown session",
        "message too long (the limit is 4096 bytes)",
    ]
    assert got[3]["type"] == "welcome" and got[3]["player"] == "Aki"


def test_a_dropped_player_waits_at_the_seat_and_is_put_back_on_saying_hello_again() -> None:
    hub, _ = make_hub()
    aki, bea, cho = three_at_light_and_dark(hub)
    aki.say(type="decide", seat=0, choice="silent")
    hub.leave(bea.client)
    assert aki.last("state")["table"]["waiting"] == ["Bea"]  # the others see the seat wait
    assert cho.last("state")["table"]["waiting"] == ["Bea"]
    again = Seen(hub, "Bea")  # no "sit": the hello alone puts her back
    state = again.last("state")
    assert state["seat"] == 1 and state["decision"]["fields"]["seat"] == 1
    assert state["entries"] == len(hub.tables[1].table or [])
    assert aki.last("state")["table"]["waiting"] == []
    again.say(type="decide", seat=1, choice="silent")
    assert again.errors() == [] and aki.last("state")["pending"] != [1]


def test_undo_takes_back_only_your_own_last_decision_while_nobody_else_has_acted() -> None:
    hub, _ = make_hub()
    aki, bea, cho = three_at_light_and_dark(hub)
    game = hub.tables[1].table
    assert game is not None
    bea.say(type="undo")
    assert bea.errors() == ["nothing to undo: you have not decided anything yet"]
    aki.say(type="decide", seat=0, choice="silent")
    entries = len(game)
    cho.say(type="undo")  # not Cho's decision
    assert len(game) == entries and cho.errors()
    aki.say(type="undo")  # Aki's own, and nobody has acted since: allowed
    assert aki.errors() == [] and len(game) == entries - 1
    assert bea.last("state")["pending"] == [0] and aki.last("state")["your_turn"]
    aki.say(type="decide", seat=0, choice="silent")
    bea.say(type="decide", seat=1, choice="silent")
    entries = len(game)
    aki.say(type="undo")  # Bea has acted since Aki's decision
    assert aki.errors() == ["cannot undo: Bea has decided since your last decision"]
    assert len(game) == entries
    spectator = Seen(hub, "Dan")
    spectator.say(type="watch", table=1)
    spectator.say(type="undo")
    assert spectator.errors() == ["you have no decision to take back"]


def test_a_refusal_is_in_the_clients_language_with_its_message_id_and_values() -> None:
    hub, _ = make_hub()
    aki = Seen(hub, "Aki")
    aki.client.language = "ja"
    aki.say(type="sit", table=7)
    error = aki.last("error")
    assert error["id"] == "no table {table}" and error["values"] == {"table": "7"}
    assert error["message"] == "テーブル 7 はありません"


def test_a_language_request_changes_the_language_of_the_refusals() -> None:
    hub, _ = make_hub()
    aki = Seen(hub, "Aki")
    aki.say(type="language", lang="ja")  # the player switched to Japanese
    aki.say(type="sit", table=7)
    assert aki.last("error")["message"] == "テーブル 7 はありません"
    aki.say(type="language", lang="xx")  # not a language: one line, nothing changes
    assert aki.last("error")["message"] == "language は ja, en のどれかです"
    aki.say(type="sit", table=7)
    assert aki.last("error")["message"] == "テーブル 7 はありません"
    aki.say(type="language", lang="en")
    aki.say(type="sit", table=7)
    assert aki.last("error")["message"] == "no table 7"
    assert [m["type"] for m in aki.messages].count("lobby") == 1  # the welcome's: no reply
