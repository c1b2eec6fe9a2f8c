"""Opening a saved game (issue 10: a long game's first screen at most 1.5x a bare Textual app's
start-up): the game screen draws once, the stylesheet is parsed once, and a continued game
loads the modules of its own game and screen only; `partyline continue` of each game still
opens it on a real terminal."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from oskit import ROOT
from ptykit import Terminal
from textual.css.stylesheet import Stylesheet
from tuikit import SIZE, make_app, settle

from core import saves
from core.games import REGISTRY, get_game
from core.runner import BotDriver
from core.table import Seat, SeatKind, Table, new_table
from tui.screens.game import GameScreen
from tui.screens.help import HelpScreen

PLAYERS = {"light-and-dark": 3, "dangerous": 4}


def waiting_game(game: str) -> Table:
    """A game of `game` with Aki at the first seat and bots, played up to Aki's first question."""
    bots = tuple(Seat(f"Bot {n}", SeatKind.BOT, "random") for n in range(2, PLAYERS[game] + 1))
    table = new_table(get_game(game), (Seat("Aki"), *bots), {}, 11)
    table.resolve_chance()
    BotDriver(table).play_until_human()
    assert table.decision_for(0) is not None
    return table


def saved_game(folder: Path, game: str) -> Path:
    path = folder / f"{game}.toml"
    saves.write(waiting_game(game), path)
    return path


def test_every_game_is_covered() -> None:
    assert set(PLAYERS) == set(REGISTRY)


async def test_a_continued_game_draws_its_screen_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pushed, the game screen is drawn by its mount, not again by the resume that follows;
    back from a screen over it, it draws again."""
    draws: list[int] = []
    real = GameScreen.redraw

    def counted(screen: GameScreen) -> None:
        draws.append(len(screen.session.table))
        real(screen)

    monkeypatch.setattr(GameScreen, "redraw", counted)
    path = saved_game(tmp_path, "dangerous")
    app = make_app(tmp_path, table=saves.load(path).table, save_path=path, bot_delay=3600.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and len(draws) == 1
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen) and len(draws) == 1
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and len(draws) == 2


async def panel_colours(tmp_path: Path, theme: str, then: str | None = None) -> list[str]:
    """The background and text colours of each panel of a game screen in `theme` (and, if
    `then`, once switched to that theme in the running app)."""
    path = saved_game(tmp_path, "light-and-dark")
    table = saves.load(path).table
    app = make_app(tmp_path, theme_name=theme, table=table, save_path=path, bot_delay=3600.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        if then is not None:
            app.theme = then
            await settle(pilot)
        panels = app.screen.query(".panel")
        return [f"{p.styles.background.hex} {p.styles.color.hex}" for p in panels]


async def test_the_stylesheet_is_parsed_once_at_start_up_in_the_theme_chosen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The theme set before the app runs styles the first screen without a re-parse of the
    whole stylesheet, as a switch to it in the running app (which re-parses) does."""
    reparsed: list[str] = []
    real = Stylesheet.reparse

    def counted(stylesheet: Stylesheet) -> None:
        reparsed.append("reparsed")
        real(stylesheet)

    monkeypatch.setattr(Stylesheet, "reparse", counted)
    light = await panel_colours(tmp_path, "partyline-light")
    assert reparsed == []
    switched = await panel_colours(tmp_path, "partyline-dark", then="partyline-light")
    assert reparsed != [] and switched == light
    assert await panel_colours(tmp_path, "partyline-dark") != light


def in_a_fresh_process(script: str, path: Path) -> Any:
    """What `script` (run on the save at `path`) prints last, as JSON."""
    run = subprocess.run(
        [sys.executable, "-c", script, str(path)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return json.loads(run.stdout.strip().splitlines()[-1])


OPENED = """
import json, sys
from pathlib import Path
from core import saves
from tui.app import PartylineApp
from tui.screens.game import GameScreen

path = Path(sys.argv[1])
app = PartylineApp(save_dir=path.parent, table=saves.load(path).table, save_path=path)

async def first_screen(pilot):
    await pilot.pause()
    while not isinstance(app.screen, GameScreen):
        await pilot.pause()
    app.exit(json.dumps([app.screen.session.table.game.id, sorted(sys.modules)]))

print(app.run(headless=True, size=(80, 24), auto_pilot=first_screen))
"""


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_continued_game_loads_its_own_modules_only(tmp_path: Path, game: str) -> None:
    """In a fresh process: the game's rules and board, not the other game's, nor the setup
    screen's, nor what a game with one person at the table never shows (the curtain between
    persons, a server table's chat)."""
    shown, modules = in_a_fresh_process(OPENED, saved_game(tmp_path, game))
    assert shown == game
    package = game.replace("-", "_")
    (other,) = {name.replace("-", "_") for name in PLAYERS} - {package}
    assert [name for name in modules if name.startswith(f"core.games.{package}.")]
    assert not [name for name in modules if name.startswith(f"core.games.{other}.")]
    assert f"tui.boards.{other}" not in modules
    assert "tui.screens.setup" not in modules
    assert "tui.screens.curtain" not in modules and "tui.widgets.chat" not in modules


FROZEN = """
import gc, json, sys
from pathlib import Path
from core import saves
from tui.app import PartylineApp

path = Path(sys.argv[1])
table = saves.load(path).table
before = gc.get_freeze_count()
app = PartylineApp(save_dir=path.parent, table=table, save_path=path)
walked = {id(thing) for generation in range(3) for thing in gc.get_objects(generation)}
print(json.dumps([before, gc.get_freeze_count(), [id(table.log) in walked, id(table) in walked]]))
"""


def test_a_continued_game_is_frozen_before_its_screen_is_built(tmp_path: Path) -> None:
    """The modules and the table loaded before the app is made are moved out of the
    collector's generations, so that the full collections while the first screen is built
    (and later) do not walk a long game's log again."""
    before, after, walked = in_a_fresh_process(FROZEN, saved_game(tmp_path, "dangerous"))
    assert before == 0 and after > 10_000
    assert walked == [False, False]


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_on_a_real_terminal_continue_opens_each_game(tmp_path: Path, game: str) -> None:
    path = saved_game(tmp_path, game)
    before = saves.load(path).table.log
    argv = [sys.executable, "-m", "tui.cli", "continue", str(path), "--save-dir", str(tmp_path)]
    with Terminal.spawn(argv, size=SIZE, cwd=ROOT) as term:
        term.wait_for("you are Aki")
        term.wait_for("Your move")
        term.press("q")
        assert term.wait_exit() == 0
    assert saves.load(path).table.log == before
