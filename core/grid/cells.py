"""Squares on a grid: coordinates, directions, distances, rays, lines of sight.

A cell is a plain `(x, y)` tuple of ints: x grows east, y grows south (row 0 is the top row, as
on the screen and in board.toml). Tuples are the cheapest hashable value Python has, which
matters in bot search loops, and they need no conversion at the edges. A direction is a cell
offset, so `step(cell, E)` is just an addition. Nothing here knows the play area: functions that
walk off it (rays, lines) return squares outside it too and leave the filtering to the caller,
because demon-lord counts off-map squares toward an attack's range.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Iterator
from itertools import pairwise

from core.records import dataclass

Cell = tuple[int, int]
"""A square, `(x, y)`; x grows east, y grows south."""

Direction = tuple[int, int]
"""A step between neighbouring squares, `(dx, dy)` with each part in -1..1."""

N: Direction = (0, -1)
NE: Direction = (1, -1)
E: Direction = (1, 0)
SE: Direction = (1, 1)
S: Direction = (0, 1)
SW: Direction = (-1, 1)
W: Direction = (-1, 0)
NW: Direction = (-1, -1)

FOUR: tuple[Direction, ...] = (N, E, S, W)
"""The orthogonal directions, clockwise from north."""

DIAGONALS: tuple[Direction, ...] = (NE, SE, SW, NW)

EIGHT: tuple[Direction, ...] = (N, NE, E, SE, S, SW, W, NW)
"""All eight directions (a king's moves), clockwise from north."""

DIRECTION_NAMES: dict[Direction, str] = {
    N: "N",
    NE: "NE",
    E: "E",
    SE: "SE",
    S: "S",
    SW: "SW",
    W: "W",
    NW: "NW",
}


@dataclass(frozen=True, slots=True)
class Bounds:
    """A `width` x `height` rectangle of cells with (0, 0) at its top-left corner."""

    width: int
    height: int

    def __contains__(self, cell: object) -> bool:
        if type(cell) is not tuple or len(cell) != 2:
            return False
        x, y = cell
        return bool(0 <= x < self.width and 0 <= y < self.height)

    def cells(self) -> Iterator[Cell]:
        """Every cell, row by row from the top."""
        for y in range(self.height):
            for x in range(self.width):
                yield (x, y)


def step(cell: Cell, direction: Direction, times: int = 1) -> Cell:
    return (cell[0] + direction[0] * times, cell[1] + direction[1] * times)


def manhattan(a: Cell, b: Cell) -> int:
    """Orthogonal steps between two cells (4-direction movement)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def chebyshev(a: Cell, b: Cell) -> int:
    """King steps between two cells (8-direction movement, arena ranges)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def adjacency(
    cells: Iterable[Cell],
    directions: Iterable[Direction],
    passage: Callable[[Cell, Cell], bool] | None = None,
) -> dict[Cell, tuple[Cell, ...]]:
    """The neighbour table of a play area: each cell's neighbours, in `directions` order, that
    are in the area and that `passage(cell, neighbour)` allows (walls, corner rules).

    Build it once per board position and give `table.__getitem__` to the searches: a dict
    lookup is the cheapest neighbour function there is (python-chess precomputes its attack
    tables the same way).
    """
    area = frozenset(cells)
    steps = tuple(directions)
    table: dict[Cell, tuple[Cell, ...]] = {}
    for cell in area:
        x, y = cell
        table[cell] = tuple(
            there
            for dx, dy in steps
            if (there := (x + dx, y + dy)) in area and (passage is None or passage(cell, there))
        )
    return table


def ray(
    origin: Cell,
    direction: Direction,
    length: int,
    stop: Callable[[Cell], bool] | None = None,
) -> tuple[Cell, ...]:
    """The `length` cells after `origin` in a straight line, off the play area or not.

    Off-map cells are returned like any other, so they count toward the length (demon-lord's
    rule); keep `cell in area` ones for the squares actually hit. With `stop`, the ray ends at
    the first cell for which it is true, that cell included (the body or wall it runs into).
    """
    x, y = origin
    dx, dy = direction
    cells: list[Cell] = []
    for i in range(1, length + 1):
        cell = (x + dx * i, y + dy * i)
        cells.append(cell)
        if stop is not None and stop(cell):
            break
    return tuple(cells)


def line(a: Cell, b: Cell) -> tuple[Cell, ...]:
    """The cells of a Bresenham line from `a` to `b`, both ends included; consecutive cells are
    king steps apart.

    Each cell is the segment's exact point on that column (or row) rounded to the nearest cell,
    a tie always to the larger coordinate. Plain Bresenham breaks ties toward where it started,
    so A->B and B->A differ; here they don't (`line(b, a) == line(a, b)[::-1]`), which is what
    makes sight symmetric.
    """
    (x0, y0), (x1, y1) = a, b
    dx, dy = x1 - x0, y1 - y0
    major = max(abs(dx), abs(dy))
    if major == 0:
        return (a,)
    return tuple(
        (x0 + _div_round(i * dx, major), y0 + _div_round(i * dy, major)) for i in range(major + 1)
    )


def _div_round(numerator: int, denominator: int) -> int:
    """numerator / denominator rounded to the nearest int, halves up (denominator > 0).

    Rounding halves up, not away from zero, is what keeps lines symmetric: adding the start's
    whole coordinate does not change which way a half goes."""
    return (2 * numerator + denominator) // (2 * denominator)


def line_of_sight(
    a: Cell,
    b: Cell,
    opaque: Callable[[Cell], bool] | None = None,
    blocked: Callable[[Cell, Cell], bool] | None = None,
) -> bool:
    """Whether `a` sees `b` along `line(a, b)`.

    `opaque(cell)` is asked about the cells strictly between the ends (a wall square, a body
    that blocks); `blocked(p, q)` about each step of the line (a wall between two cells, see
    `tiles.passage`). Sight is symmetric (`a` sees `b` iff `b` sees `a`) whenever `blocked` is.
    """
    cells = line(a, b)
    if opaque is not None and any(opaque(cell) for cell in cells[1:-1]):
        return False
    return blocked is None or not any(blocked(p, q) for p, q in pairwise(cells))


def within(cells: Iterable[Cell], area: Container[Cell]) -> tuple[Cell, ...]:
    """The cells that are inside `area` (a Bounds, or a set of cells), in order."""
    return tuple(cell for cell in cells if cell in area)
