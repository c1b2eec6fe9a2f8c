"""The server's tables on disk, so that a server killed at any moment (even by SIGKILL) offers
every unfinished table again when it starts.

Each table is two files in `SAVE_DIR/tables/` (a folder of mode 0700):

- `NNNN.table.toml`, what a table is beyond its game, readable by a person: the game, players,
  options, bots, seed, creator, who holds each seat, and the reconnect code of each guest's seat
  (its SHA-256, never the code). Rewritten whole and atomically (core.saves.write_bytes) when a
  seat changes; removed when the game ends or an open table is given up.
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
from core.games import REGISTRY
from core.narration import text
from core.table import Table
from core.text import one_line

FOLDER = "tables"
TABLE_SUFFIX = ".table.toml"
SAVE_SUFFIX = ".save.toml"
FORMAT = "partyline-server-table"
FORMAT_VERSION = 1
LOCK_NAME = ".lock"
MAX_TABLE_FILE = 64 * 1024
"""A table file is a few hundred bytes; a bigger one is not the server's."""


class StoreBusy(Exception):
    """Another server keeps its tables in the folder. str() is one line."""


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


@dataclass(frozen=True)
class StoredTable:
    """A table as its file describes it, with its game if it had started."""

    settings: TableSettings
    codes: dict[str, str]
    """A guest's name -> the SHA-256 of its reconnect code."""
    game: Table | None


class TableStore:
    """Writes every table's two files as the hub changes them, and reads them back at start."""

    def __init__(self, save_dir: Path, log: Callable[[str], None]) -> None:
        """Raises StoreBusy when another server keeps its tables there, OSError when the
        folder cannot be made."""
        self.folder = save_dir / FOLDER
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.log = log
        self._autosaves: dict[int, saves.Autosave] = {}
        self._created: dict[int, str] = {}
        """When each resumed game was created: its save keeps saying so."""
        # Two servers resuming and writing the same tables would ruin them: one at a time.
        self._lock = os.open(self.folder / LOCK_NAME, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(self._lock)
            raise StoreBusy(f"another partyline serve keeps its tables in {self.folder}") from None

    def table_path(self, number: int) -> Path:
        return self.folder / f"{number:04d}{TABLE_SUFFIX}"

    def save_path(self, number: int) -> Path:
        return self.folder / f"{number:04d}{SAVE_SUFFIX}"

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
        }
        path = self.table_path(table.id)
        try:
            saves.write_bytes(path, tomli_w.dumps(data).encode())
        except OSError as error:
            self.log(text(saves.write_failure(path, error)))

    def started(self, number: int, game: Table) -> None:
        """Autosave `game` from now on, every entry; its file is in place when this returns."""
        autosave = saves.Autosave(
            game, self.save_path(number), on_error=lambda why: self.log(text(why))
        )
        autosave.created = self._created.pop(number, autosave.created)
        self._autosaves[number] = autosave
        try:
            autosave.write()
        except OSError as error:
            self.log(text(saves.write_failure(self.save_path(number), error)))

    def ended(self, number: int) -> None:
        """The table is over or given up: its save stays (a finished game), its table goes."""
        autosave = self._autosaves.pop(number, None)
        if autosave is not None:
            autosave.close()
        try:
            self.table_path(number).unlink(missing_ok=True)
        except OSError as error:
            self.log(f"{saves.display_path(self.table_path(number))}: {error.strerror}")

    def close(self) -> None:
        """Make every save durable and close it, and let another server have the folder."""
        for autosave in self._autosaves.values():
            autosave.close()
        self._autosaves.clear()
        if self._lock >= 0:
            os.close(self._lock)
            self._lock = -1

    # --- reading ---------------------------------------------------------------------------

    def load(self) -> list[StoredTable]:
        """Every unfinished table in the folder, by number; one log line for each file that
        cannot be read (it is left as it is)."""
        found: list[StoredTable] = []
        for path in sorted(self.folder.glob(f"*{TABLE_SUFFIX}")):
            try:
                table = self._load(path)
            except (OSError, ValueError, KeyError, TypeError) as error:
                reason = getattr(error, "strerror", None) or error
                self.log(one_line(f"{path}: cannot resume this table: {reason}"))
                continue
            if table is not None:
                found.append(table)
        return found

    def _load(self, path: Path) -> StoredTable | None:
        if path.stat().st_size > MAX_TABLE_FILE:
            raise ValueError("the file is too big to be a table")
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != FORMAT or data.get("format_version") != FORMAT_VERSION:
            raise ValueError(f"not a table file of format {FORMAT} {FORMAT_VERSION}")
        number = _int(data["id"])
        if data["game"] not in REGISTRY:
            raise ValueError(f"no game {str(data['game'])[:40]!r}")
        if path.name != self.table_path(number).name:
            raise ValueError(f"the file is named for another table than {number}")
        game = None
        save = self.save_path(number)
        if save.exists():
            loaded = saves.load(save)  # SaveError is a ValueError, with its one-line reason
            if loaded.note:
                self.log(text(loaded.note))
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
        )
        codes = {str(name): str(code) for name, code in data["guest_codes"].items()}
        return StoredTable(settings, codes, game)


def _int(value: object) -> int:
    if isinstance(value, str) and value.isdigit():
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise ValueError(f"{str(value)[:20]!r} is not a number")
