"""The game ending while a player types a chat line ("gg" as the last move is made): the results
waited for nobody, and the rest of the line went to them as keys: a "q" quit the app, an "n" or
the Enter went to the lobby, and the line was lost. Now the results wait until the line is sent
or left (Pilot at 80x24, the hub in the same process)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_serve_chat_typed_after_enter import typed
from test_serve_remote_screen import SIZE, SeatApp, at_table
from test_serve_tables import Seen, play_to_the_end
from textual.pilot import Pilot

from tui.screens import gameover
from tui.screens.game import GameScreen
from tui.screens.gameover import GameOverScreen
from tui.widgets.prompt import DecisionPrompt


def screen_text(app: SeatApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def over_while_typing(
    app: SeatApp, players: tuple[Seen, ...], pilot: Pilot[None], typed: str
) -> GameScreen:
    """`t` and `typed`; then the table plays to its end and the last reveal's hold ends."""
    await pilot.pause()
    await pilot.press("t", *typed)
    hub = app.seen.hub
    play_to_the_end(hub, hub.tables[1], players)
    app.deliver()
    await pilot.pause()
    game = app.screen
    assert isinstance(game, GameScreen) and app.session.over
    game.action_go_on()  # (the hold's timer)
    await pilot.pause()
    return game


async def test_the_results_wait_for_the_line_being_typed_and_come_once_it_is_sent(
    tmp_path: Path,
) -> None:
    app, players = at_table(tmp_path, 1)
    async with app.run_test(size=SIZE) as pilot:
        game = await over_while_typing(app, players, pilot, "well ")
        assert app.screen is game
        await pilot.press(*"quite a game", "enter")
        await pilot.pause()
        assert app.sent[-1] == {"type": "chat", "text": "well quite a game", "n": 1}
        assert isinstance(app.screen, GameOverScreen) and app.is_running


async def test_the_results_come_once_the_line_is_left(tmp_path: Path) -> None:
    app, players = at_table(tmp_path, 1)
    async with app.run_test(size=SIZE) as pilot:
        game = await over_while_typing(app, players, pilot, "n")
        assert app.screen is game
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)


async def to_the_results(app: SeatApp, players: tuple[Seen, ...], pilot: Pilot[None]) -> None:
    """The table played to its end, nothing typed, and the final board left for the results."""
    await over_while_typing(app, players, pilot, "")
    await pilot.press("escape")
    await pilot.pause()


async def test_t_on_the_results_opens_the_chat_line(tmp_path: Path) -> None:
    """Its players may talk on at a finished table, but `t` did nothing on the results (and
    the Enter after "gg" took the lobby): `t` is the board's chat line from there."""
    app, players = at_table(tmp_path, 1)
    async with app.run_test(size=SIZE) as pilot:
        await to_the_results(app, players, pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert "t Chat" in app.screen._compositor.render_strips()[-1].text
        await pilot.press("t", *"gg", "enter")
        await pilot.pause()
        assert app.sent[-1] == {"type": "chat", "text": "gg", "n": 1}
        assert isinstance(app.screen, GameScreen)  # the final board, the results a g away


async def test_l_on_the_results_at_a_servers_table_switches_their_language(
    tmp_path: Path,
) -> None:
    """`l` did nothing on the results, here as at one screen (tests/tui/test_tui_language.py)."""
    app, players = at_table(tmp_path, 1)
    async with app.run_test(size=SIZE) as pilot:
        await to_the_results(app, players, pilot)
        results = app.screen
        assert isinstance(results, GameOverScreen)
        assert "Back to the lobby" in screen_text(app)
        await pilot.press("l")
        await pilot.pause()
        text = screen_text(app)
        assert app.screen is results and app.language == "ja"
        assert "ゲーム終了" in text and "ロビーに戻る" in text and "Back to the lobby" not in text
        assert "t チャット" in app.screen._compositor.render_strips()[-1].text  # the footer too
        await pilot.press("l")
        await pilot.pause()
        assert "Back to the lobby" in screen_text(app) and app.language == "en"


async def test_a_line_typed_at_once_after_t_on_the_results_is_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On the results, `t`, "gg" and Enter in one packet (over SSH): the keys behind `t` went to
    the results' list or the board's prompt, as the line opened only in the results' callback,
    and "gg" was never said."""
    app, players = at_table(tmp_path, 1)
    async with app.run_test(size=SIZE) as pilot:
        await to_the_results(app, players, pilot)
        assert isinstance(app.screen, GameOverScreen)
        monkeypatch.setattr(gameover, "clock", lambda: 1e9)  # (no key held over: long open)
        await typed(app, pilot, "tgg\r")
        assert app.sent[-1:] == [{"type": "chat", "text": "gg", "n": 1}]
        assert isinstance(app.screen, GameScreen)
        assert app.screen.query_one(DecisionPrompt).has_focus  # the line said: keys back
