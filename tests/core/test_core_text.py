"""core/text.py: untrusted text made visible for a terminal, and names checked at the boundary."""

from __future__ import annotations

import json
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.table import Seat
from core.text import (
    MAX_NAME_CELLS,
    MAX_NAME_CHARS,
    BadText,
    cells,
    check_name,
    check_names_differ,
    is_control,
    name_key,
    visible,
    visible_json,
)

ROOT = Path(__file__).resolve().parents[2]

SETTINGS = settings(max_examples=500, deadline=None, database=None)

BIDI_CONTROLS = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"

HOSTILE = [
    "CLRX\x1b[2J\x1b[H",  # clears the screen
    "\x1b[?1049l",  # leaves the alternate screen
    "\x1b[6n",  # makes the terminal type its cursor position into the app
    "\x1b]0;pwned\x07",  # sets the window title
    "\u009b31m",  # C1 CSI: red text
    "two\nlines",
    "tab\there",
    "cr\rhere",
    "del\x7f",
    "nul\x00",
    "line\u2028separator",
    "para\u2029separator",
    "rtl\u202eoverride",
    "isolate\u2066x\u2069",
    "A\udcff",  # the byte 0xff of a name that was not UTF-8
]

# Any code point, lone surrogates included, with the interesting ones often.
any_char = st.one_of(
    st.characters(exclude_categories=()),
    st.sampled_from(
        "\x00\x07\x08\t\n\r\x1b\x7f\x85\x9b\x9c\u2028\u2029\udc80\udcff" + BIDI_CONTROLS
    ),
)
any_text = st.text(any_char, max_size=60)


FILLERS = "\u115f\u1160\u3164\uffa0\u2800"
"""Letters and symbols that draw nothing: the Hangul fillers, the blank braille pattern."""


def shows_by_definition(text: str) -> bool:
    """Whether `text` draws something a reader sees, from Unicode's categories: a character
    that is not a space, a format character, a combining mark or a filler."""
    return any(
        not char.isspace()
        and unicodedata.category(char)[0] != "M"
        and unicodedata.category(char) != "Cf"
        and char not in FILLERS
        and not ("\ufff0" <= char <= "\ufff8" or "\U000e0000" <= char <= "\U000e0fff")
        and char != "\u2065"  # (default-ignorable code points not yet assigned)
        for char in text
    )


def is_control_by_definition(char: str) -> bool:
    """The module's definition, from Unicode's categories rather than its regular expression."""
    category = unicodedata.category(char)
    return category in ("Cc", "Cs", "Zl", "Zp") or char in BIDI_CONTROLS


def test_the_control_class_is_exactly_the_definition_over_every_code_point() -> None:
    wrong = [
        hex(code)
        for code in range(sys.maxunicode + 1)
        if is_control(chr(code)) != is_control_by_definition(chr(code))
    ]
    assert wrong == []


@pytest.mark.parametrize("text", HOSTILE)
def test_visible_escapes_every_hostile_text_into_one_printable_ascii_safe_line(text: str) -> None:
    shown = visible(text)
    assert not any(is_control(char) for char in shown)
    assert len(shown.splitlines()) == 1
    shown.encode("utf-8")  # no lone surrogate left: it can be written anywhere


def test_visible_writes_the_escapes_python_writes() -> None:
    assert visible("CLRX\x1b[2J\x1b[H") == "CLRX\\x1b[2J\\x1b[H"
    assert visible("\u009b31m") == "\\x9b31m"
    assert visible("a\nb\tc\rd") == "a\\nb\\tc\\rd"
    assert visible("\x7f\x00") == "\\x7f\\x00"
    assert visible("x\u2028y\u202e") == "x\\u2028y\\u202e"
    assert visible("A\udcff") == "A\\udcff"


def test_clean_text_comes_back_unchanged_and_not_copied() -> None:
    for text in ["Aki", "勇者 ナナ", 'Zoë "the Z" [bold]', "back\\slash", "👨\u200d👩\u200d👧", ""]:
        assert visible(text) is text


