"""The school map as a grid model (tui/widgets/gridmap.py draws it).

Each space of content().board sits on its grid cell (x, y from board.toml). A normal square
shows its number (what the Lv2 die rolls for), `*` when a Lv2 token is on it; the spring is SPR,
a boss space its three letters (lower case and dim once its bosses are beaten), a space closed
in a 2-player game `x`; a narrow cell with pieces on it shortens a code to its first letter.
Pieces are their seats' letters in their colour blocks (seat_style), after the place's code,
which always shows. Ways between spaces are `-` and `|` (dim to a closed space). Everything
drawn has its legend entry (KEYS, and the pieces'), so the legend under the map explains
exactly what is shown.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from core.games.base import View
from core.games.dangerous.content import Space, content
from core.games.dangerous.view import Board
from core.i18n import N_, Translator
from tui.boards.dangerous.common import boss_code, seat_letter, seat_style, square_name
from tui.widgets.gridmodel import Glyph, GridModel, Key, MapCell, fit, key, map_text

SQUARE = key("1-6", N_("square"))
TOKEN_STYLE = "bold yellow"
TOKEN = key("*", N_("Lv2"), TOKEN_STYLE)
SPRING = key("SPR", N_("spring"), "bold")
SPRING_SHORT = key("S", N_("spring"), "bold")
BOSS = key("BAN", N_("boss"), "bold")
BOSS_SHORT = key("B", N_("boss"), "bold")
BEATEN = key("ban", N_("beaten"), "dim")
BEATEN_SHORT = key("b", N_("beaten"), "dim")
CLOSED = Key(N_("closed (2 players)"), (("-", "dim"), ("x", "dim")))
WAY = Key(N_("way"), (("-", ""), ("|", "")))
KEYS = (
    SQUARE,
    TOKEN,
    SPRING,
    SPRING_SHORT,
    BOSS,
    BOSS_SHORT,
    BEATEN,
    BEATEN_SHORT,
    CLOSED,
    WAY,
)
"""Every entry the map's legend can have, but the pieces' (which depend on the seats)."""


def school_map(view: View, names: tuple[str, ...]) -> GridModel:
    """The map as the view shows it: tokens, pieces, bosses standing or beaten."""
    board = view.board
    assert isinstance(board, Board)
    spaces = content().board.spaces
    by_cell = {(space.x, space.y): space for space in spaces.values()}
    pieces = _pieces(board, view.seat)
    seats = sorted({seat for here in pieces.values() for seat in here})
    on_map = Key(N_("pieces"), tuple((seat_letter(seat), seat_style(seat)) for seat in seats))
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
    return GridModel(cells, order=(*KEYS, on_map))


def _pieces(board: Board, viewer: int | None) -> dict[str, tuple[int, ...]]:
    """The seats on each space, the viewer's own piece first (a narrow cell shows as many as
    fit); none in the final battle and after: the map is done."""
    if board.phase in ("final", "over"):
        return {}
    found: dict[str, tuple[int, ...]] = {}
    seats = sorted(range(len(board.players)), key=lambda seat: seat != viewer)
    for seat in seats:
        player = board.players[seat]
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
        return (Glyph("SPR", "bold", SPRING),), (Glyph("S", "bold", SPRING_SHORT),)
    if space.kind == "boss":
        code = boss_code(space.id)
        standing = any(b.space == space.id and b.cleared_by < 0 for b in board.bosses)
        if standing:
            return (Glyph(code, "bold", BOSS),), (Glyph(code[0], "bold", BOSS_SHORT),)
        beaten = code.lower()
        return (Glyph(beaten, "dim", BEATEN),), (Glyph(beaten[0], "dim", BEATEN_SHORT),)
    number: tuple[Glyph, ...] = (Glyph(str(space.number), "", SQUARE),)
    if space.id in board.tokens:
        number = (*number, Glyph("*", TOKEN_STYLE, TOKEN))
    return number, number


def _path(board: Board, space: Space, other: Space | None, text: str) -> Glyph | None:
    """The joint to a neighbouring space: a path if the board links them (dim to a space
    closed with two players), else nothing."""
    if other is None or other.id not in content().board.edges[space.id]:
        return None
    if _closed(board, space) or _closed(board, other):
        return Glyph(text, "dim", CLOSED)
    return Glyph(text, "", WAY)


def render_map(view: View, names: tuple[str, ...], _: Translator | None = None) -> RenderableType:
    """The map as a renderable (no decision marked), for where no grid widget is shown."""
    board = view.board
    if not isinstance(board, Board):
        return Text(str(board))
    model = school_map(view, names)
    return map_text(model, fit(model, 0), _=_)
