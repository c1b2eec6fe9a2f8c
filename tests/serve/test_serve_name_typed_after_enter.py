"""The guest's name is what was typed before Enter, not what the field holds when the screen
reads it: a text field runs Enter as it arrives (tui/widgets/typedinput.py), but its Submitted
message waits behind the keys typed after it, which the field takes first."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input

from tui.screens.lobby import NameScreen


class Host(App[None]):
    """What the name screen needs of the tables' app (tui.screens.lobby.TablesHost)."""

    player: str | None = None
    reconnect_code: str | None = None

    def __init__(self) -> None:
        super().__init__()
        self.lobby_tables: list[dict[str, Any]] = []
        self.said: list[tuple[str, str | None]] = []

    def send(self, message: dict[str, Any]) -> None:
        pass

    def hello(self, name: str, code: str | None = None) -> None:
        self.said.append((name, code))

    def on_mount(self) -> None:
        self.push_screen(NameScreen())


async def typed(app: Host, pilot: Pilot[None], text: str) -> None:
    """`text` and Enter, then "x", in one go (one packet), until the screen says hello."""
    said = len(app.said)
    for character in (*text, "\r", "x"):
        key = "enter" if character == "\r" else character
        app.post_message(events.Key(key, character))
    for _ in range(100):
        await pilot.pause(0.01)
        if len(app.said) > said:
            return


async def test_keys_typed_after_enter_are_not_part_of_the_name_or_code_sent() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await typed(app, pilot, "Aki")
        screen = app.screen
        assert isinstance(screen, NameScreen)
        screen.query_one("#name-input", Input).value = "Aki"  # (the "x" typed after Enter)
        screen.ask_code("the name Aki is in use")  # as the server's refusal shows the code
        await pilot.pause()
        await typed(app, pilot, "0123abc")  # (one short of the 8 the field holds)
    assert app.said == [("Aki", None), ("Aki", "0123abc")]
