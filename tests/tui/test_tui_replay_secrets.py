"""The replay of a game still being played shows the public's view or one seat's only, on every
path to it: the saved-games list (asking whose, under a warning, then the curtain for a seat), the
command line's seat and the replay screen's keys; everyone's secrets wait for the end of the
game."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from tuikit import (
    SIZE,
    TWO_HUMANS,
    NotedApp,
    ld_table,
    make_app,
    page_text,
    play_one,
    screen_text,
    settle,
    weakest_party_instead,
)

from core import saves
from core.games import get_game
from core.games.dangerous.bot import DangerousBot
from core.games.dangerous.view import Board as DgBoard
from core.games.light_and_dark.bot import LightAndDarkBot
from core.games.light_and_dark.content import content
from core.log import DecisionEntry
from core.runner import BotDriver
from core.table import Seat, Table, new_table
from core.viewer import PUBLIC, Public
from tui.screens.cards import CardsScreen
from tui.screens.curtain import CurtainScreen
from tui.screens.replay import ReplayScreen
from tui.screens.replayseat import ReplaySeatScreen
from tui.screens.setup import SetupScreen
from tui.widgets.board import BoardPanel
from tui.widgets.log import LogPanel

FOUR_PEOPLE = (Seat("Aki"), Seat("Ben"), Seat("Chi"), Seat("Dan"))
BEN = 1


def claims_made(seed: int) -> Table:
    """A hot-seat game of Light and Dark after everyone stayed silent, before the parent's
    verdict: every role is still face down."""
    table = ld_table(FOUR_PEOPLE, seed=seed)
    while (decision := table.decisions()[0]).name == "claim":
        table.decide(decision.seat, "silent")
    assert not table.over
    return table


def secret_roles(table: Table, position: int, viewer: int | Public) -> list[str]:
    """The labels of the role cards other seats (every seat, for the public) hold face down at
    `position`, unclaimed and unlike the viewer's own: nothing on the viewer's screen may name
    them."""
    state = table._state_at(position)
    claimed = {claim for claim in state.claims if claim}
    own = {state.hands[viewer]} if isinstance(viewer, int) else set()
    return [
        str(content().roles[card].label)
        for seat, card in enumerate(state.hands)
        if seat != viewer and card and not state.public[seat] and card not in claimed | own
    ]


def assert_unnamed(labels: list[str], text: str, where: object) -> None:
    for label in labels:
        japanese, english = label.split(" ", 1)
        assert english not in text and japanese not in text, (where, label)


def replay_screen(app: Any) -> ReplayScreen:
    screen = app.screen
    assert isinstance(screen, ReplayScreen)
    return screen


def shown_view(screen: ReplayScreen) -> Any:
    shown = screen.query_one(BoardPanel)._shown
    assert shown is not None
    return shown[0]


async def whose_replay(pilot: Pilot[Any]) -> ReplaySeatScreen:
    """From the setup screen, open the replay of the only save (a game still being played): the
    app asks whose."""
    await pilot.press("f4")
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    asking = pilot.app.screen
    assert isinstance(asking, ReplaySeatScreen)
    return asking


async def test_the_saves_list_asks_whose_replay_and_shows_that_seat_only(tmp_path: Path) -> None:
    table = claims_made(seed=3)
    saves.write(table, tmp_path / "hot-seat.toml")
    labels = [str(content().roles[card].label) for card in table._state.hands if card]
    assert len(secret_roles(table, len(table), BEN)) == 3
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        asking = await whose_replay(pilot)
        text = screen_text(app)
        assert "Whose replay?" in text and "only that player should look" in text
        assert asking.seats == (0, 1, 2, 3)
        await pilot.press("down", "down", "enter")  # Ben (the public's view is first)
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert "Pass to Ben" in screen_text(app)
        for label in labels:
            assert label not in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        screen = replay_screen(app)
        assert screen.viewer == BEN and "as Ben" in screen_text(app)
        # Every position, as Ben saw it: his own role, never another seat's.
        await pilot.press("home")
        for position in range(len(table) + 1):
            assert screen.position == position
            assert shown_view(screen) == table.view_at(position, BEN)
            assert screen.query_one(LogPanel).shown == table.narration(BEN, upto=position)
            assert_unnamed(secret_roles(table, position, BEN), screen_text(app), position)
            await pilot.press("right")
        assert labels[BEN] in screen_text(app)  # roles are drawn in this form: the check is real
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


async def test_leaving_the_hot_seat_curtain_for_the_replay_shows_the_chosen_seat_only(
    tmp_path: Path,
) -> None:
    """At the curtain, Escape leads to the setup screen and the saved game in progress: its
    replay opens only as a person chosen under the warning (the bot is not offered)."""
    table = ld_table(TWO_HUMANS, seed=4)
    app = make_app(tmp_path, table=table, save_path=tmp_path / "hot.toml")
    async with app.run_test(size=SIZE) as pilot:
        handovers = 0
        for step in range(60):  # play on to the second time the screen changes hands
            await settle(pilot)
            if isinstance(app.screen, CurtainScreen):
                handovers += 1
                if handovers == 2:
                    break
            await play_one(pilot, step)
        assert isinstance(app.screen, CurtainScreen) and not table.over
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("f4")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        asking = app.screen
        assert isinstance(asking, ReplaySeatScreen) and asking.seats == (0, 1)
        assert "Bot 3" not in screen_text(app)
        await pilot.press("down", "enter", "enter")  # Aki, then Aki takes the keyboard
        await pilot.pause()
        screen = replay_screen(app)
        assert screen.viewer == 0
        game = saves.load(tmp_path / "hot.toml").table
        assert game.log == table.log
        await pilot.press("home")
        kept_secret = 0
        for position in range(len(game) + 1):
            assert shown_view(screen) == game.view_at(position, 0)
            assert screen.query_one(LogPanel).shown == game.narration(0, upto=position)
            secrets = secret_roles(game, position, 0)
            assert_unnamed(secrets, screen_text(app), position)
            kept_secret += len(secrets)
            await pilot.press("right")
        assert kept_secret
        await pilot.press("0", "2")
        assert screen.viewer == 0


async def test_the_keys_keep_an_unfinished_game_to_its_seat(tmp_path: Path) -> None:
    table = claims_made(seed=3)
    secrets = secret_roles(table, len(table), BEN)
    app = make_app(tmp_path, replay=table, replay_viewer=BEN)
    async with app.run_test(size=SIZE) as pilot:
        screen = replay_screen(app)
        for key in ("v", "0", "1", "3", "4", "9"):
            await pilot.press(key)
            await pilot.pause()
            assert screen.viewer == BEN, key
            assert shown_view(screen) == table.view(BEN)
            assert app.notes[-1] == (
                "The game is not finished: its replay shows only Ben's view, never another's."
            )
            assert_unnamed(secrets, screen_text(app), key)
        notes = len(app.notes)
        await pilot.press("2")  # Ben's own seat: nothing to refuse
        assert screen.viewer == BEN and len(app.notes) == notes
        await pilot.press("question_mark")
        assert "finished games only" in screen_text(app)


async def test_the_public_view_is_offered_first_and_opens_without_the_curtain(
    tmp_path: Path,
) -> None:
    """The public's view shows every position as the public saw it, no seat's role face down,
    and its keys keep to it; a seat's replay of the same game names such roles."""
    table = claims_made(seed=3)
    saves.write(table, tmp_path / "hot-seat.toml")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await whose_replay(pilot)
        text = screen_text(app)
        assert "anyone may watch it" in text and "only that player should look" in text
        assert text.index("The public's view: no one's secrets") < text.index("Aki")
        await pilot.press("enter")
        await pilot.pause()
        screen = replay_screen(app)
        assert not any(isinstance(shown, CurtainScreen) for shown in app.screen_stack)
        assert screen.viewer is PUBLIC and "as the public" in screen_text(app)
        await pilot.press("home")
        kept_secret: set[str] = set()
        for position in range(len(table) + 1):
            assert shown_view(screen) == table.view_at(position, PUBLIC)
            assert screen.query_one(LogPanel).shown == table.narration(PUBLIC, upto=position)
            secrets = secret_roles(table, position, PUBLIC)
            assert_unnamed(secrets, screen_text(app), position)
            kept_secret.update(secrets)
            await pilot.press("right")
        for key in ("v", "0", "1", "2", "9"):
            await pilot.press(key)
            await pilot.pause()
            assert screen.viewer is PUBLIC, key
            assert shown_view(screen) == table.view(PUBLIC)
            assert app.notes[-1] == (
                "The game is not finished: its replay shows only the public's view, no one's "
                "secrets."
            )
            assert_unnamed(secret_roles(table, len(table), PUBLIC), screen_text(app), key)
    # The check is real: Ben's replay names his own role, one the public's never showed.
    app = make_app(tmp_path, replay=table, replay_viewer=BEN)
    async with app.run_test(size=SIZE) as pilot:
        assert any(label in screen_text(app) for label in kept_secret)


