"""Wrapping by terminal cells: Japanese breaks between characters (never before a closing mark),
English at spaces exactly as Rich does."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text

from core.text import cells
from core.wrap import line_spans, wrap


def test_japanese_breaks_between_characters_and_fills_its_lines() -> None:
    text = "1-10 を押すか、矢印キーと Enter で選んでください。"
    assert wrap(text, 44) == ["1-10 を押すか、矢印キーと Enter で選んでくだ", "さい。"]
    for width in range(4, 50):
        lines = wrap(text, width)
        assert all(cells(line) <= width for line in lines), (width, lines)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_a_closing_mark_never_starts_a_line() -> None:
    # 、 would start the second line: it goes down with the character before it.
    assert wrap("あいう、えお", 6) == ["あい", "う、え", "お"]
    assert wrap("（既定 normal）, fast", 14) == ["（既定", "normal）, fast"]
    for width in range(6, 30):
        for line in wrap("設定画面で選んだ言語、なければ（LC_ALL）。ほか。", width)[1:]:
            assert line[0] not in "、。）", (width, line)


def test_line_ends_and_long_words() -> None:
    assert wrap("a\n\nb  c", 10) == ["a", "", "b  c"]
    assert wrap("x" * 25, 10) == ["x" * 10, "x" * 10, "x" * 5]
    assert wrap("", 5) == [""]


def test_a_text_that_fits_is_one_line_and_one_that_does_not_is_wrapped() -> None:
    assert line_spans("鍵を拾った。", 12) == [(0, 6)]
    # A control character measures -1 cells (wcwidth): the text is wrapped all the same.
    assert wrap("a\tb " + "word " * 6, 10) == ["a\tb word", "word word", "word word", "word"]


def test_a_paragraph_keeps_its_indent_and_a_break_drops_its_spaces() -> None:
    assert wrap("  abc def", 5) == ["  abc", "def"]
    assert wrap("  カードの効果。\n  次の行", 10) == ["  カードの", "効果。", "  次の行"]
    assert wrap("word   word", 4) == ["word", "word"]


WORDS = st.lists(st.text("abcdefghij", min_size=1, max_size=12), min_size=1, max_size=30)


@given(WORDS, st.integers(min_value=12, max_value=60), st.integers(0, 4))
def test_english_wraps_as_rich_does(words: list[str], width: int, indent: int) -> None:
    text = " " * indent + " ".join(words)
    console = Console(width=width, no_color=True, color_system=None)
    rich = [line.plain for line in Text(text).wrap(console, width)]
    assert [text[start:end] for start, end in line_spans(text, width)] == rich
