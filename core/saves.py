"""TOML save files: written atomically, grown by appending, loaded strictly and within limits,
versioned.

A save is data: the format name and version, the game, its options and seed, the seats and the
log. Loading re-applies every entry through the rules. Every problem becomes a SaveError whose
message is one line, `PATH: entry N: reason` or `PATH: reason`. See docs/save-format.md.

An autosave writes the whole file once (atomically), then appends each new entry's text at once
(one copy into a mapping of the file, over padding that loading drops; or one write); only undo
rewrites it whole again. A copy cut short by a kill or a power cut can leave the last entry
incomplete: loading drops it with a one-line note, and the game goes on from the entry before.

Saves are files people pass around, so loading trusts nothing: the file's size is checked before
it is read, every text, number and nesting is bounded before anything else looks at it, and a
save the program would not have written is refused with its reason.
"""

from __future__ import annotations

import datetime as dt
import errno
import mmap
import os
import re
import struct
import tempfile
import time
import tomllib
import weakref
from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any, AnyStr

import tomli_w

from core import __version__, filesystems, gcpause, paths, save_log
from core.background import in_background
from core.chance import ChanceKind, Outcome
from core.decisions import Choice
from core.errors import Explained, at_entry, os_reason, reason_of
from core.games import UnknownGame, get_game
from core.games.base import Game
from core.log import TOML_INTEGERS, BadEntry, ChanceEntry, DecisionEntry, Entry, entry_from_data
from core.narration import Message, Narration, Text, text
from core.regular import NotRegular, not_regular, open_regular
from core.table import Change, LogError, Render, Seat, SeatKind, Table
from core.text import MAX_MESSAGE as MAX_MESSAGE
from core.text import excerpt, one_line

FORMAT = "partyline-save"
FORMAT_VERSION = 2
"""1: written whole, the header counts the entries (`entries`). 2: grown by appending, so the
header has no count (it could not be kept up to date) and the last entry may be incomplete."""

MAX_FILE_BYTES = 16 * 1024 * 1024
"""A larger file is refused before it is read: loading costs memory in proportion to the file."""
MAX_TEXT = 256
"""The longest text (a name, a decision, an option id, a key ...) a save may hold, in characters."""
MAX_NESTING = 8
"""How deep arrays and tables may nest (a save written by Partyline nests 4 deep)."""
HEADER_BYTES = 64 * 1024
"""How much of a file `peek` reads to find its header (everything before the first [[log]])."""
SYNC_EVERY = 2.0
"""Seconds: while only bots and chance add entries, an autosave makes them durable (fsync) at
most this often. A person's decision is made durable at once (docs/save-format.md, "When a game
is saved")."""

_TOP_FIELDS = frozenset(
    {
        "format",
        "format_version",
        "app_version",
        "game",
        "rules_version",
        "seed",
        "practice",
        "created",
        "entries",
        "options",
        "seats",
        "log",
    }
)
_SEAT_FIELDS = frozenset({"name", "kind", "bot"})


class SaveError(Explained, ValueError):
    """A save that cannot be loaded: `message` says why in one line, `PATH: ...` (str() in
    English; core.errors.explain in a reader's language)."""

    @classmethod
    def at(cls, where: str, why: Text | BaseException) -> SaveError:
        """`where: why` (a file's name and what is wrong with it)."""
        return cls(_at(where, why))


def _at(where: str, why: Text | BaseException) -> Message:
    reason = reason_of(why) if isinstance(why, BaseException) else why
    return Message("{where}: {why}", where=where, why=reason)


class RulesChanged(SaveError):
    """A save of an older rules version that the rules of this Partyline no longer replay to its
    end. `accepted` is the game up to its last entry they do accept: the replay viewer can show
    that much (nothing may continue it)."""

    def __init__(self, where: str, reason: Text, accepted: Loaded) -> None:
        super().__init__(_at(where, reason))
        self.reason = reason
        """The message without the file's name (the replay viewer shows it as a note)."""
        self.accepted = accepted


def display_path(path: Path | str) -> str:
    """A path as one printable line (see `one_line`), for messages."""
    return one_line(str(path))


def _created(text: str | None) -> dt.datetime | str:
    """The creation time as a TOML datetime; a hand-written value that is not one stays text."""
    if not text:
        return _now()
    try:
        return dt.datetime.fromisoformat(text)
    except ValueError:
        return text


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(microsecond=0)


def to_data(table: Table, created: str | None = None) -> dict[str, Any]:
    return {**_header_data(table, created), "log": [entry.to_data() for entry in table.log]}


def _header_data(table: Table, created: str | None) -> dict[str, Any]:
    seats: list[dict[str, Any]] = []
    for seat in table.seats:
        data: dict[str, Any] = {"name": seat.name, "kind": seat.kind.value}
        if seat.kind is SeatKind.BOT:
            data["bot"] = seat.bot
        seats.append(data)
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "app_version": __version__,
        "game": table.game.id,
        "rules_version": table.game.rules_version,
        "seed": table.seed,
        "practice": table.practice,
        "created": _created(created),
        "options": {"players": len(table.seats), **table.options},
        "seats": seats,
    }


def dumps(table: Table, created: str | None = None, render: Render = text) -> str:
    """The save as TOML text laid out for people: one short table per seat and per log entry,
    arrays kept on one line: `header_text`, then each entry's `entry_text` (its comment written
    out by `render`, in the saver's language)."""
    entries = map(partial(entry_text, table, render=render), range(len(table)))
    return header_text(table, created) + "".join(entries)


def header_text(table: Table, created: str | None = None) -> str:
    """Everything before the log: the top-level fields, [options] and the [[seats]]."""
    data = _header_data(table, created)
    lines = [
        _toml_line(key, value) for key, value in data.items() if not isinstance(value, dict | list)
    ]
    lines += ["", "[options]"] + [_toml_line(k, v) for k, v in data["options"].items()]
    for item in data["seats"]:
        lines += ["", "[[seats]]"] + [_toml_line(k, v) for k, v in item.items()]
    return "\n".join(lines) + "\n"


def entry_text(table: Table, index: int, render: Render = text, entry: Entry | None = None) -> str:
    """Log entry `index` (from 0) as the file holds it: a blank line, `[[log]]  # N: what it did`
    (its public narration in the language `render` writes, the saver's, cut to 100
    characters), then its fields, each line ending in a newline. It is `entry_utf8`'s bytes,
    what an autosave appends, decoded: one way to write an entry. Loading ignores the comment: a
    save reads the same in every language."""
    if entry is None:
        entry = table.entry(index)
    try:
        return entry_utf8(table, index, render, entry).decode()
    except UnicodeEncodeError:  # (a lone surrogate: kept in the text, where `_utf8` words it)
        return entry_utf8(table, index, render, entry, errors=_LONE).decode(errors=_LONE)


def entry_utf8(
    table: Table,
    index: int,
    render: Render,
    entry: Entry,
    lines: tuple[Narration, ...] | None = None,
    errors: str | None = None,
) -> bytes:
    """`entry_text(table, index, render, entry)` in UTF-8, made as bytes: only the comment is
    encoded (the `[[log]]` line's start and the fields are kept encoded), and its control
    characters but tab become spaces as bytes (`_COMMENT_BYTES`), which costs less than a
    str's `isprintable`. `lines` are the entry's (`table.entry_lines(index)`, which the
    autosave has from the table's Change). Raises UnicodeEncodeError where the text has no
    UTF-8 form (a lone surrogate), unless `errors` says how to encode it (`entry_text` keeps
    it)."""
    if lines is None:
        lines = table.entry_lines(index)
    if len(lines) == 1:  # (most entries: no list of one to join)
        line = lines[0].public_message
        # (a str reads alike in every language; in English `text` is the text's own __str__,
        # called from here: half the cost of str()'s call into it)
        said = line if line.__class__ is str else line.__str__() if render is text else render(line)
    else:
        said = _joined(lines, render)
    if len(said) > COMMENT_CHARACTERS:
        said = said[: COMMENT_CHARACTERS - 3] + "..."
    comment = (said.encode() if errors is None else said.encode(errors=errors)).translate(
        _COMMENT_BYTES
    )
    heads = _HEADS
    head = heads[index] if index < len(heads) else _head(index)
    # (`_FIELDS`' kinds, a seat's answer by id and a roll of dice, told by class: isinstance
    # refuses a chance entry at twice the cost)
    if type(entry) is DecisionEntry and entry.choice.__class__ is str:
        key: tuple[object, ...] = (entry.seat, entry.decision, entry.choice)
    elif type(entry) is ChanceEntry and entry.chance is _DICE and entry.values.__class__ is tuple:
        key = (entry.values,)  # (faces are whole numbers, never True or 1.0: loading checks)
    else:
        return head + comment + _fields_utf8(entry, errors)
    fields = _FIELDS.get(key)
    if fields is None:
        fields = _fields_utf8(entry, errors)
        if errors is None:  # (what is kept is valid UTF-8)
            _remember(_FIELDS, key, fields)
    return head + comment + fields


