"""The game-over screen at a server's table (a Pilot): it offers the lobby, where `n` and the
choice go, and no replay (the game's save is the host's); before, it offered "New game (setup)"
(which went to the lobby) and "Open the replay" (a note that there is none). At one keyboard it
offers what it did."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import pytest
from textual.app import App, ComposeResult
from textual.widgets import OptionList

from core.simulate import play_one
from tui.screens import gameover
from tui.screens.gameover import GameOverScreen
from tui.seat import PlaySession
from tui.session import Session


class AtTheServer(Session):
    """A finished game as a server's table shows it: from the lobby, its replay the host's."""

    @property
    def from_lobby(self) -> bool:
        return True

    def replay_table(self) -> Any:
        return None


class Over(App[None]):
    def __init__(self, session: PlaySession) -> None:
        super().__init__()
        self.session = session
        self.picked: list[str | None] = []

    def compose(self) -> ComposeResult:
        return iter(())

    def on_mount(self) -> None:
        self.push_screen(GameOverScreen(self.session), self.picked.append)


async def choices(session: PlaySession, key: str) -> tuple[list[str], list[str], str | None]:
    """The choices offered (ids), the keys the footer offers, and what `key` picks."""
    app = Over(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        listed = app.screen.query_one(OptionList)
        ids = [str(listed.get_option_at_index(i).id) for i in range(listed.option_count)]
        keys = sorted(app.screen.active_bindings)
        await pilot.press(key)
        await pilot.pause()
    return ids, keys, app.picked[-1] if app.picked else None


async def test_at_a_servers_table_the_game_over_offers_the_lobby_and_no_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    finished = play_one("dangerous", 2, 21, "heuristic")
    remote = cast(PlaySession, AtTheServer(finished))
    # The results read: `n` is the screen's own, not the go-on key held over from the game.
    monkeypatch.setattr(gameover, "HELD_OVER_SECONDS", 0.0)
    ids, keys, picked = await choices(remote, "n")
    assert ids == ["lobby", "board", "quit"]
    assert "p" not in keys and "n" in keys
    assert picked == "lobby"
    assert (await choices(remote, "p"))[2] is None  # no replay to open: the key does nothing
    local = cast(PlaySession, Session(finished))
    ids, keys, picked = await choices(local, "n")
    assert ids == ["replay", "setup", "board", "quit"]
    assert "p" in keys and picked == "setup"
