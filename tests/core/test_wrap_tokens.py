"""core.wrap cuts texts into tokens without a regular expression holding the Japanese ranges
(compiling one cost milliseconds at every start): the tokens must be exactly the ones that
pattern found, for every character and the characters around it."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from core.wrap import _tokens

_BREAKABLE = "\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef"
_PATTERN = re.compile(f"[{_BREAKABLE}]|[^\\s{_BREAKABLE}]+|[^\\S\\n]+|\\n")
"""The pattern core.wrap used before (Japanese characters one by one, words, runs of spaces,
line ends)."""

_NEIGHBOURS = ("", "a", " ", "\u3000", "\n", "語", "\u00a0", "é")
"""Characters set between the ones tested: a word's, a space, a Japanese space, a line end, a
Japanese character, a no-break space, a non-ASCII letter."""

_EDGES = (
    "\u2fff\u3000\u30ff\u3100\u33ff\u3400\u9fff\ua000\uf8ff\uf900\ufaff\ufb00\uff00\uffef\ufff0"
)
"""The first and last Japanese characters of each range, and the ones just outside."""


def _expected(text: str) -> list[tuple[int, int]]:
    return [match.span() for match in _PATTERN.finditer(text)]


def test_every_character_is_cut_as_the_pattern_cut_it() -> None:
    characters = [chr(code) for code in range(0x10000)] + [
        chr(code) for code in range(0x10000, 0x110000, 251)
    ]
    for neighbour in _NEIGHBOURS:
        text = neighbour.join(characters)
        assert list(_tokens(text)) == _expected(text), repr(neighbour)


def test_runs_of_spaces_and_japanese_spaces_are_cut_as_the_pattern_cut_them() -> None:
    for text in ("\u3000\u3000 \u3000", " \u3000 ", "a\u3000b", "\u3000\n\u3000", "語\u3000 語"):
        assert list(_tokens(text)) == _expected(text), repr(text)


@given(st.text(alphabet=st.sampled_from(_EDGES + " \n\t\u00a0\u3000aZ,。」語é\u200b"), max_size=40))
def test_any_text_is_cut_as_the_pattern_cut_it(text: str) -> None:
    assert list(_tokens(text)) == _expected(text)
