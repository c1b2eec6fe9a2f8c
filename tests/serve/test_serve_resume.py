"""Tables that outlive the server and players who come back: every table autosaves to the save
folder and is offered again by the next start (even after SIGKILL), with the same seats waiting;
a guest whose connection dropped proves it is them with the reconnect code it was given."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import tomllib
from pathlib import Path
from typing import Any

import pytest
from sshkit import TIMEOUT, Server, SSHTerminal, run, tables_of
from test_serve_tables import Seen, play_to_the_end, three_at_light_and_dark

from core.bots.random_bot import random_choice
from server.hub import CODE_TRIES, TableServer
from server.limits import Limits
from server.protocol import OVER, PLAYING, decode, dump
from server.store import StoreBusy, TableStore
from server.tables import Hub


def stored_hub(folder: Path) -> tuple[Hub, TableStore]:
    """A hub keeping its tables in `folder`, as a start of the server makes it."""
    store = TableStore(folder, log=print)
    hub = Hub(lambda: 42, lambda table: None, store)
    hub.resume()
    return hub, store


def test_one_server_at_a_time_keeps_its_tables_in_a_folder(tmp_path: Path) -> None:
    _, store = stored_hub(tmp_path)
    with pytest.raises(StoreBusy, match="another partyline serve keeps its tables in"):
        TableStore(tmp_path, log=print)
    store.close()
    stored_hub(tmp_path)


def test_a_new_hub_offers_every_unfinished_table_with_its_seats_and_game(tmp_path: Path) -> None:
    hub, store = stored_hub(tmp_path)
    aki, bea, _ = three_at_light_and_dark(hub)
    aki.say(type="decide", seat=0, choice="silent")
    dan = Seen(hub, "Dan")
    dan.say(type="create", game="dangerous", players=3, bots={"2": "random"})
    game = hub.tables[1].table
    assert game is not None
    log = list(game.log)
    store.close()  # a server killed does not; the test with SIGKILL shows that is the same
    again, _ = stored_hub(tmp_path)
    assert sorted(again.tables) == [1, 2]
    resumed, open_table = again.tables[1], again.tables[2]
    assert resumed.state == PLAYING and resumed.sitting == {0: "Aki", 1: "Bea", 2: "Cho"}
    assert resumed.bots == {3: "heuristic"} and resumed.creator == "Aki"
    assert resumed.table is not None and list(resumed.table.log) == log
    assert resumed.summary()["waiting"] == ["Aki", "Bea", "Cho"]
    assert open_table.state == "open" and open_table.sitting == {0: "Dan"}
    readable = tomllib.loads((tmp_path / "tables" / "0001.table.toml").read_text())
    assert readable["seats"] == {"0": "Aki", "1": "Bea", "2": "Cho"}
    assert readable["game"] == "light-and-dark" and readable["bots"] == {"3": "heuristic"}
    bea_back = Seen(again, "Bea")  # her hello puts her back, at her turn
    state = bea_back.last("state")
    assert state["seat"] == 1 and state["decision"]["fields"]["seat"] == 1
    Seen(again, "Eve").say(type="create", game="light-and-dark", players=3)
    assert sorted(again.tables) == [1, 2, 3]  # a new table does not take a resumed one's number
    del bea


def test_a_finished_table_is_not_offered_again_and_its_save_stays(tmp_path: Path) -> None:
    hub, store = stored_hub(tmp_path)
    aki = Seen(hub, "Aki")
    aki.say(type="create", game="light-and-dark", players=3, bots={"1": "random", "2": "random"})
    aki.say(type="start")
    play_to_the_end(hub, hub.tables[1], (aki,))
    store.close()
    assert stored_hub(tmp_path)[0].tables == {}
    assert (tmp_path / "tables" / "0001.save.toml").exists()
    assert not (tmp_path / "tables" / "0001.table.toml").exists()


class Inbox:
    """A client of the tables' socket, as an app child is: lines out, messages in."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.messages: list[dict[str, Any]] = []

    @classmethod
    async def open(cls, socket: Path, **hello: Any) -> Inbox:
        inbox = cls(*await asyncio.open_unix_connection(str(socket)))
        inbox.say(type="hello", **hello)
        return inbox

    def say(self, **message: Any) -> None:
        self.writer.write(dump(message))

    async def wait(self, kind: str, **fields: Any) -> dict[str, Any]:
        """The next message of `kind` with these fields (those before it are kept)."""
        while True:
            message = json.loads(await asyncio.wait_for(self.reader.readline(), TIMEOUT))
            self.messages.append(message)
            if message["type"] == kind and all(message.get(k) == v for k, v in fields.items()):
                return message

    def close(self) -> None:
        self.writer.close()


