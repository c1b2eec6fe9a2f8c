"""Where saves live: --save-dir, else $PARTYLINE_SAVE_DIR, else the user's data folder."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import platformdirs

ENV_SAVE_DIR = "PARTYLINE_SAVE_DIR"


def save_dir(override: str | Path | None = None) -> Path:
    if override:
        return Path(override).expanduser()
    from_env = os.environ.get(ENV_SAVE_DIR)
    if from_env:
        return Path(from_env).expanduser()
    return Path(platformdirs.user_data_dir("partyline", appauthor=False)) / "saves"


def new_save_path(folder: Path, game_id: str, now: dt.datetime | None = None) -> Path:
    """A fresh file name for a new game's autosave: GAME-YYYYMMDD-HHMMSS.toml (never reused)."""
    stamp = (now or dt.datetime.now()).strftime("%Y%m%d-%H%M%S")
    path = folder / f"{game_id}-{stamp}.toml"
    number = 2
    while path.exists():
        path = folder / f"{game_id}-{stamp}-{number}.toml"
        number += 1
    return path


def list_saves(folder: Path) -> list[Path]:
    """Save files in `folder`, newest first."""
    if not folder.is_dir():
        return []
    files = [path for path in folder.glob("*.toml") if path.is_file()]
    return sorted(files, key=lambda path: path.stat().st_mtime, reverse=True)
