"""The resume cache: a long game opens again without replaying its log.

Loading a save replays its whole log, strictly (core/saves.py): a third of a second and more for
a 5,000-entry game of Dangerous, every time it is continued. Once a save has been loaded, what
the replay built (the log, each entry's narration and flags, the states at the table's snapshots
and the last one) is kept in the user's cache folder, under the SHA-256 of the save's bytes, of
Partyline's version and of its core's files; `load` of the same bytes again builds the table
from that, without replaying, and the table is the one the replay made.

What keeps it safe:
- The key covers the save's every byte: a save changed in any way (by hand, by a tamperer, by a
  newer game) never matches, and is replayed, and refused where the replay refuses it. So is a
  save opened by a Partyline whose core changed (the key covers its files' sizes and times).
- The cache is only ever written from a table that a replay of those bytes made.
- It is read as untrusted: JSON only (never pickle or marshal: nothing read can run code), its
  SHA-256 checked, every value built only as plain data or core's own types (core/plain.py),
  the shape checked. Anything wrong, missing or unreadable, and the save is replayed as if
  there were no cache, silently: the cache only ever saves time.
Files: RESUME_FOLDER in core.i18n.cache_dir(), the newest KEEP kept.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import core
from core import gcpause, saves
from core.cachefile import keep_newest, put, read_kept, sealed, unsealed
from core.chance import ChanceKind
from core.games import get_game
from core.i18n import cache_dir
from core.log import ChanceEntry, DecisionEntry, Entry
from core.narration import Message, Name, Narration, Text, Worded
from core.plain import PlainError, Types, decode, encode
from core.table import SNAPSHOT_EVERY, Seat, SeatKind, Table

T = TypeVar("T")

RESUME_FOLDER = "resume"
FORMAT = 2
KEEP = 12
"""Cached games kept (the newest): a 5,000-entry game's takes about 0.7 MB."""
MAX_BYTES = 64 * 1024 * 1024
"""A cache file larger than this is not read (a save is at most 16 MiB)."""
MIN_ENTRIES = SNAPSHOT_EVERY
"""Shorter games replay in a few milliseconds: they are not cached."""


def load(path: Path) -> saves.Loaded:
    """`saves.load(path)`, from the cache when it holds the replay of the file's bytes as they
    are (else replayed, as `saves.load` does). Raises SaveError as `saves.load` does."""
    return loaded_from(saves.read_file(path), saves.display_path(path))


def loaded_from(data: bytes, where: str) -> saves.Loaded:
    """`load` of a save's bytes, read already (`where` names the file in messages)."""
    key = cache_key(data)
    loaded = read(key)
    if loaded is None:
        loaded = saves.loads(data, where)
        replayed(key, loaded)
    return loaded


def replayed(key: str, loaded: saves.Loaded) -> None:
    """Note that `loaded` is the replay of the bytes that make `key` (`_replayed`)."""
    _replayed[:] = [(key, loaded, _made(loaded.table))]


_replayed: list[tuple[str, saves.Loaded, tuple[object, ...]]] = []
"""The last save `load` replayed in this process: its key, what the replay made, and what its
table was then (`_made`). `remember` of the same bytes keeps that, without a second replay
(about a second of CPU for a 5,000-entry game), while the table is still what the replay made."""


def _made(table: Table) -> tuple[object, ...]:
    """What a table is made of that a game played on (or taken back, or changed) would change:
    its log, seats, options, seed and practice mode."""
    return table.log, table.seats, dict(table.options), table.seed, table.practice


def _replay_of(key: str) -> saves.Loaded | None:
    """What `load` replayed of the bytes that make `key`, if its table is still what that
    replay made; None otherwise (never loaded here, or played on since: then it is replayed)."""
    for replayed_key, loaded, made in _replayed:
        if replayed_key == key and _made(loaded.table) == made:
            return loaded
    return None


