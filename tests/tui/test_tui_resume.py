"""A long game continued from the resume cache (core/resume_cache.py) shows the screen its
replay shows, by Pilot at 80x24; once the app has closed, the CLI keeps each game saved in it
there (the file as saved: after a move, the new one), so that continuing it again opens at
once; a real `partyline continue` does it too."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from ptykit import Terminal
from tuikit import SIZE, make_app, press_option, read_log, screen_text, settle

from core import resume_cache, saves
from core.log import DecisionEntry
from core.simulate import play_one
from core.table import Seat, SeatKind, Table, replay
from tui.cli import keep_for_resume
from tui.screens.game import GameScreen
from tui.widgets.log import LogPanel

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.usefixtures("own_cache")


def long_save(folder: Path) -> Path:
    """A Dangerous game of Aki and random bots, some 300 entries in, Aki to decide."""
    played = play_one("dangerous", 4, 3, "random", None, 2_000)
    log = played.log
    index = next(
        i
        for i in range(300, len(log))
        if isinstance(log[i], DecisionEntry) and log[i].seat == 0  # type: ignore[union-attr]
    )
    seats = (Seat("Aki"), *(Seat(f"Bot {n}", SeatKind.BOT, "random") for n in (1, 2, 3)))
    path = folder / "long.toml"
    saves.write(replay(Table(played.game, seats, played.options, played.seed), log[:index]), path)
    return path


def cached(path: Path) -> bool:
    return resume_cache.read(resume_cache.cache_key(path.read_bytes())) is not None


async def first_screen(folder: Path, table: Table, path: Path) -> tuple[str, object]:
    app = make_app(folder, table=table, save_path=path, bot_delay=3600.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        log = app.screen.query_one(LogPanel)
        return screen_text(app), (read_log(app, log), log.shown, log.virtual_size)


async def test_a_game_from_the_cache_shows_the_screen_its_replay_shows(tmp_path: Path) -> None:
    path = long_save(tmp_path)
    resume_cache.remember(path)
    assert cached(path)
    replayed = await first_screen(tmp_path, saves.load(path).table, path)
    from_cache = await first_screen(tmp_path, resume_cache.load(path).table, path)
    assert "you are Aki" in replayed[0]
    assert from_cache == replayed


async def test_the_cli_keeps_the_game_as_saved_once_the_app_has_closed(tmp_path: Path) -> None:
    path = long_save(tmp_path)
    table = resume_cache.load(path).table
    app = make_app(tmp_path, table=table, save_path=path, bot_delay=3600.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press_option(pilot, 0)
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
    assert app.saved_games() == [path] and not cached(path)
    keep_for_resume(app)
    assert cached(path)
    assert resume_cache.load(path).table.log == saves.load(path).table.log == table.log


def test_partyline_continue_keeps_the_game_for_next_time(tmp_path: Path, own_cache: Path) -> None:
    path = long_save(tmp_path)
    argv = [sys.executable, "-m", "tui.cli", "continue", str(path), "--save-dir", str(tmp_path)]
    env = {"PARTYLINE_CACHE_DIR": str(own_cache)}
    with Terminal.spawn(argv, size=SIZE, cwd=ROOT, env=env) as term:
        term.wait_for("you are Aki")
        term.press("q")
        assert term.wait_exit() == 0
    assert cached(path)


async def test_escape_from_a_continued_game_leaves_it_for_the_setup_screen(
    tmp_path: Path,
) -> None:
    """The game a continued app opens with is the bottom of its screens: Escape replaces it
    with the setup screen (its session closed, its save kept for resume), not covers it."""
    from tui.screens.setup import SetupScreen

    path = long_save(tmp_path)
    app = make_app(tmp_path, table=resume_cache.load(path).table, save_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert not [screen for screen in app.screen_stack if isinstance(screen, GameScreen)]
        assert app.saved_games() == [path]
