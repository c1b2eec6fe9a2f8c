"""Untrusted text: the one place where names, save fields, chat and network text are checked
and made safe for a terminal.

Text from people and files is checked once, where it comes in (`check_name`, `check_line`:
a seat's name is checked when the Seat is made), and escaped again wherever it goes out
(`visible`: the CLI's lines, the TUI's chokepoints), so that a bug on one side cannot put a
control sequence on anyone's terminal.

"Control" here means what a terminal acts on or what breaks a line: C0 (newline and tab too),
DEL, C1 (U+0080-U+009F; U+009B acts as CSI), the line and paragraph separators, the bidi
embedding / override / isolate / mark controls (they reorder what is drawn around them), and
lone surrogates (what Python makes of bytes that are not UTF-8, from argv or a file name).
Cells are measured with wcwidth (grapheme-aware: a Japanese character is 2 cells, an emoji
sequence joined by ZWJ is one glyph), the same widths Rich lays the screen out with.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence

from core.narration import Message, Text

MAX_NAME_CELLS = 32
"""A name's width on a terminal: it has to fit a player panel and a title bar."""

MAX_CHAT_CELLS = 200
"""The widest chat line a server takes: its check, and the chat field's cap as it is typed."""
MAX_CHAT_CHARS = 400
"""The longest chat line a server takes, in characters (zero-width ones count here only)."""

SERVED_NAME_CELLS = 16
"""The widest name a server takes unless its operator says otherwise (serve
--max-name-length): the name screen, the lobby and the server's check all start from it."""

MAX_NAME_CHARS = 128
"""A name's length in code points: combining marks are 0 cells wide, so the width alone does
not bound the memory a name takes (it is copied into every sentence that names the seat)."""

MAX_MESSAGE = 1000
"""The longest error message, in characters; what a file puts in one is cut to fit."""

EXCERPT_CHARS = 40
"""How much of a refused text an error message quotes."""

_BIDI_CONTROLS = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
CONTROL_CLASS = f"\x00-\x1f\x7f-\x9f\u2028\u2029{_BIDI_CONTROLS}\ud800-\udfff"
"""A regular-expression character class of every control character (see the module's doc)."""

_CONTROL = re.compile(f"[{CONTROL_CLASS}]")
_INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)
"""What draws nothing: Unicode's default-ignorable code points (zero-width and format
characters, variation selectors, the Hangul fillers, tags) and the blank braille pattern."""
_SURROGATE = re.compile("[\ud800-\udfff]")
_SHORT_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


class BadText(ValueError):
    """Text refused at the boundary. str() is a one-line reason that is safe to print; it is
    raised with a Message (core.errors.reason_of finds it), in the reader's language when shown."""


def is_control(char: str) -> bool:
    return _CONTROL.fullmatch(char) is not None


