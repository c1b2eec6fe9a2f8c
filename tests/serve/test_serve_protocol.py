"""The tables' protocol: lines of JSON with a version and a size limit, and core's views,
decisions and results as plain data that read back as the same values."""

from __future__ import annotations

import json
import random

import pytest

from core.games import get_game
from core.runner import BotDriver
from core.table import Seat, SeatKind, new_table
from server.protocol import (
    CLIENT_TYPES,
    MAX_FROM_CLIENT,
    LineBuffer,
    ProtocolError,
    decode,
    dump,
    encode,
    load,
)


@pytest.mark.parametrize(("game_id", "players"), [("light-and-dark", 4), ("dangerous", 3)])
def test_every_view_decision_and_result_of_a_game_reads_back_the_same(
    game_id: str, players: int
) -> None:
    seats = tuple(Seat(f"Bot {n}", SeatKind.BOT, "random") for n in range(players))
    options = {"turn_limit": 4} if game_id == "dangerous" else {}
    table = new_table(get_game(game_id), seats, options, seed=7)
    driver = BotDriver(table)
    checked = 0
    while checked < 60 and driver.play_one():
        for seat in (*range(players), None):
            for value in (table.view(seat), table.decision_for(seat or 0), table.result()):
                line = json.dumps(encode(value))  # plain JSON, nothing else
                assert decode(json.loads(line)) == value
        checked += 1
    assert checked == 60 or table.over


def test_a_line_carries_the_version_and_reads_back() -> None:
    line = dump({"type": "decide", "seat": 0, "choice": "silent"})
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert load(line[:-1], MAX_FROM_CLIENT, CLIENT_TYPES) == {
        "v": 3,
        "type": "decide",
        "seat": 0,
        "choice": "silent",
    }


@pytest.mark.parametrize(
    ("line", "why"),
    [
        (b"\xff\xfe", "garbled message: not one JSON object in UTF-8"),
        (b"{not json", "garbled message: not one JSON object in UTF-8"),
        (b"[1, 2]", "garbled message: not a JSON object"),
        pytest.param(
            b"[" * 4000, "garbled message: not one JSON object in UTF-8", id="nested-past-the-stack"
        ),
        (b'{"type": "decide"}', "protocol version None is not 3"),
        (b'{"v": 1, "type": "decide"}', "protocol version 1 is not 3"),
        (b'{"v": 3, "type": "format-disk"}', "unknown message type 'format-disk'"),
        (b'{"v": 3}', "unknown message type 'None'"),
        (b"x" * (MAX_FROM_CLIENT + 1), "message too long (4097 bytes; the limit is 4096)"),
    ],
)
def test_a_bad_line_is_refused_with_one_line(line: bytes, why: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        load(line, MAX_FROM_CLIENT, CLIENT_TYPES)
    assert str(refused.value) == why
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize(
    "data",
    [
        {"~t": "os:system", "items": ["true"]},
        {"~t": "builtins:eval", "items": ["1"]},
        {"~t": "core.table:Table", "fields": {}},  # core's, but not a plain value
        {"~t": "core.nowhere:Thing", "fields": {}},
        {"no": "tag"},
        {"~t": "core.games.base:Result", "fields": {"scores": [1], "bogus": 2}},
    ],
)
def test_decoding_builds_only_cores_plain_types(data: object) -> None:
    with pytest.raises(ProtocolError):
        decode(data)


def test_lines_split_anywhere_come_out_whole_and_an_overlong_one_is_dropped() -> None:
    buffer = LineBuffer(10)
    stream = b"short\n" + b"y" * 25 + b"\nafter\n"
    cuts = sorted(random.Random(3).sample(range(1, len(stream)), 6))
    found: list[bytes | None] = []
    for start, end in zip([0, *cuts], [*cuts, len(stream)]):
        found += buffer.feed(stream[start:end])
    assert found == [b"short", None, b"after"]
