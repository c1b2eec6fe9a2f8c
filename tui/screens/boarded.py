"""What the game and replay screens share: a board panel whose `b` and `w` keys act on it."""

from __future__ import annotations

from abc import abstractmethod

from textual.binding import Binding
from textual.screen import Screen

from core.i18n import N_
from tui.boards import BoardKit
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

    def action_board_mode(self) -> None:
        self.query_one(BoardPanel).next_mode()
        self.redraw()

    def action_wide(self) -> None:
        board = self.query_one(BoardPanel)
        board.wide = not board.wide
        self.redraw()
