"""Item 5 of issue 9: terminal sizes. Every screen below 80x24 shows what size it needs instead
of a broken layout, and comes back when the terminal grows; at 80x24 every footer keeps its help
and escape keys and the title bar the game's name; at 120x40 the board and the map's cells grow
and the prompt gets room."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input
from tuikit import SIZE, ld_table, make_app, screen_text, settle

from core.games import get_game
from core.simulate import play_one
from core.table import Seat, SeatKind, Table, new_table
from tui.app import PartylineApp
from tui.screens.game import GameScreen
from tui.screens.gameover import GameOverScreen
from tui.screens.replay import ReplayScreen
from tui.screens.saves import SavesScreen
from tui.screens.setup import SetupScreen
from tui.session import NOT_SAVED_YET
from tui.widgets.board import BoardPanel
from tui.widgets.gridmap import GridMap
from tui.widgets.prompt import DecisionPrompt
from tui.widgets.titlebar import title_line

SMALL = (60, 20)
LARGE = (120, 40)
WAY_OUT = "Ctrl+Q quits; a game in play is saved from a human player's first decision on."
"""The too-small message's way out (bots' decisions do not start the save: a person's does)."""
SCREENS = ["setup", "saves", "light-and-dark", "dangerous", "replay", "game-over"]
TITLES = {"light-and-dark": "Light and Dark", "dangerous": "Dangerous"}


def dangerous(seed: int = 5) -> Table:
    seats = (Seat("Aki"), Seat("Bot 2", SeatKind.BOT, "heuristic"))
    return new_table(get_game("dangerous"), seats, {}, seed)


def app_for(kind: str, tmp_path: Path) -> PartylineApp:
    if kind in ("setup", "saves"):
        return make_app(tmp_path)
    if kind == "light-and-dark":
        return make_app(tmp_path, table=ld_table(), save_path=tmp_path / "g.toml")
    if kind == "dangerous":
        return make_app(tmp_path, table=dangerous(), save_path=tmp_path / "g.toml")
    finished = play_one("dangerous", 2, 21, "heuristic")
    if kind == "replay":
        return make_app(tmp_path, replay=finished)
    return make_app(tmp_path, table=finished, save_path=tmp_path / "g.toml")


EXPECTED = {
    "setup": SetupScreen,
    "saves": SavesScreen,
    "light-and-dark": GameScreen,
    "dangerous": GameScreen,
    "replay": ReplayScreen,
    "game-over": GameOverScreen,
}


async def open_screen(kind: str, pilot: Pilot[Any]) -> None:
    await settle(pilot)
    if kind == "saves":
        await pilot.press("f3")
        await settle(pilot)
    assert isinstance(pilot.app.screen, EXPECTED[kind]), pilot.app.screen


def footer_line(app: PartylineApp) -> str:
    return screen_text(app).splitlines()[-1]


