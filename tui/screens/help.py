"""The help screen: the keys of the screen it was opened from, and the game's rules summary."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from tui.boards import board_kit


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1", "close", "Close"),
        Binding("up", "scroll(-1)", show=False),
        Binding("down", "scroll(1)", show=False),
        Binding("pageup", "scroll(-10)", show=False),
        Binding("pagedown,space", "scroll(10)", show=False),
    ]

    def __init__(self, title: str, keys: list[tuple[str, str]], game_id: str | None = None):
        super().__init__()
        self.title_text = title
        self.keys = keys
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        width = max((len(key) for key, _ in self.keys), default=0)
        lines = [f"[b]{self.title_text}[/b]", ""]
        lines += [f"  [b]{key:<{width}}[/b]  {what}" for key, what in self.keys]
        lines += ["", "Escape goes back from every screen. The mouse works but is never needed."]
        if self.game_id:
            rules = board_kit(self.game_id).rules
            if rules:
                lines += ["", "[b]The rules in short[/b]", "", rules.replace("[", r"\[")]
        with VerticalScroll(id="help-body"):
            yield Static("\n".join(lines), id="help-text")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#help-body", VerticalScroll).scroll_relative(y=lines, animate=False)