def escape(char: str) -> str:
    """One control character as a plain-ASCII escape, the way Python writes it: \\n, \\x1b,
    \\x9b, \\u202e, \\udcff (a byte that was not UTF-8)."""
    if char in _SHORT_ESCAPES:
        return _SHORT_ESCAPES[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """`text` with every control character made visible as an escape: one printable line that
    a terminal shows as it is. Text without control characters comes back unchanged."""
    if _CONTROL.search(text) is None:
        return text
    return _CONTROL.sub(lambda found: escape(found.group()), text)


def one_line(text: str, limit: int = MAX_MESSAGE) -> str:
    """`text` as one line of at most `limit` characters that is safe on a terminal: control
    characters shown as escapes (`visible`), and what is too long cut with '...'."""
    shown = visible(text[: limit + 1])
    if len(text) > limit or len(shown) > limit:
        return shown[: limit - 3] + "..."
    return shown


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """The start of `text`, made visible and quoted, for an error message about it."""
    shown = visible(text[: limit + 1])
    if len(text) > limit or len(shown) > limit:
        shown = shown[:limit] + "..."
    return f'"{shown}"'


def cells(text: str) -> int:
    """How many terminal cells `text` takes (-1 if it holds a control character). Printable
    ASCII takes one cell a character; wcwidth, whose import costs some 30 ms of every start
    that loads a save (its seats' names are checked), is imported for other text only."""
    if text.isascii() and text.isprintable():
        return len(text)
    from wcwidth import wcswidth

    return wcswidth(text)


def check_line(text: str, *, what: Text, max_cells: int, max_chars: int, typed: bool = True) -> str:
    """One line of untrusted text (a name, later a chat message) that may be shown: refused
    with a BadText saying why if it is not valid UTF-8, holds a control character, is blank, or
    is wider or longer than the limits. Returns `text` unchanged. Text not `typed` (a name a
    save holds) is blank only when it is spaces or nothing a terminal shows (the rule before
    `is_blank`, so that every save that loaded still loads)."""
    if len(text) > max_chars:
        raise BadText(
            Message(
                "{what} {text} is too long ({length} characters; the limit is {limit})",
                what=what,
                text=excerpt(text),
                length=len(text),
                limit=max_chars,
            )
        )
    bad = _SURROGATE.search(text)
    if bad is not None:
        raise BadText(
            Message(
                "{what} {text} is not valid UTF-8 ({char})",
                what=what,
                text=excerpt(text),
                char=escape(bad.group()),
            )
        )
    bad = _CONTROL.search(text)
    if bad is not None:
        raise BadText(
            Message(
                "{what} {text} contains a control character ({char})",
                what=what,
                text=excerpt(text),
                char=escape(bad.group()),
            )
        )
    width = cells(text)
    if not text:
        raise BadText(Message("{what} is empty", what=what))
    if width == 0 or not text.strip() or (typed and is_blank(text)):
        raise BadText(Message("{what} is blank", what=what))
    if width > max_cells:
        raise BadText(
            Message(
                "{what} {text} is too wide ({width} cells; the limit is {limit})",
                what=what,
                text=excerpt(text),
                width=width,
                limit=max_cells,
            )
        )
    return text


def is_blank(text: str) -> bool:
    """Whether `text` shows nothing a reader could tell apart: only spaces, characters that
    draw nothing (`_INVISIBLE`) and combining marks with nothing to sit on."""
    if text.isascii():
        return not text.strip()
    import unicodedata

    shown = _INVISIBLE.sub("", text)
    return all(char.isspace() or unicodedata.category(char)[0] == "M" for char in shown)


def name_key(name: str) -> str:
    """What a name is told apart by: without what draws nothing, NFKC (full-width "Ａｋｉ" is
    "Aki"), case folded ("aki"), each run of spaces one space. Names at one table differ in
    their keys, so the log, which says only a name, names one seat. (What draws nothing goes
    first: a zero-width space between "e" and U+0301 kept NFKC from composing them, and the name
    apart from "Réna"; and again after it, for any the folding makes.)"""
    import unicodedata

    shown = _INVISIBLE.sub("", name)
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", shown).casefold())
    return " ".join(_INVISIBLE.sub("", folded).split())


def check_name_free(name: str, taken: Mapping[int, str]) -> None:
    """Refused with a BadText if `name` is, by its `name_key`, the name of a seat of `taken`
    (seat -> name), saying whose."""
    key = name_key(name)
    for seat, other in taken.items():
        if name_key(other) == key:
            raise BadText(
                Message(
                    "the name {name} is seat {seat}'s ({other}): names at one table must "
                    "differ, in any case or width",
                    name=_plainly(name),
                    seat=seat + 1,
                    other=_plainly(other),
                )
            )


def _plainly(name: str) -> str:
    """`excerpt(name)` with what draws nothing shown as escapes too: two names refused as
    alike must not look the same in the refusal (a zero-width space shows as \\u200b)."""
    return excerpt(_INVISIBLE.sub(lambda found: escape(found.group()), name))


def check_names_differ(names: Sequence[str]) -> None:
    """Refused with a BadText naming the first name that is an earlier seat's (`name_key`)."""
    for seat, name in enumerate(names):
        check_name_free(name, dict(enumerate(names[:seat])))


def check_name(text: str, *, typed: bool = True) -> str:
    """A seat's name, as typed or (not `typed`) loaded: see check_line. Returns it unchanged."""
    return check_line(
        text, what=THE_NAME, max_cells=MAX_NAME_CELLS, max_chars=MAX_NAME_CHARS, typed=typed
    )


THE_NAME = Message("the name")


def visible_json(data: object) -> str:
    """`data` as one line of JSON that is safe on a terminal: json.dumps escapes only C0, so
    every other control character (C1, separators, bidi, lone surrogates) is written as a
    \\uXXXX escape too. The JSON means the same; non-ASCII text stays readable."""
    text = json.dumps(data, ensure_ascii=False)
    return _CONTROL.sub(lambda found: f"\\u{ord(found.group()):04x}", text)
