"""Searches over any board given as a neighbour function: a graph of named spaces (Dangerous's
school map, `board.edges.__getitem__`) or a grid of cells (`adjacency(...).__getitem__`).

- `cheapest`: the cheapest cost to every place in reach, with steps that cost 0 or 1 (passing
  a piece can be free), places that end a move and closed places; it keeps each place's
  predecessor so a path can be rebuilt and checked.
- `exact_paths`: the places at the end of a path of exactly N steps that visits no place twice.
- `connected`: whether a set of places (cells, tiles, map slots) hangs together.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable
from typing import Generic, TypeVar

from core.records import dataclass

Node = TypeVar("Node", bound=Hashable)

Neighbours = Callable[[Node], Iterable[Node]]


@dataclass(frozen=True)
class Reach(Generic[Node]):
    """What `cheapest` found: the cost of every place in reach (the start costs 0) and, for
    every place but the start, the place it is entered from on one cheapest path."""

    start: Node
    costs: dict[Node, int]
    previous: dict[Node, Node]

    def path(self, to: Node) -> tuple[Node, ...]:
        """One cheapest path from the start to `to`, both ends included."""
        if to not in self.costs:
            raise KeyError(f"{to!r} is out of reach")
        path = [to]
        while path[-1] != self.start:
            path.append(self.previous[path[-1]])
        return tuple(reversed(path))


def cheapest(
    start: Node,
    neighbours: Neighbours[Node],
    budget: int | None = None,
    cost: Callable[[Node, Node], int] | None = None,
    stops: Callable[[Node], bool] | None = None,
    closed: Callable[[Node], bool] | None = None,
) -> Reach[Node]:
    """The cheapest way from `start` to every place in reach (a 0-1 breadth-first search).

    - `cost(here, there)` is the price of a step, 0 or 1 (1 when not given): Dangerous's pieces
      cross an occupied space for free.
    - `budget`: places that would cost more are out of reach.
    - `stops(place)`: entering it ends the move (a Lv2 token, a boss); it is reached but not
      passed. The start is always left, whatever stands on it.
    - `closed(place)`: never entered (a space shut with two players, a wall square).
    """
    costs: dict[Node, int] = {start: 0}
    previous: dict[Node, Node] = {}
    settled: set[Node] = set()
    queue: deque[Node] = deque([start])
    while queue:
        here = queue.popleft()
        # A place can be queued twice (first at a price, then cheaper); its first turn here is
        # at its final cost, as in Dijkstra's algorithm with a two-level queue.
        if here in settled:
            continue
        settled.add(here)
        if stops is not None and here != start and stops(here):
            continue
        spent = costs[here]
        for there in neighbours(here):
            if closed is not None and closed(there):
                continue
            price = 1 if cost is None else cost(here, there)
            if price not in (0, 1):
                raise ValueError(f"a step costs 0 or 1, not {price}")
            total = spent + price
            if (budget is not None and total > budget) or total >= costs.get(there, total + 1):
                continue
            costs[there] = total
            previous[there] = here
            if price:
                queue.append(there)
            else:
                queue.appendleft(there)
    return Reach(start, costs, previous)


def exact_paths(
    start: Node,
    neighbours: Neighbours[Node],
    steps: int,
    closed: Callable[[Node], bool] | None = None,
) -> dict[Node, tuple[Node, ...]]:
    """Every place at the end of a path of exactly `steps` steps from `start` that enters no
    place twice (the start included), with the first such path found (start to end).

    Demon-lord's move: a piece moves exactly its Move value and cannot stop partway. Whether it
    may end on the place found (not on another piece) is the caller's check. The search walks
    every simple path, about 3**steps of them on a square grid: fine for the short moves of
    these games, not for long ones.
    """
    found: dict[Node, tuple[Node, ...]] = {}
    path = [start]
    on_path = {start}

    def extend(here: Node, left: int) -> None:
        if left == 0:
            found.setdefault(here, tuple(path))
            return
        for there in neighbours(here):
            if there in on_path or (closed is not None and closed(there)):
                continue
            path.append(there)
            on_path.add(there)
            extend(there, left - 1)
            path.pop()
            on_path.discard(there)

    if steps >= 0:
        extend(start, steps)
    return found


def connected(places: Iterable[Node], neighbours: Neighbours[Node]) -> bool:
    """Whether every place can be reached from every other without leaving the set (true for
    no places). Demon-lord forbids a tile move that leaves an island; a dungeon can be checked
    for a way from the entrance to the throne the same way."""
    group = set(places)
    if not group:
        return True
    start = next(iter(group))
    reach = cheapest(start, neighbours, closed=lambda place: place not in group)
    return len(reach.costs) == len(group)
