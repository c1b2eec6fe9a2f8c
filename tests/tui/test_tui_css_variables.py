"""The app makes a theme's CSS variables once, and again for a theme changed while it runs: the
screen's colours follow the change exactly as Textual's own variables would have."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.color import Color
from tuikit import SIZE, make_app

from themes import THEMES


def _textual_variables(app: App[None]) -> dict[str, str]:
    return App.get_css_variables(app)


async def test_a_changed_theme_changes_the_variables_and_the_colours(tmp_path: Path) -> None:
    app = make_app(tmp_path, theme_name="partyline-dark")
    async with app.run_test(size=SIZE) as pilot:
        dark = app.get_css_variables()
        assert dark == _textual_variables(app)
        assert app.get_css_variables() is not app.get_css_variables()  # each caller its own
        app.theme = "partyline-light"
        await pilot.pause()
        light = app.get_css_variables()
        assert light != dark and light == _textual_variables(app)
        assert app.stylesheet._variables == light
        assert app.theme_variables == light
        assert app.screen.styles.background == Color.parse(THEMES["partyline-light"].background)
        app.theme = "partyline-dark"
        await pilot.pause()
        assert app.get_css_variables() == dark
        assert app.screen.styles.background == Color.parse(THEMES["partyline-dark"].background)