def remember(path: Path) -> None:
    """Keep the replay of the save at `path` in the cache, unless it is there already: when a
    game has been played and saved, so that continuing it later opens at once. It replays the
    file as `load` would (or takes what `load` replayed of the same bytes in this process, its
    table unchanged since), so the cache only ever holds what a replay of those bytes made. A
    file that does not load, or a cache that cannot be written, keeps nothing, silently."""
    try:
        data = saves.read_file(path)
    except saves.SaveError:
        return
    if data.count(b"[[log]]") < MIN_ENTRIES:
        return  # (too short to keep: not worth replaying to find out for sure)
    key = cache_key(data)
    cached = _file(key)
    if cached.exists():
        with contextlib.suppress(OSError):
            os.utime(cached)  # (the newest are kept)
        return
    loaded = _replay_of(key)
    if loaded is None:
        try:
            loaded = saves.loads(data, saves.display_path(path))
        except saves.SaveError:
            return
    keep(key, loaded)


def forget(path: Path) -> None:
    """Drop what the cache keeps of the save at `path` as it is now, if anything."""
    with contextlib.suppress(OSError, saves.SaveError):
        _file(cache_key(saves.read_file(path))).unlink(missing_ok=True)


def cache_key(data: bytes) -> str:
    digest = hashlib.sha256(b"partyline resume %d %s\0" % (FORMAT, core.__version__.encode()))
    digest.update(_core_files())
    digest.update(data)
    return digest.hexdigest()


@functools.cache
def _core_files() -> bytes:
    """Core's source and content files by name, size and modification time: a change to the
    rules (an edited checkout, another install) makes another key. Read once a process (a
    continued game reads it to load and again to keep): the rules it runs were read at its
    start, and files changed since are another process's rules."""
    root = Path(core.__file__).parent
    found = []
    for folder, folders, files in os.walk(root):
        folders[:] = sorted(name for name in folders if name != "__pycache__")
        for name in sorted(files):
            if name.endswith((".py", ".toml")):
                info = os.stat(os.path.join(folder, name))
                found.append(f"{folder}/{name}:{info.st_size}:{info.st_mtime_ns}")
    return "\n".join(found).encode()


def _file(key: str) -> Path:
    return cache_dir() / RESUME_FOLDER / f"{key[:40]}.json"


# --- writing -----------------------------------------------------------------------------------


def keep(key: str, loaded: saves.Loaded) -> None:
    """Keep `loaded` (the replay of the save whose bytes make `key`) in the cache. A game too
    short to be worth it, a save with a note (an incomplete last entry), a value of no plain
    form or a cache folder that cannot be written: nothing is kept, and nothing is said."""
    table = loaded.table
    if loaded.note or len(table) < MIN_ENTRIES:
        return
    try:
        payload = _json(_document(key, loaded))
    except (TypeError, ValueError, RecursionError):
        return
    content = sealed(payload.encode())
    if not _reads_back(key, content, table):
        return
    target = _file(key)
    if put(target, content):
        with contextlib.suppress(OSError):
            keep_newest(target.parent.glob("*.json"), KEEP)


def _reads_back(key: str, content: bytes, table: Table) -> bool:
    """Does `content` read back as `table`: the same log, narration, snapshots and last state?
    Only what comes back equal is kept (a value whose plain form lost something never is)."""
    with gcpause.paused():
        try:
            loaded = _loaded(key, content)
        except Exception:  # (as `read` takes it: then it is not kept)
            return False
        if loaded is None:
            return False
        restored = loaded.table
        positions = range(0, len(table) + 1, SNAPSHOT_EVERY)
        return (
            restored._log == table._log
            and restored._meta == table._meta
            and all(restored._state_at(p) == table._state_at(p) for p in positions)
            and restored._state == table._state
            and restored.step == table.step
        )


