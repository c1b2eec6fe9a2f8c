"""Board views by game. A game without its own board view gets the generic one."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from rich.console import RenderableType
from rich.text import Text

from core.games.base import View

Renderer = Callable[[View, tuple[str, ...]], RenderableType]


@dataclass(frozen=True)
class BoardKit:
    """What the TUI knows of one game beyond the core: its board view and a rules summary."""

    render: Renderer
    rules: str = ""


def generic_board(view: View, names: tuple[str, ...]) -> RenderableType:
    """Every field of the view's board, one per line: enough to play a new game by."""
    board = view.board
    if not dataclasses.is_dataclass(board) or isinstance(board, type):
        return Text(str(board))
    text = Text()
    for field in dataclasses.fields(board):
        text.append(f"{field.name.replace('_', ' ')}: ", style="bold")
        text.append(f"{getattr(board, field.name)}\n")
    return text


def board_kit(game_id: str) -> BoardKit:
    from tui.boards import light_and_dark

    kits = {"light-and-dark": light_and_dark.KIT}
    return kits.get(game_id, BoardKit(generic_board))
