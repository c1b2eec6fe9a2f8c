"""The server's own lines reach a client in its language (docs/i18n.md) wherever the server
knows it: a guest's name refused at hello (the hello says the language), and the protocol's
framing errors once the hello has named it. Before that, and in the server's log, English."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from sshkit import TIMEOUT

from core.i18n import translator
from core.narration import text
from server.hub import TableServer
from server.limits import Limits
from server.protocol import MAX_FROM_CLIENT, dump

JA = translator("ja")


async def errors_of(
    server: TableServer, *lines: bytes, hello: dict[str, Any] | None
) -> list[dict[str, Any]]:
    """The error messages the server answers `lines` with, after `hello` (None: none said).
    A lobby request goes last: its answer (a lobby, or "say hello first" without a hello) says
    every line before it was read."""
    reader, writer = await asyncio.open_unix_connection(str(server.path))
    if hello is not None:
        writer.write(dump({"type": "hello", **hello}))
    writer.write(b"".join(lines) + dump({"type": "lobby"}))
    await writer.drain()
    got: list[dict[str, Any]] = []
    lobbies = 1 if hello is None else 2  # a hello's welcome brings a lobby of its own
    while lobbies:
        got.append(json.loads(await asyncio.wait_for(reader.readline(), TIMEOUT)))
        lobbies -= got[-1]["type"] == "lobby" or got[-1].get("id") == "say hello first"
    writer.close()
    return [m for m in got if m["type"] == "error" and m.get("id") != "say hello first"]


FRAMING = (
    b"garbage\n",
    b"[1, 2]\n",
    b'{"v": 1, "type": "lobby"}\n',
    b'{"v": 3, "type": "format-disk"}\n',
    b"z" * (MAX_FROM_CLIENT + 10) + b"\n",
)
ENGLISH = [
    "garbled message: not one JSON object in UTF-8",
    "garbled message: not a JSON object",
    "protocol version 1 is not 3",
    "unknown message type 'format-disk'",
    f"message too long (the limit is {MAX_FROM_CLIENT} bytes)",
]


def test_framing_errors_come_in_the_language_the_hello_named(tmp_path: Path) -> None:
    async def scenario() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        server = TableServer(Limits(), bot_delay=0, log=lambda line: None)
        await server.start()
        hello = {"token": server.token_for("Aki"), "lang": "ja"}
        japanese = await errors_of(server, *FRAMING, hello=hello)
        english = await errors_of(server, *FRAMING, hello=None)  # no hello: no language yet
        await server.stop()
        return japanese, english

    japanese, english = asyncio.run(scenario())
    assert [e["message"] for e in english] == ENGLISH
    assert [JA(e["id"], **e["values"]) for e in japanese] == [e["message"] for e in japanese]
    assert [e["id"].format(**e["values"]) for e in japanese] == ENGLISH
    assert [e["message"] for e in japanese] == [
        "メッセージが壊れています: UTF-8 の JSON オブジェクト一つではありません",
        "メッセージが壊れています: JSON オブジェクトではありません",
        "プロトコルのバージョン 1 は 3 ではありません",
        "知らない種類のメッセージです: 'format-disk'",
        f"メッセージが長すぎます（上限は {MAX_FROM_CLIENT} バイト）",
    ]


def test_a_message_the_server_fails_on_is_one_line_in_the_clients_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def scenario() -> list[dict[str, Any]]:
        server = TableServer(Limits(), bot_delay=0, log=lambda line: None)
        await server.start()

        def broken(client: object, message: dict[str, Any]) -> None:
            raise RuntimeError("a bug")

        monkeypatch.setattr(server.hub, "handle", broken)
        hello = {"token": server.token_for("Aki"), "lang": "ja"}
        reader, writer = await asyncio.open_unix_connection(str(server.path))
        writer.write(dump({"type": "hello", **hello}) + dump({"type": "lobby"}))
        got: list[dict[str, Any]] = []
        while not any(m["type"] == "error" for m in got):
            got.append(json.loads(await asyncio.wait_for(reader.readline(), TIMEOUT)))
        writer.close()
        await server.stop()
        return got

    error = next(m for m in asyncio.run(scenario()) if m["type"] == "error")
    assert error["id"] == "the server could not handle that message"
    assert error["message"] == "サーバーはそのメッセージを扱えませんでした"


@pytest.mark.parametrize(
    ("name", "english"),
    [
        ("A\x1b[2Jki", 'partyline: the name "A\\x1b[2Jki" contains a control character (\\x1b)'),
        (
            "Bartholomew_the_Bold",
            'partyline: the name "Bartholomew_the_Bold" is too wide (20 cells; the limit is 16)',
        ),
        (" ", "partyline: the name is blank"),
    ],
)
def test_a_guests_name_refused_at_hello_is_in_the_language_of_the_hello(
    name: str, english: str
) -> None:
    async def scenario() -> list[dict[str, Any]]:
        server = TableServer(Limits(), bot_delay=0, log=lambda line: None)
        await server.start()
        refused = []
        for lang in ("ja", "en"):
            hello = {"token": server.token_for(None), "name": name, "lang": lang}
            reader, writer = await asyncio.open_unix_connection(str(server.path))
            writer.write(dump({"type": "hello", **hello}))
            refused.append(json.loads(await asyncio.wait_for(reader.readline(), TIMEOUT)))
            writer.close()
        await server.stop()
        return refused

    japanese, in_english = asyncio.run(scenario())
    assert in_english["message"] == english
    assert japanese["message"].startswith("partyline: 名前")
    assert japanese["message"] != english and "\x1b" not in japanese["message"]
    assert japanese["id"] == "partyline: {error}"
    assert text(Limits().name_refusal(name) or "") == english  # what ssh.py logs, in English


def test_the_name_refusal_is_written_in_the_translators_language() -> None:
    limits = Limits(name_cells=6)
    assert limits.name_refusal("勇者様a", JA) == (
        'partyline: 名前 "勇者様a" は幅が広すぎます（7 セル。上限は 6）'
    )
    assert limits.name_refusal("勇者様a") == (
        'partyline: the name "勇者様a" is too wide (7 cells; the limit is 6)'
    )