def _document(key: str, loaded: saves.Loaded) -> dict[str, Any]:
    table = loaded.table
    types = Types()
    # A long game makes the same few hundred entries and says the same few hundred lines over
    # and over: each is kept (and read) once, and the log and its narration by their places.
    entries = _Pool(lambda entry: _entry_data(entry, types))
    log = [entries.index(table.entry(index)) for index in range(len(table))]
    # A text's values (names, cards, parts of sentences) recur across texts: each kept once too.
    values = _Pool(lambda value: encode(value, types))
    texts = _Pool(lambda said: _text_data(said, values, types))
    lines, metas = _Pool(_same), _Pool(_same)
    meta = [
        metas.index(
            [[lines.index(_line_data(line, texts)) for line in narration], reveals, decides]
        )
        for narration, reveals, decides in table._meta
    ]
    snapshots = {
        str(position): _json(encode(table._state_at(position), types))
        for position in range(SNAPSHOT_EVERY, len(table) + 1, SNAPSHOT_EVERY)
    }
    return {
        "format": FORMAT,
        "key": key,
        "game": table.game.id,
        "seats": [[seat.name, seat.kind.value, seat.bot] for seat in table.seats],
        "options": encode(table.options, types),
        "seed": table.seed,
        "practice": table.practice,
        "created": loaded.created,
        "rules_version": loaded.rules_version,
        "entries": entries.items,
        "log": log,
        "values": values.items,
        "texts": texts.items,
        "lines": lines.items,
        "metas": metas.items,
        "meta": meta,
        "snapshots": snapshots,
        "state": encode(table._state_at(len(table)), types),
        "types": types.names,
    }


class _Pool:
    """Values kept once each, by their plain form: `index` gives a value's place."""

    def __init__(self, plain: Callable[[Any], Any]) -> None:
        self.plain = plain
        self.items: list[Any] = []
        self._places: dict[str, int] = {}

    def index(self, value: Any) -> int:
        data = self.plain(value)
        form = _json(data)
        place = self._places.get(form)
        if place is None:
            place = self._places[form] = len(self.items)
            self.items.append(data)
        return place


def _same(value: T) -> T:
    return value


def _text_data(said: Text, values: _Pool, types: Types) -> Any:
    """A text in its plain form, but a Message as [template, values], each value that is not
    a string, a number, true, false or null by its place in `values` (as [place])."""
    if type(said) is not Message:
        return encode(said, types)
    params = {}
    for name, value in said.params.items():
        data = encode(value, types)
        params[name] = [values.index(value)] if isinstance(data, list | dict) else data
    return [said.template, params]


def _line_data(line: Narration, texts: _Pool) -> list[Any]:
    """A narration line by the places of its texts (core.narration.Narration's parts)."""
    public, secret, full = line.parts()
    pairs = [[seat, texts.index(said)] for seat, said in secret]
    return [texts.index(public), pairs, texts.index(full)]