def test_a_guest_gets_the_seat_back_only_with_its_reconnect_code(tmp_path: Path) -> None:
    async def scenario() -> None:
        server = TableServer(Limits(), bot_delay=0, log=lambda line: None, save_dir=tmp_path)
        await server.start()
        ann = await Inbox.open(server.path, token=server.token_for(None), name="Ann")
        code = (await ann.wait("welcome"))["code"]
        ann.say(type="create", game="light-and-dark", players=3, bots={"1": "random"})
        ann.close()  # the connection drops
        for given in (None, "0" * 8, code.upper() + "0"):
            other = await Inbox.open(server.path, token=server.token_for(None), name="Ann")
            if given is not None:
                other.say(type="hello", token="", name="Ann", code=given)
            refused = await other.wait("error")
            assert refused["id"] == (
                "the name {name} is in use; to take your seat back, give its code"
            )
            other.close()
        # A session gets a few tries (a typo), then its token is no good, even with the code.
        token = server.token_for(None)
        guesser = await Inbox.open(server.path, token=token, name="Ann", code="0")
        for _ in range(CODE_TRIES - 1):
            guesser.say(type="hello", token=token, name="Ann", code="0")
        guesser.say(type="hello", token=token, name="Ann", code=code)
        for _ in range(CODE_TRIES):
            assert (await guesser.wait("error"))["values"] == {"name": "Ann"}
        assert (await guesser.wait("error"))["message"] == "unknown session"
        guesser.close()
        back = await Inbox.open(server.path, token=server.token_for(None), name="Ann", code=code)
        welcome = await back.wait("welcome")
        assert "code" not in welcome  # the code is given once, when the name is first taken
        state = await back.wait("state")
        assert state["seat"] == 0 and state["table"]["seats"][:2] == ["Ann", "bot:random"]
        back.close()
        await server.stop()

    asyncio.run(scenario())


def test_a_server_killed_with_sigkill_resumes_its_table_and_its_guest_sits_again(
    tmp_path: Path,
) -> None:
    args = ("--guests", "--save-dir", str(tmp_path / "saves"))

    async def first_run(socket: Path, token: str) -> tuple[str, list[Any]]:
        aki = await Inbox.open(socket, token=token, name="Aki")
        code = (await aki.wait("welcome"))["code"]
        bots = {"1": "random", "2": "random"}
        aki.say(type="create", game="light-and-dark", players=3, bots=bots, seed=42)
        aki.say(type="start")
        state = await aki.wait("state", your_turn=True)
        choice = random_choice(decode(state["decision"]), random.Random(1))
        aki.say(type="decide", seat=0, choice=choice)
        await aki.wait("state", entries=state["entries"] + 1)
        narration = [
            line for m in aki.messages if m["type"] == "state" for line in m.get("narration", [])
        ]
        return code, narration

    async def second_run(socket: Path, token: str, code: str) -> dict[str, Any]:
        impostor = await Inbox.open(socket, token=token, name="Aki")
        assert (await impostor.wait("error"))["values"] == {"name": "Aki"}
        impostor.close()
        aki = await Inbox.open(socket, token=token, name="Aki", code=code)
        await aki.wait("welcome")
        state = await aki.wait("state")
        aki.close()
        return state

    with Server.start(tmp_path, *args) as server, SSHTerminal.connect(server, "x") as term:
        term.wait_for("Your name at the tables")
        (child,) = server.children()
        code, before = run(first_run(*tables_of(child)))
        os.kill(server.process.pid, signal.SIGKILL)
        server.process.wait(TIMEOUT)
    with Server.start(tmp_path, *args) as server:
        server.wait_for_line("table 1: resumed (playing), waiting for Aki")
        with SSHTerminal.connect(server, "x") as term:
            term.wait_for("Your name at the tables")
            (child,) = server.children()
            state = run(second_run(*tables_of(child), code))
        assert server.stop() == 0
    assert state["seat"] == 0 and state["table"]["id"] == 1 and state["narration_keep"] == 0
    assert state["narration"][: len(before)] == before  # the game as it stood, and Aki's move
    assert state["table"]["state"] != OVER
