"""The hot-seat curtain: hides everything until the named player takes the keyboard."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from core.i18n import N_
from tui.lang import assemble, tr
from tui.widgets.footer import KeysFooter
from tui.wrapped import Wrapped

READY = "ready"
LEAVE = "leave"
QUIT = "quit"


class CurtainScreen(Screen[str]):
    """A full, opaque screen: nothing of the game shows through until Enter."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "enter",
            "ready",
            N_("Show my screen"),
            key_display="Enter",
            priority=True,
            tooltip=N_("the named player takes the keyboard: show their screen"),
        ),
        Binding("question_mark,f1", "help", N_("Help"), key_display="?", tooltip=N_("this help")),
        Binding(
            "escape",
            "leave",
            N_("Setup"),
            tooltip=N_("back to the setup screen (the game is saved)"),
        ),
        Binding("q", "quit_game", N_("Quit"), tooltip=N_("quit (the game is saved)")),
    ]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        _ = tr(self)
        name = Text(self.player, style="bold")
        text = Text.assemble(
            assemble(_("Pass to {name}"), name=name),
            "\n\n",
            assemble(
                _("{name}: press {key} when only you can see the screen."),
                name=name,
                key=Text("Enter", style="bold"),
            ),
            justify="center",
        )
        with Middle(), Center():
            yield Static(Wrapped(text), id="curtain-text")
        yield KeysFooter()

    def action_ready(self) -> None:
        self.dismiss(READY)

    def action_leave(self) -> None:
        self.dismiss(LEAVE)

    def action_quit_game(self) -> None:
        self.dismiss(QUIT)

    def action_help(self) -> None:
        _ = tr(self)
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(_("Hot seat: passing the screen"), self))
