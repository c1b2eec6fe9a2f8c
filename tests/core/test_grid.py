"""core.grid: properties of the geometry and the searches (hypothesis, derandomized), and the
situations of the grid games' rulebooks (seeds 001 demon-lord, 003 dungeoning, 004 arena)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import pairwise, product

from hypothesis import given, settings
from hypothesis import strategies as st

from core.grid import (
    ALL_WALLS,
    EIGHT,
    FOUR,
    WALL_E,
    WALL_N,
    WALL_S,
    WALL_W,
    Bounds,
    Cell,
    Direction,
    E,
    N,
    Reach,
    S,
    Tile,
    W,
    adjacency,
    cheapest,
    chebyshev,
    connected,
    exact_paths,
    line,
    line_of_sight,
    manhattan,
    opening,
    passage,
    place_tile,
    ray,
    rotate_cell,
    rotate_tile,
    rotate_walls,
    step,
    walls_from_openings,
    within,
)

PROPERTIES = settings(max_examples=100, deadline=None, database=None, derandomize=True)

cells = st.tuples(st.integers(-9, 9), st.integers(-9, 9))
directions = st.sampled_from(EIGHT)
masks = st.integers(0, ALL_WALLS)


@st.composite
def boards(draw: st.DrawFn, most: int = 4) -> tuple[Bounds, frozenset[Cell], Cell]:
    """A small rectangle, some cells of it (a set of marked squares) and a cell of it."""
    bounds = Bounds(draw(st.integers(1, most)), draw(st.integers(1, most)))
    every = list(bounds.cells())
    marked = draw(st.frozensets(st.sampled_from(every)))
    return bounds, marked, draw(st.sampled_from(every))


@st.composite
def tiles(draw: st.DrawFn) -> Tile:
    width, height = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    return Tile(width, height, tuple(draw(masks) for _ in range(width * height)))


def wall_passage(walls: dict[Cell, int]) -> Callable[[Cell, Cell], bool]:
    return lambda a, b: passage(walls, a, b)


# --- distances, rays and lines ---------------------------------------------------------------


@PROPERTIES
@given(cells, cells, cells)
def test_distances_are_symmetric_metrics(a: Cell, b: Cell, c: Cell) -> None:
    assert manhattan(a, b) == manhattan(b, a) and chebyshev(a, b) == chebyshev(b, a)
    assert (manhattan(a, a), chebyshev(a, a)) == (0, 0)
    assert chebyshev(a, b) <= manhattan(a, b) <= 2 * chebyshev(a, b)
    assert manhattan(a, c) <= manhattan(a, b) + manhattan(b, c)
    assert chebyshev(a, c) <= chebyshev(a, b) + chebyshev(b, c)


def test_distances_by_hand() -> None:
    assert manhattan((1, 1), (4, 3)) == 5
    assert chebyshev((1, 1), (4, 3)) == 3
    assert step((2, 2), N) == (2, 1) and step((2, 2), E, 3) == (5, 2)


@PROPERTIES
@given(cells, directions, st.integers(0, 8), st.integers(1, 6), st.integers(1, 6))
def test_rays_count_every_square_on_or_off_the_map(
    origin: Cell, direction: Direction, length: int, width: int, height: int
) -> None:
    cells_ = ray(origin, direction, length)
    assert cells_ == tuple(step(origin, direction, i) for i in range(1, length + 1))
    assert [chebyshev(origin, cell) for cell in cells_] == list(range(1, length + 1))
    bounds = Bounds(width, height)
    hits = within(cells_, bounds)
    assert all(cell in bounds for cell in hits)
    assert len(hits) == sum(cell in bounds for cell in cells_)


@PROPERTIES
@given(cells, directions, st.integers(0, 8), st.frozensets(cells))
def test_a_ray_ends_on_the_first_square_that_stops_it(
    origin: Cell, direction: Direction, length: int, bodies: frozenset[Cell]
) -> None:
    full = ray(origin, direction, length)
    stopped = ray(origin, direction, length, stop=bodies.__contains__)
    first = next((i for i, cell in enumerate(full) if cell in bodies), len(full) - 1)
    assert stopped == full[: first + 1]


def test_demon_lord_range_counts_squares_outside_the_area() -> None:
    # 001 用語解説 攻撃範囲: range 4 from the attacker: a normal square (hit), two squares
    # outside the area, a normal square (hit), then a normal square out of range (not hit).
    area = {(0, 0), (1, 0), (4, 0), (5, 0)}
    assert ray((0, 0), E, 4) == ((1, 0), (2, 0), (3, 0), (4, 0))
    assert within(ray((0, 0), E, 4), area) == ((1, 0), (4, 0))
    # A goblin (1 direction, 2 squares) at the area's edge still hits only what is on the map.
    assert within(ray((0, 0), W, 2), area) == ()


@PROPERTIES
@given(cells, cells)
def test_lines_are_the_same_both_ways(a: Cell, b: Cell) -> None:
    drawn = line(a, b)
    assert drawn[0] == a and drawn[-1] == b
    assert line(b, a) == drawn[::-1]
    assert len(drawn) == chebyshev(a, b) + 1
    assert all(chebyshev(p, q) == 1 for p, q in pairwise(drawn))


def test_lines_by_hand() -> None:
    assert line((0, 0), (4, 2)) == ((0, 0), (1, 1), (2, 1), (3, 2), (4, 2))
    assert line((4, 2), (0, 0)) == ((4, 2), (3, 2), (2, 1), (1, 1), (0, 0))
    assert line((0, 0), (0, 3)) == ((0, 0), (0, 1), (0, 2), (0, 3))
    assert line((2, 2), (2, 2)) == ((2, 2),)


@PROPERTIES
@given(boards(most=8), st.data())
def test_line_of_sight_is_symmetric(
    board: tuple[Bounds, frozenset[Cell], Cell], data: st.DataObject
) -> None:
    bounds, opaque, a = board
    b = data.draw(st.sampled_from(list(bounds.cells())))
    walls = data.draw(st.dictionaries(st.sampled_from(list(bounds.cells())), masks))
    open_ = wall_passage(walls)

    def walled(p: Cell, q: Cell) -> bool:
        return not open_(p, q)

    assert line_of_sight(a, b, opaque.__contains__) == line_of_sight(b, a, opaque.__contains__)
    assert line_of_sight(a, b, blocked=walled) == line_of_sight(b, a, blocked=walled)
    assert line_of_sight(a, b, opaque.__contains__, walled) == line_of_sight(
        b, a, opaque.__contains__, walled
    )


def test_arena_wall_squares_block_sight_but_not_the_ends() -> None:
    # 004 + rules-analysis E.3 gap 6: LoS is a straight line not crossing wall squares; heroes
    # at either end do not block their own line; adjacent heroes always see each other.
    wall = {(3, 1), (3, 2), (3, 3)}  # a 3x1 wall tile
    assert not line_of_sight((1, 2), (5, 2), wall.__contains__)
    assert not line_of_sight((5, 2), (1, 2), wall.__contains__)
    assert line_of_sight((1, 0), (5, 0), wall.__contains__)
    assert line_of_sight((2, 2), (3, 2), wall.__contains__)
    # (1, 4) -> (5, 2) passes the wall's end (3, 3); one row lower, (3, 4), it does not.
    assert line((1, 4), (5, 2))[2] == (3, 3)
    assert not line_of_sight((1, 4), (5, 2), wall.__contains__)
    assert line_of_sight((1, 5), (5, 3), wall.__contains__)


def test_walls_between_cells_block_sight() -> None:
    walls = {(1, 0): WALL_E}  # a wall between (1, 0) and (2, 0)
    open_ = wall_passage(walls)
    assert not line_of_sight((0, 0), (3, 0), blocked=lambda p, q: not open_(p, q))
    assert line_of_sight((0, 1), (3, 1), blocked=lambda p, q: not open_(p, q))


# --- walls and tiles -------------------------------------------------------------------------


@PROPERTIES
@given(masks, st.integers(-8, 8))
def test_wall_masks_turn_a_side_at_a_time(walls: int, turns: int) -> None:
    assert rotate_walls(rotate_walls(walls, turns), -turns) == walls
    assert rotate_walls(walls, 4) == walls
    assert rotate_walls(walls, turns).bit_count() == walls.bit_count()
    assert walls_from_openings(walls_from_openings(walls)) == walls


def test_wall_masks_by_hand() -> None:
    assert rotate_walls(WALL_N, 1) == WALL_E
    assert rotate_walls(WALL_N | WALL_W, 1) == WALL_N | WALL_E
    assert rotate_walls(WALL_N | WALL_E, 2) == WALL_S | WALL_W
    assert rotate_walls(WALL_E, -1) == WALL_N
    assert walls_from_openings(WALL_N | WALL_S) == WALL_E | WALL_W


@PROPERTIES
@given(st.dictionaries(cells, masks), cells, directions)
def test_passage_is_the_same_both_ways(walls: dict[Cell, int], a: Cell, d: Direction) -> None:
    b = step(a, d)
    assert passage(walls, a, b) == passage(walls, b, a)
    assert passage(walls, a, b, cut_corners=True) == passage(walls, b, a, cut_corners=True)
    assert passage(walls, a, b) <= passage(walls, a, b, cut_corners=True)


def test_diagonal_steps_round_a_wall_end() -> None:
    walls = {(0, 0): WALL_E}  # a short wall on the east side of (0, 0) only
    assert passage(walls, (0, 1), (1, 1)) and not passage(walls, (0, 0), (1, 0))
    assert not passage(walls, (0, 0), (1, 1))  # the wall touches the corner passed
    assert passage(walls, (0, 0), (1, 1), cut_corners=True)  # round it by (0, 1)
    long_wall = {(0, 0): WALL_E, (0, 1): WALL_E}
    assert not passage(long_wall, (0, 0), (1, 1), cut_corners=True)


@PROPERTIES
@given(tiles(), st.integers(-5, 5))
def test_four_quarter_turns_are_the_identity(tile: Tile, turns: int) -> None:
    assert rotate_tile(rotate_tile(tile, 1), 3) == tile
    assert rotate_tile(tile, 4) == tile
    assert rotate_tile(rotate_tile(tile, turns), 1) == rotate_tile(tile, turns + 1)
    once = rotate_cell((0, 0), 1, tile.width, tile.height)
    twice = rotate_cell(once, 1, tile.height, tile.width)
    assert twice == rotate_cell((0, 0), 2, tile.width, tile.height)


@PROPERTIES
@given(tiles(), st.integers(0, 3), st.sampled_from([FOUR, EIGHT]))
def test_turning_a_tile_keeps_its_passages_and_connectivity(
    tile: Tile, turns: int, steps: tuple[Direction, ...]
) -> None:
    turned = rotate_tile(tile, turns)
    before = place_tile(tile, (0, 0))
    after = place_tile(turned, (0, 0))

    def moved(cell: Cell) -> Cell:
        return rotate_cell(cell, turns, tile.width, tile.height)

    for a in before:
        for d in steps:
            b = step(a, d)
            if b in before:
                assert passage(before, a, b) == passage(after, moved(a), moved(b))
    connected_before = connected(before, adjacency(before, steps, wall_passage(before)).__getitem__)
    connected_after = connected(after, adjacency(after, steps, wall_passage(after)).__getitem__)
    assert connected_before == connected_after


def test_dungeoning_rotate_trap_turns_a_map_card_upside_down() -> None:
    # 003 迴轉: the map card turns 180 degrees, its upper and lower cells swap and so do
    # their openings. Upper cell open south and east; lower cell open north only.
    card = Tile(1, 2, (walls_from_openings(WALL_S | WALL_E), walls_from_openings(WALL_N)))
    turned = rotate_tile(card, 2)
    assert turned.walls_at((0, 1)) == walls_from_openings(WALL_N | WALL_W)
    assert turned.walls_at((0, 0)) == walls_from_openings(WALL_S)
    assert rotate_cell((0, 0), 2, 1, 2) == (0, 1)  # a meeple on the upper cell ends below
    # 移動: a hero moves only through an opening of the wall of the cell it is on.
    board = place_tile(card, (3, 0))
    assert opening(board[(3, 0)], E) and not opening(board[(3, 0)], W)
    assert opening(board[(3, 0)], S) and passage(board, (3, 0), (3, 1))


def test_dungeoning_openings_of_the_current_cell_and_of_both_cells() -> None:
    # Cell (0, 0) is open east; its neighbour (1, 0) has a wall on its west side. Read
    # literally (003 移動), only the current cell's opening matters; passage() wants both.
    board = {(0, 0): walls_from_openings(WALL_E), (1, 0): ALL_WALLS}
    assert opening(board[(0, 0)], E)
    assert not passage(board, (0, 0), (1, 0))


def test_demon_lord_tile_turn_carries_its_pieces() -> None:
    # 001 マップ変更①: a 3x3 tile turns in place; a hero on its top-left square ends on the
    # top-right one, a mark on the right edge's middle ends on the bottom edge's middle.
    tile = Tile(3, 3, (0,) * 9)
    assert rotate_cell((0, 0), 1, 3, 3) == (2, 0)
    assert rotate_cell((2, 1), 1, 3, 3) == (1, 2)
    assert rotate_cell((1, 1), 3, 3, 3) == (1, 1)
    assert place_tile(rotate_tile(tile, 1), (3, 6)) == place_tile(tile, (3, 6))


def test_demon_lord_tile_move_may_not_leave_an_island() -> None:
    # 001 マップ変更②: 3x3 tiles in the middle of a 5x5 grid of slots; moving a tile is
    # refused if the tiles no longer hang together.
    def slots_next_to(slot: Cell) -> list[Cell]:
        return [step(slot, d) for d in FOUR]

    tiles_ = {(x, y) for x in range(1, 4) for y in range(1, 4)}
    assert connected(tiles_, slots_next_to)
    # The top-right tile to the slot left of the left column: still one piece.
    assert connected(tiles_ - {(3, 1)} | {(0, 2)}, slots_next_to)
    # The middle-right tile to a far corner: an island.
    assert not connected(tiles_ - {(3, 2)} | {(0, 0)}, slots_next_to)
    # A ring's middle may go; a bridge may not.
    assert connected(tiles_ - {(2, 2)}, slots_next_to)
    bridge = {(0, 0), (1, 0), (2, 0)}
    assert not connected(bridge - {(1, 0)}, slots_next_to)
    assert connected((), slots_next_to)


# --- searches --------------------------------------------------------------------------------


def brute_costs(
    start: Cell,
    neighbours: Callable[[Cell], Iterable[Cell]],
    budget: int,
    cost: Callable[[Cell, Cell], int],
    stops: Callable[[Cell], bool],
    closed: Callable[[Cell], bool],
) -> dict[Cell, int]:
    """The cheapest cost to every cell over every simple path (a cheapest walk never needs to
    repeat a cell when steps cost 0 or more)."""
    best = {start: 0}

    def walk(here: Cell, spent: int, seen: frozenset[Cell]) -> None:
        for there in neighbours(here):
            if there in seen or closed(there):
                continue
            total = spent + cost(here, there)
            if total > budget:
                continue
            best[there] = min(best.get(there, total), total)
            if not stops(there):
                walk(there, total, seen | {there})

    walk(start, 0, frozenset([start]))
    return best


@PROPERTIES
@given(
    st.one_of(
        st.tuples(boards(most=4), st.just(FOUR)),
        st.tuples(boards(most=3), st.just(EIGHT)),
    ),
    st.data(),
    st.integers(0, 5),
)
def test_cheapest_costs_equal_a_brute_force_search(
    board: tuple[tuple[Bounds, frozenset[Cell], Cell], tuple[Direction, ...]],
    data: st.DataObject,
    budget: int,
) -> None:
    (bounds, free, start), steps = board
    every = list(bounds.cells())
    stopping = data.draw(st.frozensets(st.sampled_from(every)))
    shut = data.draw(st.frozensets(st.sampled_from(every)))
    table = adjacency(bounds.cells(), steps)

    def cost(here: Cell, there: Cell) -> int:
        return 0 if there in free else 1

    reach = cheapest(
        start, table.__getitem__, budget, cost, stopping.__contains__, shut.__contains__
    )
    expected = brute_costs(
        start, table.__getitem__, budget, cost, stopping.__contains__, shut.__contains__
    )
    assert reach.costs == expected
    for end, total in reach.costs.items():
        path = reach.path(end)
        assert path[0] == start and path[-1] == end
        assert all(b in table[a] and b not in shut for a, b in pairwise(path))
        assert not any(cell in stopping for cell in path[1:-1])
        assert sum(cost(a, b) for a, b in pairwise(path)) == total


def test_cheapest_on_a_graph_of_named_spaces() -> None:
    # Dangerous's rule, on a line of spaces: crossing a piece is free, a token ends the move,
    # a closed space is never entered; the start is left even if a token-like stop is on it.
    edges = {
        "spring": ("a", "closed"),
        "a": ("spring", "b"),
        "b": ("a", "token"),
        "token": ("b", "c"),
        "c": ("token",),
        "closed": ("spring",),
    }
    reach = cheapest(
        "spring",
        edges.__getitem__,
        budget=2,
        cost=lambda here, there: 0 if there == "a" else 1,
        stops=lambda space: space in ("token", "spring"),
        closed=lambda space: space == "closed",
    )
    assert reach.costs == {"spring": 0, "a": 0, "b": 1, "token": 2}
    assert reach.path("token") == ("spring", "a", "b", "token")
    assert reach.path("spring") == ("spring",)


def test_a_step_costs_zero_or_one() -> None:
    try:
        cheapest((0, 0), adjacency(Bounds(2, 1).cells(), FOUR).__getitem__, cost=lambda a, b: 2)
    except ValueError as error:
        assert str(error) == "a step costs 0 or 1, not 2"
    else:
        raise AssertionError("a step of 2 was accepted")


def test_arena_move_through_allies_and_the_counter_attack_check() -> None:
    # 004 移動: 8 directions, walls stop a step, an ally's square may be crossed but not
    # ended on, an enemy's is not entered; moving away from a square next to an enemy draws a
    # counter-attack (反撃), found on the path the search returns.
    wall = {(2, 0), (2, 1), (2, 2)}
    allies = {(1, y) for y in range(6)}  # a whole column of allies
    enemy = (4, 4)
    table = adjacency((cell for cell in Bounds(6, 6).cells() if cell not in wall), EIGHT)

    def move(hero: Cell, budget: int) -> Reach[Cell]:
        return cheapest(hero, table.__getitem__, budget, closed=lambda cell: cell == enemy)

    def counters(path: tuple[Cell, ...]) -> bool:
        return any(chebyshev(cell, enemy) == 1 for cell in path[:-1])

    reach = move((0, 2), 4)
    ends = {cell for cell in reach.costs if cell not in allies}
    assert reach.costs[(2, 3)] == 2 and reach.path((2, 3))[1] in allies
    assert not ends & allies and enemy not in ends
    assert (3, 0) not in ends  # round the wall's end: 5 steps
    assert not counters(reach.path((2, 3)))
    away = move((3, 3), 2)  # (3, 3) is next to the enemy: leaving it draws a counter
    assert counters(away.path((3, 1)))
    assert not counters(away.path((3, 3)))  # staying put is no move


@PROPERTIES
@given(
    st.one_of(
        st.tuples(boards(most=4), st.just(FOUR), st.integers(0, 5)),
        st.tuples(boards(most=3), st.just(EIGHT), st.integers(0, 3)),
    )
)
def test_exact_paths_are_simple_and_exactly_n_steps_long(
    case: tuple[tuple[Bounds, frozenset[Cell], Cell], tuple[Direction, ...], int],
) -> None:
    (bounds, shut, start), steps, length = case
    table = adjacency(bounds.cells(), steps)
    found = exact_paths(start, table.__getitem__, length, shut.__contains__)
    for end, path in found.items():
        assert len(path) == length + 1 and len(set(path)) == len(path)
        assert path[0] == start and path[-1] == end
        assert all(b in table[a] and b not in shut for a, b in pairwise(path))
    # Every walk of `length` steps that repeats no cell, tried one by one.
    ends = set()
    for walk in product(steps, repeat=length):
        cells_ = [start]
        for d in walk:
            cells_.append(step(cells_[-1], d))
        inside = all(cell in bounds and cell not in shut for cell in cells_[1:])
        if inside and len(set(cells_)) == len(cells_):
            ends.add(cells_[-1])
    assert set(found) == ends


def test_demon_lord_moves_exactly_its_move_value() -> None:
    # 001 移動: a move of Move squares, no stopping partway, crossing heroes and monsters
    # but never ending on one. Move 2: start, empty, monster: no. Move 3: start, monster,
    # hero, empty: yes.
    strip = adjacency(((x, 0) for x in range(5)), FOUR)
    monster, hero = (1, 0), (2, 0)
    pieces = {monster, hero}
    two = {end for end in exact_paths((0, 0), strip.__getitem__, 2) if end not in pieces}
    assert two == set()
    three = exact_paths((0, 0), strip.__getitem__, 3)
    assert three == {(3, 0): ((0, 0), (1, 0), (2, 0), (3, 0))}
    # On an open 3x3 tile, Move 2 from a corner can never end one step away.
    tile = adjacency(Bounds(3, 3).cells(), FOUR)
    assert set(exact_paths((0, 0), tile.__getitem__, 2)) == {(2, 0), (1, 1), (0, 2)}
    assert exact_paths((0, 0), tile.__getitem__, 0) == {(0, 0): ((0, 0),)}
    assert exact_paths((0, 0), tile.__getitem__, 9) == {}


def test_dungeoning_walls_and_the_warrior() -> None:
    # 003 移動 through openings; 戰士 moves ignoring walls but not off the grid; 傳送 measures
    # the nearest hero by cells, walls ignored (rules-analysis D.3 gap 8: Manhattan).
    bounds = Bounds(2, 2)
    walls = {(0, 0): WALL_E | WALL_S, (1, 0): WALL_W, (0, 1): WALL_N, (1, 1): 0}
    ways = adjacency(bounds.cells(), FOUR, wall_passage(walls))
    assert ways[(0, 0)] == ()
    assert set(cheapest((1, 0), ways.__getitem__).costs) == {(1, 0), (1, 1), (0, 1)}
    assert not connected(bounds.cells(), ways.__getitem__)
    warrior = adjacency(bounds.cells(), FOUR)
    assert warrior[(0, 0)] == ((1, 0), (0, 1))
    assert manhattan((0, 0), (1, 1)) == 2


def test_bounds() -> None:
    bounds = Bounds(3, 2)
    assert list(bounds.cells()) == [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]
    assert (2, 1) in bounds and (3, 1) not in bounds and (-1, 0) not in bounds
    assert "ab" not in bounds and (1, 2, 3) not in bounds
    assert adjacency(bounds.cells(), (S, W))[(1, 0)] == ((1, 1), (0, 0))
