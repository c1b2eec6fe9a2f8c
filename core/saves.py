"""TOML save files: written atomically, loaded strictly, versioned.

A save is data: the format name and version, the game, its options and seed, the seats and the
log. Loading re-applies every entry through the rules. Every problem becomes a SaveError whose
message is one line, `PATH: entry N: reason` or `PATH: reason`. See docs/save-format.md.
"""

from __future__ import annotations

import datetime as dt
import errno
import os
import tempfile
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli_w

from core import __version__
from core.games import UnknownGame, get_game
from core.log import BadEntry, Entry, entry_from_data
from core.table import Change, LogError, Seat, SeatKind, Table
from core.text import BadText, excerpt

FORMAT = "partyline-save"
FORMAT_VERSION = 1


class SaveError(ValueError):
    """A save that cannot be loaded; str() is the one-line message for the user."""


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
        "seed": table.seed,
        "practice": table.practice,
        "created": _created(created),
        "entries": len(table),
        "options": {"players": len(table.seats), **table.options},
        "seats": seats,
        "log": [entry.to_data() for entry in table.log],
    }


def dumps(table: Table, created: str | None = None) -> str:
    """The save as TOML text laid out for people: one short table per seat and per log entry,
    arrays kept on one line. tomli_w renders every value, so quoting and escaping are its."""
    data = to_data(table, created)
    lines = [
        _toml_line(key, value) for key, value in data.items() if not isinstance(value, dict | list)
    ]
    lines += ["", "[options]"] + [_toml_line(k, v) for k, v in data["options"].items()]
    for item in data["seats"]:
        lines += ["", "[[seats]]"] + [_toml_line(k, v) for k, v in item.items()]
    for index, item in enumerate(data["log"]):
        said = _comment(" ".join(table.public_narration(index)))
        if len(said) > 100:
            said = said[:97] + "..."
        lines += ["", f"[[log]]  # {index + 1}: {said}"]
        lines += [_toml_line(k, v) for k, v in item.items()]
    return "\n".join(lines) + "\n"


def _comment(text: str) -> str:
    """`text` made safe for a TOML comment, which may hold no control character but tab."""
    return "".join(
        " " if (char < " " and char != "\t") or char == "\x7f" else char for char in text
    )


def _toml_line(key: str, value: Any) -> str:
    if isinstance(value, list):
        return f"{key} = [{', '.join(_toml_value(item) for item in value)}]"
    return f"{key} = {_toml_value(value)}"


def _toml_value(value: Any) -> str:
    return tomli_w.dumps({"v": value})[len("v = ") :].rstrip("\n")


def write(table: Table, path: Path, created: str | None = None) -> None:
    """Write atomically: a temporary file in the same folder, fsync, then rename over `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = _utf8(dumps(table, created))
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    _fsync_folder(path.parent)


def _utf8(text: str) -> bytes:
    """The save's bytes. Text that is not valid UTF-8 (a lone surrogate: undecodable bytes from
    argv or a file name) has no TOML form: the write fails as an OSError (EILSEQ) naming the
    line, which every caller reports as 'could not save', instead of a UnicodeEncodeError."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as error:
        start = text.rfind("\n", 0, error.start) + 1
        line = text[start : text.find("\n", error.start)]
        raise OSError(errno.EILSEQ, f"not valid UTF-8: {excerpt(line)}") from None


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


@dataclass(frozen=True)
class Loaded:
    table: Table
    created: str