_LONE = "surrogatepass"
"""How `entry_text` encodes a lone surrogate, and decodes it again: as it was."""

_COMMENT_BYTES = bytes(
    byte if byte == 9 or 32 <= byte < 127 or byte > 127 else 32 for byte in range(256)
)
"""A comment's bytes with each control character but tab made a space, as a TOML comment must
be: in UTF-8 those characters are these single bytes, and no other character's bytes hold one
(nor a surrogate's, encoded by `entry_text`)."""


def _head(index: int) -> bytes:
    """The start of entry `index`'s `[[log]]` line, up to its comment. The first _HEADS_KEPT are
    kept in _HEADS, which this grows (doubling: a process's games start at 0) as a new list,
    never one changed in place: a thread reading the one before still finds what it holds."""
    global _HEADS
    heads = _HEADS
    if index < len(heads):
        return heads[index]
    if index >= _HEADS_KEPT:
        return f"\n[[log]]  # {index + 1}: ".encode()
    end = min(max(index + 1, 2 * len(heads), 64), _HEADS_KEPT)
    _HEADS = heads = heads + [f"\n[[log]]  # {n + 1}: ".encode() for n in range(len(heads), end)]
    return heads[index]


_HEADS: list[bytes] = []
_HEADS_KEPT = 20_000
"""At most about 1 MB of heads: longer games' later entries make theirs each time."""


COMMENT_CHARACTERS = 100
"""The longest comment after an entry's `[[log]]`, in characters (a longer one is cut, ending
in "...")."""


def _joined(lines: tuple[Narration, ...], render: Render) -> str:
    """An entry's lines written out and joined by spaces, as far as the comment shows them:
    the lines after the first COMMENT_CHARACTERS are cut are never written out (a fight's
    entry tells several)."""
    english = render is text  # (as in `entry_utf8`)
    parts: list[str] = []
    length = -1  # (the joined text's length: the parts', and a space before all but the first)
    for narration in lines:
        line = narration.public_message
        part = line if line.__class__ is str else line.__str__() if english else render(line)
        parts.append(part)
        length += len(part) + 1
        if length > COMMENT_CHARACTERS:
            break
    return " ".join(parts)


def _fields_utf8(entry: Entry, errors: str | None) -> bytes:
    """An entry's fields as the file holds them, after the newline that ends its `[[log]]`
    line, in UTF-8 (`errors`: as in `entry_utf8`)."""
    if isinstance(entry, DecisionEntry):
        fields = _decision_fields(entry.seat, entry.decision, entry.choice)
    else:
        fields = _chance_fields(entry.chance, entry.values)
    return b"\n" + (fields.encode() if errors is None else fields.encode(errors=errors))


def _decision_fields(seat: int, decision: str, choice: Choice) -> str:
    # (an answer's fields are kept by seat, decision and answer, but their ids recur under many
    # of them: a game's first entries are mostly new ones)
    said = _QUOTED.get(decision) or _quoted(decision)
    chose = (_QUOTED.get(choice) or _quoted(choice)) if choice.__class__ is str else None
    return f"seat = {seat}\ndecision = {said}\nchoice = {chose or _toml_field(choice)}\n"


def _chance_fields(kind: ChanceKind, values: Outcome) -> str:
    return f"chance = {_toml_value(kind.value)}\nvalues = {_toml_field(values)}\n"


_FIELDS: dict[tuple[object, ...], bytes] = {}
"""The fields of the entries `entry_utf8` keeps written out (`_fields_utf8`), by (seat,
decision, choice) or (dice,): most entries' are one of a few hundred, and a game of bots saves
thousands. At most _FIELDS_KEPT of them."""

_FIELDS_KEPT = 4096
_DICE = ChanceKind.DICE


_QUOTED: dict[str, str] = {}
"""Strings (ids) as `_toml_value` writes them, at most _FIELDS_KEPT of them."""


def _quoted(value: str) -> str:
    """`_toml_value(value)`, kept in _QUOTED."""
    return _remember(_QUOTED, value, _toml_value(value))


def _remember(kept: dict[Any, AnyStr], key: Any, text: AnyStr) -> AnyStr:
    """`text`, kept in `kept` (_FIELDS, _QUOTED) under `key`: at most _FIELDS_KEPT of them."""
    if len(kept) >= _FIELDS_KEPT:
        kept.clear()
    kept[key] = text
    return text


def _toml_line(key: str, value: Any) -> str:
    return f"{key} = {_toml_field(value)}"


def _toml_field(value: Any) -> str:
    """A field's value: an array on one line, whatever its length."""
    if type(value) in (list, tuple):
        # (a shuffle's card ids, a roll's faces: joined at once when _toml_value would write
        # each item as it stands, as it does every whole number and every id)
        kinds = set(map(type, value))
        if kinds == _INTEGERS:
            return f"[{', '.join(map(str, value))}]"
        if kinds == _STRINGS:
            every = "".join(value)
            if every.isprintable() and '"' not in every and "\\" not in every:
                return '["' + '", "'.join(value) + '"]'
        return f"[{', '.join([_toml_value(item) for item in value])}]"
    return _toml_value(value)


_INTEGERS = {int}
_STRINGS = {str}


_PLAIN_STRING = re.compile(r'[^\x00-\x08\x0a-\x1f\x7f"\\]*')
"""A string tomli_w writes as it is, between double quotes (nothing to escape)."""


def _toml_value(value: Any) -> str:
    # The common values (whole numbers, ids; a header's booleans and `created`) without
    # tomli_w's cost, written as it writes them; it renders everything else, so the text is the
    # same either way.
    if type(value) is int:
        return str(value)
    if type(value) is bool:
        return "true" if value else "false"
    if type(value) is dt.datetime:
        return str(value)
    if type(value) is str and (
        (value.isprintable() and '"' not in value and "\\" not in value)
        or _PLAIN_STRING.fullmatch(value)
    ):
        return f'"{value}"'
    return tomli_w.dumps({"v": value})[len("v = ") :].rstrip("\n")


# --- writing -------------------------------------------------------------------------------------


PADDING = 64
"""Spaces the region of the file mapped past the last entry always keeps, then one newline
(docs/save-format.md, *Padding while a game is played*). A loader drops a run of at least this
many spaces at the end of a file, with its newline: no line Partyline writes ends in spaces."""
GROW_BY = 64 * 1024
"""Bytes the mapped region grows by (about 450 entries of Dangerous, more than most games of
bots with a turn limit write: their first padding is their only one): a grow costs a pwrite of
the whole unwritten region and a new mapping, 0.2 ms in a game, so this makes it a fraction of
a microsecond an entry, while a game killed early leaves at most this much padding."""


def write(table: Table, path: Path, created: str | None = None, render: Render = text) -> None:
    """Write atomically: a temporary file in the same folder, fsync, then rename over `path`.

    Raises OSError (`write_failure` words it): the folder must exist, and whatever is at `path`
    must be a regular file, because the rename would replace a link, a folder or a device.
    """
    write_bytes(path, _dumps_utf8(table, created, render))


def write_bytes(path: Path, payload: bytes) -> None:
    """Put `payload` at `path` as `write` puts a save: atomically and durably. Raises OSError."""
    os.close(_replace(path, payload, sync=True))


def _replace(path: Path, payload: bytes, *, sync: bool) -> int:
    """Put a file holding `payload` at `path` atomically (a temporary file in the same folder,
    renamed over it), fsync'd before and after the rename if `sync`. Returns a descriptor open
    for writing on the new file, at its end. Raises OSError, as `write` does."""
    check_target(path)
    return _put_in_place(path, payload, sync=sync)


