"""The server's tables on disk, so that a server killed at any moment (even by SIGKILL) offers
every unfinished table again when it starts.

Each table is two files in `SAVE_DIR/tables/` (a folder of mode 0700):

- `NNNN.table.toml`, what a table is beyond its game, readable by a person: the game, players,
  options, bots, seed, creator, who holds each seat, the reconnect code of each guest's seat
  (its SHA-256, never the code) and the last CHAT_KEPT lines of its chat. Rewritten whole and
  atomically (core.saves.write_bytes) when a seat changes or a line is said; removed when the
  game ends or an open table is given up. Chat read back is checked as a line said is.
- `NNNN.save.toml`, the game from its start: a normal Partyline save (format 2), appended to after
  every entry by core.saves.Autosave, which is crash-safe (a write cut short loses at most that
  entry). The host can open it with `partyline` like any save; it stays when the game is over.

A file that cannot be read is skipped with one line in the server's log; it never stops a start.
"""

from __future__ import annotations

import fcntl
import os
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from core import saves
from core.errors import Explained, os_reason, reason_of
from core.games import REGISTRY
from core.i18n import N_
from core.narration import Message, Text, text
from core.regular import open_regular
from core.table import Table
from core.text import MAX_CHAT_CELLS, MAX_CHAT_CHARS, BadText, check_line, check_name
from server.oplog import Log

FOLDER = "tables"
TABLE_SUFFIX = ".table.toml"
SAVE_SUFFIX = ".save.toml"
FORMAT = "partyline-server-table"
FORMAT_VERSION = 1
LOCK_NAME = ".lock"
CHAT_KEPT = 50
"""Chat lines a table keeps (a newcomer sees these, and its file keeps them)."""
THE_CHAT_LINE = N_("the chat line")
NOT_A_CHAT_LINE = N_("a chat line is a name and a line of text")
TOO_BIG = N_("the file is too big to be a table")
MISSING_FIELD = N_("missing field '{name}'")
"""(The saves' words for a field a file lacks.)"""
MAX_TABLE_FILE = 256 * 1024
"""A table file is a few hundred bytes, and its chat at most CHAT_KEPT lines of at most
MAX_CHAT_CHARS characters (4 bytes each in UTF-8): a bigger one is not the server's."""


class StoreBusy(Explained):
    """Another server keeps its tables in the folder: `message` says so in the reader's
    language; str() is the English line."""


@dataclass
class TableSettings:
    """What a table is beyond its game and who is at it now: what its file keeps."""

    id: int
    game_id: str
    players: int
    options: dict[str, Any]
    bots: dict[int, str]
    """Seat -> bot kind, for the seats bots play."""
    creator: str
    seed: int
    sitting: dict[int, str] = field(default_factory=dict)
    """Seat -> the player's name, for the human seats taken."""
    chat: list[tuple[str, str]] = field(default_factory=list)
    """The last CHAT_KEPT lines said at the table: (who, line)."""


@dataclass(frozen=True)
class StoredTable:
    """A table as its file describes it, with its game if it had started."""

    settings: TableSettings
    codes: dict[str, str]
    """A guest's name -> the SHA-256 of its reconnect code."""
    game: Table | None


