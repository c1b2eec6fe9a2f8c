"""The setup screen by keyboard and mouse: the players count first, the seats, the choices."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input, Static
from tuikit import SIZE, make_app, screen_text, settle

from core.games import REGISTRY
from core.games.base import GameInfo, GameOption
from core.games.light_and_dark.rules import LightAndDark
from tui.screens.game import GameScreen
from tui.screens.setup import SetupScreen
from tui.widgets.cycle import Cycle


class Variant(LightAndDark):
    """A second game for the game choice: 2-4 players, no heuristic bot, other options."""

    id = "variant"
    title = "Variant"
    min_players = 2
    max_players = 4
    options = (
        GameOption("mode", "Mode", "fast", choices=("fast", "slow")),
        GameOption("rounds", "Rounds", 3, minimum=1, maximum=9),
    )


def setup_screen(app: object) -> SetupScreen:
    screen = getattr(app, "screen", None)
    assert isinstance(screen, SetupScreen)
    return screen


def setup_error(app: object) -> str:
    """The setup screen's error line (it may be wrapped on the screen)."""
    return str(setup_screen(app).query_one("#setup-error", Static).content)


def shown_seats(screen: SetupScreen) -> list[str]:
    return [str(row.id) for row in screen.query(".seat-row") if row.display]