def load(path: Path, *, continue_chance: bool = True) -> Loaded:
    """Read and replay a save. Raises SaveError with a one-line `PATH: ...` message."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise SaveError(f"{path}: cannot read: {_first_line(error)}") from None
    return loads(text, str(path), continue_chance=continue_chance)


def loads(text: str, where: str = "<save>", *, continue_chance: bool = True) -> Loaded:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise SaveError(
            f"{where}: not a valid TOML file (truncated?): {_first_line(error)}"
        ) from None
    try:
        table, created = _table_from(data)
        if "entries" in data:
            _field(data, "entries", int)
        entries = _entries_from(data)
        for entry in entries:
            table.apply(entry)
    except (LogError, _HeaderError) as error:
        raise SaveError(f"{where}: {error}") from None
    declared = data.get("entries")
    if declared is not None and declared != len(entries):
        raise SaveError(
            f"{where}: the file says it holds {declared} log entries but has {len(entries)} "
            "(truncated?)"
        )
    if continue_chance:
        table.resolve_chance()
    return Loaded(table, created)


class _HeaderError(ValueError):
    pass


def _field(data: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    if name not in data:
        raise _HeaderError(f"missing field '{name}'")
    value = data[name]
    if (isinstance(value, bool) and kind is int) or not isinstance(value, kind):
        raise _HeaderError(f"field '{name}' has the wrong type ({type(value).__name__})")
    return value


def _table_from(data: dict[str, Any]) -> tuple[Table, str]:
    if data.get("format") != FORMAT:
        raise _HeaderError(f'not a Partyline save (expected format = "{FORMAT}")')
    version = _field(data, "format_version", int)
    if version > FORMAT_VERSION:
        raise _HeaderError(
            f"format version {version} is newer than this Partyline ({__version__}) reads "
            f"(up to {FORMAT_VERSION}); update Partyline"
        )
    if version < 1:
        raise _HeaderError(f"unknown format version {version}")
    try:
        game = get_game(_field(data, "game", str))
    except UnknownGame as error:
        raise _HeaderError(str(error)) from None
    seed = _field(data, "seed", int)
    practice = data.get("practice", False)
    if not isinstance(practice, bool):
        raise _HeaderError("field 'practice' must be true or false")
    created = data.get("created", "")
    created = created.isoformat() if isinstance(created, dt.datetime | dt.date) else str(created)
    options = dict(_field(data, "options", dict))
    players = options.pop("players", None)
    seats = tuple(_seat(index, raw) for index, raw in enumerate(_field(data, "seats", list)))
    if players is not None and players != len(seats):
        raise _HeaderError(f"options.players is {players} but there are {len(seats)} seats")
    known = {option.name: option for option in game.options}
    for name, value in options.items():
        if name not in known:
            raise _HeaderError(f"unknown option '{name}' for {game.id}")
        if type(value) is not type(known[name].default):
            raise _HeaderError(f"option '{name}' has the wrong type ({type(value).__name__})")
    try:
        table = Table(game, seats, options, seed, practice)
    except ValueError as error:
        raise _HeaderError(str(error)) from None
    return table, created


def _seat(index: int, raw: object) -> Seat:
    if not isinstance(raw, dict):
        raise _HeaderError(f"seat {index + 1}: must be a table")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _HeaderError(f"seat {index + 1}: missing or empty 'name'")
    kinds = {kind.value: kind for kind in SeatKind}
    kind = raw.get("kind", "human")
    if kind not in kinds:
        raise _HeaderError(f"seat {index + 1}: kind must be 'human' or 'bot', not {kind!r}")
    bot = raw.get("bot", "")
    if kinds[kind] is SeatKind.BOT:
        from core.bots import BOT_KINDS

        if bot not in BOT_KINDS:
            raise _HeaderError(
                f"seat {index + 1}: unknown bot {bot!r} (known: {', '.join(BOT_KINDS)})"
            )
    try:
        return Seat(name, kinds[kind], bot if isinstance(bot, str) else "")
    except BadText as error:
        raise _HeaderError(f"seat {index + 1}: {error}") from None


def _entries_from(data: dict[str, Any]) -> list[Entry]:
    raw = data.get("log", [])
    if not isinstance(raw, list):
        raise _HeaderError("'log' must be an array of tables ([[log]])")
    entries: list[Entry] = []
    for number, item in enumerate(raw, start=1):
        try:
            entries.append(entry_from_data(item))
        except BadEntry as error:
            raise LogError(number, str(error)) from None
    return entries


def _first_line(error: BaseException) -> str:
    return str(error).splitlines()[0] if str(error) else type(error).__name__


class Autosave:
    """A table subscriber that writes the save file after every change."""

    def __init__(self, table: Table, path: Path, on_error: Callable[[str], None] | None = None):
        self.table = table
        self.path = path
        self.created = _now().isoformat()
        self.on_error = on_error
        self.unsubscribe = table.subscribe(self)

    def __call__(self, change: Change) -> None:
        self.save()

    def save(self) -> None:
        try:
            write(self.table, self.path, self.created)
        except OSError as error:
            if self.on_error is not None:
                self.on_error(f"{self.path}: could not save: {error.strerror or error}")
            else:
                raise
