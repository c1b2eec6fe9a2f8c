"""Lines of at most a number of terminal cells, for text in any language.

English breaks at spaces; Japanese has none between words and breaks between any two characters,
except before a closing mark (、。）」...), which goes down with the character before it
(kinsoku). Rich and Textual break only at spaces (a Japanese sentence after a space would move
down whole), so the places that lay out texts of either language wrap them here. Cells are
measured as core.text measures them (a Japanese character is 2).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from core.text import cells

_RUNS = re.compile(r"\S+|[^\S\n]+|\n")
"""Runs of non-spaces, runs of spaces, line ends: `_tokens` cuts the Japanese characters out of
them. (One pattern holding the Japanese ranges took 5 to 17 ms to compile, at every start: the
regular-expression compiler visits each of their 28,000 code points in Python.)"""

NO_LINE_START = frozenset("、。，．,.)）」』】ー・：:；;！!？?")
"""What a Japanese line never starts with."""

_CHAR_CELLS: dict[str, int] = {}
"""Cells by character, for the Japanese ones a line is cut into one by one (asking wcwidth
each time was half of a Japanese line's wrapping: the log panel wraps many)."""
_MOST_CHARS = 4096
"""Characters remembered at the most (untrusted text may hold any)."""


def line_spans(text: str, width: int) -> list[tuple[int, int]]:
    """Where each line of `text` starts and ends (character offsets) when no line may be wider
    than `width` cells; a line end in `text` ends a line. As Rich does, a line keeps the spaces
    before a break that fit in it, and the next one starts after them; a paragraph keeps its
    indent (the spaces it starts with)."""
    width = max(width, 2)
    if "\n" not in text and 0 <= _cells(text) <= width:
        return [(0, len(text))]  # (most lines of a log: they fit; -1: a control character)
    lines: list[list[tuple[int, int]]] = []
    line: list[tuple[int, int]] = []
    used = 0
    for start, end in _tokens(text):
        token = text[start:end]
        if token == "\n":
            lines.append(line)
            line, used = [], 0
            continue
        size = _cells(token)
        if token.isspace() and not line:
            indent = start == 0 or text[start - 1] == "\n"  # (a paragraph's: it stays)
            if not indent or size > width:
                continue  # no line starts with the spaces of a break
        if used + size <= width:
            line.append((start, end))
            used += size
            continue
        if token.isspace():
            lines.append(line)
            line, used = [], 0
            continue
        if len(line) != 1 or not text[line[0][0]].isspace():  # (a paragraph's indent alone:
            carried: list[tuple[int, int]] = []  # the word is cut after it, as Rich does)
            while text[(carried or [(start, end)])[0][0]] in NO_LINE_START and len(line) > 1:
                carried.insert(0, line.pop())
            if line:
                lines.append(line)
            line = carried
            used = sum(_cells(text[a:b]) for a, b in carried)
        for offset in range(start, end):  # a word wider than a line is cut where it must be
            size = _cells(text[offset])
            if used + size > width and line:
                lines.append(line)
                line, used = [], 0
            line.append((offset, offset + 1))
            used += size
    lines.append(line)
    spans = [(tokens[0][0], tokens[-1][1]) if tokens else (0, 0) for tokens in lines]
    while len(spans) > 1 and spans[-1] == (0, 0):
        spans.pop()
    return spans


def wrap(text: str, width: int) -> list[str]:
    """`text` as lines of at most `width` cells, without the spaces at the breaks."""
    return [text[start:end].rstrip() for start, end in line_spans(text, width)]


def _cells(text: str) -> int:
    """`text`'s cells (core.text.cells), a character's remembered."""
    if text.isascii() and text.isprintable():
        return len(text)
    if len(text) != 1:
        return cells(text)
    size = _CHAR_CELLS.get(text)
    if size is None:
        size = cells(text)
        if len(_CHAR_CELLS) < _MOST_CHARS:
            _CHAR_CELLS[text] = size
    return size


def _tokens(text: str) -> Iterator[tuple[int, int]]:
    """Where each token of `text` starts and ends: Japanese characters one by one, words, runs
    of spaces, line ends. A run of spaces that starts with a Japanese one (U+3000) gives that
    one alone first; after a first other space, the run holds them all."""
    plain = text.isascii()
    for match in _RUNS.finditer(text):
        start, end = match.span()
        if plain or text[start:end].isascii():
            yield start, end
            continue
        spaces = text[start].isspace()
        word = start  # where the run of characters that are not Japanese began
        for offset in range(start, end):
            char = text[offset]
            if (
                "\u3000" <= char <= "\u30ff"
                or "\u3400" <= char <= "\u9fff"
                or "\uf900" <= char <= "\ufaff"
                or "\uff00" <= char <= "\uffef"
            ) and (word == offset or not spaces):
                if word < offset:
                    yield word, offset
                yield offset, offset + 1
                word = offset + 1
        if word < end:
            yield word, end
