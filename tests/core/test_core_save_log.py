"""The line-by-line reader of a save's log (core/save_log.py) against tomllib.

On a save Partyline wrote (both games, format 1 and 2) the reader reads the whole log; on
anything else (hand edits: comments, keys in another order, odd spacing, unicode, escaped
strings, numbers and texts past the limits, a torn last entry; hostile bytes) it either gives
exactly what tomllib and `entry_from_data` give, or gives up so that tomllib reads the file. And
loading either way ends the same: the same game, or the same one-line error."""

from __future__ import annotations

import tomllib
from functools import partial
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hostile import HOSTILE_NAMES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from profiles import examples

from core import save_log, saves
from core.log import entry_from_data
from core.runner import BotDriver
from core.simulate import bot_table, play_one

WHERE = "edited.toml"
SAVES = sorted((Path(__file__).resolve().parents[2] / "saves").glob("*.toml"))
HAND_WRITTEN = {"dangerous-hand-written-opening.toml", "light-and-dark-rulebook-example-1.toml"}
"""The saves in saves/ written by a person (arrays over several lines): tomllib reads those."""


def _game(game: str, players: int, seed: int, upto: int) -> str:
    """A heuristic game of `upto` entries at most, as Partyline saves it today (format 2)."""
    table = bot_table(game, players, seed, "heuristic")
    table.resolve_chance()
    driver = BotDriver(table)
    while len(table) < upto and driver.play_one():
        pass
    return saves.dumps(table, "2026-01-01T00:00:00+00:00")


WRITTEN = {path.name: path.read_text("utf-8") for path in SAVES if path.name not in HAND_WRITTEN}
"""Format 1, written whole by an older Partyline."""
WRITTEN |= {
    "light-and-dark 5p, format 2": saves.dumps(play_one("light-and-dark", 5, 3, "heuristic")),
    "dangerous 4p, format 2": saves.dumps(play_one("dangerous", 4, 2, "heuristic")),
}
SHORT = {
    "light-and-dark 4p": WRITTEN["light-and-dark-4p-heuristic.toml"],
    "dangerous 2p, 70 entries": _game("dangerous", 2, 1, 70),
    "dangerous 4p, 40 entries": _game("dangerous", 4, 5, 40),
}
"""Games short enough to load twice for every example."""


def read_as_tomllib(text: str | bytes) -> bool:
    """Whether the reader read `text`; if it did, what it gives is what tomllib gives."""
    read = saves._read_written(text)
    if read is None:
        return False
    data = saves._parse(text, WHERE)  # the file is valid TOML
    log = data.pop("log")
    assert read[0] == data
    assert read[1] == [entry_from_data(item) for item in log]
    saves._check_limits({"log": log})  # and within every limit
    return True


def outcome(text: str | bytes) -> tuple[Any, ...]:
    """What loading `text` ends in: the game (log, seats, options ...) or the error line."""
    try:
        loaded = saves.loads(text, WHERE, continue_chance=False)
    except saves.SaveError as error:
        return (type(error).__name__, str(error))
    table = loaded.table
    return (
        table.log,
        table.seats,
        table.options,
        table.seed,
        table.practice,
        loaded.created,
        loaded.rules_version,
        loaded.note,
    )


def same_either_way(text: str | bytes) -> None:
    """Loading `text` ends the same with the reader as with tomllib alone."""
    read = read_as_tomllib(text)
    quick = outcome(text)
    with mock.patch.object(saves, "_read_written", return_value=None):
        assert outcome(text) == quick, f"the reader {'read' if read else 'gave up'}"


@pytest.mark.parametrize("name", sorted(WRITTEN))
def test_the_reader_reads_every_log_partyline_writes(name: str) -> None:
    text = WRITTEN[name]
    assert saves._read_written(text) is not None
    assert read_as_tomllib(text)
    assert read_as_tomllib(text.encode("utf-8"))
    assert read_as_tomllib("\ufeff" + text)


