"""What the screens call things (issue 9, item 9), at 80x24: decisions in words, never the names
saves use; a game-over panel titled so; an item's die number named; one seat naming for the CLI
and the setup screen; a true undo message before any move; the focus back on setup."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.widgets import Input
from tuikit import (
    SIZE,
    TWO_HUMANS,
    ld_table,
    make_app,
    play_to_end,
    results_read,
    screen_text,
    settle,
)

from core.games import get_game
from core.games.catalogue import decision_label
from core.i18n import Language, translator
from core.runner import BotDriver
from core.simulate import bot_table
from core.table import Seat, SeatKind, new_table
from tui.app import PartylineApp
from tui.cli import _seats
from tui.screens.cards import CardsScreen
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.screens.gameover import GameOverScreen
from tui.screens.setup import SetupScreen
from tui.widgets.cycle import Cycle
from tui.widgets.prompt import DecisionPrompt

ISSUE_NAMES = {"order", "ap", "move", "after-dice", "boss-card"}
"""Decision names the issue saw on screen ('target' comes only in the final battle)."""


async def test_the_waiting_line_says_what_a_bot_decides_in_words(tmp_path: Path) -> None:
    table = bot_table("dangerous", 2, 3, "heuristic")
    table.resolve_chance()
    driver = BotDriver(table)
    # The app never plays the bots itself here: the test does, one decision at a time.
    app = PartylineApp(save_dir=tmp_path, table=table, bot_delay=3600)
    seen: set[str] = set()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        prompt = app.screen.query_one(DecisionPrompt)
        for _ in range(400):
            pending = table.decisions()[0]
            label = decision_label("dangerous", pending.name)
            # The first line says whom and what in words (a hint on skipping the bots follows).
            waiting = prompt.waiting.splitlines()[0]
            assert waiting == f"Waiting for {table.names[pending.seat]} (bot) to {label}."
            text = screen_text(app)
            assert "Waiting for" in text and "decide:" not in text
            seen.add(pending.name)
            if seen >= ISSUE_NAMES:
                break
            assert driver.play_one()
            await pilot.pause()
    assert seen >= ISSUE_NAMES, seen


async def test_the_panel_of_a_finished_game_is_titled_game_over(tmp_path: Path) -> None:
    app = make_app(tmp_path, table=ld_table(seed=11), save_path=tmp_path / "g.toml")
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("escape")  # back to the final board
        await pilot.pause()
        assert app.screen.query_one(DecisionPrompt).border_title == "Game over"
        text = screen_text(app)
        assert "─ Game over ─" in text and "Waiting" not in text


async def test_an_item_shows_its_die_number_named_not_as_a_list_number(tmp_path: Path) -> None:
    seats = (Seat("Aki"), Seat("Bot 2", SeatKind.BOT, "heuristic"))
    table = new_table(get_game("dangerous"), seats, {}, 5)
    app = make_app(tmp_path, table=table, save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("c", "pagedown")  # the player's page; its items are below the party
        await pilot.pause()
        assert isinstance(app.screen, CardsScreen)
        lines = [line.strip("│ ▁▂▃▄▅▆▇█") for line in screen_text(app).splitlines()]
        heading = lines.index("Items (1)")
        item = lines[heading + 1]
        assert not re.match(r"\d+\.", item), item  # "2. 刀" read as a second item
        assert re.search(r"item die: \d+$", item), item


@pytest.mark.parametrize(
    ("language", "player", "bot"),
    [("en", "Player {}", "Bot {}"), ("ja", "プレイヤー{}", "ボット{}")],
)
async def test_the_cli_and_the_setup_screen_name_seats_alike(
    tmp_path: Path, language: Language, player: str, bot: str
) -> None:
    """In the language of whoever starts the game: a Japanese table is not 'Player 1'."""
    game = get_game("light-and-dark")
    _ = translator(language)
    app = make_app(tmp_path, language=language)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        shown = [screen.query_one(f"#name-{seat}", Input).value for seat in range(4)]
        assert shown == [player.format(1), bot.format(2), bot.format(3), bot.format(4)]
        assert [seat.name for seat in _seats(game, 4, None, None, _)] == shown
        # A person in seat 3: the setup screen renames that seat, the CLI names it the same.
        screen.query_one("#kind-2", Cycle).value = "human"
        await pilot.pause()
        shown = [seat.name for seat in screen.read_seats()]
        assert shown == [player.format(1), bot.format(2), player.format(3), bot.format(4)]
        assert [seat.name for seat in _seats(game, 4, "human,bot,human,bot", None, _)] == shown


async def test_the_setup_screen_renames_in_another_language_only_seats_nobody_named(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#name-1", Input).value = "Aki"
        screen.query_one("#setup-language", Cycle).value = "ja"
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        shown = [screen.query_one(f"#name-{seat}", Input).value for seat in range(4)]
        assert shown == ["プレイヤー1", "Aki", "ボット3", "ボット4"]
        screen.query_one("#kind-0", Cycle).value = "bot:heuristic"  # still nobody's name
        await pilot.pause()
        assert screen.query_one("#name-0", Input).value == "ボット1"


async def test_undo_before_any_move_says_there_is_nothing_to_undo_yet(tmp_path: Path) -> None:
    seats = (Seat("Aki"), Seat("Bot 2", SeatKind.BOT, "heuristic"))
    for table in (new_table(get_game("dangerous"), seats, {}, 5), ld_table(seed=11)):
        app = make_app(tmp_path, table=table, save_path=None)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("u")
            await pilot.pause()
            prompt = app.screen.query_one(DecisionPrompt)
            assert prompt.error == "nothing to undo: you have not decided anything yet"
            assert "nothing to undo" in screen_text(app)


async def test_the_setup_screen_has_the_focus_whenever_the_player_comes_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Escape from a game, New game from the results, Escape from the hot-seat curtain, and
    a game the command line started: the players count has the focus every time."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        players = app.screen.query_one("#setup-players")
        for way_back in ("escape", "results", "curtain"):
            if way_back == "curtain":
                app.screen.query_one("#kind-1", Cycle).value = "human"
                await pilot.pause()
            await pilot.press("f2")
            await settle(pilot)
            if way_back == "results":
                await play_to_end(pilot)
                results_read(monkeypatch)
                await pilot.press("n")
            elif way_back == "curtain":
                assert isinstance(app.screen, CurtainScreen)
                await pilot.press("escape")
            else:
                assert isinstance(app.screen, GameScreen)
                await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen), way_back
            assert app.focused is players, (way_back, app.focused)
    app = make_app(tmp_path, table=ld_table(TWO_HUMANS, seed=4), save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.focused is app.screen.query_one("#setup-players")