class TableStore:
    """Writes every table's two files as the hub changes them, and reads them back at start."""

    def __init__(self, save_dir: Path, log: Log, render: Callable[[Text], str] = text) -> None:
        """`render` writes out the saves' comments (in the operator's language: the host
        reads them). Raises StoreBusy when another server keeps its tables there, OSError when
        the folder cannot be made."""
        self.folder = save_dir / FOLDER
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.log = log
        self.render = render
        self._autosaves: dict[int, saves.Autosave] = {}
        self._created: dict[int, str] = {}
        """When each resumed game was created: its save keeps saying so."""
        # Two servers resuming and writing the same tables would ruin them: one at a time.
        self._lock = os.open(self.folder / LOCK_NAME, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(self._lock)
            why = Message(
                N_("another partyline serve keeps its tables in {folder}"), folder=str(self.folder)
            )
            raise StoreBusy(why) from None

    def table_path(self, number: int) -> Path:
        return self.folder / f"{number:04d}{TABLE_SUFFIX}"

    def save_path(self, number: int) -> Path:
        return self.folder / f"{number:04d}{SAVE_SUFFIX}"

    def highest_number(self) -> int:
        """The highest table number of any file in the folder (0: none): a table closed or
        finished keeps its save there, and its number is never given again."""
        numbers = (_number_of(path.name) for path in self.folder.iterdir())
        return max((number for number in numbers if number is not None), default=0)

    def has_files(self, number: int) -> bool:
        """Whether table `number` has a file here (a new game must not replace its save)."""
        return self.table_path(number).exists() or self.save_path(number).exists()

    # --- writing ---------------------------------------------------------------------------

    def write_table(self, table: TableSettings, codes: dict[str, str]) -> None:
        """The table's file, as it is now (atomically and durably: a seat is a promise)."""
        data: dict[str, Any] = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "id": table.id,
            "game": table.game_id,
            "players": table.players,
            "seed": table.seed,
            "creator": table.creator,
            "options": table.options,
            "bots": {str(seat): kind for seat, kind in sorted(table.bots.items())},
            "seats": {str(seat): name for seat, name in sorted(table.sitting.items())},
            "guest_codes": codes,
            "chat": [[who, line] for who, line in table.chat[-CHAT_KEPT:]],
        }
        path = self.table_path(table.id)
        try:
            saves.write_bytes(path, tomli_w.dumps(data).encode())
        except OSError as error:
            self.log(saves.write_failure(path, error))

    def started(self, number: int, game: Table) -> None:
        """Autosave `game` from now on, every entry; its file is in place when this returns."""
        path = self.save_path(number)
        autosave = saves.Autosave(game, path, on_error=self.log, render=self.render)
        autosave.created = self._created.pop(number, autosave.created)
        self._autosaves[number] = autosave
        try:
            autosave.write()
        except OSError as error:
            self.log(saves.write_failure(self.save_path(number), error))

    def ended(self, number: int) -> None:
        """The table is over or given up: its save stays (a finished game), its table goes."""
        autosave = self._autosaves.pop(number, None)
        if autosave is not None:
            autosave.close()
        try:
            self.table_path(number).unlink(missing_ok=True)
        except OSError as error:
            where = saves.display_path(self.table_path(number))
            template = N_("{path}: cannot remove the table file: {why}")
            self.log(Message(template, path=where, why=os_reason(error)))

    def close(self) -> None:
        """Close every save and let another server have the folder. Each save's last fsync may
        finish in the background (core.background): what was written is already visible to the
        next reader, and the process waits for the fsyncs before it exits."""
        for autosave in self._autosaves.values():
            autosave.close()
        self._autosaves.clear()
        if self._lock >= 0:
            os.close(self._lock)
            self._lock = -1

    # --- reading ---------------------------------------------------------------------------

    def load(self, at_most: int | None = None) -> list[StoredTable]:
        """The unfinished tables in the folder, by number: the `at_most` with the highest numbers
        (the newest), one log line for each file past them (left as it is, for the host to
        continue its game by hand) and for each file that cannot be read (left as it is)."""
        found: list[StoredTable] = []
        newest_first = sorted(self.folder.glob(f"*{TABLE_SUFFIX}"), key=_by_number, reverse=True)
        for path in newest_first:
            if at_most is not None and len(found) >= at_most:
                save = path.with_name(path.name.removesuffix(TABLE_SUFFIX) + SAVE_SUFFIX)
                template = N_(
                    "{path}: not resumed: the server holds at most {count} tables (its save, if "
                    "any: {save})"
                )
                self.log(Message(template, path=str(path), count=at_most, save=str(save)))
                continue
            try:
                table = self._load(path)
            except (OSError, ValueError, KeyError, TypeError) as error:
                template = N_("{path}: cannot resume this table: {why}")
                self.log(Message(template, path=str(path), why=_why_not(error)))
                continue
            if table is not None:
                found.append(table)
        return sorted(found, key=lambda table: table.settings.id)

    def _load(self, path: Path) -> StoredTable | None:
        with open_regular(path) as (file, info):  # (a named pipe would hold the start forever)
            if info.st_size > MAX_TABLE_FILE:
                raise ValueError(Message(TOO_BIG))
            raw = file.read(MAX_TABLE_FILE + 1)
        if len(raw) > MAX_TABLE_FILE:  # (it grew since)
            raise ValueError(Message(TOO_BIG))
        data = tomllib.loads(raw.decode("utf-8"))
        if data.get("format") != FORMAT or data.get("format_version") != FORMAT_VERSION:
            why = N_("not a table file of format {format} {version}")
            raise ValueError(Message(why, format=FORMAT, version=FORMAT_VERSION))
        number = _int(data["id"])
        if data["game"] not in REGISTRY:
            raise ValueError(Message(N_("no game {game!r}"), game=str(data["game"])[:40]))
        if path.name != self.table_path(number).name:
            why = N_("the file is named for another table than {number}")
            raise ValueError(Message(why, number=number))
        game = None
        save = self.save_path(number)
        if save.exists():
            loaded = saves.load(save)  # SaveError is a ValueError, with its one-line reason
            if loaded.note:
                self.log(loaded.note)
            game = loaded.table
            self._created[number] = loaded.created
            if game.over:
                self.ended(number)
                return None
        settings = TableSettings(
            id=number,
            game_id=str(data["game"]),
            players=_int(data["players"]),
            options=dict(data["options"]),
            bots={_int(seat): str(kind) for seat, kind in data["bots"].items()},
            creator=str(data["creator"]),
            seed=_int(data["seed"]),
            sitting={_int(seat): str(name) for seat, name in data["seats"].items()},
            chat=self._chat(path, data.get("chat", [])),
        )
        codes = {str(name): str(code) for name, code in data["guest_codes"].items()}
        return StoredTable(settings, codes, game)

    def _chat(self, path: Path, value: object) -> list[tuple[str, str]]:
        """The chat lines of a table's file, checked as a line said is: the last CHAT_KEPT of
        those a player could have said; one log line says how many others were left out, and
        why the first was."""
        if not isinstance(value, list):
            template = N_("{file}: the chat is not a list of lines: left out")
            self.log(Message(template, file=path.name))
            return []
        kept: list[tuple[str, str]] = []
        refused: list[BadText] = []
        for entry in value:  # the file's size bounds the list
            try:
                kept.append(chat_line(entry))
            except BadText as error:
                refused.append(error)
        if refused:
            template = N_("{file}: {count} chat lines left out: {why}")
            first = reason_of(refused[0])
            self.log(Message(template, file=path.name, count=len(refused), why=first))
        return kept[-CHAT_KEPT:]


