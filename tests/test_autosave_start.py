"""What an autosave does when it starts: it cleans the stale temporary files of its folder the first
time in a process, and never lists that folder again (a campaign of bot games, a server)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from core import paths, saves
from core.simulate import bot_table


def test_an_autosave_cleans_its_folder_the_first_time_in_a_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(paths, "_cleaned", set())
    listed: list[str] = []
    real = os.scandir

    def scandir(path: str) -> object:
        if Path(path).parent == tmp_path:
            listed.append(os.path.basename(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    stale = tmp_path / "a" / ".game.toml.999999999.abcd.tmp"  # (no process has that id)
    kept: list[bool] = []
    for name in ("a", "a", "b", "a"):
        (tmp_path / name).mkdir(exist_ok=True)
        stale.write_text("left by a writer that died", encoding="utf-8")
        table = bot_table("light-and-dark", 3, 1, "random")
        saves.Autosave(table, tmp_path / name / "game.toml").close()
        kept.append(stale.exists())
    assert listed == ["a", "b"] and kept == [False, True, True, True]
