"""What a client may tell the server about its terminal, made safe before a child sees it: the
terminal type (it becomes the child's TERM) and the size (it becomes the child's terminal size,
where Textual sizes its buffers). Nothing else the client sends reaches the child but keystrokes.
"""

from __future__ import annotations

import re

DEFAULT_TERM = "xterm-256color"
DEFAULT_SIZE = (80, 24)
MAX_SIZE = (500, 200)
"""Columns and lines. Past this the app draws in the top-left corner of the window; the cap is
what keeps a client from asking a child for a screen of a billion cells."""

_TERM = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
"""What terminal type names look like in terminfo (xterm-256color, screen.xterm, rxvt-unicode)."""


def safe_term(term_type: str | None) -> str:
    """The client's terminal type if it looks like one, else DEFAULT_TERM."""
    if term_type and _TERM.fullmatch(term_type):
        return term_type
    return DEFAULT_TERM


def safe_size(columns: int, lines: int) -> tuple[int, int]:
    """The client's window size, at most MAX_SIZE; 0 (a client that does not know) is the
    default size."""
    if columns <= 0 or lines <= 0:
        return DEFAULT_SIZE
    return min(columns, MAX_SIZE[0]), min(lines, MAX_SIZE[1])
