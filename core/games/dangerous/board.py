"""Movement on the school map: where a piece can stop, and where a Lv2 token can go."""

from __future__ import annotations

from functools import cache

from core.frozen import replace
from core.games.dangerous.content import content
from core.games.dangerous.state import State
from core.grid import Cell
from core.narration import Message, Name, Text


@cache  # the board never changes: asked for every option that names a square
def cell_of(space: str) -> Cell:
    """Where `space` is on the board (board.toml's x, y): what a UI marks for an option."""
    found = content().board.spaces[space]
    return found.x, found.y


def is_closed(space: str, players: int) -> bool:
    return players == 2 and content().board.spaces[space].closed_2p


def live_bosses(state: State, space: str) -> tuple[str, ...]:
    """Bosses still standing on `space` (the classroom has two)."""
    sites = _boss_ids_at(space)
    if not sites:  # (most spaces: asked for every square a move reaches)
        return ()
    bosses = state.bosses
    return tuple([boss for boss in sites if bosses.get(boss)])


@cache  # the board never changes
def _boss_ids_at(space: str) -> tuple[str, ...]:
    """The bosses whose site is `space`, standing or not."""
    return tuple(site.id for site in content().board.bosses_at(space))


def fightable_bosses(state: State, seat: int, space: str) -> tuple[str, ...]:
    """Live bosses `seat` may fight: nobody may take both classroom bosses."""
    taken = state.players[seat].tokens
    result = []
    for boss in live_bosses(state, space):
        if boss.startswith("classroom") and any(t.startswith("classroom") for t in taken):
            continue
        result.append(boss)
    return tuple(result)


def occupied(state: State, space: str, besides: int) -> bool:
    return any(p.space == space for seat, p in enumerate(state.players) if seat != besides)


def can_stop(state: State, seat: int, space: str) -> bool:
    kind = content().board.spaces[space].kind
    return kind in ("spring", "boss") or not occupied(state, space, seat)


def stops_movement(state: State, space: str) -> bool:
    """Lv2 tokens and live bosses cannot be passed: touching one ends the move."""
    return space in state.tokens or bool(live_bosses(state, space))


def destinations(state: State, seat: int, movement: int) -> dict[str, int]:
    """Every space `seat` can end its move on, with the movement it costs.

    Moving onto a space with another piece costs nothing (passing over it is free), but only the
    spring and boss spaces may be shared at the end of a move. Lv2 tokens and live bosses end
    the move (`stops_movement`); closed spaces are never entered. The current space is included:
    a player may stay and trigger its event.

    The search is core.grid's `cheapest` (a 0-1 breadth-first search) written out for this
    board, one cost at a time: asked at every move, with the pieces, tokens and bosses as
    callbacks it cost a fifth of a move's entry. tests/core/test_dg_explore.py checks it
    against `cheapest` on the positions of whole games.
    """
    start = state.players[seat].space
    others = {player.space for other, player in enumerate(state.players) if other != seat}
    live = (site.space for site in content().board.bosses if state.bosses.get(site.id))
    stopping = {*state.tokens, *live}
    stopping.discard(start)  # (the start is left even where a move could not go on)
    edges = _open_edges(len(state.players))
    costs = {start: 0}
    level, spent = [start], 0
    # A space's cost is final once set: others' spaces are reached at the cost of the level
    # that finds them (free steps join that level), every other space at the next level's.
    while level:
        further: list[str] = []
        onward = spent < movement
        for here in level:  # `level` grows as free steps (onto other pieces) join it
            if here in stopping:
                continue  # the move ends here
            for there in edges[here]:
                if there in costs:
                    continue
                if there in others:
                    costs[there] = spent
                    level.append(there)
                elif onward:
                    costs[there] = spent + 1
                    further.append(there)
        level, spent = further, spent + 1
    shared = _shared_spaces()
    for space in others:  # (the other pieces: not a pass over every space reached)
        if space in costs and space not in shared:
            del costs[space]
    return costs


@cache
def _open_edges(players: int) -> dict[str, tuple[str, ...]]:
    """Each space's neighbours that are open in a game of `players`."""
    board, shut = content().board, _closed(players)
    return {space: tuple(n for n in board.edges[space] if n not in shut) for space in board.edges}


@cache
def _shared_spaces() -> frozenset[str]:
    """The spaces several pieces may stand on: the spring and the boss spaces."""
    spaces = content().board.spaces.values()
    return frozenset(space.id for space in spaces if space.kind in ("spring", "boss"))


@cache
def _closed(players: int) -> frozenset[str]:
    return frozenset(space for space in content().board.spaces if is_closed(space, players))


def token_spaces(state: State, number: int = 0) -> tuple[str, ...]:
    """Spaces a Lv2 token may be put on (the 中二葬 FAQ): not the spring, not a boss space, not
    a space with a piece or a token; with `number`, only spaces printed with it."""
    taken = {*(player.space for player in state.players), *state.tokens}
    return tuple(
        space for space in _token_squares(len(state.players), number) if space not in taken
    )


@cache
def _token_squares(players: int, number: int) -> tuple[str, ...]:
    """The open normal spaces (not the spring, not a boss's) of a game of `players`, in board
    order; with `number`, only those printed with it (asked for every Lv2 roll and placement:
    the board never changes)."""
    shut = _closed(players)
    return tuple(
        space.id
        for space in content().board.spaces.values()
        if space.kind == "normal"
        and (number == 0 or space.number == number)
        and space.id not in shut
    )


def token_fought(state: State, space: str) -> State:
    """A player stops on the Lv2 token on `space`: it leaves the board for the supply, to be
    placed again by a Lv2 roll or 中二葬 (line 66 and ruling R8: tokens are re-placed until the
    Lv2 deck runs dry)."""
    tokens = tuple(token for token in state.tokens if token != space)
    return replace(state, tokens=tokens, token_supply=state.token_supply + 1)


def retire_tokens(state: State) -> State:
    """The Lv2 deck ran dry: every token leaves the board at once and is never placed again
    (line 66: 直ちに全てのLv2魔人トークンをボード上から取り除いて…以降…再設置されることは
    ありません)."""
    return replace(state, tokens=(), token_supply=0, lv2_retired=True)


@cache
def space_label(space_id: str) -> Text:
    """A square by name (the English beside it in English), with its printed number."""
    space = content().board.spaces[space_id]
    if space.kind == "spring":
        return Name("泉", "Spring")
    if space.kind == "boss":
        site = content().board.bosses_at(space_id)[0]
        return Name("教室", "Classroom") if site.id.startswith("classroom") else site.title
    if space.name:
        name = space.title
        return (
            Message("{space} ({number})", space=name, number=space.number) if space.number else name
        )
    if space.number:
        return Message("square {space} ({number})", space=space_id, number=space.number)
    return Message("square {space}", space=space_id)
