"""Where saves live: --save-dir, else $PARTYLINE_SAVE_DIR, else the user's data folder.

Also the names of files in a save folder: a new game's save (reserved exclusively, so that two
games never share one), the temporary files of atomic writes (which carry the writer's process id,
so that the ones a killed writer left behind can be told apart and removed), and the listing.
"""

from __future__ import annotations

import datetime as dt
import errno
import itertools
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

import platformdirs

ENV_SAVE_DIR = "PARTYLINE_SAVE_DIR"

SAVE_SUFFIX = ".toml"
TEMP_SUFFIX = ".tmp"
_TEMP_NAME = re.compile(r"\.(?P<save>.+\.toml)\.(?P<pid>[0-9]{1,10})\.[a-z0-9_]+\.tmp")
"""`.NAME.toml.PID.XXXXXXXX.tmp`: `temp_prefix` + tempfile's random letters + TEMP_SUFFIX."""


def save_dir(override: str | Path | None = None) -> Path:
    if override:
        return Path(override).expanduser()
    from_env = os.environ.get(ENV_SAVE_DIR)
    if from_env:
        return Path(from_env).expanduser()
    return Path(platformdirs.user_data_dir("partyline", appauthor=False)) / "saves"


def new_save_path(folder: Path, game_id: str, now: dt.datetime | None = None) -> Path:
    """Reserve a file for a new game's autosave: GAME-YYYYMMDD-HHMMSS.toml, or -2, -3 ... when
    that is taken. The file is created empty and exclusively (O_EXCL), so games started in the
    same second, by threads or by processes, each get their own. Creates the folder if needed;
    raises OSError if it cannot be created or written to."""
    folder.mkdir(parents=True, exist_ok=True)
    stamp = (now or dt.datetime.now()).strftime("%Y%m%d-%H%M%S")
    for number in itertools.count(1):
        suffix = "" if number == 1 else f"-{number}"
        path = folder / f"{game_id}-{stamp}{suffix}{SAVE_SUFFIX}"
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
        except FileExistsError:
            continue
        os.close(fd)
        return path
    raise AssertionError("unreachable")  # itertools.count never ends


@dataclass(frozen=True)
class NewSave:
    """A new game's save before it is written: its file is reserved (`new_save_path`, named
    after the game's start) only when the game is first saved, so a game nobody played leaves
    no file behind."""

    folder: Path
    game_id: str
    started: dt.datetime

    def reserve(self) -> Path:
        return new_save_path(self.folder, self.game_id, self.started)


def check_folder(folder: Path) -> None:
    """Check, when a game starts, that its save can be written later: create `folder` if needed
    and write and remove a temporary file in it (permissions alone say nothing to root). Raises
    OSError."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # (a file where the folder should be: mkdir would say "File exists")
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(folder)) from None
    fd, probe = tempfile.mkstemp(
        prefix=temp_prefix(folder / "probe.toml"), suffix=TEMP_SUFFIX, dir=folder
    )
    os.close(fd)
    os.unlink(probe)


def followed(path: Path) -> Path:
    """Where a save continued from `path` goes: a write replaces only a regular file, so through
    a symbolic link it saves the file the link leads to; any other path stays as given."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def temp_prefix(path: Path) -> str:
    """The start of the name of a temporary file that will replace `path`: it names the file and
    this process, so that `clean_stale_temps` recognises it."""
    return f".{path.name}.{os.getpid()}."


def clean_stale_temps(folder: Path) -> list[Path]:
    """Remove the temporary files that writers which no longer run left in `folder` (a write
    killed before its rename). Only files named by `temp_prefix` are touched, and only when
    their process is gone. Returns what was removed; a folder that cannot be read is left alone."""
    removed: list[Path] = []
    try:
        with os.scandir(folder) as listing:
            entries = list(listing)
    except OSError:
        return removed
    for entry in entries:
        match = _TEMP_NAME.fullmatch(entry.name)
        if match is None or _running(int(match["pid"])):
            continue
        try:
            if entry.is_file(follow_symlinks=False):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


_cleaned: set[Path] = set()
"""The folders `clean_stale_temps_once` has cleaned in this process."""


def clean_stale_temps_once(folder: Path) -> None:
    """`clean_stale_temps(folder)` the first time this process asks, and then never again: a
    game's autosave cleans its folder when it starts, and a process starting game after game
    (a bot campaign, a server) would otherwise list the same folder, ever longer, every game.
    What writers that die later leave is removed when Partyline next starts."""
    if folder not in _cleaned:
        _cleaned.add(folder)
        clean_stale_temps(folder)


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if pid < 1:
        return False  # no writer has these; os.kill(0, ...) would mean our process group
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    except OverflowError:
        return False  # no process has such an id
    return True


def list_saves(folder: Path) -> list[Path]:
    """Everything in `folder` named *.toml, newest first, except hidden names (temporary files
    start with a dot). Whatever it is: a folder, a link that leads nowhere or a file that cannot
    be read is listed too, so the saved-games list can say what is wrong with it. A folder that
    does not exist holds no saves; one that cannot be read, or a file where the folder should
    be, raises OSError (the list says why, not that there are no saves)."""
    try:
        with os.scandir(folder) as listing:
            entries = [
                entry
                for entry in listing
                if entry.name.endswith(SAVE_SUFFIX) and not entry.name.startswith(".")
            ]
    except FileNotFoundError:
        return []
    return [Path(entry.path) for entry in sorted(entries, key=_modified, reverse=True)]


def _modified(entry: os.DirEntry[str]) -> float:
    for follow in (True, False):
        try:
            return entry.stat(follow_symlinks=follow).st_mtime
        except OSError:
            continue
    return 0.0
