"""The seed of a game still being played shows nowhere: with it and the log, anyone could compute
every die and shuffle to come (the RNG is keyed by seed and log position)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input
from tuikit import SIZE, make_app, screen_text, settle

from core.games import REGISTRY
from core.simulate import play_one
from core.table import Table
from core.viewer import PUBLIC
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.screens.replay import ReplayScreen
from tui.screens.replayseat import ReplaySeatScreen
from tui.screens.setup import SetupScreen

SEED = 987654321
DIGITS = str(SEED)


def cut(table: Table, entries: int) -> Table:
    """The same game after its first `entries` entries: still being played."""
    early = Table(table.game, table.seats, table.options, table.seed)
    for entry in table.log[:entries]:
        early.apply(entry)
    assert not early.over
    return early


def test_no_view_narration_or_prompt_holds_the_seed() -> None:
    for game_id in REGISTRY:
        finished = play_one(game_id, 3, SEED, "random")
        table = cut(finished, len(finished) // 2)
        for position in range(len(table) + 1):
            for viewer in (*range(len(table.seats)), PUBLIC):
                said = repr((table.view_at(position, viewer), table.narration(viewer, position)))
                assert DIGITS not in said, (game_id, position, viewer)
        assert DIGITS not in repr(table.decisions())


async def test_no_screen_shows_the_seed_of_a_game_in_progress(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:

        def clean(where: str) -> None:
            assert DIGITS not in screen_text(app), where

        async def walk(replay: ReplayScreen, whose: str) -> None:
            """Every position of `replay`, from the first, checked."""
            while replay.position < len(replay.table):
                clean(f"{whose} at {replay.position}")
                await pilot.press("right")
            clean(f"{whose}'s end")

        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#seed", Input).value = DIGITS
        await pilot.press("f2")
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen) and game.session.table.seed == SEED
        clean("the game")
        await pilot.press("1")  # a decision: the game has a save from now on
        await settle(pilot)
        clean("the game")
        await pilot.press("question_mark")
        clean("the game's help")
        await pilot.press("escape", "s")
        clean("saved")
        await pilot.press("escape")  # back to the form the game was started from
        await pilot.pause()
        assert app.screen is setup
        clean("the setup screen")
        await pilot.press("f3")
        await pilot.pause()
        clean("the saved games")
        await pilot.press("escape", "f4")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplaySeatScreen)
        clean("whose replay")
        await pilot.press("down", "enter")  # the first player (not the public, first)
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        clean("the curtain")
        await pilot.press("enter", "home")
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        await walk(replay, "the player's replay")
        await pilot.press("escape")  # back to the setup screen; the public's replay, no curtain
        await pilot.pause()
        assert app.screen is setup
        await pilot.press("f4")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplaySeatScreen)
        await pilot.press("enter", "home")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.viewer is PUBLIC
        await walk(replay, "the public's replay")
