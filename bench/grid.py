"""core.grid's costs on the largest boards the grid games use (about 12x12): prints figures,
asserts nothing. Run: python bench/grid.py [--quick]

- import: loading core.grid, the standard modules it uses already loaded (the app measures
  its start-up; networkx takes about 85 ms);
- adjacency: building a 12x12 neighbour table (once per board position);
- cheapest: the cost search from the middle of an open 12x12 board, and Dangerous's
  destinations on a real game's states;
- exact paths: demon-lord's exact-length moves on a 12x12 board, by length;
- line of sight: one check between two cells of a 12x12 board with a wall across it.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

# The standard modules core.grid uses are loaded by the app anyway: time core.grid's own cost.
import collections, dataclasses, itertools, typing  # noqa: E401, E402, F401, I001

_start = time.perf_counter()
import core.grid as grid  # noqa: E402

IMPORT_SECONDS = time.perf_counter() - _start

from core.games.dangerous.board import destinations  # noqa: E402
from core.simulate import play_one  # noqa: E402

BOARD = grid.Bounds(12, 12)
MIDDLE = (6, 6)


def per_call(work: Callable[[], object], repeat: int) -> float:
    """Seconds per call, the best of three runs of `repeat` calls."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(repeat):
            work()
        best = min(best, (time.perf_counter() - start) / repeat)
    return best


def show(label: str, seconds: float, note: str = "") -> None:
    print(f"{label}".ljust(44) + f": {seconds * 1e6:10.1f} us" + (f"  ({note})" if note else ""))


def bench(repeat: int) -> None:
    print(f"{'import core.grid'.ljust(44)}: {IMPORT_SECONDS * 1e3:10.2f} ms")
    four = grid.adjacency(BOARD.cells(), grid.FOUR)
    eight = grid.adjacency(BOARD.cells(), grid.EIGHT)
    show(
        "adjacency 12x12, 8 directions",
        per_call(lambda: grid.adjacency(BOARD.cells(), grid.EIGHT), repeat),
    )
    for budget in (3, 6, 24):

        def cheapest(b: int = budget) -> object:
            return grid.cheapest(MIDDLE, eight.__getitem__, b)

        show(f"cheapest 12x12, 8 directions, budget {budget}", per_call(cheapest, repeat))
    pieces = {(x, 4) for x in range(2, 10)}
    show(
        "cheapest 12x12, 4 dirs, free pieces, budget 6",
        per_call(
            lambda: grid.cheapest(
                MIDDLE,
                four.__getitem__,
                6,
                cost=lambda here, there: 0 if there in pieces else 1,
            ),
            repeat,
        ),
    )
    for steps in (2, 3, 5, 7):
        found = grid.exact_paths(MIDDLE, four.__getitem__, steps)

        def paths(s: int = steps) -> object:
            return grid.exact_paths(MIDDLE, four.__getitem__, s)

        show(
            f"exact paths 12x12, 4 directions, {steps} steps",
            per_call(paths, max(1, repeat // steps**2)),
            f"{len(found)} destinations",
        )
    wall = {(6, y) for y in range(2, 10)}
    show(
        "line of sight 12x12, corner to corner",
        per_call(lambda: grid.line_of_sight((0, 0), (11, 7), wall.__contains__), repeat * 10),
    )
    table = play_one("dangerous", 4, 1, "heuristic")
    states = [table._state_at(position) for position in range(40, len(table), 25)]
    states = [s for s in states if all(p.space for p in s.players)]

    def every_state() -> None:
        for state in states:
            for seat in range(4):
                destinations(state, seat, 5)

    calls = len(states) * 4
    show(
        "dangerous destinations, movement 5",
        per_call(every_state, max(1, repeat // calls)) / calls,
        f"{len(states)} states of a 4-player game",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    args = parser.parse_args()
    bench(100 if args.quick else 1000)


if __name__ == "__main__":
    main()