@pytest.mark.parametrize("name", sorted(HAND_WRITTEN))
def test_a_hand_written_log_is_left_to_tomllib(name: str) -> None:
    text = (Path(SAVES[0]).parent / name).read_text("utf-8")
    assert saves._read_written(text) is None
    same_either_way(text)


SHORT_NAMES = sorted(SHORT)


def _lines(name: str) -> list[str]:
    return SHORT[name].splitlines(keepends=True)


def _fields(lines: list[str]) -> list[int]:
    """The lines of log fields (`key = value`) after the first [[log]]."""
    start = next(i for i, line in enumerate(lines) if line.startswith("[[log]]"))
    return [i for i in range(start, len(lines)) if " = " in lines[i]]


STRANGE_TEXTS = st.sampled_from(
    [
        "日本語の名前",
        "caf\u00e9",
        "tab\there",
        'quote"d',
        "back\\slash",
        "",
        "x" * saves.MAX_TEXT,
        "x" * (saves.MAX_TEXT + 1),
        "\u2028line separator",
        "emoji \U0001f3b2",
        *HOSTILE_NAMES,
    ]
) | st.text(max_size=12)
STRANGE_NUMBERS = st.sampled_from(
    [
        *("+1", "-0", "0x1F", "1_000", "01", "1.0", "1e3", "inf", "true", " 1", "1 "),
        *(str(2**63), str(2**63 - 1), "9" * 18, "9" * 19, "-" + "9" * 18),
        *("[1,2]", "[ 1, 2 ]", "[1, 2,]", "[\n1,\n2\n]", '"a", 1', "[[1]]", "{a = 1}", "[]"),
        *('[1, "a"]', '["a", 1]', "'literal'", '"""multi"""', '"\\u0041"'),
    ]
)


ODD_CHARACTERS = st.characters(max_codepoint=0x7F) | st.sampled_from(
    ["\x80", "\x9b", "\u00e9", "\u2028", "\ufeff", "\ufffd", "日", "\U0001f3b2"]
)
"""Every ASCII character (controls, quotes, brackets ...) and a few others."""
BEFORE_THE_LOG = [
    "log = 1\n",
    "[log]\n",
    '[[ log ]]\nchance = "dice"\nvalues = [1]\n',
    "a.b.c.d.e.f.g.h.i = 1\n",
    "string",
]
"""Things in a header that tomllib reads together with the log, or that the loader refuses
before tomllib reads them (at the top of the file, the first ones are top-level fields;
"string" wraps the first [[log]] line in a string)."""
AFTER_THE_LOG = ["\n[options]\nx = 1\n", "\n[[seats]]\nname = 'x'\n", "\n[[log]]\n"]
LOG_LINE_TAILS = ["", " ", "# x", "\t#\t", "#\x7f", " # \x01", " x", "  # [[log]]"]


def _toml_string(text: str) -> str:
    return saves._toml_value(text)


def _escaped(text: str) -> str:
    """`text` with every character written as a TOML escape."""
    return "".join(f"\\U{ord(char):08x}" for char in text)


