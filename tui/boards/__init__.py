"""Board views by game. A game without its own board view gets the generic one.

A game's `BoardKit` may offer several board modes (a map, an action board, a battle...): the
screens then bind `b` to cycle them and `w` to let the board take the whole body width. A kit
may also mark seats (a coloured letter per piece, shown in the players panel as the map's
legend), describe option ids as cards (the party-ordering prompt) and open a card viewer. A mode
may be a grid map (`BoardMode.grid`): the panel then marks the cells the pending decision's
options name (`Option.at`) and lets the player choose there.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable
from dataclasses import field

from rich.console import RenderableType
from rich.text import Text

from core.decisions import OptionId
from core.games import REGISTRY
from core.games.base import View
from core.i18n import Translator
from core.narration import Text as Said
from core.records import dataclass
from tui.widgets.gridmodel import GridModel

Renderer = Callable[[View, tuple[str, ...], Translator], RenderableType]
"""A board view drawn for a view, the seats' names, in a viewer's language."""
Gridder = Callable[[View, tuple[str, ...]], GridModel]


@dataclass(frozen=True)
class BoardMode:
    """One way to show the board: `name` in the footer and help, `width` the content width it
    wants beside the prompt (0: the usual share)."""

    id: str
    name: str
    render: Renderer
    width: int = 0
    grid: Gridder | None = None
    """The board as a grid map (tui/widgets/gridmap.py) instead of `render`: its width follows
    the terminal's, and the panel switches to it while a decision's options name cells."""
    follow: bool = False
    """The newest is at the bottom (a log): the panel keeps it scrolled there."""
    shows: Callable[[View], bool] | None = None
    """Whether the mode has anything to show in a view (None: always). A mode that has not is
    neither shown nor offered by `b` (the map once the game has left it)."""


@dataclass(frozen=True)
class CardInfo:
    """A card as the party-ordering prompt shows it."""

    name: str
    level: int
    timing: Said
    """The card's timing window (a message id, or a game's text), translated where shown."""
    ability: str
    text: Said


@dataclass(frozen=True)
class BoardKit:
    """What the TUI knows of one game beyond the core: its board view and a rules summary."""

    render: Renderer
    rules: str = ""
    modes: tuple[BoardMode, ...] = ()
    auto_mode: Callable[[View], str] | None = None
    """The mode that suits the view (the screen switches to it when it changes)."""
    seat_mark: Callable[[int], Text] | None = None
    seat_note: Callable[[View, int], Said] | None = None
    card_info: Callable[[OptionId], CardInfo | None] | None = None
    card_pages: (
        Callable[[View, tuple[str, ...], Translator], list[tuple[str, RenderableType]]] | None
    ) = None
    """Pages for the card viewer (`c`): (title, contents), e.g. one per player, in a viewer's
    language."""
    keys: tuple[tuple[str, str], ...] = field(default=())
    """Notes for the help screen beyond the keys' own (the mouse in the party-ordering prompt)."""


def generic_board(
    view: View, names: tuple[str, ...], _: Translator | None = None
) -> RenderableType:
    """Every field of the view's board, one per line: enough to play a new game by."""
    board = view.board
    if not dataclasses.is_dataclass(board) or isinstance(board, type):
        return Text(str(board))
    text = Text()
    for field_ in dataclasses.fields(board):
        text.append(f"{field_.name.replace('_', ' ')}: ", style="bold")
        text.append(f"{getattr(board, field_.name)}\n")
    return text


def board_kit(game_id: str) -> BoardKit:
    """The kit of the module the game's declaration names (core.games.base.GameInfo.board),
    imported now: only the board of a game being shown is ever loaded. A game that names none
    (or a table's game that is not registered) gets the generic board."""
    info = REGISTRY.get(game_id)
    path = info.board if info is not None else ""
    if not path:
        return BoardKit(generic_board)
    kit = getattr(importlib.import_module(path), "KIT", None)
    if not isinstance(kit, BoardKit):
        raise TypeError(f"{game_id}: {path} has no BoardKit called KIT")
    return kit
