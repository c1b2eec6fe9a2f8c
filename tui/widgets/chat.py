"""The table chat beside the log (a table at a server): the newest line said, and one line to
type, with the last lines said above it while it is open (a player who looked away reads what
was said meanwhile). The server checks every line as it checks names (no control character,
at most MAX_CHAT_CELLS cells) and refuses a bad one with one line; here the texts are shown as
escapes whatever they hold, and never read as markup."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Input, Static

from core.i18n import N_
from core.text import MAX_CHAT_CELLS, MAX_CHAT_CHARS, cells, visible
from tui.lang import tr
from tui.widgets.typedinput import TypedInput

FULL = N_("the chat line is full: at most {cells} cells (a wide character takes two)")
"""Said when the line cannot take what was typed: a key that did nothing would look broken."""
PLACEHOLDER = N_("t: say a line to the table")
HISTORY_LINES = 5
"""Lines said shown above the line being typed, newest last (the session keeps CHAT_KEPT); as
many rows at most, over the log (not taking the prompt's rows: at 80x24 the log's box)."""


class ChatPanel(Vertical):
    """One row at the bottom of the log's column: the newest chat line (or how to chat); `t`
    turns it into the line to type (Enter sends it, Escape gives the keys back), under the last
    HISTORY_LINES lines said."""

    DEFAULT_CSS = """
    ChatPanel {
        dock: bottom;
        height: auto;
    }
    ChatPanel > #chat-history {
        display: none;
        height: auto;
        max-height: 5;
        padding: 0 1;
        scrollbar-size-vertical: 0;
        overlay: screen;  /* over the log's rows, not taken from the prompt's */
        offset-y: -100%;
        background: $panel;
    }
    ChatPanel.-typing.-said > #chat-history {
        display: block;
    }
    ChatPanel > Static {
        height: 1;
        padding: 0 1;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    ChatPanel > Input, ChatPanel > Input:focus {
        height: 1;
        border: none;
        padding: 0 1;
    }
    """

    class Full(Message):
        """The line took none or only part of what was typed or pasted: it is MAX_CHAT_CELLS
        wide (FULL says so)."""

    class Said(Message):
        """Enter on the line: `text` to send (empty: nothing to say); `typing_on`: keys typed
        after the Enter are in the line, which keeps the keys (else they go back to the game)."""

        def __init__(self, text: str, typing_on: bool) -> None:
            super().__init__()
            self.text = text
            self.typing_on = typing_on

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.text = ""
        """The plain text shown (for tests)."""
        self.history = ""
        """The plain text of the lines shown above the line being typed (for tests)."""
        self._refused: str | None = None
        """The session's refused line as last shown (its `chat_refused`): a new one is news."""
        self._offers: list[str] = []
        """Lines this seat said that the server refused (too fast, a control character...),
        oldest first: each is offered again by a `t` that finds the line empty, not lost. Kept
        here, not only in the session, which forgets a refusal once another line is said: keys
        typed right behind the refused line's Enter made another line, and sending it lost
        the refused one (a line still on its way is not offered: the session's
        `chat_refused`)."""

    def compose(self) -> ComposeResult:
        # Not focusable: the keys stay in the line; a wrapped line scrolls the oldest away.
        with VerticalScroll(id="chat-history", can_focus=False):
            yield Static(id="chat-said")
        yield Static(id="chat-lines")
        # Not selected on focus: a line offered again (or left with Escape) is edited, not
        # typed over at the first key.
        line = ChatLine(max_length=MAX_CHAT_CHARS, id="chat-input", select_on_focus=False)
        line.display = False
        yield line

    def show(self, lines: list[tuple[str, str]], refused: str | None) -> None:
        """Show the newest of `lines` (who, what they said); `refused`: the line this seat
        said that the server refused (the session's `chat_refused`)."""
        if refused is not None and refused != self._refused:
            self._offers.append(refused)
        self._refused = refused
        text = said_line(lines[-1]) if lines else Text(tr(self)(PLACEHOLDER), style="italic")
        self.text = text.plain
        self.query_one("#chat-lines", Static).update(text)
        history = Text("\n").join(said_line(line) for line in lines[-HISTORY_LINES:])
        self.history = history.plain
        self.query_one("#chat-said", Static).update(history)
        self.set_class(bool(lines), "-said")
        self._scroll_history()

    def _scroll_history(self) -> None:
        """The newest line in sight, once laid out (a long line wraps to several rows)."""
        scroll = self.query_one("#chat-history", VerticalScroll)
        self.call_after_refresh(scroll.scroll_end, animate=False)

    @property
    def typing(self) -> bool:
        """Is the line open (to type), with or without the focus?"""
        return self.has_class("-typing")

    def type_line(self) -> None:
        """Turn the row into the line to type: at once, so that the keys typed next go there."""
        self.query_one("#chat-lines").display = False
        self.add_class("-typing")
        self._scroll_history()
        line = self.query_one(Input)
        if self._offers and not line.value:
            line.value = self._offers.pop(0)
            line.cursor_position = len(line.value)
        line.display = True
        # Now, not after the keys already waiting (focus() waits its turn): a line typed fast
        # or pasted right after `t` goes into the chat, not to the game's keys.
        self.screen.set_focus(line)

    def done(self) -> None:
        self.query_one(Input).display = False
        self.remove_class("-typing")
        self.query_one("#chat-lines").display = True

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        typing_on = bool(event.input.value)  # typed after the Enter (ChatLine emptied it)
        if not typing_on:
            self.done()
        self.post_message(self.Said(event.value.strip(), typing_on))


def said_line(line: tuple[str, str]) -> Text:
    """A line said as shown: who (in bold), then what they said; escaped whatever the texts
    hold, and never read as markup."""
    who, said = line
    text = Text(visible(who), style="bold")
    text.append(f": {visible(said)}")
    return text


class ChatLine(TypedInput):
    """The line to type: emptied as Enter reaches it, so that keys typed behind the Enter in
    the same packet ("hi\\rx") start the next line rather than being wiped with the one sent.
    It takes at most MAX_CHAT_CELLS cells, as the server counts them: a wide line was refused
    only once sent (101 of 闇 are 202 cells); a paste takes as much as fits."""

    def replace(self, text: str, start: int, end: int) -> None:
        value = self.value
        start, end = sorted((max(0, start), min(len(value), end)))
        kept = value[:start] + value[end:]
        fits = text[: max(0, MAX_CHAT_CHARS - len(kept))]  # (a long paste: cut before measuring)
        while fits and cells(kept[:start] + fits + kept[start:]) > MAX_CHAT_CELLS:
            fits = fits[:-1]  # (cells < 0, a control character: the server says why)
        if fits == text:
            super().replace(text, start, end)
            return
        if fits:
            super().replace(fits, start, end)
        else:
            self.restricted()
        self.post_message(ChatPanel.Full())

    async def action_submit(self) -> None:
        await super().action_submit()  # (Submitted carries the line as it was)
        self.value = ""