async def test_the_players_count_has_the_first_focus_and_arrows_change_it(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = setup_screen(app)
        players = screen.query_one("#setup-players", Cycle)
        assert app.focused is players and players.value == 4
        assert shown_seats(screen) == ["seat-0", "seat-1", "seat-2", "seat-3"]
        assert "Players    < 4 >" in screen_text(app)
        await pilot.press("right", "right")
        assert players.value == 6
        assert shown_seats(screen) == [f"seat-{seat}" for seat in range(6)]
        await pilot.press("right")  # wraps round to the fewest
        assert players.value == 3
        assert shown_seats(screen) == ["seat-0", "seat-1", "seat-2"]
        await pilot.press("left", "left", "left")
        assert players.value == 4
        # Tab goes on to the first seat's name, then its kind, then the next seat's name.
        await pilot.press("tab")
        assert app.focused is screen.query_one("#name-0")
        await pilot.press("tab")
        assert app.focused is screen.query_one("#kind-0")
        await pilot.press("tab")
        assert app.focused is screen.query_one("#name-1")
        await pilot.press("shift+tab", "shift+tab", "shift+tab")
        assert app.focused is players


async def test_hidden_seats_keep_their_names_and_a_bigger_table_starts(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = setup_screen(app)
        await pilot.press("right")  # 5 players
        screen.query_one("#name-4", Input).value = "Eve"
        await pilot.press("left")  # 4: seat 5 hidden, not forgotten
        assert shown_seats(screen) == ["seat-0", "seat-1", "seat-2", "seat-3"]
        await pilot.press("right")
        assert screen.query_one("#name-4", Input).value == "Eve"
        # Seat 2 becomes a person: Tab to its kind, Left from heuristic to random to human.
        await pilot.press("tab", "tab", "tab", "tab", "left", "left")
        assert screen.query_one("#kind-1", Cycle).value == "human"
        assert screen.query_one("#name-1", Input).value == "Player 2"  # default name follows
        screen.query_one("#seed", Input).value = "5"  # the same game on every run
        await pilot.press("f2")
        await settle(pilot)
        game = app.screen_stack[1]  # under the hot-seat curtain: two people play
        assert isinstance(game, GameScreen)
        seats = game.session.table.seats
        assert [seat.name for seat in seats] == ["Player 1", "Player 2", "Bot 3", "Bot 4", "Eve"]
        assert [seat.is_human for seat in seats] == [True, True, False, False, False]
        assert game.session.table.seed == 5


async def test_enter_space_and_clicks_step_a_choice(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = setup_screen(app)
        kind = screen.query_one("#kind-2", Cycle)
        assert kind.choices == [
            ("Human", "human"),
            ("Bot: random", "bot:random"),
            ("Bot: heuristic", "bot:heuristic"),
        ]
        kind.focus()
        await pilot.press("enter")  # steps on (wrapping), does not start the game
        assert kind.value == "human"
        await pilot.press("space")
        assert kind.value == "bot:random"
        await pilot.click(kind, offset=(len(kind.label) + 3, 0))  # on ">": the next one
        assert kind.value == "bot:heuristic"
        await pilot.click(kind, offset=(0, 0))  # on "<": the one before
        assert kind.value == "bot:random"
        assert isinstance(app.screen, SetupScreen)
        assert "< Bot: random    >" in screen_text(app)


async def test_another_game_resets_players_seats_and_options(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    info = GameInfo(
        Variant.id,
        Variant.title,
        Variant.min_players,
        Variant.max_players,
        Variant,
        Variant.options,
    )
    monkeypatch.setitem(REGISTRY, Variant.id, info)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = setup_screen(app)
        await pilot.press("right", "right")  # 6 players for light-and-dark
        game = screen.query_one("#setup-game", Cycle)
        game.value = Variant.id
        await pilot.pause()
        assert screen.game_id == Variant.id
        players = screen.query_one("#setup-players", Cycle)
        assert [value for _, value in players.choices] == [2, 3, 4]
        assert players.value == 4
        assert shown_seats(screen) == ["seat-0", "seat-1", "seat-2", "seat-3"]
        # No heuristic bot for this game: the bots fall back to random ones.
        assert screen.query_one("#kind-1", Cycle).value == "bot:random"
        text = screen_text(app)
        assert "< fast >" in text and "Rounds" in text and "Keep-card" not in text
        screen.query_one("#opt-mode", Cycle).focus()
        await pilot.press("right")
        assert screen.read_options() == {"mode": "slow", "rounds": 3}


async def test_dangerous_turn_limit_is_an_off_house_rule_on_the_setup_screen(
    tmp_path: Path,
) -> None:
    """The rulebook has no turn limit (Dangerous ruling R23): off unless chosen, and said to be
    a house rule."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = setup_screen(app)
        screen.query_one("#setup-game", Cycle).value = "dangerous"
        await pilot.pause()
        assert screen.query_one("#opt-turn_limit", Input).value == "0"
        assert "Turn limit (house rule)" in screen_text(app)
        assert screen.read_options()["turn_limit"] == 0


@pytest.mark.parametrize(
    ("language", "typed", "said"),
    [
        ("en", "100", "Cannot start: Turn limit (house rule) must be from 0 to 99, not 100."),
        ("en", "-1", "Cannot start: Turn limit (house rule) must be from 0 to 99, not -1."),
        ("ja", "100", "開始できません: ターン上限は 0 から 99 までです（100 は使えません）。"),
    ],
)
async def test_an_option_out_of_range_is_named_as_the_screen_names_it(
    tmp_path: Path, language: str, typed: str, said: str
) -> None:
    """The refusal named the option by its command-line name ('turn_limit'), which the setup
    screen shows nowhere; now by its label in the screen's language (core's check, told the
    label), on one line at 80x24 (test_tui_saves_list: then a value in range starts the
    game)."""
    app = make_app(tmp_path, language=language)
    async with app.run_test(size=SIZE) as pilot:
        screen = setup_screen(app)
        screen.query_one("#setup-game", Cycle).value = "dangerous"
        await pilot.pause()
        screen.query_one("#opt-turn_limit", Input).value = typed
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert setup_error(app) == said
        assert said in screen_text(app)
        assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        (
            "CLRX\x1b[2J\x1b[H",
            'seat 2: the name "CLRX\\x1b[2J\\x1b[H" contains a control character',
        ),
        ("\x1b]0;pwned\x07", 'seat 2: the name "\\x1b]0;pwned\\x07" contains a control character'),
        ("\u009b31m", 'seat 2: the name "\\x9b31m" contains a control character (\\x9b)'),
        ("A\udcff", 'seat 2: the name "A\\udcff" is not valid UTF-8'),
        # seat 1 is Player 1: a name another seat has, in any case or width, or one that shows
        # nothing, is refused too
        ("Player 1", 'seat 2: the name "Player 1" is seat 1\'s ("Player 1"): names at one table'),
        ("player 1", 'seat 2: the name "player 1" is seat 1\'s ("Player 1")'),
        ("ＰＬＡＹＥＲ 1 ", 'seat 2: the name "ＰＬＡＹＥＲ 1" is seat 1\'s ("Player 1")'),
        ("Player\u200b 1", 'seat 2: the name "Player\\u200b 1" is seat 1\'s'),  # shown
        ("\u2800", "seat 2: the name is blank"),
    ],
)
async def test_setup_refuses_a_hostile_name_like_its_other_input_errors(
    tmp_path: Path, name: str, reason: str
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one("#name-1", Input).value = name
        await pilot.press("f2")
        assert isinstance(app.screen, SetupScreen)
        assert setup_error(app).startswith(f"Cannot start: {reason}")
        assert "Cannot start: seat 2: the name" in screen_text(app)
        assert list(tmp_path.iterdir()) == []  # no game, no save


async def test_setup_refuses_a_name_wider_than_32_cells(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        name = app.screen.query_one("#name-1", Input)
        name.value = ""
        name.focus()
        await pilot.press(*"勇者" * 9)  # 18 characters, 36 cells
        assert name.value == "勇者" * 9
        await pilot.press("f2")
        assert isinstance(app.screen, SetupScreen)
        assert "is too wide (36 cells; the limit is 32)" in setup_error(app)


async def test_a_name_field_takes_no_control_character_from_the_keyboard_or_a_paste(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        name = app.screen.query_one("#name-0", Input)
        name.focus()
        await pilot.press("end", *"Aki")
        for paste in ("\x1b[2J", "\u009b1m", "\x07"):  # short: the field takes 24 characters
            name.post_message(events.Paste(paste))
            await pilot.pause()
        assert name.value == "Player 1Aki"
        name.post_message(events.Paste("!"))
        await pilot.pause()
        assert name.value == "Player 1Aki!"
