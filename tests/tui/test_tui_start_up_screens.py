"""A continued game opens over the app's default screen at once: that screen, never seen, is
not given the too-small message (mounting it styled and laid out the hidden screen, issue 10);
it gets it if it is ever shown, as every other screen gets it when shown."""

from __future__ import annotations

from pathlib import Path

from tuikit import SIZE, ld_table, make_app

from tui.screens.game import GameScreen
from tui.widgets.toosmall import TooSmall


async def test_the_screen_under_a_continued_game_gets_its_message_only_when_shown(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, table=ld_table())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        under, game = app.screen_stack
        assert isinstance(game, GameScreen) and len(game.query(TooSmall)) == 1
        assert not under.query(TooSmall)
        await app.pop_screen()
        await pilot.pause()
        assert app.screen is under and len(under.query(TooSmall)) == 1
