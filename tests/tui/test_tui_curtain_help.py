"""The help of the hot-seat curtain and of the game screen tells the truth about the save:
before any decision (a new game's first curtain, or its game screen), they said the game was
saved for Escape and q while quitting then printed that nothing was; once a decision is made the
game is saved and the help says so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from tuikit import SIZE, TWO_HUMANS, ld_table, make_app, press_option, settle

from core.i18n import Language, translator
from core.log import DecisionEntry
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.screens.help import HelpScreen
from tui.session import NOT_SAVED_YET

SAVED = ("back to the setup screen (the game is saved)", "quit (the game is saved)")
NOT_YET = (
    "back to the setup screen (not saved yet: a game is saved from a human player's first "
    "decision)",
    "quit (not saved yet: a game is saved from a human player's first decision)",
)


async def help_rows(pilot: Pilot[Any]) -> dict[str, str]:
    """The help rows of the screen on top (keys: what they do), and back to that screen."""
    screen = pilot.app.screen
    await pilot.press("question_mark")
    await pilot.pause()
    help_screen = pilot.app.screen
    assert isinstance(help_screen, HelpScreen)
    rows = dict(row for section in help_screen.sections[:1] for row in section.keys)
    await pilot.press("escape")
    await pilot.pause()
    assert pilot.app.screen is screen
    return rows


@pytest.mark.parametrize("language", ["en", "ja"])
async def test_the_curtain_help_says_whether_the_game_is_saved(
    tmp_path: Path, language: Language
) -> None:
    _ = translator(language)
    saved, not_yet = [_(text) for text in SAVED], [_(text) for text in NOT_YET]
    table = ld_table(TWO_HUMANS, seed=4)
    app = make_app(tmp_path, table=table, save_path=tmp_path / "hot.toml", language=language)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)  # the first: nobody has decided yet
        rows = await help_rows(pilot)
        assert [rows["esc"], rows["q"]] == not_yet
        await pilot.press("enter")
        await settle(pilot)
        await press_option(pilot, 0)  # Aki decides; the curtain comes up for Ben
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        rows = await help_rows(pilot)
        assert [rows["esc"], rows["q"]] == saved


async def test_quitting_at_the_first_curtain_is_as_its_help_says(tmp_path: Path) -> None:
    app = make_app(tmp_path, table=ld_table(TWO_HUMANS, seed=4), save_path=tmp_path / "hot.toml")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        rows = await help_rows(pilot)
        assert rows["q"] == NOT_YET[1]
        await pilot.press("q")
        await pilot.pause()
    assert app.exit_line == NOT_SAVED_YET
    assert not (tmp_path / "hot.toml").exists()


async def test_the_game_screens_help_says_whether_the_game_is_saved(tmp_path: Path) -> None:
    app = make_app(tmp_path, table=ld_table(seed=4), save_path=tmp_path / "game.toml")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)  # Aki's first decision: nothing saved yet
        rows = await help_rows(pilot)
        assert [rows["esc"], rows["q"]] == list(NOT_YET)
        await press_option(pilot, 0)
        await settle(pilot)
        rows = await help_rows(pilot)
        assert [rows["esc"], rows["q"]] == [
            "back to the setup screen (the game stays saved)",
            "quit (the game stays saved; continue it from the setup screen)",
        ]


@pytest.mark.parametrize("language", ["en", "ja"])
async def test_the_help_is_true_after_bots_have_moved(tmp_path: Path, language: Language) -> None:
    """Bots may decide before the person at the screen (seed 5: three of them): the game is
    still not saved, a person's decision starts the save. The help said "no decision has been
    made yet" (ja: nobody has decided anything), which the log on screen contradicted."""
    _ = translator(language)
    table = ld_table(seed=5)
    path = tmp_path / "game.toml"
    app = make_app(tmp_path, table=table, save_path=path, language=language)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        bots = [entry.seat for entry in table.log if isinstance(entry, DecisionEntry)]
        assert bots == [1, 2, 3] and isinstance(app.screen, GameScreen)
        rows = await help_rows(pilot)
        assert [rows["esc"], rows["q"]] == [_(text) for text in NOT_YET]
        await pilot.press("q")
        await pilot.pause()
    assert app.exit_line == _(NOT_SAVED_YET) and not path.exists()
