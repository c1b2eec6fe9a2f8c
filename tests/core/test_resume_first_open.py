"""Quitting after a first open (a save not in the resume cache, replayed to open): the game is
kept in the resume cache from the table that replay made, without replaying the file a second
time, while that table is still what the replay made. A game played on since is replayed from
the file as it is, as before."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from core import resume_cache, saves
from core.bots.random_bot import random_choice
from core.simulate import play_one
from core.table import Seat, SeatKind, Table, replay

pytestmark = pytest.mark.usefixtures("own_cache")


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every replay of a save's text (saves.loads), by where it was read from."""
    found: list[str] = []
    loads = saves.loads

    def counted(text: Any, where: str = "<save>", **options: Any) -> saves.Loaded:
        found.append(where)
        return loads(text, where, **options)

    monkeypatch.setattr(saves, "loads", counted)
    monkeypatch.setattr(resume_cache, "_replayed", [])
    yield found


def saved(folder: Path) -> Path:
    """A save of a Dangerous game long enough to be kept (Aki at the first seat, random bots)."""
    played = play_one("dangerous", 4, 3, "random", None, 2_000)
    seats = (Seat("Aki"), *(Seat(f"Bot {n}", SeatKind.BOT, "random") for n in (1, 2, 3)))
    table = Table(played.game, seats, played.options, played.seed)
    path = folder / "long.toml"
    saves.write(replay(table, played.log[: resume_cache.MIN_ENTRIES + 40]), path)
    return path


def kept(path: Path) -> saves.Loaded | None:
    return resume_cache.read(resume_cache.cache_key(path.read_bytes()))


def test_quitting_after_a_first_open_keeps_the_replay_it_made(
    tmp_path: Path, replays: list[str]
) -> None:
    path = saved(tmp_path)
    opened = resume_cache.load(path)
    assert len(replays) == 1  # the first open replays the file
    resume_cache.remember(path)  # (as the app does once it has closed)
    assert len(replays) == 1  # ... and quitting does not replay it again
    cached = kept(path)
    assert cached is not None
    assert cached.table.log == opened.table.log == saves.load(path).table.log
    assert cached.table.step == opened.table.step
    assert saves.dumps(cached.table, cached.created) == saves.dumps(opened.table, opened.created)


def test_a_game_played_on_after_its_first_open_is_kept_as_the_file_replays(
    tmp_path: Path, replays: list[str]
) -> None:
    path = saved(tmp_path)
    opened = resume_cache.load(path)
    table = opened.table
    decision = table.decisions()[0]
    table.decide(decision.seat, random_choice(decision, random.Random(1)))
    table.resolve_chance()  # the table holds more than the file (not saved since)
    resume_cache.remember(path)
    assert len(replays) == 2  # the file is replayed again: the table is no longer its replay
    cached = kept(path)
    assert cached is not None
    assert cached.table.log == saves.load(path).table.log != table.log
