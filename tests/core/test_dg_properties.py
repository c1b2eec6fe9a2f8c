"""Dangerous's own properties over bot games (2-4 players, random and heuristic bots): every game
ends in the final battle within the turn limit, every card is in exactly one place at every step,
and no view names a hidden card. What every game must do (end, replay, save and load, undo and
redo by seat, show no seat another's secrets) is checked for every registered game in
test_conformance.py (Dangerous's disguise for that is in disguises.py)."""

from __future__ import annotations

from typing import Any

from dgkit import ALL_CARDS, GAME, fold, places, strings
from disguises import battles_opened
from hypothesis import example, given, settings
from hypothesis import strategies as st
from profiles import examples

from core.agenda import pending_gather
from core.games.dangerous.final import FinalOrder, FinalPick
from core.games.dangerous.state import State
from core.simulate import play_one
from core.table import Table

SETTINGS = settings(max_examples=examples(6))

games = st.fixed_dictionaries(
    {
        "players": st.integers(2, 4),
        "seed": st.integers(0, 2**31),
        "bot": st.sampled_from(["random", "heuristic"]),
        "draft": st.booleans(),
    }
)


def play(game: dict[str, Any]) -> Table:
    options = {"draft": True} if game["draft"] else {}
    return play_one("dangerous", game["players"], game["seed"], game["bot"], options)


@SETTINGS
@given(games)
def test_every_game_ends_in_the_final_battle(game: dict[str, Any]) -> None:
    table = play(game)
    state = fold(table)[-1]
    assert state.phase == "over" and state.final is not None
    # Bots play with the house-rule turn limit on (simulate's value of the option, R23).
    limit = table.options["turn_limit"]
    assert limit == next(o.simulate for o in GAME.options if o.name == "turn_limit")
    assert 1 <= state.turn <= limit


def check_cards(state: State) -> None:
    found = places(state)
    assert found == ALL_CARDS, (found - ALL_CARDS, ALL_CARDS - found, state.agenda[:3])


@SETTINGS
@given(games)
def test_cards_are_conserved_at_every_step(game: dict[str, Any]) -> None:
    table = play(game)
    states = fold(table)
    assert states[-1] == table._state_at(len(table))
    started = False
    for state in states:
        started = started or ("transfer" in state.decks and "lv2" in state.decks)
        if started:
            check_cards(state)
    assert started


@SETTINGS
@example({"players": 4, "seed": 22398, "bot": "random", "draft": False})  # an ambush wipe-out
@given(games)
def test_no_view_shows_hidden_cards(game: dict[str, Any]) -> None:
    table = play(game)
    players = game["players"]
    seen: set[str] = set()  # bosses already fought: their survivors have been seen
    states = fold(table)
    for position, state in enumerate(states):
        if position:
            seen |= battles_opened(states[position - 1], table.log[position - 1])
        if not state.decks:
            continue
        for viewer in range(players):
            view = GAME.view(state, viewer)
            shown = strings(view.board)
            # The order below the top of a deck: those cards are named nowhere.
            for name, cards in state.decks.items():
                below = cards[1:] if name in ("lv1", "lv2") else cards
                assert not shown & set(below), (position, name)
            for boss, cards in state.bosses.items():
                if boss not in seen:
                    assert not shown & set(cards), position
            for seat, packet in enumerate(state.draft):
                if seat != viewer:
                    assert view.board.draft != packet or not packet
            final = state.final
            if final is not None and not final.revealed:
                assert view.board.final is not None
                assert view.board.final.own == own_final_party(state, viewer)


def own_final_party(state: State, viewer: int) -> tuple[str, ...] | None:
    """The final party `viewer` has chosen (and maybe ordered): in the gather under way while
    others still choose, else in the state."""
    assert state.final is not None
    for kind in (FinalOrder, FinalPick):
        building = pending_gather(state, kind)
        answer = building.answer_of(viewer) if building is not None else None
        if isinstance(answer, tuple):
            return tuple(str(card) for card in answer)
    return state.final.built[viewer]
