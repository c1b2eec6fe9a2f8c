"""Walls on cell sides, and tiles of cells that turn and move as one piece.

A cell's walls are a 4-bit mask, one bit per side (WALL_N, WALL_E, WALL_S, WALL_W); a clear
bit is an opening. Masks turn with their tile by rotating the bits, so a tile's data is written
once, in its printed orientation. A tile is a full rectangle of cells (demon-lord's 3x3 map
tiles, dungeoning's 1x2 map cards) with one wall mask per cell.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from core.grid.cells import Bounds, Cell, Direction, E, N, S, W
from core.records import dataclass

WALL_N = 1
WALL_E = 2
WALL_S = 4
WALL_W = 8
ALL_WALLS = WALL_N | WALL_E | WALL_S | WALL_W

SIDE: dict[Direction, int] = {N: WALL_N, E: WALL_E, S: WALL_S, W: WALL_W}
"""The wall bit on the side of a cell that faces `direction`."""


def walls_from_openings(openings: int) -> int:
    """The wall mask of a cell described by its openings (as dungeoning's cards are)."""
    return ALL_WALLS & ~openings


def rotate_walls(walls: int, quarter_turns: int) -> int:
    """A wall mask turned clockwise by `quarter_turns` x 90 degrees (N -> E -> S -> W -> N)."""
    turns = quarter_turns % 4
    return ((walls << turns) | (walls >> (4 - turns))) & ALL_WALLS


def opening(walls: int, direction: Direction) -> bool:
    """Whether a cell with `walls` is open on the side facing `direction` (orthogonal)."""
    return not walls & SIDE[direction]


def passage(walls: Mapping[Cell, int], a: Cell, b: Cell, cut_corners: bool = False) -> bool:
    """Whether a piece can step between the neighbouring cells `a` and `b`.

    Orthogonal neighbours: neither facing side has a wall (a wall printed on one side only
    still blocks, so the answer is the same both ways). Diagonal neighbours: the step passes
    the corner between them; it is open when both L-shaped routes round that corner are, or
    with `cut_corners` when either is. Cells missing from `walls` have none.
    """
    dx, dy = b[0] - a[0], b[1] - a[1]
    if abs(dx) + abs(dy) == 1:
        return opening(walls.get(a, 0), (dx, dy)) and opening(walls.get(b, 0), (-dx, -dy))
    if abs(dx) != 1 or abs(dy) != 1:
        raise ValueError(f"cells {a} and {b} are not neighbours")
    via_x, via_y = (b[0], a[1]), (a[0], b[1])
    by_x = passage(walls, a, via_x) and passage(walls, via_x, b)
    by_y = passage(walls, a, via_y) and passage(walls, via_y, b)
    return (by_x or by_y) if cut_corners else (by_x and by_y)


@dataclass(frozen=True, slots=True)
class Tile:
    """A `width` x `height` rectangle of cells; `walls` holds one mask per cell, row by row
    from the top-left, in the tile's own frame."""

    width: int
    height: int
    walls: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.walls) != self.width * self.height:
            raise ValueError(
                f"a {self.width}x{self.height} tile needs {self.width * self.height} wall "
                f"masks, not {len(self.walls)}"
            )

    def cells(self) -> Iterator[Cell]:
        """Every cell of the tile, row by row from the top."""
        return Bounds(self.width, self.height).cells()

    def walls_at(self, cell: Cell) -> int:
        return self.walls[cell[1] * self.width + cell[0]]


def rotate_cell(cell: Cell, quarter_turns: int, width: int, height: int) -> Cell:
    """Where a cell of a `width` x `height` tile lands when the tile turns clockwise by
    `quarter_turns` x 90 degrees (the turned tile's top-left is (0, 0) again)."""
    x, y = cell
    for _ in range(quarter_turns % 4):
        x, y = height - 1 - y, x
        width, height = height, width
    return (x, y)


def rotate_tile(tile: Tile, quarter_turns: int) -> Tile:
    """The tile turned clockwise by `quarter_turns` x 90 degrees: its cells move with
    `rotate_cell` and each cell's walls turn with it."""
    turns = quarter_turns % 4
    width, height = (tile.height, tile.width) if turns % 2 else (tile.width, tile.height)
    walls = [0] * (width * height)
    for cell in tile.cells():
        x, y = rotate_cell(cell, turns, tile.width, tile.height)
        walls[y * width + x] = rotate_walls(tile.walls_at(cell), turns)
    return Tile(width, height, tuple(walls))


def place_tile(tile: Tile, origin: Cell) -> dict[Cell, int]:
    """The tile's cells on the board, its top-left cell at `origin`, with their walls."""
    ox, oy = origin
    return {(ox + x, oy + y): tile.walls_at((x, y)) for x, y in tile.cells()}
