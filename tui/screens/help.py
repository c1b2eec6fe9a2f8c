"""The help screen: the keys of the screen it was opened from, and the game's rules summary."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.boards import board_kit
from tui.widgets.footer import KeysFooter


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
        keys = RichTable.grid(padding=(0, 2))
        keys.add_column(no_wrap=True, style="bold")
        keys.add_column(ratio=1)
        for key, what in self.keys:
            keys.add_row(key, what)
        parts: list[RenderableType] = [Text(self.title_text, style="bold"), Text(""), keys]
        parts.append(
            Text("\nEscape goes back from every screen. The mouse works but is never needed.")
        )
        if self.game_id:
            rules = board_kit(self.game_id).rules
            if rules:
                parts += [Text("\nThe rules in short\n", style="bold"), Text(_unwrap(rules))]
        with VerticalScroll(id="help-body"):
            yield Static(Group(*parts), id="help-text")
        yield KeysFooter()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#help-body", VerticalScroll).scroll_relative(y=lines, animate=False)


def _unwrap(text: str) -> str:
    """Join hard-wrapped lines into paragraphs, so the text reflows to the screen's width."""
    paragraphs = [" ".join(chunk.split()) for chunk in text.split("\n\n")]
    return "\n\n".join(paragraph for paragraph in paragraphs if paragraph)
