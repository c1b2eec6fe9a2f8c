"""Every save checked into saves/ must still replay through the rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from core import saves

SAVES = sorted((Path(__file__).resolve().parent.parent / "saves").glob("*.toml"))


def test_there_are_example_saves() -> None:
    assert any("light-and-dark" in path.name for path in SAVES)
    finished = [path for path in SAVES if saves.load(path).table.over]
    assert finished, "at least one complete example game"


@pytest.mark.parametrize("path", SAVES, ids=[path.name for path in SAVES])
def test_example_save_replays(path: Path) -> None:
    table = saves.load(path, continue_chance=False).table
    assert len(table) > 0
    again = saves.loads(saves.dumps(table), continue_chance=False).table
    assert again.log == table.log
    assert again.view(None) == table.view(None)
