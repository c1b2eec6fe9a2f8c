"""A garbled message from the server (only a server with a bug sends one) is told to the player
in the app's language, as every other line (issue 12), with the English as it was."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from test_serve_client_lines_lang import app_in

from core.errors import reason_of
from core.i18n import translator
from core.narration import Message
from server.protocol import VERSION, ProtocolError, decode

BAD_VALUES = [
    {"x": 1},
    {"~t": "frozenset"},
    {"~t": "dict", "items": [1]},
    {"~t": "os:system"},
    {"~t": "core.nothing:Here"},
    {"~t": "core.decisions:Option"},
    {"~t": "core.decisions:Option", "fields": {"nothing": 1}},
    {"~t": "core.decisions:DecisionKind", "value": "dance"},
    {"~t": "message"},
    {"~t": "message", "template": "x", "params": [[1, 2]]},
    {"~t": "joined", "items": 1, "separator": ","},
]


@pytest.mark.parametrize("value", BAD_VALUES)
def test_a_value_that_cannot_be_read_is_a_message_in_each_language(value: Any) -> None:
    with pytest.raises(ProtocolError) as caught:
        decode(value)
    reason = reason_of(caught.value)
    assert isinstance(reason, Message)
    english = translator("en").text(reason)
    assert english == str(caught.value) and english.startswith("garbled message: ")
    japanese = translator("ja").text(reason)
    assert "garbled" not in japanese and not japanese.isascii()


def line(**message: Any) -> bytes:
    return json.dumps({"v": VERSION, **message}).encode()


GARBLED = [
    line(type="lobby", tables=3),
    line(type="state", table=[]),
    line(type="state", table={"id": 1, "game": "chess"}, entries=1),
    line(type="state", table={"id": 1, "game": "light-and-dark"}, entries=1),
    line(type="chat", v=2),
    b"not json\x1b[2J",
    line(type="launch"),
]


@pytest.mark.parametrize("received", GARBLED)
def test_a_garbled_message_is_told_in_the_apps_language(received: bytes, tmp_path: Path) -> None:
    app, shown = app_in("ja", tmp_path)
    app._receive(received)
    assert len(shown) == 1
    assert "garbled" not in shown[0] and not shown[0].isascii(), shown[0]
    assert "\x1b" not in shown[0]
    app, shown = app_in("en", tmp_path)
    app._receive(received)
    assert len(shown) == 1 and shown[0].isascii()


@pytest.mark.parametrize(
    ("language", "start"),
    [
        ("ja", "partyline: 卓のサーバーにつながりません: "),
        ("en", "partyline: cannot reach the tables: "),
    ],
)
def test_tables_that_cannot_be_reached_are_told_in_the_apps_language(
    language: str, start: str, tmp_path: Path
) -> None:
    app, _ = app_in(language, tmp_path)  # (no socket there)
    said: list[object] = []
    app.exit = lambda **how: said.append(how.get("message"))  # type: ignore[method-assign, assignment]
    asyncio.run(app._connect())
    assert len(said) == 1 and isinstance(said[0], str) and said[0].startswith(start), said
