"""The table chat beside the log (a table at a server): the last lines said, and one line to
type. The server checks every line as it checks names (no control character, at most
MAX_CHAT_CELLS cells) and refuses a bad one with one line; here the texts are shown as escapes
whatever they hold, and never read as markup."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input, Static

from core.i18n import N_
from core.text import visible
from tui.lang import tr

SHOWN = 3
"""Chat lines in sight (the newest)."""
MAX_CHARS = 200
"""Characters one line may hold as typed (the server counts cells too: at most 200)."""
PLACEHOLDER = N_("t: say a line to the table")


class ChatPanel(Vertical):
    DEFAULT_CSS = """
    ChatPanel {
        height: auto;
    }
    ChatPanel > Static {
        height: auto;
        max-height: 3;
        padding: 0 1;
    }
    ChatPanel > Input {
        height: 1;
        border: none;
        padding: 0 1;
    }
    """

    class Said(Message):
        """A line typed and sent with Enter."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def compose(self) -> ComposeResult:
        yield Static(id="chat-lines")
        yield Input(placeholder=tr(self)(PLACEHOLDER), max_length=MAX_CHARS, id="chat-input")

    def show(self, lines: list[tuple[str, str]]) -> None:
        text = Text()
        for who, said in lines[-SHOWN:]:
            if text:
                text.append("\n")
            text.append(visible(who), style="bold")
            text.append(f": {visible(said)}")
        self.text = text.plain
        """The plain text shown (for tests)."""
        self.query_one(Static).update(text)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        said = event.value.strip()
        event.input.value = ""
        if said:
            self.post_message(self.Said(said))
