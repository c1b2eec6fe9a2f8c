"""The card viewer: pages of cards (a player's party, items and discard pile...) from the kit.

Left/Right (or Tab, or 1-9) turn the page, Up/Down and Page Up/Down scroll, Escape closes.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from core.i18n import N_
from tui.lang import tr
from tui.widgets.footer import APP_HELP, KeysFooter


class CardPage(VerticalScroll):
    """The page on show. Its help section is named by what it is: its border title is the
    page's, a player's name, which read "In the A Aki, at 泉 Spring (1/3) panel"."""

    HELP_TITLE = N_("the page of cards")


class CardsScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,c", "close", N_("Close")),
        APP_HELP,
        Binding("right,tab", "page(1)", N_("Next"), key_display="right"),
        Binding("left,shift+tab", "page(-1)", N_("Back"), key_display="left"),
        Binding("up", "scroll(-1)", show=False, tooltip=N_("scroll up")),
        Binding("down", "scroll(1)", show=False, tooltip=N_("scroll down")),
        Binding("pageup", "scroll(-10)", show=False, tooltip=N_("a page up")),
        Binding("pagedown,space", "scroll(10)", show=False, tooltip=N_("a page down")),
        *(
            Binding(str(digit), f"goto({digit})", show=False, tooltip=N_("the page of that number"))
            for digit in range(1, 10)
        ),
    ]

    def __init__(self, pages: list[tuple[str, RenderableType]], start: int | None = None):
        super().__init__()
        self.pages = pages
        self.page = start if start is not None and 0 <= start < len(pages) else 0

    def compose(self) -> ComposeResult:
        with CardPage(id="cards-body"):
            yield Static(id="cards-text")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.show_page()

    def show_page(self) -> None:
        _ = tr(self)
        title, body = self.pages[self.page]
        body_widget = self.query_one("#cards-body", VerticalScroll)
        # Text, not a str: a title holds a name, which must not be read as markup.
        body_widget.border_title = Text(f"{title}  ({self.page + 1}/{len(self.pages)})")
        body_widget.border_subtitle = _("Left/Right: page  Up/Down: scroll  Esc: close")
        self.query_one("#cards-text", Static).update(body if body else Text(""))
        body_widget.scroll_home(animate=False)

    def action_page(self, step: int) -> None:
        self.page = (self.page + step) % len(self.pages)
        self.show_page()

    def action_goto(self, number: int) -> None:
        if number <= len(self.pages):
            self.page = number - 1
            self.show_page()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#cards-body", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
