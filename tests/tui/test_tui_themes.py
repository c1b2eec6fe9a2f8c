"""Every theme, with and without NO_COLOR, runs a game; the CLI can validate --theme."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.filter import Monochrome, NoColor
from tuikit import SIZE, ld_table, make_app, play_one, screen_text

from themes import DEFAULT_THEME, THEME_NAMES, THEMES


def test_theme_names() -> None:
    assert THEME_NAMES == ("partyline-dark", "partyline-light", "partyline-ansi")
    assert DEFAULT_THEME in THEMES and THEMES["partyline-ansi"].ansi


def test_unknown_theme_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown theme"):
        make_app(tmp_path, theme_name="nope")


@pytest.mark.parametrize("no_color", [False, True])
@pytest.mark.parametrize("theme", THEME_NAMES)
async def test_theme_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, theme: str, no_color: bool
) -> None:
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    app = make_app(tmp_path, theme_name=theme, table=ld_table(), save_path=tmp_path / "t.toml")
    async with app.run_test(size=SIZE) as pilot:
        assert app.theme == theme
        for step in range(3):
            await play_one(pilot, step)
        assert "you are Aki" in screen_text(app)
        filters = {type(f) for f in app._filters}
        if no_color:
            # The terminal-palette theme drops colour; the others go grey (never black on black).
            assert (NoColor if THEMES[theme].ansi else Monochrome) in filters