def chat_line(entry: object) -> tuple[str, str]:
    """(who, line) of a chat line read from a file; BadText if it is not one a player could
    have said. Held to the blank rule it was said under (`typed=False`, as a save's names): a
    line an older server kept still comes back."""
    if not (isinstance(entry, list) and len(entry) == 2 and all(isinstance(s, str) for s in entry)):
        raise BadText(Message(NOT_A_CHAT_LINE))
    who, line = entry
    check_name(who, typed=False)
    check_line(
        line, what=THE_CHAT_LINE, max_cells=MAX_CHAT_CELLS, max_chars=MAX_CHAT_CHARS, typed=False
    )
    return who, line


def _why_not(error: Exception) -> object:
    """Why a table file cannot be resumed, in the reader's language where the words are ours."""
    if isinstance(error, KeyError):  # (whose str() is only the key, quoted)
        return Message(MISSING_FIELD, name=str(error.args[0]))
    return os_reason(error) if isinstance(error, OSError) else reason_of(error)


def _number_of(name: str) -> int | None:
    """The table number a file of the folder is named for (NNNN.anything), or None."""
    digits = name.split(".", 1)[0]
    return int(digits) if digits.isdigit() and digits.isascii() else None


def _by_number(path: Path) -> tuple[int, str]:
    """A table file's place in number order (past 9999 names grow a digit: "10000" sorts before
    "9999" as text); a name without a number first, by name."""
    number = _number_of(path.name)
    return (-1 if number is None else number, path.name)


def _int(value: object) -> int:
    if isinstance(value, str) and value.isdigit():
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise ValueError(Message(N_("{value} is not a number"), value=repr(str(value)[:20])))