async def test_a_game_screen_opens_with_its_size_classes_styled_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Start-up (issue 10): the screen's -wide-enough and -tall-enough came with its first
    resize, after its widgets were styled, and styled them all again."""
    styled: list[object] = []
    update = PartylineApp.update_styles

    def counted(self: PartylineApp, node: Any, animate: bool = True) -> None:
        if isinstance(node, GameScreen):
            styled.append(node)
        update(self, node, animate)

    monkeypatch.setattr(PartylineApp, "update_styles", counted)
    app = make_app(tmp_path, table=dangerous(), save_path=tmp_path / "g.toml")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.screen.has_class("-wide-enough", "-tall-enough")
        assert len(styled) == 1  # (as it resumes, as every screen)
        assert "you are Aki" in screen_text(app)


@pytest.mark.parametrize("kind", SCREENS)
async def test_below_the_minimum_every_screen_says_what_it_needs(tmp_path: Path, kind: str) -> None:
    app = app_for(kind, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_screen(kind, pilot)
        normal = screen_text(app)
        focused = app.focused
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        text = screen_text(app)
        said = (
            "Make the terminal at least 80×24 (it is 60×20).",
            WAY_OUT,
        )
        assert all(line in " ".join(text.split()) for line in said)  # (wrapped at 60)
        words = set(text.split()) - {word for line in said for word in line.split()}
        assert not words, f"the broken screen shows through: {words}"
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert "Make the terminal" not in screen_text(app)
        assert screen_text(app) == normal
        assert app.focused is focused


@pytest.mark.parametrize("kind", ["light-and-dark", "dangerous", "replay"])
async def test_a_game_opened_on_a_small_terminal_shows_only_the_message(
    tmp_path: Path, kind: str
) -> None:
    """`partyline play` (or continue, or replay) in a 60x20 terminal: the game screen is the
    first one styled, before any message was mounted, and its widgets showed through with the
    message below them."""
    app = app_for(kind, tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, EXPECTED[kind])
        text = screen_text(app)
        said = "Make the terminal at least 80×24 (it is 60×20). Ctrl+Q quits; a game in play is "
        assert " ".join(text.split()).startswith(said), text
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert "Make the terminal" not in screen_text(app)
        assert TITLES.get(kind, "Dangerous") in screen_text(app)


async def test_below_the_minimum_keys_do_not_act_on_the_hidden_screen(tmp_path: Path) -> None:
    """A key typed while only the message shows acted on the screen behind it: a digit
    answered the question no one could see. Now only Ctrl+Q (and Ctrl+C) act: they quit, as
    the message says."""
    table = ld_table()
    app = make_app(tmp_path, table=table, save_path=tmp_path / "g.toml")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        prompt = app.screen.query_one(DecisionPrompt)
        asked, entries = prompt.decision, len(table)
        assert asked is not None
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        assert WAY_OUT in " ".join(screen_text(app).split())
        await pilot.press("1", "2", "enter", "space", "u", "q", "escape")
        await pilot.pause()
        assert len(table) == entries and isinstance(app.screen, GameScreen)
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert prompt.decision == asked and prompt.typed == "" and prompt.error == ""
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app._exit


async def test_below_the_minimum_the_way_out_tells_the_truth_about_the_save(
    tmp_path: Path,
) -> None:
    """Before a new game's first decision nothing is saved (the help says so, and Ctrl+Q
    prints it): the message must not promise that the game in play is saved."""
    path = tmp_path / "g.toml"
    app = make_app(tmp_path, table=ld_table(), save_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert WAY_OUT in text
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.exit_line == NOT_SAVED_YET and not path.exists()


async def test_the_message_follows_the_size_and_opens_small(tmp_path: Path) -> None:
    app = make_app(tmp_path, table=dangerous(), save_path=tmp_path / "g.toml")
    async with app.run_test(size=(100, 23)) as pilot:
        await settle(pilot)
        assert "Make the terminal at least 80×24 (it is 100×23)." in screen_text(app)
        await pilot.resize_terminal(79, 30)
        assert "Make the terminal at least 80×24 (it is 79×30)." in screen_text(app)
        await pilot.resize_terminal(*LARGE)
        await pilot.pause()
        assert "you are Aki" in screen_text(app)


@pytest.mark.parametrize("kind", SCREENS)
async def test_every_footer_keeps_help_and_escape_at_80x24(tmp_path: Path, kind: str) -> None:
    app = app_for(kind, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_screen(kind, pilot)
        footer = footer_line(app)
        assert "esc " in footer, footer
        assert "? Help" in footer or "f1 Help" in footer, footer
        # Keys that do not fit are left out whole, never cut.
        assert not footer.rstrip().endswith(("…", "Car", "Lea")), footer


async def test_the_dangerous_replay_footer_at_80x24(tmp_path: Path) -> None:
    """The report: the replay footer cut `? Help` and `esc Leave` off."""
    app = make_app(tmp_path, replay=play_one("dangerous", 2, 21, "heuristic"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        footer = footer_line(app)
        assert footer.rstrip().endswith("? Help  esc Leave"), footer
        assert "left Back  right Forward" in footer, footer


@pytest.mark.parametrize("kind", ["light-and-dark", "dangerous", "replay"])
async def test_the_title_bar_keeps_the_games_name(tmp_path: Path, kind: str) -> None:
    app = app_for(kind, tmp_path)
    game = TITLES.get(kind, "Dangerous")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, ReplayScreen):
            full = screen.table.game.title
        else:
            assert isinstance(screen, GameScreen)
            full = screen.session.table.game.title
        title = screen_text(app).splitlines()[0].rstrip()
        assert title.endswith((full, game)), title  # whole, or its English name: never cut
        await pilot.resize_terminal(*LARGE)
        await pilot.pause()
        assert screen_text(app).splitlines()[0].rstrip().endswith(full)


async def test_the_reported_title_bar_at_80x24(tmp_path: Path) -> None:
    """The report: the status and "Dangerous (戦闘破壊学園ダンゲロス)" did not fit: the
    title was cut."""
    app = make_app(tmp_path, replay=dangerous(), replay_viewer=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        title = screen_text(app).splitlines()[0]
        assert title.rstrip().endswith("  Dangerous"), title
        assert title.startswith(" Replay  |  as Aki  |  entry"), title


async def test_the_japanese_replay_title_fits_at_80x24(tmp_path: Path) -> None:
    """The Japanese replay's status ("リプレイ | 全員 の視点 | 274 件中 274 件目 | ゲーム終了")
    did not fit beside 戦闘破壊学園ダンゲロス at 80x24: the turn was cut to "ゲ…". Shorter
    now, it shows whole at every tenth entry, as everyone and as a seat."""
    app = make_app(tmp_path, replay=play_one("dangerous", 2, 21, "heuristic"), language="ja")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        for viewer in ("0", "1"):
            await pilot.press(viewer, "home")
            for _ in range(len(screen.table) // 10 + 2):  # (the last: entry 274, the end)
                title = screen_text(app).splitlines()[0]
                assert "…" not in title, title
                assert title.rstrip().endswith("  戦闘破壊学園ダンゲロス"), title
                await pilot.press("pagedown")
            assert f"{len(screen.table)}/{len(screen.table)}件  |  ゲーム終了" in title, title


def test_a_title_line_cuts_the_status_before_the_name() -> None:
    from rich.text import Text

    line = title_line(Text("you are Aki  |  Turn 12  |  strategy meeting"), "Dangerous (戦闘)", 30)
    assert line.cell_len == 30 and line.plain.endswith("  Dangerous")
    assert "…" in line.plain


def width(widget: Widget) -> int:
    return widget.outer_size.width


async def sizes(tmp_path: Path, size: tuple[int, int], keys: tuple[str, ...]) -> tuple[int, ...]:
    """The board's, the prompt's widths and the map's cell width after `keys`."""
    app = make_app(tmp_path, table=dangerous(), save_path=tmp_path / f"{size}.toml")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
        await pilot.pause()
        board = app.screen.query_one(BoardPanel)
        prompt = app.screen.query_one(DecisionPrompt)
        grid = app.screen.query_one(GridMap)
        cell = grid.placement.cell if grid.display and grid.placement else 0
        return width(board), width(prompt), cell, board.current.id if board.current else ""


