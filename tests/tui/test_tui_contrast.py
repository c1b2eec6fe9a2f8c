"""Item 12 of issue 9: every theme's text reaches WCAG AA (4.5:1), in true colour and in the
256 colours many terminals (and tmux) show; and what is on screen at 80x24 does too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual._ansi_theme import MONOKAI
from textual.color import Color
from textual.pilot import Pilot
from tuikit import SIZE, ld_table, make_app, settle

from core.games import get_game
from core.table import Seat, SeatKind, new_table
from themes import TERMINAL_DARK, TERMINAL_LIGHT, THEME_NAMES, THEMES
from themes.contrast import AA_TEXT, contrast, eight_bit, text_pairs
from tui.app import PartylineApp

TERMINALS = {
    "partyline-dark": TERMINAL_DARK,
    "partyline-light": TERMINAL_LIGHT,
    # Its colours are the terminal's own: measured on Textual's default terminal palette.
    "partyline-ansi": MONOKAI,
}

FRAMES = set("─│╭╮╰╯┃━┏┓┗┛▁▂▃▄▅▆▇█▔▏▕")
"""Border and scrollbar glyphs: not text (WCAG asks 3:1 of them, not 4.5:1)."""


def test_the_ratio_is_wcags() -> None:
    assert contrast(Color.parse("#000000"), Color.parse("#FFFFFF")) == pytest.approx(21)
    assert contrast(Color.parse("#777777"), Color.parse("#FFFFFF")) == pytest.approx(4.48, abs=0.01)
    assert contrast(Color.parse("#A8600C"), Color.parse("#DAD7CD")) < AA_TEXT  # the report


@pytest.mark.parametrize("name", THEME_NAMES)
def test_every_text_pair_reaches_aa(name: str) -> None:
    failing = []
    for pair in text_pairs(THEMES[name], TERMINALS[name]):
        ratio = pair.ratio
        downgraded = contrast(eight_bit(pair.foreground), eight_bit(pair.background))
        if min(ratio, downgraded) < AA_TEXT:
            failing.append(f"{pair.what}: {ratio:.2f}:1 (256 colours {downgraded:.2f}:1)")
    assert not failing, f"{name}: " + "; ".join(failing)


def dangerous_table() -> Any:
    seats = (Seat("Aki"), Seat("Bot 2", SeatKind.BOT, "heuristic"))
    return new_table(get_game("dangerous"), seats, {}, 5)


def low_contrast(app: PartylineApp) -> list[str]:
    """Every piece of text on screen under 4.5:1, as the terminal gets it (after the app's
    filters: terminal colours made true colour)."""
    background = Color.parse(app.current_theme.background or "#000000")
    found = []
    for y, strip in enumerate(app.screen._compositor.render_strips()):
        for line_filter in app.get_line_filters():
            strip = strip.apply_filter(line_filter, background)
        for segment in strip:
            text, style = segment.text.strip(), segment.style
            if not text or set(text) <= FRAMES or style is None:
                continue
            assert style.color is not None and style.bgcolor is not None, (y, text)
            fore = Color.from_rich_color(style.color)
            back = Color.from_rich_color(style.bgcolor)
            ratio = contrast(fore, back)
            if ratio < AA_TEXT:
                found.append(f"line {y} {text!r}: {fore.hex} on {back.hex} {ratio:.2f}:1")
    return found


@pytest.mark.parametrize("theme", ["partyline-dark", "partyline-light"])
@pytest.mark.parametrize("game", ["light-and-dark", "dangerous"])
async def test_the_screen_reaches_aa(tmp_path: Path, theme: str, game: str) -> None:
    """The game screen, its help and the setup screen at 80x24: footer keys (disabled ones
    too), panel titles and subtitles, the map, the prompt."""
    table = ld_table() if game == "light-and-dark" else dangerous_table()
    app = make_app(tmp_path, theme_name=theme, table=table, save_path=tmp_path / "g.toml")
    pilot: Pilot[Any]
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert low_contrast(app) == []
        await pilot.press("question_mark")
        assert low_contrast(app) == []
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert low_contrast(app) == []