async def test_a_finished_game_still_replays_as_everyone_and_any_seat(tmp_path: Path) -> None:
    table = ld_table(FOUR_PEOPLE, seed=3)
    BotDriver(table, bots={seat: LightAndDarkBot() for seat in range(4)}).play_until_human()
    assert table.over
    app = make_app(tmp_path, replay=table)
    async with app.run_test(size=SIZE) as pilot:
        screen = replay_screen(app)
        assert screen.viewer is None
        await pilot.press("3")
        assert screen.viewer == 2
        await pilot.press("0")
        assert screen.viewer is None
        await pilot.press("v")
        assert screen.viewer == 0
        assert not any("not finished" in note for note in app.notes)
    app = make_app(tmp_path, replay=table, replay_viewer=PUBLIC)
    async with app.run_test(size=SIZE) as pilot:
        screen = replay_screen(app)
        assert "as the public" in screen_text(app)
        await pilot.press("v")
        assert screen.viewer == 0
        await pilot.press("0")
        assert screen.viewer is None
        assert not any("not finished" in note for note in app.notes)


# --- Dangerous: the secret final party -----------------------------------------------------------

HOT_SEAT = (Seat("Aki"), Seat("Ben"))


def first_party_built() -> tuple[Table, Table, int]:
    """A hot-seat game of Dangerous up to the first secret final party, built twice: as the
    heuristic chose it and from the weakest cards. Returns both and the seat still building."""
    table = new_table(get_game("dangerous"), HOT_SEAT, {"turn_limit": 3}, 2)
    bot = DangerousBot()
    while not any(
        isinstance(entry, DecisionEntry) and entry.decision == "final-party" for entry in table.log
    ):
        decision = table.decisions()[0]
        rng = random.Random(f"person:{len(table)}")
        table.decide(decision.seat, bot.choose(table.view(decision.seat), decision, rng))
    built = table.log[-1]
    assert isinstance(built, DecisionEntry) and not table.over
    other = weakest_party_instead(table, len(table) - 1)
    assert len(other) == len(table)
    return table, other, 1 - built.seat


