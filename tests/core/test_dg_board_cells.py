"""Dangerous decisions describe the board (issue 7): every option that names a square carries
its cell (board.toml's x, y), a moved Lv2 token where it comes from (its path); a
decision taken for the enemy cards of another player's battle says so (`acting_for`)."""

from __future__ import annotations

import dataclasses
from collections import Counter

from dgkit import GAME, PLAIN, Dg, fold

from core.decisions import ActingFor, Decision
from core.games.dangerous.board import destinations
from core.games.dangerous.content import content
from core.games.dangerous.duel import AfterDice, UseAbility
from core.games.dangerous.meeting import TokenPlace
from core.games.dangerous.state import State
from core.games.dangerous.windows import SideFirst
from core.grid import Cell
from core.simulate import play_one

SPACES = content().board.spaces
SQUARE_DECISIONS = {"move", "teleport", "token", "slow", "grasshopper"}


def cell(space: str) -> Cell:
    return SPACES[space].x, SPACES[space].y


def check_move(state: State, decision: Decision) -> None:
    """A destination is at its square (no route: the rules ask only where the piece ends)."""
    for option in decision.options:
        space = str(option.id)
        if space in SPACES:
            assert option.at == cell(space) and option.path == () and option.area == ()
        else:  # reorder, a field ability, an item: nothing on the map
            assert option.at is None and option.path == () and option.area == ()


def check_decision(state: State, decision: Decision) -> None:
    name = decision.name
    if name == "move":
        check_move(state, decision)
    elif name == "teleport":
        for option in decision.options:
            assert option.at == cell(str(option.id)) and option.path == ()
    elif name == "token":
        for option in decision.options:
            old, _, new = str(option.id).rpartition(">")
            if new == "done":
                assert option.at is None and option.path == ()
            elif old:  # the supply is out: a token moves from `old` to `new`
                assert option.at == cell(new) and option.path == (cell(old), cell(new))
            else:
                assert option.at == cell(new) and option.path == ()
    elif name in ("slow", "grasshopper"):
        for option in decision.options:
            assert isinstance(option.id, int)
            assert option.at == cell(state.players[option.id].space)
    else:
        assert all(o.at is None and not o.path and not o.area for o in decision.options), name


def expected_acting_for(state: State, decision: Decision) -> ActingFor | None:
    """The enemy row is played by the next player: its before-the-dice ability, its
    after-the-dice window and whether it acts first (line 103), outside the final battle."""
    task = state.agenda[0]
    fight = state.combat
    kinds = UseAbility | AfterDice | SideFirst
    if not isinstance(task, kinds) or fight is None or fight.kind == "final":
        return None
    side = fight.seats.index(decision.seat) if isinstance(task, SideFirst) else task.side
    if side != 1:
        return None
    assert decision.seat == fight.seats[1]
    return ActingFor("enemy", against=fight.seats[0])


def test_move_options_carry_their_square() -> None:
    g = Dg(2)
    g.setup()
    g.meeting(PLAIN)
    decision = g.pending()
    assert decision is not None and decision.name == "move"
    squares = [o for o in decision.options if str(o.id) in SPACES]
    assert {str(o.id) for o in squares} == set(destinations(g.state, 0, 3))
    for option in squares:
        space = SPACES[str(option.id)]
        assert option.at == (space.x, space.y)
    check_move(g.state, decision)


def test_a_moved_token_carries_where_it_comes_from() -> None:
    """With the supply out, a Lv2 token moves: the option is at the new square and its path
    runs from the old one (option ids stay 'old>new', as saves hold them)."""
    placing = next(
        s
        for s in sweep(2, range(4))
        if s.agenda and isinstance(s.agenda[0], TokenPlace) and s.tokens
    )
    task = placing.agenda[0]
    assert isinstance(task, TokenPlace)
    decision = task.ask(dataclasses.replace(placing, token_supply=0))
    check_decision(placing, decision)
    moved = [o for o in decision.options if ">" in str(o.id)]
    assert moved
    for option in moved:
        old, new = str(option.id).split(">")
        assert old in placing.tokens
        assert option.path == (cell(old), cell(new)) and option.at == cell(new)


def sweep(players: int, seeds: range, bot: str = "heuristic") -> list[State]:
    states: list[State] = []
    for seed in seeds:
        states += fold(play_one("dangerous", players, seed, bot, {}))
    return states


def test_every_decision_of_whole_games_describes_the_board() -> None:
    """Over whole bot games: squares carry their cells, nothing else does, and `acting_for`
    is set exactly on the questions asked for the enemy row."""
    seen: Counter[str] = Counter()
    for players, bot in ((2, "random"), (3, "heuristic"), (4, "random")):
        for state in sweep(players, range(3), bot):
            for decision in GAME.pending(state).decisions:
                check_decision(state, decision)
                assert decision.acting_for == expected_acting_for(state, decision)
                seen[decision.name] += 1
                if decision.acting_for is not None:
                    seen["acting for the enemy"] += 1
    for name in (*sorted(SQUARE_DECISIONS), "acting for the enemy"):
        assert seen[name] > 0, seen
