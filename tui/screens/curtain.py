"""The hot-seat curtain: hides everything until the named player takes the keyboard."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from tui.widgets.footer import KeysFooter

READY = "ready"
LEAVE = "leave"
QUIT = "quit"


class CurtainScreen(Screen[str]):
    """A full, opaque screen: nothing of the game shows through until Enter."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "enter",
            "ready",
            "Show my screen",
            key_display="Enter",
            priority=True,
            tooltip="the named player takes the keyboard: show their screen",
        ),
        Binding("question_mark,f1", "help", "Help", key_display="?", tooltip="this help"),
        Binding("escape", "leave", "Setup", tooltip="back to the setup screen (the game is saved)"),
        Binding("q", "quit_game", "Quit", tooltip="quit (the game is saved)"),
    ]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        text = Text.assemble(
            "Pass to ",
            (self.player, "bold"),
            "\n\n",
            (self.player, "bold"),
            ": press ",
            ("Enter", "bold"),
            " when only you can see the screen.",
            justify="center",
        )
        with Middle(), Center():
            yield Static(text, id="curtain-text")
        yield KeysFooter()

    def action_ready(self) -> None:
        self.dismiss(READY)

    def action_leave(self) -> None:
        self.dismiss(LEAVE)

    def action_quit_game(self) -> None:
        self.dismiss(QUIT)

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen("Hot seat: passing the screen", self))