async def test_the_board_and_the_map_grow_on_a_large_terminal(tmp_path: Path) -> None:
    # The opening shows the decks and bosses: a fixed-width view, before the map was ever drawn.
    small, large = await sizes(tmp_path, SIZE, ()), await sizes(tmp_path, LARGE, ())
    assert small[3] == large[3] == "table"
    assert large[0] > small[0] + 8, (small, large)
    # The map (b twice from the AP board of the first meeting).
    small = await sizes(tmp_path, SIZE, ("enter", "b", "b"))
    large = await sizes(tmp_path, LARGE, ("enter", "b", "b"))
    assert small[3] == large[3] == "map"
    assert large[2] > small[2], (small, large)  # the cells grow
    assert large[0] > small[0]
    # The prompt and the log keep a third of the width.
    assert large[1] >= LARGE[0] // 3, large


async def test_the_prompt_shows_its_options_at_80x24(tmp_path: Path) -> None:
    """The first question of Light and Dark: its options in sight, not one of them (a layout
    asked for while another was pending was lost)."""
    app = make_app(tmp_path, table=ld_table(), save_path=tmp_path / "g.toml")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "> 1.  Stay silent" in text and "2.  Claim" in text and "4.  Claim" in text, text


async def test_below_the_minimum_a_paste_does_not_reach_the_hidden_field(tmp_path: Path) -> None:
    """A paste (a terminal's bracketed paste, an event of its own, not keys) went to the field
    that had the focus behind the size message: text typed blind into a name no one could see."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        name = app.screen.query_one("#name-0", Input)
        name.focus()
        await pilot.pause()
        before = name.value
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        name.focus()  # (hidden, it has lost the focus; a paste must not reach it even so)
        app.post_message(events.Paste("Aki"))
        await pilot.pause()
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert name.value == before
        app.post_message(events.Paste("Aki"))  # at full size the paste goes in, as always
        await pilot.pause()
        assert name.value.endswith("Aki")
