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
        # One row each for a saved game and one not saved yet (no decision made: the first
        # curtain of a new game), so the help never promises a save that is not there.
        Binding(
            "escape",
            "leave('saved')",
            N_("Setup"),
            tooltip=N_("back to the setup screen (the game is saved)"),
        ),
        Binding(
            "escape",
            "leave('unsaved')",
            N_("Setup"),
            tooltip=N_(
                "back to the setup screen (not saved yet: a game is saved from a human "
                "player's first decision)"
            ),
        ),
        Binding("q", "quit_game('saved')", N_("Quit"), tooltip=N_("quit (the game is saved)")),
        Binding(
            "q",
            "quit_game('unsaved')",
            N_("Quit"),
            tooltip=N_(
                "quit (not saved yet: a game is saved from a human player's first decision)"
            ),
        ),
    ]

    def __init__(self, name: str, *, saved: bool = True) -> None:
        """`saved`: is the game saved now (what leaving or quitting keeps)?"""
        super().__init__()
        self.player = name
        self.saved = saved

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("leave", "quit_game"):  # the row that tells the truth about the save
            return (parameters == ("saved",)) == self.saved
        return super().check_action(action, parameters)

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

    def action_leave(self, _saved: str = "saved") -> None:
        self.dismiss(LEAVE)

    def action_quit_game(self, _saved: str = "saved") -> None:
        self.dismiss(QUIT)

    def action_help(self) -> None:
        _ = tr(self)
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(_("Hot seat: passing the screen"), self))