def _put_in_place(path: Path, payload: bytes, *, sync: bool) -> int:
    """`_replace` once `check_target(path)` has passed."""
    fd, temp = tempfile.mkstemp(
        prefix=paths.temp_prefix(path), suffix=paths.TEMP_SUFFIX, dir=path.parent
    )
    try:
        _write_all(fd, payload)
        if sync:
            os.fsync(fd)
        os.replace(temp, path)
    except BaseException:
        os.close(fd)
        Path(temp).unlink(missing_ok=True)
        raise
    if sync:
        _fsync_folder(path.parent)
    return fd


def _write_all(fd: int, payload: bytes) -> None:
    """Write `payload` at the descriptor's position: in one write, unless the system takes less."""
    written = os.write(fd, payload)
    if written < len(payload):
        view = memoryview(payload)[written:]
        while view:
            view = view[os.write(fd, view) :]


def check_target(path: Path) -> int:
    """Raise OSError unless a save can be written at `path`: its folder exists, and `path` is a
    regular file or nothing (never a folder, a symbolic link or a special file). Returns the
    file's size (0 when there is none: what a rewrite could lose)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        folder = path.parent
        if not folder.exists():
            raise OSError(
                errno.ENOENT, Message("the folder {folder} does not exist", folder=str(folder))
            ) from None
        if not folder.is_dir():
            raise OSError(errno.ENOTDIR, _not_a_folder(folder)) from None
        return 0
    except NotADirectoryError:
        raise OSError(errno.ENOTDIR, _not_a_folder(path.parent)) from None
    kind = not_regular(info.st_mode)
    if kind:
        why = Message("it is {kind}; a save only ever replaces a regular file", kind=kind)
        raise OSError(errno.EEXIST, why)
    return info.st_size


def _not_a_folder(folder: Path) -> Message:
    return Message("{folder} is not a folder", folder=str(folder))


def write_failure(path: Path, error: OSError) -> Message:
    """Why a save could not be written, as one line: `PATH: could not save: reason` (the
    reason is the system's words, or ours: a Message in the strerror)."""
    return Message("{path}: could not save: {why}", path=display_path(path), why=os_reason(error))


def _dumps_utf8(table: Table, created: str | None, render: Render) -> bytes:
    """`dumps` in UTF-8, as a write puts it. Raises OSError, `_utf8`'s naming the line, where the
    text has no UTF-8 form."""
    return _utf8(header_text(table, created)) + _entries_utf8(table, 0, len(table), render)


def _entries_utf8(table: Table, start: int, end: int, render: Render) -> bytes:
    """Log entries `start` to `end` (not included) as the file holds them, in UTF-8: the bytes
    an autosave appends (`entry_utf8`), not `entry_text`'s decoded text encoded again. Raises
    OSError, `_utf8`'s naming the line, where the text has no UTF-8 form."""
    try:
        return b"".join([entry_utf8(table, i, render, table.entry(i)) for i in range(start, end)])
    except UnicodeEncodeError:
        return _utf8("".join([entry_text(table, i, render) for i in range(start, end)]))


def _utf8(text: str) -> bytes:
    """The save's bytes. Text that is not valid UTF-8 (a lone surrogate: undecodable bytes from
    argv or a file name) has no TOML form: the write fails as an OSError (EILSEQ) naming the
    line, which every caller reports as 'could not save', instead of a UnicodeEncodeError."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as error:
        start = text.rfind("\n", 0, error.start) + 1
        line = text[start : text.find("\n", error.start)]
        raise OSError(
            errno.EILSEQ, Message("not valid UTF-8: {line}", line=excerpt(line))
        ) from None


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# --- reading -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Loaded:
    table: Table
    created: str
    rules_version: int
    """The rules version the file was written under (the table plays the game's current one)."""
    note: Text = ""
    """`PATH: entry N: ...` when the file's last entry is incomplete (a write cut short) and the
    table holds the entries before it; "" otherwise. Shown to the user, in one line."""


@dataclass(frozen=True)
class Summary:
    """What a save's header says, read without replaying its log (the saved-games list)."""

    game: str
    names: tuple[str, ...]
    practice: bool
    entries: int | None
    """The number of whole log entries the file holds, as `load` counts them (`peek`: never
    None); a format 1 header that declares another number is refused, as `load` refuses it."""


def load(path: Path, *, continue_chance: bool = True) -> Loaded:
    """Read and replay a save. Raises SaveError with a one-line `PATH: ...` message."""
    where = display_path(path)
    data, _ = _read(path, where, MAX_FILE_BYTES + 1)
    return loads(data, where, continue_chance=continue_chance)


def read_file(path: Path) -> bytes:
    """The bytes of the save at `path`, read as `load` reads them (SaveError if it cannot be)."""
    return _read(path, display_path(path), MAX_FILE_BYTES + 1)[0]


def loads(
    text: str | bytes,
    where: str = "<save>",
    *,
    continue_chance: bool = True,
    replaying: Replaying | None = None,
) -> Loaded:
    """Load a save from its text (or its bytes, UTF-8); `where` names it in messages.
    `replaying(table, entries)` gives the log's entries to apply to the table, in order, and may
    look at the table between them (core/load_ahead.py hands the applied ones over); only the
    file as it is is replayed through it.

    A file that does not load as it is may still load up to a hole a power cut left in its log
    (`_before_hole`): what it holds before the hole, with the note that says from which entry on
    it is lost. Entries copied into the autosave's mapping (`_OpenSave`) reach the disk as whole
    4 KiB pages, in no order the file system promises, until the fsync: a power cut before it can
    leave a page as it was when last written back (old padding after what was written then, or
    zeros where nothing was), between pages that hold later entries. Only a file that does not
    load as it is is looked at, so no file that loads today loads differently; a save of an
    older rules version that today's rules stop (RulesChanged) keeps its own error and replay."""
    try:
        return _loads_as_is(text, where, continue_chance=continue_chance, replaying=replaying)
    except RulesChanged:
        raise
    except SaveError as error:
        data = text.encode("utf-8", "surrogateescape") if isinstance(text, str) else text
        prefix = _before_hole(data)
        if prefix is None:
            raise
        prefix = prefix[: prefix.find(b"\0")] if b"\0" in prefix else prefix  # (a copy's, torn)
        try:
            loaded = _loads_as_is(prefix, where, continue_chance=False)
        except RulesChanged:
            raise  # (what its rules say of the game before the hole: the replay is offered)
        except SaveError:
            raise error from None  # (what the file as it is says is the better clue)
    note = _incomplete_note(where, len(loaded.table), hole=True)
    if continue_chance:
        loaded.table.resolve_chance()
    return replace(loaded, note=note)


Replaying = Callable[[Table, list[Entry]], Iterable[Entry]]


def _loads_as_is(
    text: str | bytes,
    where: str = "<save>",
    *,
    continue_chance: bool = True,
    replaying: Replaying | None = None,
) -> Loaded:
    kept, cut = _whole_lines(text)
    read = _read_written(kept)
    data, log = read if read is not None else (_parse(kept, where), None)
    try:
        table, created, version = _table_from(data)
        if cut and not log:
            _check_cut_header(text, kept, data)
        # (a log read line by line holds whole entries only: an incomplete one is read by _parse)
        entries, torn = _entries_from(data, cut) if log is None else (log, cut)
    except (LogError, _HeaderError) as error:
        raise SaveError.at(where, error) from None
    note = _incomplete_note(where, len(entries)) if torn else ""
    with gcpause.paused():
        try:
            table.apply_all(entries if replaying is None else replaying(table, entries))
        except LogError as error:
            if version < table.game.rules_version:
                accepted = Loaded(table, created, version, note)
                raise _rules_changed(where, accepted, error) from None
            raise SaveError.at(where, error) from None
    _check_count(data, len(entries), where)
    if continue_chance:
        table.resolve_chance()
    return Loaded(table, created, version, note)


def _check_count(data: dict[str, Any], found: int, where: str) -> None:
    """Refuse a file whose format 1 header counts other than the `found` whole entries: it was
    written whole, so anything else is a file cut short (or edited). `load` and `peek` alike."""
    declared = data.get("entries")
    if declared is not None and declared != found:
        why = Message(
            "the file says it holds {declared} log entries but has {entries} (truncated?)",
            declared=declared,
            entries=found,
        )
        raise SaveError.at(where, why)


def _incomplete_note(where: str, whole: int, hole: bool = False) -> Message:
    """The note of a file whose entries after the first `whole` are left out: the last one was
    incomplete, or (`hole`) the file has a hole there (`loads`)."""
    if hole:
        why = (
            Message(
                "the file is incomplete from this entry on (a part of it never reached the "
                "disk: a power cut while saving?); continuing from entry {whole}",
                whole=whole,
            )
            if whole
            else Message(
                "the file is incomplete from this entry on (a part of it never reached the "
                "disk: a power cut while saving?); continuing from the start"
            )
        )
    elif whole:
        why = Message(
            "the last entry is incomplete (the game was interrupted while saving); "
            "continuing from entry {whole}",
            whole=whole,
        )
    else:
        why = Message(
            "the last entry is incomplete (the game was interrupted while saving); "
            "continuing from the start"
        )
    return _at(where, at_entry(whole + 1, why))


PAGE = 4096
"""The unit in which a file's data is written back to the disk (the page, the block of ext4)."""
HOLE_SPACES = 16
"""The fewest spaces a run needs, with no NUL in it, to be taken for a page not written back: a
space or two at a page's end is ordinary TOML (`seat = 0`, `[[log]]  # 5: ...`), which a file
broken for another reason must keep reporting as it did."""
_STALE = b" \0"
"""What a page not written back ends in: old padding (spaces), or zeros where nothing was."""


def _before_hole(data: bytes) -> bytes | None:
    """`data` up to the first hole in its log that a power cut can leave, if there is one: a run
    of spaces or NUL bytes (HOLE_SPACES spaces at least, or any with a NUL) that ends at a PAGE
    boundary, where a page not written back ends (with padding's newline before it, or not),
    and a later page begins; a later page may begin with two spaces of its own (`[[log]]  #`),
    no more: a run that goes on past the boundary is a file's own blank space, not a hole. None
    when there is no hole. Only a hole that begins inside the log counts: a header cut short
    could load as another game (fewer seats). Looks at each page's end only: a file of any
    shape costs one pass."""
    log = _LOG_LINE.search(data)
    if log is None:
        return None
    run: int | None = None  # (where the run of stale bytes reaching the last boundary began)
    for boundary in range((log.end() // PAGE + 1) * PAGE, len(data), PAGE):
        page = data[boundary - PAGE : boundary]
        end = boundary - 1 if page.endswith(b"\n") else boundary
        kept = len(page[: end - boundary + PAGE].rstrip(_STALE))
        start = boundary - PAGE + kept if kept or run is None else run
        after = data[boundary : boundary + 3]
        if len(after) - len(after.lstrip(_STALE)) <= 2 and (
            end - start >= HOLE_SPACES or data.find(b"\0", start, end) >= 0
        ):
            return data[:start]
        run = start if end == boundary and start < end else None
    return None


def _whole_lines(text: str | bytes) -> tuple[str | bytes, bool]:
    """`text` without an unfinished last line inside the last [[log]] table, or that begins one
    (`_log_line_begun`: the first entry's), and whether there was one. Every line Partyline
    writes ends in a newline, so a last line without one was cut short, and what remains of it
    may still read as a value (`choice = 1` of `choice = 12`) or end inside a UTF-8 character.
    Elsewhere (a hand-written file, a header line cut short) a last line stays as it is."""
    return _cut_line(text, "\n") if isinstance(text, str) else _cut_line(text, b"\n")


def _cut_line(text: AnyStr, newline: AnyStr) -> tuple[AnyStr, bool]:
    text = _without_padding(text, newline)
    if not text or text.endswith(newline):
        return text, False
    end = text.rfind(newline) + 1
    header = _last_table_header(text, end, newline)
    if (header is None or not _LOG_HEADER.match(header[1])) and not _log_line_begun(text[end:]):
        return text, False
    return text[:end], True


_LOG_LINE_START = b"[[log]]  # "
"""How each `[[log]]` line Partyline writes begins (`_head`), before the entry's number."""


def _check_cut_header(text: str | bytes, kept: str | bytes, data: dict[str, Any]) -> None:
    """Refuse a file of a header (`data`, read from `kept`) whose last line, which `_whole_lines`
    cut off `text`, is only `[` or `[[` when its [options] do not give `players`: that line began
    the first entry's [[log]] line (a kill inside its copy) or another [[seats]] table, and only
    the count of players tells which (docs/save-format.md, *Interrupted saves*). Partyline always
    writes `players`: a file without it was written by hand, and never appended to."""
    if "log" in data:
        return  # (a [[log]] table before the cut: the line is one of the log's)
    line = text[len(kept) :]
    part = line if isinstance(line, bytes) else line.encode("utf-8", "surrogateescape")
    part = part.partition(b"\0")[0].strip()
    options = data.get("options")
    if part in (b"[", b"[[") and isinstance(options, dict) and "players" not in options:
        why = Message(
            "the last line, {line}, is cut short: a [[seats]] table or the first [[log]] entry? "
            "Without options.players nothing tells which",
            line=repr(part.decode()),
        )
        raise _HeaderError(why)


def _log_line_begun(line: str | bytes) -> bool:
    """Whether `line`, a file's last line cut before its newline, is what a kill (or a tail of
    zeros) leaves of a `[[log]]` line, the first entry's included, which is under no [[log]]
    table: up to its first NUL (bytes not copied yet), `_LOG_LINE_START` cut at any byte, or all
    of it and part of the comment. A header line cut short (`[[sea`, `name = "Bo`) is not one."""
    start = line[: len(_LOG_LINE_START)]
    part = start if isinstance(start, bytes) else start.encode("utf-8", "replace")
    part = part.partition(b"\0")[0]
    return part != b"" and _LOG_LINE_START.startswith(part)


def _without_padding(text: AnyStr, newline: AnyStr) -> AnyStr:
    """`text` without the padding a live autosave keeps after its entries (`_OpenSave`): a run
    of at least PADDING spaces at its end, and the newline after it (which a kill while the
    padding was being written may have left out); or a last line of spaces alone, of any length,
    without a newline: the first pwrite of padding after a whole write (which ends the file at
    its last entry's newline) cut short after a few spaces. Before the padding, what a kill
    inside an entry's copy left of it (`_copy`: its region cleared to NUL bytes, then any of its
    bytes copied) is cut at the first NUL (`_torn_by_a_kill`): a prefix of the entry, or a few
    spaces of padding not yet cleared. What is before it is left to `_cut_line`: a whole entry,
    or an entry cut short."""
    space = " " if isinstance(text, str) else b" "
    end = len(text) - 1 if text.endswith(newline) else len(text)
    if text.endswith(space * PADDING, 0, end):
        text = text[:end].rstrip(space)
        torn = _torn_by_a_kill(text)
        if torn is None:
            return text
        text = text[:torn]  # (then spaces before it, not yet cleared, go as below)
        end = len(text)
    if end == len(text) and text.endswith(space):
        kept = text.rstrip(space)
        if not kept or kept.endswith(newline):
            return kept
    return text  # (the common case, at once: no copy of a long file)


def _torn_by_a_kill(text: AnyStr) -> int | None:
    """Where a kill inside an entry's copy (`_copy`) tore `text`, a save before its padding: at
    its first NUL byte, if that is what such a kill leaves: no [[log]] line after it (the entry
    copied is the last), and no run of NUL bytes from it on ending at a PAGE boundary of the
    file, where a page a power cut kept from the disk ends (`_before_hole`, which rules on the
    file if it does not load). None if not. (A NUL inside a header, which is written whole,
    leaves a header cut short, which does not load: its seats are counted.)"""
    if isinstance(text, str):
        if "\0" not in text:  # (the common case, at once)
            return None
        data = text.encode("utf-8", "surrogateescape")
    else:
        data = text
    nul = data.find(b"\0")
    if nul < 0 or _LOG_LINE.search(data, nul):
        return None
    if any(run.end() % PAGE == 0 for run in _NUL_RUN.finditer(data, nul)):
        return None
    return nul if isinstance(text, bytes) else len(data[:nul].decode("utf-8", "surrogateescape"))


_NUL_RUN = re.compile(rb"\0+")


_BLOCK_LINES = 8
"""How many lines back from its end a log table's header is looked for (Partyline writes 4)."""


def _last_table_header(text: AnyStr, end: int, newline: AnyStr) -> tuple[int, str] | None:
    """Where the table header line that `text[:end]` ends under starts, and the line (`[...]`,
    stripped), if it is among its last _BLOCK_LINES lines."""
    for _ in range(_BLOCK_LINES):
        if end <= 0:
            break
        start = text.rfind(newline, 0, end - 1) + 1
        part = text[start:end]
        line = (part.decode("utf-8", "replace") if isinstance(part, bytes) else part).strip()
        if line.startswith("["):
            return start, line
        end = start
    return None


_LOG_HEADER = re.compile(r"\[\[[ \t]*log[ \t]*\]\]")


def _rules_changed(where: str, accepted: Loaded, error: LogError) -> RulesChanged:
    game = accepted.table.game
    kept = len(accepted.table)
    watch = (
        Message("its replay can be watched up to entry {kept}", kept=kept)
        if kept
        else Message("nothing of it replays")
    )
    why = Message(
        "written under {game} rules version {written}, and this Partyline plays version "
        "{version}, whose rules no longer accept its entry {number} ({reason}); {watch}",
        game=game.id,
        written=accepted.rules_version,
        version=game.rules_version,
        number=error.number,
        reason=error.reason,
        watch=watch,
    )
    return RulesChanged(where, why, accepted)


def peek(path: Path) -> Summary:
    """What the save at `path` is, from its header alone: checked as strictly as `load` checks
    it, but the log is not replayed, and a file written by Partyline is parsed only up to its
    first [[log]] (the entries are counted from their [[log]] lines; a format 1 header's count is
    checked against them, as `load` checks it). Raises SaveError as `load` does."""
    where = display_path(path)
    head, whole = _read(path, where, HEADER_BYTES)
    start = _LOG_LINE.search(head)
    if start is not None:
        try:
            summary = _summary(_parse(head[: start.start()], where), where)
        except SaveError:
            pass  # a hand-written file may put tables after the log: read it all
        else:
            data = head if whole else _read(path, where, MAX_FILE_BYTES + 1)[0]
            counted = _count_entries(data)
            later = _TABLE_AFTER_LOG.search(data, start.end())
            if summary.entries in (None, counted) and later is None:
                return replace(summary, entries=counted)
            # (a format 1 count its [[log]] lines do not match, or a table after the log that
            # is not one of its entries, a seat or the options: parse it all, as load does)
    # Parse the whole file when the header does not end within HEADER_BYTES, or does not hold
    # the whole header, or does not count its entries as its [[log]] lines do; still without
    # replaying the log.
    data = head if whole else _read(path, where, MAX_FILE_BYTES + 1)[0]
    kept, cut = _whole_lines(data)
    parsed = _parse(kept, where)
    summary = _summary(parsed, where)
    try:
        if cut:
            _check_cut_header(data, kept, parsed)
        found = len(_logged(parsed))
    except _HeaderError as error:
        raise SaveError.at(where, error) from None
    _check_count(parsed, found, where)
    return replace(summary, entries=found)


_LOG_LINE = re.compile(rb"\n[ \t]*\[\[[ \t]*log[ \t]*\]\]")
"""A [[log]] line (after the header's lines: never the first; the literal newline first makes
counting them in a long file three times faster than a MULTILINE ^)."""


_TABLE_AFTER_LOG = re.compile(rb"\n[ \t]*\[(?![ \t]*\[[ \t]*log[ \t]*\]\])")
"""A table header line that is not [[log]]: after the first [[log]] line, a hand-written file's
header goes on there (a [[seats]] more), which the header before the log does not hold."""


def _count_entries(data: bytes) -> int:
    """How many whole entries `load` finds in a save written by Partyline, without parsing it:
    its [[log]] lines, less an incomplete last entry."""
    data, _ = _cut_line(data, b"\n")
    count = len(_LOG_LINE.findall(data))
    last = _last_table_header(data, len(data), b"\n")
    if count and last is not None and _LOG_HEADER.match(last[1]):
        try:
            block = tomllib.loads(data[last[0] :].decode("utf-8"))
        except (UnicodeDecodeError, tomllib.TOMLDecodeError):
            return count
        log = block.get("log")
        if isinstance(log, list) and log and _cut_short(log[-1]):
            count -= 1
    return count


def _summary(data: dict[str, Any], where: str) -> Summary:
    try:
        table, _, _ = _table_from(data)
    except _HeaderError as error:
        raise SaveError.at(where, error) from None
    declared = data.get("entries")  # (checked by _table_from: an int if there)
    return Summary(table.game.title, table.names, table.practice, declared)


def _read(path: Path, where: str, size: int) -> tuple[bytes, bool]:
    """Up to `size` bytes of the save at `path`, and whether that is the whole file (then without
    a live autosave's padding, `_without_padding`). Refuses anything but a regular file (a
    folder, a named pipe that would block, a device) and a file over MAX_FILE_BYTES, before
    reading it."""
    try:
        with open_regular(path) as (handle, info):
            if info.st_size > MAX_FILE_BYTES + _MAX_PADDING:
                raise _too_big(where, info.st_size)
            size += _MAX_PADDING if size > MAX_FILE_BYTES else 0
            data = handle.read(size)
    except FileNotFoundError:
        raise SaveError.at(where, Message("no such file")) from None
    except NotRegular as error:
        why = Message("cannot read: it is {kind}, not a save file", kind=error.kind)
        raise SaveError.at(where, why) from None
    except OSError as error:
        raise SaveError.at(where, _cannot_read(error)) from None
    whole = len(data) < size
    if whole:
        data = _without_padding(data, b"\n")
    if len(data) > MAX_FILE_BYTES:  # the file grew while it was read
        raise _too_big(where, len(data))
    return data, whole


_MAX_PADDING = 2 * GROW_BY
"""A live autosave's file may be this much longer than the save it holds (`_OpenSave`): a file
of a save at the limit, with its padding, is read whole."""


def _cannot_read(error: OSError) -> Message:
    return Message("cannot read: {why}", why=os_reason(error))


def _too_big(where: str, size: int) -> SaveError:
    why = Message(
        "too big for a save ({size:.1f} MiB; the limit is {limit:.0f} MiB)",
        size=size / 2**20,
        limit=MAX_FILE_BYTES / 2**20,
    )
    return SaveError.at(where, why)


def _read_written(text: str | bytes) -> tuple[dict[str, Any], list[Entry]] | None:
    """A save whose log is as Partyline writes it, read quickly: its header's fields (tomllib
    reads them, without the log) and the log's entries, as `_parse` and `_entries_from` would
    give them, within the limits `_check_limits` checks (core/save_log.py). None for anything
    else, or anything `_parse` refuses: then `_parse` reads the file, and any error is its own."""
    if len(text) > MAX_FILE_BYTES:
        return None
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            return None
    found = save_log.split(text.removeprefix("\ufeff"), MAX_TEXT)
    if found is None:
        return None
    header, log = found
    if len(header) > HEADER_BYTES or _has_long_dotted_key(header):
        return None  # (a header that long is no Partyline's: _parse alone reads it, once)
    try:
        data = tomllib.loads(header)
    except (ValueError, RecursionError):  # (a TOMLDecodeError is a ValueError)
        return None
    return None if "log" in data else (data, log)


def _parse(text: str | bytes, where: str) -> dict[str, Any]:
    """The TOML of a save, within the size, nesting and key limits; raises SaveError."""
    if len(text) > MAX_FILE_BYTES:
        raise _too_big(where, len(text))
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            why = Message(
                "cannot read: not UTF-8 text ({reason} at byte {start})",
                reason=error.reason,
                start=error.start,
            )
            raise SaveError.at(where, why) from None
    text = text.removeprefix("\ufeff")  # a byte order mark, as some editors write
    _check_dotted_keys(text, where)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        why = Message("not a valid TOML file (truncated?): {error}", error=_first_line(error))
        raise SaveError.at(where, why) from None
    except RecursionError:
        raise SaveError.at(where, _TOO_DEEP) from None
    except ValueError:  # tomllib lets int() refuse a number of thousands of digits
        why = Message("not a valid TOML file: a number with too many digits")
        raise SaveError.at(where, why) from None


_TOO_DEEP = Message("arrays or tables nested more than {limit} deep", limit=MAX_NESTING)


# A key of many dotted parts costs tomllib time in the square of its length (a 64 KB key takes
# half a minute), so such keys are refused before parsing. Strings and comments are blanked out
# first: what they hold is not a key.
# (Each pattern takes a run of ordinary characters in one possessive step: a pattern that loops
# once per character keeps a backtracking record for each, hundreds of MB for a long string.)
_STRINGS_AND_COMMENTS = re.compile(
    r'"""[^\\"]*+(?:(?:\\[\s\S]|"(?!""))[^\\"]*+)*+"""'  # multi-line basic string
    r"|'''[\s\S]*?'''"  # multi-line literal string
    r'|"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"'  # basic string
    r"|'[^'\n]*+'"  # literal string
    r"|#[^\n]*+"  # comment
)
_KEY_PART = r"""(?:[A-Za-z0-9_-]++|")"""
_LONG_DOTTED_KEY = re.compile(
    rf"(?<![A-Za-z0-9_-]){_KEY_PART}(?:[ \t]*+\.[ \t]*+{_KEY_PART}){{{MAX_NESTING}}}"
)


def _check_dotted_keys(text: str, where: str) -> None:
    if _has_long_dotted_key(text):
        why = Message("a dotted key of more than {limit} parts", limit=MAX_NESTING)
        raise SaveError.at(where, why)


def _has_long_dotted_key(text: str) -> bool:
    return "." in text and _LONG_DOTTED_KEY.search(_STRINGS_AND_COMMENTS.sub('"', text)) is not None


class _HeaderError(Explained, ValueError):
    """What is wrong with a save's header (its file's name is added by the caller)."""

    @classmethod
    def at(cls, where: Text, why: Text | BaseException) -> _HeaderError:
        """`where: why` (a place in the file and what is wrong there)."""
        reason = reason_of(why) if isinstance(why, BaseException) else why
        return cls(Message("{where}: {why}", where=where, why=reason))


def _check_limits(data: dict[str, Any]) -> None:
    """Refuse a text longer than MAX_TEXT, a number no TOML integer holds and nesting deeper than
    MAX_NESTING, anywhere in the file, before anything else reads it. Iterative: a deep file must
    not exhaust the stack here either."""
    stack: list[tuple[object, tuple[str | int, ...]]] = [(data, ())]
    while stack:
        value, where = stack.pop()
        if isinstance(value, str):
            if len(value) > MAX_TEXT:
                why = Message("text longer than {limit} characters", limit=MAX_TEXT)
                raise _HeaderError.at(_place(where), why)
        elif isinstance(value, int) and not isinstance(value, bool):
            if value not in TOML_INTEGERS:
                why = Message("a whole number beyond 64 bits")
                raise _HeaderError.at(_place(where), why)
        elif isinstance(value, dict | list):
            if len(where) >= MAX_NESTING:
                raise _HeaderError.at(_place(where), _TOO_DEEP)
            if isinstance(value, list):
                stack.extend((item, (*where, index)) for index, item in enumerate(value))
                continue
            for key, item in value.items():
                if len(key) > MAX_TEXT:
                    why = Message("a key longer than {limit} characters", limit=MAX_TEXT)
                    raise _HeaderError.at(_place(where), why)
                stack.append((item, (*where, key)))


def _place(where: tuple[str | int, ...]) -> Text:
    """Where in the file a value is, in the words of the other messages."""
    if not where:
        return Message("the file")
    first, rest = where[0], where[1:]
    owner: Text
    if first in ("seats", "log") and rest and isinstance(rest[0], int):
        owner = _seat_place(rest[0]) if first == "seats" else at_entry(rest[0] + 1)
        rest = rest[1:]
    elif first == "options" and rest:
        owner, rest = Message("option '{name}'", name=str(rest[0])), rest[1:]
    else:
        owner = Message("field '{name}'", name=first)
    key = next((part for part in rest if isinstance(part, str)), None)
    return owner if key is None else Message("{where}: '{key}'", where=owner, key=key)


def _seat_place(index: int) -> Message:
    return Message("seat {number}", number=index + 1)


def _field(data: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    if name not in data:
        raise _HeaderError(Message("missing field '{name}'", name=name))
    return _typed(data, name, kind)


def _typed(data: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    value = data[name]
    if (isinstance(value, bool) and kind is int) or not isinstance(value, kind):
        why = Message(
            "field '{name}' has the wrong type ({type})", name=name, type=type(value).__name__
        )
        raise _HeaderError(why)
    return value


def _table_from(data: dict[str, Any]) -> tuple[Table, str, int]:
    """The table a save's header describes, when it was created and its rules version."""
    if data.get("format") != FORMAT:
        raise _HeaderError(
            Message('not a Partyline save (expected format = "{format}")', format=FORMAT)
        )
    # The version before anything else: a newer format may hold what this one refuses (longer
    # texts, deeper tables, new fields), and the line to give is "update Partyline".
    version = _field(data, "format_version", int)
    if version > FORMAT_VERSION:
        why = Message(
            "format version {version} is newer than this Partyline ({app}) reads "
            "(up to {known}); update Partyline",
            version=version,
            app=__version__,
            known=FORMAT_VERSION,
        )
        raise _HeaderError(why)
    if version < 1:
        raise _HeaderError(Message("unknown format version {version}", version=version))
    _check_limits(data)
    unknown = sorted(set(data) - _TOP_FIELDS)
    if unknown:
        raise _HeaderError(_unknown_field(unknown[0]))
    try:
        game = get_game(_field(data, "game", str))
    except UnknownGame as error:
        raise _HeaderError(reason_of(error)) from None
    version = _rules_version(game, data)
    seed = _field(data, "seed", int)
    practice = data.get("practice", False)
    if not isinstance(practice, bool):
        raise _HeaderError(Message("field 'practice' must be true or false"))
    if "app_version" in data:
        _typed(data, "app_version", str)
    if "entries" in data and _typed(data, "entries", int) < 0:
        raise _HeaderError(Message("field 'entries' cannot be negative"))
    created = _typed(data, "created", (dt.datetime, str)) if "created" in data else ""
    created = created.isoformat() if isinstance(created, dt.datetime) else created
    # A save of an older rules version that an option still plays loads with that option.
    options = {**game.older_rules.get(version, {}), **_field(data, "options", dict)}
    players = options.pop("players", None)
    if isinstance(players, bool) or not isinstance(players, int | None):
        why = Message("options.players has the wrong type ({type})", type=type(players).__name__)
        raise _HeaderError(why)
    seats = tuple(_seat(game, index, raw) for index, raw in enumerate(_field(data, "seats", list)))
    if players is not None and players != len(seats):
        why = Message(
            "options.players is {players} but there are {seats} seats",
            players=players,
            seats=len(seats),
        )
        raise _HeaderError(why)
    try:
        table = Table(game, seats, options, seed, practice)
    except ValueError as error:
        raise _HeaderError(reason_of(error)) from None
    return table, created, version


def _rules_version(game: Game[Any], data: dict[str, Any]) -> int:
    """The rules version a save was written under: 1 when it does not say (saves from before
    rules versions were written). A newer one than this Partyline plays is refused."""
    if "rules_version" not in data:
        return 1
    version: int = _typed(data, "rules_version", int)
    if version < 1:
        why = Message("field 'rules_version' must be 1 or more, not {version}", version=version)
        raise _HeaderError(why)
    if version > game.rules_version:
        why = Message(
            "written under {game} rules version {version}, newer than this Partyline ({app}) "
            "plays (version {known}); update Partyline",
            game=game.id,
            version=version,
            app=__version__,
            known=game.rules_version,
        )
        raise _HeaderError(why)
    return version


def _seat(game: Game[Any], index: int, raw: object) -> Seat:
    from core.bots import UnknownBot, make_bot

    where = _seat_place(index)
    if not isinstance(raw, dict):
        raise _HeaderError.at(where, Message("must be a table"))
    unknown = sorted(set(raw) - _SEAT_FIELDS)
    if unknown:
        raise _HeaderError.at(where, _unknown_field(unknown[0]))
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _HeaderError.at(where, Message("missing or empty 'name'"))
    kinds = {kind.value: kind for kind in SeatKind}
    kind = raw.get("kind", SeatKind.HUMAN.value)
    if not isinstance(kind, str) or kind not in kinds:
        why = Message("kind must be 'human' or 'bot', not {kind}", kind=repr(kind))
        raise _HeaderError.at(where, why)
    bot = raw.get("bot", "")
    if kinds[kind] is SeatKind.BOT:
        try:
            make_bot(bot, game.id)
        except UnknownBot as error:
            raise _HeaderError.at(where, error) from None
    elif "bot" in raw:
        raise _HeaderError.at(where, Message("'bot' is for bot seats only"))
    try:
        return Seat(name, kinds[kind], bot)
    except ValueError as error:
        raise _HeaderError.at(where, error) from None


def _unknown_field(name: str) -> Message:
    return Message("unknown field '{name}'", name=name)


_WRITTEN_KEYS = (("seat", "decision", "choice"), ("chance", "values"))
"""The fields of a log entry in the order Partyline writes them (core.log's `to_data`)."""
_CUT_SHORT = frozenset(keys[:count] for keys in _WRITTEN_KEYS for count in range(len(keys)))
"""The fields of an entry whose write stopped at the end of a line: a beginning of one of those."""


def _entries_from(data: dict[str, Any], cut: bool) -> tuple[list[Entry], bool]:
    """The log's entries, and whether its last one was incomplete (and is left out): `cut` (its
    last line was cut off) or it holds only the first of its fields (the write stopped at the
    end of a line)."""
    raw = _logged(data)
    torn = cut or len(raw) < len(data.get("log", []))
    entries: list[Entry] = []
    for number, item in enumerate(raw, start=1):
        try:
            entries.append(entry_from_data(item))
        except BadEntry as error:
            raise LogError(number, reason_of(error)) from None
    return entries, torn


def _logged(data: dict[str, Any]) -> list[Any]:
    """The log's tables as the file holds them, less a last one that holds only the first of its
    fields (`_cut_short`), which is left out."""
    raw = data.get("log", [])
    if not isinstance(raw, list):
        raise _HeaderError(Message("'log' must be an array of tables ([[log]])"))
    return raw[:-1] if raw and _cut_short(raw[-1]) else raw


def _cut_short(item: object) -> bool:
    return isinstance(item, dict) and tuple(item) in _CUT_SHORT


def _first_line(error: BaseException) -> str:
    return str(error).splitlines()[0] if str(error) else type(error).__name__


def worth_saving(table: Table) -> bool:
    """Whether a game is worth a save file yet: a person has made a decision (at a table of bots
    only, anyone has). Until then the log holds the deal and bots' answers, which nobody would
    continue: a game left at once leaves no file (docs/save-format.md, "When a game is saved")."""
    humans = {index for index, seat in enumerate(table.seats) if seat.is_human}
    return any(_worth_a_file(entry, humans) for entry in table.log)


def _worth_a_file(entry: Entry, humans: AbstractSet[int]) -> bool:
    """Whether `entry` makes its game worth a file (`worth_saving`): a decision of one of the
    seats `humans`, or of anyone at a table of bots only."""
    return isinstance(entry, DecisionEntry) and (not humans or entry.seat in humans)


class Autosave:
    """A table subscriber that keeps the save file up to date after every change, from the first
    change that makes the game worth saving (`worth_saving`) on.

    The first write of a session puts the whole file in place atomically (continuing a save, that
    repairs an incomplete last entry); after it each new entry is appended at once (`_OpenSave`:
    copied into a mapping of the file, or written), and only undo (a shorter log) rewrites the
    whole file again. When what was written is made durable (fsync) is `_sync_due`'s ruling.
    `close` ends the session.

    The target is a save's path, or a new game's `paths.NewSave`: its file is reserved when it
    is first written."""

    def __init__(
        self,
        table: Table,
        target: Path | paths.NewSave,
        on_error: Callable[[Text], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        render: Render = text,
    ):
        self.table = table
        self.target = target
        self.path: Path | None = target if isinstance(target, Path) else None
        """Where the game is saved; None until a new game's file is reserved."""
        self.written = False
        self.created = _now().isoformat()
        self.on_error = on_error
        self.clock = clock
        self.render = render
        """How the comments are written out: in the language of whoever plays (the viewer's)."""
        self._file: _OpenSave | None = None
        """The file being appended to; None until the next write puts the whole file in place."""
        self._humans = frozenset(i for i, seat in enumerate(table.seats) if seat.is_human)
        self._not_worth = -1
        """A log length at which the game was not worth saving yet (-1: none known), so that
        `_worth_after` asks only about the entry after it (see `worth_saving`)."""
        paths.clean_stale_temps_once(self._folder())
        self.unsubscribe = table.subscribe(self)

    @property
    def due(self) -> bool:
        """Whether the game is saved now: it was before, or it has become worth saving."""
        return self.written or worth_saving(self.table)

    def __call__(self, change: Change) -> None:
        file = self._file
        entry = change.entry  # (an entry added: the others' is None)
        if file is not None and entry is not None and change.log_length == file.entries + 1:
            # The common change, one entry after those the file holds, without `_update`'s checks:
            # this runs once an entry, and in a game of bots every step of it counts.
            # (`file.append` and `_sync_due` are written out here, for the same reason.)
            index = file.entries
            table = self.table
            try:
                try:
                    payload = entry_utf8(table, index, self.render, entry, change.lines)
                except UnicodeEncodeError:  # (raises the OSError that says which line)
                    payload = _utf8(entry_text(table, index, self.render, entry))
                length = len(payload)
                pos = file.pos
                end = pos + length
                if end <= file.limit:  # (`file.put`'s usual case, without its call)
                    (_COPIES.get(length) or _copy(length))(file.mapping, pos - file.at, payload)
                    file.pos = end
                else:
                    file.put(payload)
                file.entries = index + 1
                file.last = entry
                file.unsynced = True
                if (
                    entry.__class__ is DecisionEntry and entry.seat in self._humans
                ) or self.clock() - file.synced_at >= SYNC_EVERY:
                    file.sync()
            except OSError as error:
                self._drop_file()
                self._failed(error)
        elif self.written or self._worth_after(change):
            self.save()

    def _worth_after(self, change: Change) -> bool:
        """`due`, after `change`, for an autosave that has not written yet: the entry alone when
        the log before it was not worth saving (its usual case, entry after entry until the first
        decision that counts), rather than `worth_saving`'s scan of the whole log each time."""
        entry = change.entry
        if entry is not None and change.log_length == self._not_worth + 1:
            if _worth_a_file(entry, self._humans):
                return True
            self._not_worth = change.log_length
            return False
        worth = worth_saving(self.table)
        self._not_worth = -1 if worth else len(self.table)
        return worth

    def save(self) -> Path | None:
        """Bring the file up to date now: the path written, or None when it failed and
        `on_error` was told why (without `on_error` the OSError is raised)."""
        try:
            return self._update(durable=False)
        except OSError as error:
            return self._failed(error)

    def write(self) -> Path:
        """Bring the file up to date and make it durable (fsync) now, reserving a new game's
        file first. Raises OSError."""
        return self._update(durable=True)

    def close(self) -> None:
        """Stop saving: cut the padding off (`_OpenSave.trim`), make what was written durable and
        close the file. With `on_error`, the fsyncs that takes run in the background
        (`core.background`), the trim with them, and a failure is told to `on_error` from there;
        without, they run now and raise OSError."""
        self.unsubscribe()
        self.unsubscribe = _nothing
        file, self._file = self._file, None
        if file is None:
            return
        if self.on_error is None:
            try:
                file.trim()
                file.sync()
            finally:
                file.close()
        elif not file.unsynced and not file.folder_unsynced:
            self._sync_and_close(file)  # (nothing to wait for: the trim alone)
        else:
            in_background(partial(self._sync_and_close, file))

    def _sync_and_close(self, file: _OpenSave) -> None:
        try:
            file.trim()
            file.sync()
        except OSError as error:
            self._failed(error)
        finally:
            file.close()

    def _failed(self, error: OSError) -> Path | None:
        """Tell `on_error` why a write failed, and return None (without `on_error`, raise)."""
        if self.on_error is None:
            raise error
        where = self.path if self.path is not None else self._folder()
        self.on_error(write_failure(where, error))
        return None

    def _update(self, durable: bool) -> Path:
        if self.path is None:
            assert isinstance(self.target, paths.NewSave)
            self.path = self.target.reserve()
        table, file, end = self.table, self._file, len(self.table)
        try:
            if (
                file is not None
                and 0 < file.entries <= end
                and table.entry(file.entries - 1) is file.last
            ):
                # The file holds the start of the log as it is now (undo has not cut into it).
                start = file.entries
                for index in range(start, end):  # (one copy each: a kill tears the last alone)
                    payload = _entries_utf8(table, index, index + 1, self.render)
                    file.append(payload, index + 1, table.entry(index))
            else:
                start, file = 0, self._rewrite()
            if durable or any(self._sync_due(file, table.entry(i)) for i in range(start, end)):
                file.sync()
        except BaseException:
            self._drop_file()  # what the file holds is not known: the next write rewrites it
            raise
        self.written = True
        return self.path

    def _rewrite(self) -> _OpenSave:
        """Put the whole file in place: fsync'd when it replaces a save; when it replaces
        nothing (a new game's reserved file is empty) nothing can be lost, and `_sync_due` rules
        on it as on an append."""
        assert self.path is not None
        self._drop_file()
        synced = check_target(self.path) > 0  # (something there, that the rewrite could lose)
        if synced and not self.written:  # a continued save keeps the time its game began
            self.created = created_of(self.path) or self.created
        payload = _dumps_utf8(self.table, self.created, self.render)
        fd = _put_in_place(self.path, payload, sync=synced)
        end = len(self.table)
        last = self.table.entry(end - 1) if end else None
        self._file = _OpenSave(fd, self.path.parent, end, last, synced, self.clock)
        return self._file

    def _sync_due(self, file: _OpenSave, written: Entry) -> bool:
        """The ruling on fsync, once `written` is written: at once when it is a person's decision
        (nothing could make it again); otherwise at most every SYNC_EVERY seconds, because bots'
        answers and chance outcomes are made again, the same, from the seed and the log when
        the game is continued; and at `close`."""
        return file.unsynced and (
            (type(written) is DecisionEntry and written.seat in self._humans)
            or self.clock() - file.synced_at >= SYNC_EVERY
        )

    def _drop_file(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def _folder(self) -> Path:
        return self.target.parent if isinstance(self.target, Path) else self.target.folder


def _nothing() -> None:
    pass


def created_of(path: Path) -> str | None:
    """The `created` in the header of the save at `path` (None: it has none, or its header
    cannot be read or does not end within HEADER_BYTES)."""
    where = display_path(path)
    try:
        head, whole = _read(path, where, HEADER_BYTES)
        start = _LOG_LINE.search(head)
        if start is None and not whole:
            return None
        data = _parse(head if start is None else head[: start.start()], where)
    except SaveError:
        return None
    created = data.get("created")
    if isinstance(created, dt.datetime):
        return created.isoformat()
    return created if isinstance(created, str) and created else None


class _OpenSave:
    """The save file an autosave appends to: a descriptor open on the file the last whole write
    put in place, how many entries it holds (and the last one), and whether what was written
    since the last fsync has reached the disk.

    Entries are copied into a shared mapping of the file, over padding written beforehand (see
    PADDING and `_make_room`): no system call an entry, and what is copied is in the page cache
    at once, where `kill -9` cannot lose it, as with write(). Where a mapped write could fail
    with SIGBUS (core/filesystems.py), or the mapping cannot be made, each entry is written with
    write() instead. `trim` cuts the padding off when the game is closed. (A mapping holds a
    duplicate of the descriptor: two a game being saved.)"""

    def __init__(
        self,
        fd: int,
        folder: Path,
        entries: int,
        last: Entry | None,
        synced: bool,
        clock: Callable[[], float],
    ):
        self.fd = fd
        self.folder = folder
        self.entries = entries
        self.last = last
        self.unsynced = not synced
        self.folder_unsynced = not synced
        """The rename that put the file in place is not durable until its folder is fsync'd."""
        self.clock = clock
        self.synced_at = clock()
        self._close = weakref.finalize(self, os.close, fd)
        self.pos = os.lseek(fd, 0, os.SEEK_CUR)
        """Where the next entry goes: the end of the entries (and the descriptor's offset, but
        while the file is mapped: `trim` puts it back)."""
        self.room = self.pos
        """The end of the file: the padding is [pos, room)."""
        self.limit = -1
        """The furthest an entry may end and leave PADDING after it in the mapping (-1: none)."""
        self._mapped = filesystems.mappable(fd)
        self.mapping: mmap.mmap | bytearray = _UNMAPPED
        """The mapping of the file's end while it is mapped (`_UNMAPPED` while not)."""
        self.at = 0
        """Where in the file the mapping begins (the file's offset `pos` is the mapping's
        `pos - at`)."""

    def put(self, payload: bytes) -> None:
        """Add `payload` at the end of the entries. Raises OSError."""
        length = len(payload)
        end = self.pos + length
        if end <= self.limit or (self._mapped and self._make_room(end)):
            (_COPIES.get(length) or _copy(length))(self.mapping, self.pos - self.at, payload)
        else:
            _write_all(self.fd, payload)
        self.pos = end

    def append(self, payload: bytes, entries: int, last: Entry) -> None:
        self.put(payload)
        self.entries, self.last = entries, last
        self.unsynced = True

    def _make_room(self, end: int) -> bool:
        """Map the file up to past `end` with PADDING to spare: write the padding over the whole
        region after the entries with one pwrite, then map it. False, and the padding cut off,
        if that fails: from then on entries are written with write()."""
        self._unmap()
        pos = self.pos
        room = (end + PADDING + 1) // GROW_BY * GROW_BY + GROW_BY
        start = pos - pos % mmap.ALLOCATIONGRANULARITY
        try:
            self.room = max(self.room, room)  # (so that `trim` cuts what a failed pwrite left)
            size = room - pos
            fill = _FILL[-size:] if size <= len(_FILL) else b" " * (size - 1) + b"\n"
            _pwrite_all(self.fd, fill, pos)
            mapping = mmap.mmap(self.fd, room - start, offset=start)
        except (OSError, ValueError, OverflowError):
            self._mapped = False
            self.trim()  # (raises OSError if even that fails: the autosave rewrites the file)
            return False
        self.mapping, self.at, self.limit = mapping, start, room - PADDING - 1
        return True

    def _unmap(self) -> None:
        mapping = self.mapping
        if not isinstance(mapping, bytearray):  # (`_UNMAPPED`: nothing to close)
            mapping.close()
            self.mapping, self.limit = _UNMAPPED, -1

    def trim(self) -> None:
        """Stop mapping and cut the padding off: the file is then byte for byte what writing each
        entry with write() leaves. Raises OSError."""
        self._unmap()
        if self.room > self.pos:
            os.ftruncate(self.fd, self.pos)
            os.lseek(self.fd, self.pos, os.SEEK_SET)  # (mapped copies leave it where they began)
            self.room = self.pos

    def sync(self) -> None:
        if self.unsynced:
            os.fsync(self.fd)
            self.unsynced = False
            self.synced_at = self.clock()
        if self.folder_unsynced:
            _fsync_folder(self.folder)
            self.folder_unsynced = False

    def close(self) -> None:
        """Stop mapping and close the descriptor (the padding stays: `trim` first to cut it)."""
        self._unmap()
        self._close()


_FILL = memoryview(b" " * (GROW_BY + 4095) + b"\n")
"""Padding as `_make_room` writes it, spaces then a newline: its last N bytes are the N it
writes (all but after an entry of about 4 KiB or more), without making 64 KiB of
spaces anew at each grow (and twice: then with the newline after)."""


def _pwrite_all(fd: int, payload: bytes | memoryview, offset: int) -> None:
    view = memoryview(payload)
    while view:
        written = os.pwrite(fd, view, offset)
        view, offset = view[written:], offset + written


def _copy(length: int) -> Callable[[mmap.mmap | bytearray, int, bytes], None]:
    """What copies an entry of `length` bytes into the mapping, at an offset (kept in _COPIES):
    struct's pack_into of one `{length}s` field, which clears the region to NUL bytes, then
    copies the entry over them with one memcpy, in one call (CPython's `s_pack_internal`). A
    memcpy does not store in order (glibc's, for 129 to 256 bytes, stores the first 128, then
    the last 32, then the middle), so a kill inside it can leave any of the entry's bytes copied
    and others not; but those not copied are NUL, which no save holds, and the loaders cut such
    a file at its first NUL (`_without_padding`): what is left is a prefix of the entry, reported
    as incomplete (docs/save-format.md, *Interrupted saves*). Until session 25 the entry was
    copied 32 bytes at a time, front to back (a prefix at any kill), in five calls for 135
    bytes: one call costs about 2.5 µs less an entry inside a game of bots."""
    copy = struct.Struct(f"{length}s").pack_into
    if len(_COPIES) >= _COPIES_KEPT:
        _COPIES.clear()
    _COPIES[length] = copy
    return copy


_COPIES: dict[int, Callable[[mmap.mmap | bytearray, int, bytes], None]] = {}
"""`_copy` by length (a game's entries have a few hundred): a dict, as lru_cache's call cost more
than the copy."""
_COPIES_KEPT = 1024

_UNMAPPED = bytearray()
"""`_OpenSave.mapping` while the file is not mapped: nothing is copied into it (its `limit` is
-1), and it is typed as the mapping is."""
