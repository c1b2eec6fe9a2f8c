"""The setup screen at 80x24: its longest form (Dangerous, every seat) scrolls, and the buttons
and the error line stay in sight under it: Start is clicked without scrolling, in either
language."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.geometry import Region
from textual.widgets import Button
from tuikit import SIZE, make_app, screen_text

from core.games import REGISTRY
from core.i18n import Language
from tui.screens.game import GameScreen
from tui.screens.setup import SetupScreen
from tui.widgets.cycle import Cycle


@pytest.mark.parametrize("language", ["en", "ja"])
async def test_start_is_in_sight_at_80x24_with_the_longest_form(
    tmp_path: Path, language: Language
) -> None:
    app = make_app(tmp_path, language=language)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#setup-game", Cycle).focus()
        await pilot.press("right")  # Dangerous
        assert screen.game_id == "dangerous"
        screen.query_one("#setup-players", Cycle).focus()
        await pilot.press(*["right"] * len(REGISTRY["dangerous"].players))
        await pilot.pause()
        form = screen.query_one("#setup-form")
        assert form.max_scroll_y > 0  # the form is taller than the screen
        screen_area = Region(0, 0, *SIZE)
        start = screen.query_one("#start", Button)
        assert screen_area.contains_region(start.region), start.region
        assert screen_area.contains_region(screen.query_one("#setup-error").region)
        assert str(start.label) in screen_text(app).splitlines()[-2]
        await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
