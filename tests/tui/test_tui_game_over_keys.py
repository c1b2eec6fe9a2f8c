"""`n` is the game screen's go-on key and the game-over screen's New game: a player pressing it
twice to go past the last fight's result (or holding it) went on from the results to the setup
screen before reading them. On the game-over screen `n` counts only once the keyboard has left
it alone for a moment (gameover.HELD_OVER_SECONDS); the screen's clock is set by the test."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static
from tuikit import SIZE, ld_table, make_app, play_one, play_to_end, settle

from tui.screens import gameover
from tui.screens.game import GameScreen
from tui.screens.gameover import HELD_OVER_SECONDS, GameOverScreen
from tui.screens.replay import ReplayScreen
from tui.screens.setup import SetupScreen


async def test_n_held_over_from_the_last_result_leaves_the_results_on_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = [100.0]
    monkeypatch.setattr(gameover, "clock", lambda: now[0])
    app = make_app(tmp_path, table=ld_table(seed=4), reveal_hold=None)  # held until n
    async with app.run_test(size=SIZE) as pilot:
        went_on = False  # the last key pressed was n on a held result
        for step in range(400):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                break
            went_on = isinstance(screen, GameScreen) and screen.holding
            if went_on:
                await pilot.press("n")
            else:
                await play_one(pilot, step)
        assert isinstance(app.screen, GameOverScreen) and went_on
        results = app.screen
        await pilot.press("n")  # pressed twice: the second comes as the results open
        await pilot.pause()
        assert app.screen is results
        for _ in range(3):  # held down: its repeats are held over too
            now[0] += HELD_OVER_SECONDS / 2
            await pilot.press("n")
            await pilot.pause()
            assert app.screen is results
        now[0] += HELD_OVER_SECONDS  # let go, the results read: n is New game
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


async def test_enter_held_over_from_the_last_answer_takes_no_choice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Enter answered the last question; pressed twice (or held), its second press would take
    the highlighted choice (the replay here, the lobby at a server's table) before the results
    were read."""
    now = [100.0]
    monkeypatch.setattr(gameover, "clock", lambda: now[0])
    app = make_app(tmp_path, table=ld_table(seed=4))
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot)
        results = app.screen
        assert isinstance(results, GameOverScreen)
        for _ in range(3):  # a double press, then the key held down
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is results
            now[0] += HELD_OVER_SECONDS / 2
        now[0] += HELD_OVER_SECONDS
        await pilot.press("enter")  # the results read: Enter takes the highlighted choice
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)  # the first choice: this game's replay
        assert app.screen.table is results.session.replay_table()


async def test_the_other_keys_of_the_results_work_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the keys the game screen goes on with are held over: Escape (back to the board) is
    not a key pressed to go past a result, and answers at once."""
    monkeypatch.setattr(gameover, "clock", lambda: 100.0)
    app = make_app(tmp_path, table=ld_table(seed=4))
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_a_key_held_over_says_so_rather_than_doing_nothing_without_a_word(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A press held back looked like a dead screen: the screen says why, once one is."""
    monkeypatch.setattr(gameover, "clock", lambda: 100.0)
    app = make_app(tmp_path, table=ld_table(seed=4))
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot)
        results = app.screen
        assert isinstance(results, GameOverScreen)
        note = results.query_one("#gameover-held", Static)
        assert not note.display  # nothing held back yet: nothing to explain
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is results and note.display
        assert str(note.render()) == gameover.HELD_OVER_NOTE
