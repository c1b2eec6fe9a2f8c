"""The school map as a grid model (tui/widgets/gridmap.py draws it).

Each space of content().board sits on its grid cell (x, y from board.toml). A normal square
shows its number (what the Lv2 die rolls for), `*` when a Lv2 token is on it; the spring is SPR,
a boss space its three letters (lower case and dim once its bosses are beaten), a space closed
in a 2-player game `x`. Pieces are their seats' letters in their colours, apart from the place's
code; paths between spaces are `-` and `|` (dim to a closed space). Everything drawn but the
paths has its legend entry, so the legend under the map explains exactly what is shown; a line
between two squares is read as a way between them without one, and at 80x24 the legend has
two lines if the whole map is to show.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from core.games.base import View
from core.games.dangerous.content import Space, content
from core.games.dangerous.view import Board
from tui.boards.dangerous.common import boss_code, seat_letter, seat_style, square_name
from tui.widgets.gridmodel import Glyph, GridModel, Key, MapCell, fit, key, map_text

SQUARE = key("1-6", "square")
TOKEN_STYLE = "bold yellow"
TOKEN = key("*", "Lv2", TOKEN_STYLE)
SPRING = key("SPR", "spring", "bold")
BOSS = key("BAN", "boss", "bold")
BEATEN = key("ban", "beaten", "dim")
CLOSED = key("x", "closed", "dim")


def school_map(view: View, names: tuple[str, ...]) -> GridModel:
    """The map as the view shows it: tokens, pieces, bosses standing or beaten."""
    board = view.board
    assert isinstance(board, Board)
    spaces = content().board.spaces
    by_cell = {(space.x, space.y): space for space in spaces.values()}
    pieces = _pieces(board)
    seats = sorted({seat for here in pieces.values() for seat in here})
    on_map = Key("pieces", tuple((seat_letter(seat), seat_style(seat)) for seat in seats))
    cells: dict[tuple[int, int], MapCell] = {}
    for space in spaces.values():
        label, short = _label(board, space)
        cells[(space.x, space.y)] = MapCell(
            label,
            short,
            tuple(Glyph(seat_letter(s), seat_style(s), on_map) for s in pieces.get(space.id, ())),
            east=_path(board, space, by_cell.get((space.x + 1, space.y)), "-"),
            south=_path(board, space, by_cell.get((space.x, space.y + 1)), "|"),
            name=square_name(space.id),
        )
    return GridModel(cells, order=(SQUARE, TOKEN, SPRING, BOSS, BEATEN, CLOSED, on_map))


def _pieces(board: Board) -> dict[str, tuple[int, ...]]:
    """The seats on each space (none in the final battle and after: the map is done)."""
    if board.phase in ("final", "over"):
        return {}
    found: dict[str, tuple[int, ...]] = {}
    for seat, player in enumerate(board.players):
        if not player.out:
            found[player.space] = (*found.get(player.space, ()), seat)
    return found


def _closed(board: Board, space: Space | None) -> bool:
    return space is not None and space.closed_2p and len(board.players) == 2


def _label(board: Board, space: Space) -> tuple[tuple[Glyph, ...], tuple[Glyph, ...]]:
    """A space's code, and a shorter one for narrow cells."""
    if _closed(board, space):
        closed = (Glyph("x", "dim", CLOSED),)
        return closed, closed
    if space.kind == "spring":
        return (Glyph("SPR", "bold", SPRING),), (Glyph("S", "bold", SPRING),)
    if space.kind == "boss":
        code = boss_code(space.id)
        standing = any(b.space == space.id and b.cleared_by < 0 for b in board.bosses)
        if standing:
            return (Glyph(code, "bold", BOSS),), (Glyph(code[0], "bold", BOSS),)
        return (Glyph(code.lower(), "dim", BEATEN),), (Glyph(code[0].lower(), "dim", BEATEN),)
    number: tuple[Glyph, ...] = (Glyph(str(space.number), "", SQUARE),)
    if space.id in board.tokens:
        number = (*number, Glyph("*", TOKEN_STYLE, TOKEN))
    return number, number


def _path(board: Board, space: Space, other: Space | None, text: str) -> Glyph | None:
    """The joint to a neighbouring space: a path if the board links them (dim to a space
    closed with two players), else nothing."""
    if other is None or other.id not in content().board.edges[space.id]:
        return None
    closed = _closed(board, space) or _closed(board, other)
    return Glyph(text, "dim" if closed else "")


def render_map(view: View, names: tuple[str, ...]) -> RenderableType:
    """The map as a renderable (no decision marked), for where no grid widget is shown."""
    board = view.board
    if not isinstance(board, Board):
        return Text(str(board))
    model = school_map(view, names)
    return map_text(model, fit(model, 0))