@st.composite
def hand_edits(draw: st.DrawFn) -> str:
    """A short save with a few of the edits a person (or a careless tool) makes."""
    lines = _lines(draw(st.sampled_from(SHORT_NAMES)))
    for _ in range(draw(st.integers(1, 3))):
        fields = _fields(lines)
        at = fields[draw(st.integers(0, len(fields) - 1))]
        key, _, value = lines[at].rstrip("\n").partition(" = ")
        how = draw(
            st.sampled_from(
                [
                    "comment line",
                    "comment after",
                    "reorder",
                    "spacing",
                    "string",
                    "raw string",
                    "escaped",
                    "number",
                    "blank lines",
                    "crlf",
                    "header comment",
                    "table after the log",
                    "character",
                    "character",
                    "before the log",
                    "cut",
                    "drop field",
                    "duplicate field",
                ]
            )
        )
        if how == "comment line":
            lines.insert(at, "# " + draw(st.text(max_size=10)).replace("\n", " ") + "\n")
        elif how == "comment after":
            lines[at] = f"{key} = {value}  # {draw(STRANGE_TEXTS)}\n"
        elif how == "reorder" and at + 1 < len(lines) and " = " in lines[at + 1]:
            lines[at], lines[at + 1] = lines[at + 1], lines[at]
        elif how == "spacing":
            gap = draw(st.sampled_from(["=", " =", "= ", "  =  ", "\t=\t", " = "]))
            lead = draw(st.sampled_from(["", " ", "\t"]))
            tail = draw(st.sampled_from(["", " ", "\t"]))
            lines[at] = f"{lead}{key}{gap}{value}{tail}\n"
        elif how == "string":
            lines[at] = f"{key} = {_toml_string(draw(STRANGE_TEXTS))}\n"
        elif how == "raw string":
            lines[at] = f'{key} = "{draw(STRANGE_TEXTS)}"\n'
        elif how == "escaped" and value.startswith('"'):
            lines[at] = f'{key} = "{_escaped(value[1:-1])}"\n'
        elif how == "number":
            lines[at] = f"{key} = {draw(STRANGE_NUMBERS)}\n"
        elif how == "blank lines":
            lines.insert(at, "\n" * draw(st.integers(0, 3)))
            if lines[at - 1] == "\n":
                del lines[at - 1]
        elif how == "crlf":
            lines[at] = lines[at].replace("\n", "\r\n")
        elif how == "header comment":
            start = at
            while not lines[start].startswith("[[log]]"):
                start -= 1
            lines[start] = "[[log]]" + draw(st.sampled_from(LOG_LINE_TAILS)) + "\n"
        elif how == "character":
            line = draw(st.integers(fields[0] - 1, len(lines) - 1))
            column = draw(st.integers(0, len(lines[line])))
            char = draw(ODD_CHARACTERS)
            lines[line] = lines[line][:column] + char + lines[line][column:]
        elif how == "before the log":
            start = fields[0] - 1
            while not lines[start].startswith("[[log]]"):
                start -= 1
            snippet = draw(st.sampled_from(BEFORE_THE_LOG))
            if snippet == "string":
                lines[start : start + 1] = ['note = """\n', lines[start], '"""\n']
            else:
                lines.insert(start, snippet)
        elif how == "table after the log":
            lines.append(
                draw(st.sampled_from(["\n[options]\nx = 1\n", "\n[[seats]]\nname = 'x'\n"]))
            )
        elif how == "cut":
            text = "".join(lines)
            lines = [text[: draw(st.integers(len(text) // 2, len(text)))]]
            break
        elif how == "drop field":
            del lines[at]
        elif how == "duplicate field":
            lines.insert(at, lines[at])
    return "".join(lines)


TEXTS = st.text(ODD_CHARACTERS, min_size=1, max_size=6)
PLAIN = st.text(st.characters(min_codepoint=0x20, exclude_characters='"\\\x7f'), max_size=8)
NUMBERS = st.integers(-(2**64), 2**64).map(str) | STRANGE_NUMBERS
ITEM = st.integers(-9, 99).map(str) | PLAIN.map(lambda text: f'"{text}"')
USUAL = {
    "comment": PLAIN.map(lambda text: "  # " + text),
    "string": PLAIN.map(lambda text: f'"{text}"'),
    "number": st.integers(-9, 99).map(str),
    "array": st.lists(ITEM, max_size=5).map(lambda items: f"[{', '.join(items)}]"),
    "kind": st.sampled_from(['"dice"', '"shuffle"', '"pick"']),
    "gap": st.just(" = "),
}
ODD = {
    "comment": TEXTS | st.sampled_from(LOG_LINE_TAILS),
    "string": TEXTS.map(lambda text: f'"{text}"')
    | TEXTS.map(_toml_string)
    | st.sampled_from(['"' + "x" * length + '"' for length in (255, 256, 257, 1000)]),
    "number": NUMBERS,
    "array": st.lists(ITEM | NUMBERS | TEXTS, max_size=4).map(lambda i: f"[{', '.join(i)}]")
    | STRANGE_NUMBERS,
    "kind": st.sampled_from(['"coin"', "'dice'", '"Dice"', "1", '"dice" ']) | TEXTS,
    "gap": st.sampled_from(["=", " =", "  = ", "\t=\t", " = \n"]),
}
"""For each piece of an entry, what Partyline writes there and what comes close to it."""


def _piece(draw: st.DrawFn, odd: str, name: str) -> str:
    return draw(ODD[name] if name == odd else USUAL[name])


@st.composite
def log_entries(draw: st.DrawFn) -> str:
    """A few log entries as Partyline writes them, in each at most one piece (the comment, a
    string, a number, an array, the chance kind, the spacing, the order or the number of the
    fields) replaced with something close to it."""
    parts = []
    for _ in range(draw(st.integers(1, 3))):
        odd = draw(st.sampled_from(["none", "order", "drop", *ODD]))
        piece = partial(_piece, draw, odd)

        if draw(st.booleans()):
            fields = [("chance", piece("kind")), ("values", piece("array"))]
        else:
            choice = piece(draw(st.sampled_from(["number", "string", "array"])))
            fields = [("seat", piece("number")), ("decision", piece("string")), ("choice", choice)]
        if odd == "order":
            fields = draw(st.permutations(fields))
        elif odd == "drop":
            del fields[draw(st.integers(0, len(fields) - 1))]
        gap = piece("gap")
        lines = ["[[log]]" + piece("comment")] + [f"{key}{gap}{value}" for key, value in fields]
        parts.append("\n".join(lines) + "\n" + "\n" * draw(st.integers(0, 2)))
    return "".join(parts)


@given(log_entries())
@settings(max_examples=examples(400))
def test_log_entries_read_as_tomllib_reads_them_or_are_left_to_it(text: str) -> None:
    agrees_with_tomllib(text)


def agrees_with_tomllib(text: str) -> bool:
    """Whether the reader read `text` (a log alone); if it did, it reads as tomllib reads it,
    into the entries the loader makes, within every limit."""
    found = save_log.split(text, saves.MAX_TEXT)
    if found is None:
        return False
    assert found[0] == ""
    log = tomllib.loads(text)["log"]  # valid TOML
    assert found[1] == [entry_from_data(item) for item in log]
    saves._check_limits({"log": log})
    return True


PLACES = (
    '[[log]]  # a{}b\nseat = 0\ndecision = "x"\nchoice = 1\n',
    '[[log]]\nseat = 0\ndecision = "a{}b"\nchoice = 1\n',
    '[[log]]\nseat = 0\ndecision = "x"\nchoice = "{}"\n',
    '[[log]]\nseat = 0\ndecision = "x"\nchoice = [1, "a{}", 2]\n',
    '[[log]]\nchance = "shuffle"\nvalues = ["a", "{}b"]\n',
    '[[log]]\nchance = "dice"\nvalues = [1{}]\n',
    '[[log]]\nseat = {}0\ndecision = "x"\nchoice = 1\n',
    '[[log]]{}\nseat = 0\ndecision = "x"\nchoice = 1\n',
)


@pytest.mark.parametrize("place", PLACES)
def test_every_ascii_character_in_every_place_reads_as_tomllib_reads_it(place: str) -> None:
    read = [char for char in map(chr, range(0x80)) if agrees_with_tomllib(place.format(char))]
    assert read  # (the reader reads some)
    for char in ["\x80", "\x9b", "\u00e9", "\u2028", "\ufeff", "日", "\U0001f3b2"]:
        agrees_with_tomllib(place.format(char))


EDITS = settings(max_examples=examples(150), suppress_health_check=[HealthCheck.too_slow])


@given(hand_edits())
@EDITS
def test_a_hand_edited_save_reads_as_tomllib_reads_it_or_is_left_to_tomllib(text: str) -> None:
    read_as_tomllib(text)


@given(hand_edits())
@settings(max_examples=examples(40), suppress_health_check=[HealthCheck.too_slow])
def test_a_hand_edited_save_loads_the_same_with_the_reader_and_without(text: str) -> None:
    same_either_way(text)


@given(
    name=st.sampled_from(SHORT_NAMES),
    where=st.floats(0.3, 1.0),
    junk=st.binary(max_size=6)
    | st.sampled_from([b"\xff", b"\x00", b"\xef\xbb\xbf", b'"', b"\\", b"[", b"]", b"\r", b"#"]),
)
@settings(max_examples=examples(60), suppress_health_check=[HealthCheck.too_slow])
def test_hostile_bytes_in_the_log_load_the_same_with_the_reader_and_without(
    name: str, where: float, junk: bytes
) -> None:
    data = SHORT[name].encode("utf-8")
    at = int(len(data) * where)
    same_either_way(data[:at] + junk + data[at:])


def test_the_edits_the_reader_takes_and_those_it_leaves() -> None:
    log = '[[log]]  # 1: a comment, 日本語\nseat = 0\ndecision = "x"\nchoice = "a"\n'
    taken = [
        log,
        log + "\n\n\n",
        log.replace("  # 1", "# 1").replace('"a"', '"ü 日本 \t tab"'),
        log.replace('"a"', "[]"),
        log.replace('"a"', '[-0, 12, "a, b", ""]'),
        log.replace('"a"', '["a", 1, "b"]'),
        log.replace('"a"', '[1, "a, b", 2]'),
        log.replace('"a"', '["a, b", "c", ""]'),
        log.replace('"a"', "-0"),
        '[[log]]\nchance = "dice"\nvalues = [6]\n',
    ]
    for text in taken:
        found = save_log.split(text, saves.MAX_TEXT)
        assert found is not None, text
        assert found[1] == [entry_from_data(item) for item in tomllib.loads(text)["log"]]
    left = [
        log.replace(" = ", "="),
        log.replace("seat = 0\ndecision", "decision").replace("choice", "seat = 0\nchoice"),
        log.replace('"a"', '"\\u0061"'),
        log.replace('"a"', "'a'"),
        log.replace('"a"', "[1, 2,]"),
        log.replace('"a"', "007"),
        log.replace('"a"', "9" * 19),
        log.replace('"a"', '"' + "x" * (saves.MAX_TEXT + 1) + '"'),
        log.replace('"x"', '"' + "x" * (saves.MAX_TEXT + 1) + '"'),
        log.replace('"a"\n', '"a"  # why\n'),
        log.replace("\n", "\r\n"),
        log + "# the end\n",
        log[:-1],
        log.replace('choice = "a"\n', ""),
        '[[log]]\nchance = "coin"\nvalues = [1]\n',
        '[[log]]\nchance = "dice"\nvalues = []\n',
        "[[log]]  # \x01\n" + log[8:],
    ]
    for text in left:
        assert save_log.split(text, saves.MAX_TEXT) is None, text


@pytest.mark.parametrize("snippet", BEFORE_THE_LOG)
def test_a_header_that_tomllib_reads_together_with_the_log_is_left_to_it(snippet: str) -> None:
    text = SHORT["light-and-dark 4p"]
    if snippet == "string":
        first = text.index("\n[[log]]") + 1
        end = text.index("\n", first) + 1
        text = f'{text[:first]}note = """\n{text[first:end]}"""\n{text[end:]}'
    else:
        text = snippet + text
    assert saves._read_written(text) is None
    same_either_way(text)