@SETTINGS
@given(any_text)
def test_visible_never_outputs_a_control_character_and_is_one_line(text: str) -> None:
    shown = visible(text)
    assert not any(is_control_by_definition(char) for char in shown)
    assert "\n" not in shown and len(shown.splitlines()) <= 1
    shown.encode("utf-8")


@SETTINGS
@given(any_text)
def test_visible_keeps_every_other_character_in_order(text: str) -> None:
    """Reading the output along the input: each control character is its escape, every
    other character is itself."""
    kept = "".join(char for char in text if not is_control(char))
    rebuilt, rest = [], visible(text)
    for char in text:
        if is_control(char):
            escape = visible(char)
            assert rest.startswith(escape)
            rest = rest[len(escape) :]
        else:
            assert rest.startswith(char)
            rebuilt.append(char)
            rest = rest[1:]
    assert rest == "" and "".join(rebuilt) == kept


@SETTINGS
@given(st.recursive(any_text, lambda inner: st.lists(inner, max_size=3), max_leaves=8))
def test_visible_json_is_one_safe_line_of_the_same_json(data: object) -> None:
    line = visible_json({"name": data})
    assert not any(is_control_by_definition(char) for char in line)
    assert json.loads(line) == {"name": data}


@pytest.mark.parametrize(
    "name",
    [
        "Aki",
        "A",
        "ボブ太郎",
        "x" * MAX_NAME_CELLS,
        "日本" * (MAX_NAME_CELLS // 4),  # 16 wide characters: 32 cells
        'Zoë "the Z" [bold] \\',
        "  spaced  ",
        "👨\u200d👩\u200d👧 family",
    ],
)
def test_check_name_accepts_printable_names_up_to_32_cells(name: str) -> None:
    assert check_name(name) == name
    assert Seat(name).name == name


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("", "the name is empty"),
        ("   ", "the name is blank"),
        ("\u200b", "the name is blank"),
        ("\u3000", "the name is blank"),
        # only characters that draw nothing, or marks with nothing to sit on, is blank too
        (" \u200b", "the name is blank"),
        ("\u00ad", "the name is blank"),
        ("\u2800\u2800", "the name is blank"),
        ("\u3164", "the name is blank"),
        ("\u115f\u2060", "the name is blank"),
        ("\ufeff \u0301", "the name is blank"),
        (" \u0308\u20dd", "the name is blank"),
        (
            "CLRX\x1b[2J\x1b[H",
            'the name "CLRX\\x1b[2J\\x1b[H" contains a control character (\\x1b)',
        ),
        ("\u009b31m", 'the name "\\x9b31m" contains a control character (\\x9b)'),
        ("two\nlines", 'the name "two\\nlines" contains a control character (\\n)'),
        ("rtl\u202e", 'the name "rtl\\u202e" contains a control character (\\u202e)'),
        ("A\udcff", 'the name "A\\udcff" is not valid UTF-8 (\\udcff)'),
        ("x" * 33, "is too wide (33 cells; the limit is 32)"),
        ("日本語" * 6, "is too wide (36 cells; the limit is 32)"),
        ("e" + "\u0301" * MAX_NAME_CHARS, "is too long (129 characters; the limit is 128)"),
    ],
)
def test_check_name_refuses_with_a_one_line_reason(name: str, reason: str) -> None:
    with pytest.raises(BadText) as refused:
        check_name(name)
    message = str(refused.value)
    assert reason in message
    assert visible(message) == message  # the reason itself is safe to print
    if reason == "the name is blank" and name.strip() and cells(name) > 0:
        assert Seat(name).name == name  # a save's name: blank only by the rule before (typed)
        return
    with pytest.raises(BadText):
        Seat(name)


