"""What the game and replay screens share: a board panel whose `b` and `w` keys act on it."""

from __future__ import annotations

from abc import abstractmethod

from textual.binding import Binding
from textual.screen import Screen

from core.i18n import LANGUAGES, N_
from tui.boards import BoardKit
from tui.host import host_of
from tui.widgets.board import BoardPanel

BOARD_BINDINGS = (
    Binding(
        "b",
        "board_mode",
        N_("Board"),
        tooltip=N_("the board's next view (the view follows the game by itself)"),
    ),
    Binding(
        "w",
        "wide",
        N_("Wide"),
        tooltip=N_("wide board: the board takes the whole width (w again: back)"),
    ),
    Binding(
        "c", "cards", N_("Cards"), tooltip=N_("cards: every player's cards as you may see them")
    ),
)
"""The board keys of both screens (each screen knows how to open its cards)."""

LANGUAGE_BINDING = Binding(
    "l",
    "language",
    N_("Language"),
    show=False,
    tooltip=N_("the other language: the whole screen and the log, at once"),
)
"""Both screens read the game in the other language at once, the log too (and remember it)."""


def switch_language(app: object) -> None:
    """The app speaks the other language from now on (and remembers it)."""
    host = host_of(app)
    at = LANGUAGES.index(host.language) if host.language in LANGUAGES else -1
    host.set_language(LANGUAGES[(at + 1) % len(LANGUAGES)])


class BoardScreen(Screen[None]):
    """A screen showing a BoardPanel for `kit`; it redraws itself after a board key."""

    kit: BoardKit

    @abstractmethod
    def redraw(self) -> None:
        """Draw the screen again from the current view (each screen knows its own view)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("board_mode", "wide"):
            return bool(self.kit.modes)
        return True

    def action_language(self) -> None:
        switch_language(self.app)
        self.language_changed()

    def language_changed(self) -> None:
        """Everything on the screen again in the viewer's new language."""
        self.redraw()
        self.refresh_bindings()

    def action_board_mode(self) -> None:
        self.query_one(BoardPanel).next_mode()
        self.redraw()

    def action_wide(self) -> None:
        board = self.query_one(BoardPanel)
        board.wide = not board.wide
        self.redraw()