def _json(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _entry_data(entry: Entry, types: Types) -> list[Any]:
    if isinstance(entry, ChanceEntry):
        return [entry.chance.value, encode(entry.values, types)]
    return [entry.seat, entry.decision, encode(entry.choice, types)]


# --- reading -----------------------------------------------------------------------------------


def read(key: str) -> saves.Loaded | None:
    """The replay the cache keeps under `key`, or None (none kept; anything wrong with it)."""
    try:
        raw = read_kept(_file(key), MAX_BYTES + 1)
    except OSError:
        return None
    try:
        with gcpause.paused():  # (hundreds of thousands of objects, all kept)
            return _loaded(key, raw)
    except Exception:  # untrusted data: whatever is wrong with it, the save is replayed
        return None


def _loaded(key: str, raw: bytes) -> saves.Loaded | None:
    body = unsealed(raw)
    if len(raw) > MAX_BYTES or body is None:
        return None
    document = json.loads(body)
    if type(document) is not dict or document.get("format") != FORMAT:
        return None
    if document.get("key") != key:
        return None
    types = Types(_strings(document["types"]))
    seats = tuple(Seat(name, SeatKind(kind), bot) for name, kind, bot in document["seats"])
    options = decode(document["options"], types)
    if type(options) is not dict:
        return None
    table = Table(
        get_game(document["game"]),
        seats,
        options,
        document["seed"],
        _boolean(document["practice"]),
    )
    log = _placed([_entry(item, types) for item in document["entries"]], document["log"])
    values = [decode(item, types) for item in _items(document["values"])]
    texts = [_said(item, values, types) for item in _items(document["texts"])]
    lines = [_line(item, texts) for item in document["lines"]]
    meta = _placed([_meta(item, lines) for item in document["metas"]], document["meta"])
    if len(meta) != len(log):
        return None
    raw_snapshots = document["snapshots"]
    positions = range(SNAPSHOT_EVERY, len(log) + 1, SNAPSHOT_EVERY)
    if type(raw_snapshots) is not dict or set(raw_snapshots) != {str(p) for p in positions}:
        return None
    if not all(type(text) is str for text in raw_snapshots.values()):
        return None
    snapshots = _Snapshots({p: raw_snapshots[str(p)] for p in positions}, types)
    table.restore(log, meta, snapshots, decode(document["state"], types))
    created, version = document["created"], document["rules_version"]
    if type(created) is not str or type(version) is not int:
        return None
    return saves.Loaded(table, created, version)


def _strings(value: object) -> list[str]:
    if type(value) is not list or not all(type(item) is str for item in value):
        raise PlainError("a list of strings expected")
    return value


def _boolean(value: object) -> bool:
    if type(value) is not bool:
        raise PlainError("true or false expected")
    return value


def _entry(item: object, types: Types) -> Entry:
    if type(item) is not list:
        raise PlainError("a log entry that is not a list")
    if len(item) == 2:
        return ChanceEntry(_CHANCE_KINDS[item[0]], decode(item[1], types))
    seat, decision, choice = item
    if type(seat) is not int or type(decision) is not str:
        raise PlainError("a decision entry of the wrong shape")
    return DecisionEntry(seat, decision, decode(choice, types))


def _text(value: Any) -> Text:
    """`value` if it is a text a narration line may hold."""
    if isinstance(value, str | Message | Name | Worded):
        return value
    raise PlainError("a narration line's text that is not a text")


def _items(value: object) -> list[Any]:
    if type(value) is not list:
        raise PlainError("a pool that is not a list")
    return value


def _said(item: object, values: list[Any], types: Types) -> Text:
    """A text (`_text_data`'s form)."""
    if type(item) is not list:
        return _text(decode(item, types))
    if len(item) != 2 or type(item[0]) is not str or type(item[1]) is not dict:
        raise PlainError("a message of the wrong shape")
    template, params = item
    return Message(template, **{name: _value(value, values) for name, value in params.items()})


def _value(value: object, values: list[Any]) -> Any:
    """A message's value: a string, a number, true, false or null as it is, else [place]."""
    if type(value) is list:
        if len(value) != 1:
            raise PlainError("a value's place of the wrong shape")
        return _place(values, value[0])
    if type(value) is dict:
        raise PlainError("a message's value of no known form")
    return value


def _line(item: object, texts: list[Text]) -> Narration:
    if type(item) is not list or len(item) != 3:
        raise PlainError("a narration line of the wrong shape")
    public, secret, full = item
    pairs = tuple([(_seat(seat), _place(texts, said)) for seat, said in secret])
    return Narration(_place(texts, public), pairs, _place(texts, full))


def _seat(value: object) -> int:
    if type(value) is not int:
        raise PlainError("a seat that is not a number")
    return value


def _place(items: list[T], place: object) -> T:
    """`items[place]`, `place` a whole number within them."""
    if type(place) is not int or not 0 <= place < len(items):
        raise PlainError("a place out of the pool")
    return items[place]


def _placed(items: list[T], places: object) -> list[T]:
    """`items` at each of `places` (whole numbers within them), in order."""
    if type(places) is not list or not {int}.issuperset(map(type, places)):
        raise PlainError("places that are not whole numbers")
    if places and not 0 <= min(places) <= max(places) < len(items):
        raise PlainError("a place out of the pool")
    return list(map(items.__getitem__, places))


_CHANCE_KINDS = {kind.value: kind for kind in ChanceKind}


def _meta(item: object, lines: list[Narration]) -> tuple[tuple[Narration, ...], bool, bool]:
    if type(item) is not list or len(item) != 3:
        raise PlainError("an entry's narration of the wrong shape")
    places, reveals, decides = item
    return tuple(_placed(lines, places)), _boolean(reveals), _boolean(decides)


class _Snapshots(dict[int, Any]):
    """The table's snapshots, each decoded when the table first reads it (undo past the last
    snapshot, the replay's cursor): most opened games never read one."""

    def __init__(self, raw: dict[int, Any], types: Types) -> None:
        super().__init__(dict.fromkeys(raw, _UNREAD))
        self._raw = raw
        self._types = types

    def __getitem__(self, position: int) -> Any:
        value = super().__getitem__(position)
        if value is _UNREAD:
            value = decode(json.loads(self._raw.pop(position)), self._types)
            super().__setitem__(position, value)
        return value


_UNREAD = object()