@pytest.mark.parametrize(
    ("names", "reason"),
    [
        (["Aki", "Aki"], 'the name "Aki" is seat 1\'s ("Aki"): names at one table must differ'),
        (["Aki", "Ben", "aki"], 'the name "aki" is seat 1\'s ("Aki")'),
        (["Ben", "Ａｋｉ", "AKI"], 'the name "AKI" is seat 2\'s ("Ａｋｉ")'),  # full width
        (["Straße", "STRASSE"], 'the name "STRASSE" is seat 1\'s'),  # case folded
        (["Aki", "A\u200bki\u2060"], "is seat 1's"),  # what draws nothing
        (["Bot 2", " bot  2 "], "is seat 1's"),  # spaces
        (["ｶﾞｸ", "ガク"], "is seat 1's"),  # half-width kana
        (["e\u0301", "\u00e9"], "is seat 1's"),  # composed or not
        (["R\u00e9na", "Re\u200b\u0301na"], "Re\\u200b\u0301na\" is seat 1's"),  # shown
        (["R\u00e9na", "Re\u034f\u0301na"], "is seat 1's"),
    ],
)
def test_names_at_one_table_must_differ_in_any_case_or_width(names: list[str], reason: str) -> None:
    with pytest.raises(BadText) as refused:
        check_names_differ(names)
    assert reason in str(refused.value)


@pytest.mark.parametrize(
    "names", [["Aki", "Ben"], ["Aki", "Akí"], ["A ki", "Aki"], ["Bot 2", "Bot 3"], ["ガク", "ガグ"]]
)
def test_names_that_a_reader_tells_apart_are_accepted(names: list[str]) -> None:
    check_names_differ(names)
    assert name_key(names[0]) != name_key(names[1])


def test_a_huge_name_is_refused_with_a_short_message() -> None:
    with pytest.raises(BadText) as refused:
        check_name("\x1b[2J" * 1_000_000)
    assert len(str(refused.value)) < 200


@SETTINGS
@given(any_text)
def test_check_name_accepts_exactly_the_printable_names_that_fit(name: str) -> None:
    fits = (
        not any(is_control_by_definition(char) for char in name)
        and shows_by_definition(name)
        and 0 < cells(name) <= MAX_NAME_CELLS
        and len(name) <= MAX_NAME_CHARS
    )
    try:
        assert check_name(name) == name
        accepted = True
    except BadText as refused:
        accepted = False
        assert "\n" not in str(refused) and visible(str(refused)) == str(refused)
    assert accepted == fits


japanese = st.one_of(
    st.characters(min_codepoint=0x3041, max_codepoint=0x3096),  # hiragana
    st.characters(min_codepoint=0x30A1, max_codepoint=0x30FA),  # katakana
    st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF),  # kanji
)


@SETTINGS
@given(st.text(japanese, min_size=1, max_size=24))
def test_japanese_characters_are_two_cells_and_16_of_them_fit(name: str) -> None:
    assert cells(name) == 2 * len(name)
    if len(name) <= MAX_NAME_CELLS // 2:
        assert check_name(name) == name
    else:
        with pytest.raises(BadText, match="too wide"):
            check_name(name)


@settings(max_examples=300)
@given(st.text(alphabet=st.characters(max_codepoint=0x7F)))
def test_ascii_is_measured_as_wcwidth_measures_it(text: str) -> None:
    from wcwidth import wcswidth

    assert cells(text) == wcswidth(text)


def test_ascii_names_are_checked_without_importing_wcwidth() -> None:
    """Loading a save checks its seats' names; ASCII ones are measured by their length, so a
    start that shows no other text needs no wcwidth (some 30 ms of imports)."""
    names = "Seat('Aki'); Seat('Bot 2'); a = 'wcwidth' in sys.modules; Seat('ボブ太郎')"
    script = f"import sys; from core.table import Seat; {names}; print(a, 'wcwidth' in sys.modules)"
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert run.stdout.split() == ["False", "True"]
