"""Lines of at most a number of terminal cells, for text in any language.

English breaks at spaces; Japanese has none between words and breaks between any two characters,
except before a closing mark (、。）」...), which goes down with the character before it
(kinsoku). Rich and Textual break only at spaces (a Japanese sentence after a space would move
down whole), so the places that lay out texts of either language wrap them here. Cells are
measured as core.text measures them (a Japanese character is 2).
"""

from __future__ import annotations

import re

from core.text import cells

_BREAKABLE = "\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef"
_TOKENS = re.compile(f"[{_BREAKABLE}]|[^\\s{_BREAKABLE}]+|[^\\S\\n]+|\\n")
"""Japanese characters one by one, words, runs of spaces, line ends."""

NO_LINE_START = frozenset("、。，．,.)）」』】ー・：:；;！!？?")
"""What a Japanese line never starts with."""


def line_spans(text: str, width: int) -> list[tuple[int, int]]:
    """Where each line of `text` starts and ends (character offsets) when no line may be wider
    than `width` cells; a line end in `text` ends a line. As Rich does, a line keeps the spaces
    before a break that fit in it, and the next one starts after them."""
    width = max(width, 2)
    lines: list[list[tuple[int, int]]] = []
    line: list[tuple[int, int]] = []
    used = 0
    for match in _TOKENS.finditer(text):
        start, end = match.span()
        token = match.group()
        if token == "\n":
            lines.append(line)
            line, used = [], 0
            continue
        size = cells(token)
        if token.isspace() and not line:
            continue  # no line starts with the spaces of a break
        if used + size <= width:
            line.append((start, end))
            used += size
            continue
        if token.isspace():
            lines.append(line)
            line, used = [], 0
            continue
        carried: list[tuple[int, int]] = []
        while line and text[(carried or [(start, end)])[0][0]] in NO_LINE_START and len(line) > 1:
            carried.insert(0, line.pop())
        if line:
            lines.append(line)
        line = carried
        used = sum(cells(text[a:b]) for a, b in carried)
        for offset in range(start, end):  # a word wider than a line is cut where it must be
            size = cells(text[offset])
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
