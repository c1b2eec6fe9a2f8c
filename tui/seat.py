"""What the game screen needs of the game it shows: the seam between the screen and where the
game is played.

Two kinds of session satisfy it: `tui.session.Session`, a table in this process (its bots, its
autosave, the hot-seat curtain), and `tui.remote_session.RemoteSession`, a seat at a table the
server holds (it has only what the server sent that seat). The game screen reads a game only
through this protocol, so it plays either unchanged. Free of Textual.

Every text it gives is already made visible (control characters escaped).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from core.decisions import Choice, Decision
from core.games.base import Game, Result, View
from core.narration import Text, text
from core.table import Render, Table
from tui.shown import Line


class PlaySession(Protocol):
    @property
    def game(self) -> Game[Any]:
        """The rules being played (their id, title, score's name), never a state."""

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def bots(self) -> tuple[bool, ...]:
        """Which seats bots play."""

    @property
    def over(self) -> bool: ...

    @property
    def spectator(self) -> bool:
        """Nobody's seat at this screen (all bots locally, a watcher at a server table)."""

    @property
    def sees(self) -> bool:
        """Is someone at the screen (False while a hot seat's keyboard waits to be taken)?"""

    @property
    def from_lobby(self) -> bool:
        """Does leaving the game go back to a lobby (a server's table), not to the setup
        screen?"""

    @property
    def turn_alert(self) -> bool:
        """Ring the bell and highlight the prompt when a decision comes to this screen (a
        server table: the player may be looking elsewhere)."""

    @property
    def chat(self) -> list[tuple[str, str]] | None:
        """The table's chat (who, line), newest last; None: this table has no chat."""

    @property
    def chat_refused(self) -> str | None:
        """The last line this seat said if the server refused it (too fast, too wide...): it is
        offered again to edit, until another is said. Not a line still on its way: the next `t`
        typed before the table says it back is a new line."""

    def subscribe(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call `callback` after every change of the game; returns the unsubscribing call."""

    def name(self, seat: int) -> str: ...

    def away(self, seat: int) -> bool:
        """Is the player of `seat` away from the table (gone, or in the lobby), so that the
        table waits for them to come back?"""

    def view(self) -> View | None:
        """The view to render, or None (nobody at the screen yet; a watcher before the end)."""

    def result(self) -> Result | None: ...

    def my_decision(self) -> Decision | None:
        """The decision the seat at the screen must answer now, if any."""

    def waiting_for(self) -> tuple[int, str] | None:
        """Whose decision the table waits for, and its name (None: dice, or the end)."""

    def decide(self, choice: Choice) -> None:
        """Answer `my_decision`. Raises IllegalAction (one line), changing nothing."""

    def log_lines(self, render: Render = text) -> tuple[int, Sequence[Line]]:
        """The log's change since the last call: keep the lines of the first `keep` entries,
        drop the rest, add `lines`, each written out by `render` (the viewer's translator's
        `text`). The first call, and the first with another `render`, give the whole log."""

    def take_moments(self) -> bool:
        """Did a notable entry (a reveal, a fight's result) come since the last call?"""

    def last_reveal(self, render: Render = text) -> tuple[int, list[str]] | None:
        """The last notable entry's number and lines as the seat at the screen reads them."""

    def goes_on_alone(self) -> bool:
        """Would the game go on without the seat at the screen?"""

    def hand_over(self) -> int | None:
        """Pass the keyboard if the next seat's screen hides nothing; else the seat for the
        curtain."""

    def curtain_for(self) -> int | None: ...

    def pass_to(self, seat: int) -> None: ...

    def bot_to_play(self) -> bool:
        """Is a bot of this screen's to play (the screen paces it)?"""

    def play_bot(self) -> bool: ...

    def can_undo(self) -> bool: ...

    def can_redo(self) -> bool: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def undo_reason(self) -> Text:
        """Why undo is not possible now (empty if it is)."""

    def save(self) -> object | None:
        """Save now: where (None: not saved, `unsaved` says why). Raises OSError."""

    def unsaved(self) -> str:
        """Why `save` saved nothing (a message id)."""

    def saved(self) -> bool:
        """Is the game saved now, so that leaving or quitting keeps it?"""

    def replay_table(self) -> Table | None:
        """The whole finished game, to replay (None: not in this process)."""

    def say(self, text: str) -> None:
        """Send one chat line to the table (only where `chat` is not None)."""

    def close(self) -> None: ...
