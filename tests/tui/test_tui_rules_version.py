"""A save of older rules that today's rules stop replaying: the app's "Open a replay" shows it up to
its last accepted entry and says why it stops there; "Continue a saved game" refuses it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from tuikit import SIZE, make_app, screen_text

from core import saves
from core.games import get_game
from core.simulate import play_one
from tui.screens.replay import ReplayScreen
from tui.screens.saves import check, read_saves


def finished_then_one_more(path: Path) -> int:
    """A finished game with a die after its end: under newer rules, a save whose last entry
    those rules do not accept. Returns how many entries the game itself has."""
    table = play_one("light-and-dark", 3, 4, "random")
    text = saves.dumps(table).replace(f"entries = {len(table)}\n", "")
    path.write_text(text + '\n[[log]]\nchance = "dice"\nvalues = [6]\n', encoding="utf-8")
    return len(table)


def newer_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pretend Light and Dark's rules moved on to version 3 (after the save was written)."""
    monkeypatch.setattr(type(get_game("light-and-dark")), "rules_version", 3)


async def choose_the_save(pilot: Pilot[Any], key: str) -> str:
    """Open the saved-games list (f3: continue, f4: replay), choose the only save, and return
    the screen's text as one line."""
    await pilot.press(key)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    return " ".join(screen_text(pilot.app).split())


async def test_open_a_replay_shows_an_old_save_up_to_where_the_rules_stop_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    played = finished_then_one_more(tmp_path / "old.toml")
    newer_rules(monkeypatch)
    [row] = read_saves(tmp_path)
    checked = check(row)
    assert checked.rules_changed
    assert "rules version 2, and this Partyline plays version 3" in str(checked.error)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        text = await choose_the_save(pilot, "f4")
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert len(screen.table) == played and screen.viewer is None  # it finished: everyone
        assert f"entry {played} of {played}" in text
        assert "rules version 2" in text and f"watched up to entry {played}" in text


async def test_continue_refuses_an_old_save_the_rules_stop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    finished_then_one_more(tmp_path / "old.toml")
    newer_rules(monkeypatch)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        text = await choose_the_save(pilot, "f3")
        assert not isinstance(app.screen, ReplayScreen)
        assert "no longer accept its entry" in text
