"""A yes-or-no question before something that cannot be taken back (deleting a save).

The safe answer comes first and is highlighted, so Enter alone never destroys anything; `y` and
`n` answer at once, Escape is no.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core.i18n import N_
from tui.widgets.footer import APP_HELP, KeysFooter

NO, YES = "no", "yes"


class ConfirmScreen(ModalScreen[bool]):
    """Dismissed with True only when the player confirms."""

    DEFAULT_CSS = """
    ConfirmScreen {
        align: center middle;
        background: $background 60%;
    }
    #confirm-question {
        margin: 1 0;
    }
    #confirm-choices {
        height: auto;
        border: none;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", N_("Yes")),
        Binding("n,escape", "answer(False)", N_("No"), key_display="n"),
        APP_HELP,
    ]

    def __init__(self, title: str, question: Text, yes: str, no: str) -> None:
        """`question` may quote a file name: the caller makes it visible (core.text.visible)."""
        super().__init__()
        self.title_text = title
        self.question = question
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box", classes="dialog"):
            yield Static(self.question, id="confirm-question")
            yield OptionList(
                Option(f"n  {self.no}", id=NO),
                Option(f"y  {self.yes}", id=YES),
                id="confirm-choices",
            )
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#confirm-box").border_title = self.title_text
        choices = self.query_one(OptionList)
        choices.highlighted = 0
        choices.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id == YES)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