async def sights(pilot: Pilot[Any], app: NotedApp, start: int) -> list[str]:
    """Everything the replay shows from entry `start` to the end: the screen at each position,
    every board view and every card page at the end, and after each key that would change whose
    eyes are used."""
    screen = replay_screen(app)
    seen: list[str] = []

    async def look(*keys: str) -> None:
        await pilot.press(*keys)
        await pilot.pause()  # a new board view lays the screen out again
        seen.append(screen_text(app))

    await look("end")
    while screen.position > start:
        await look("left")
    await pilot.press("end")
    for _ in screen.kit.modes:
        await look("b")
    await pilot.press("c")
    cards = app.screen
    assert isinstance(cards, CardsScreen)
    seen += [f"{title}\n{page_text(body)}" for title, body in cards.pages]
    await pilot.press("escape")
    for key in ("v", "0", "1", "2"):
        await pilot.press(key)
        # The refusal's toast goes by the wall clock: clear it, then read the screen.
        app.clear_notifications()
        await look()
    return seen


async def test_another_seats_secret_final_party_never_shows(tmp_path: Path) -> None:
    """What the other player's replay and the public's show is the same whichever party was
    built in secret, card pages included (while the builder's own replay shows the difference:
    the check sees a party when shown)."""
    table, other_choice, watcher = first_party_built()
    board = table.view(None).board
    assert isinstance(board, DgBoard) and board.final is not None and not board.final.revealed
    start = len(table) - 1
    for viewer in (watcher, PUBLIC, 1 - watcher):
        shown: list[list[str]] = []
        for game in (table, other_choice):
            app = make_app(tmp_path, replay=game, replay_viewer=viewer)
            async with app.run_test(size=SIZE) as pilot:
                shown.append(await sights(pilot, app, start))
                assert replay_screen(app).viewer == viewer
        assert len(shown[0]) > 4
        if viewer != 1 - watcher:
            assert shown[0] == shown[1], "another seat's secret party changed the replay"
        else:
            assert shown[0] != shown[1]
