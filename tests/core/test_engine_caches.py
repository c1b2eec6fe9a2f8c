"""What the engine keeps to go faster gives what would be made anew: along whole games, every
pending step (questions, options, their texts, chance requests) the table had while the game was
played equals the one built again with every cache emptied and no remembered step."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from core.games import get_game
from core.games.dangerous import board, cards, explore, meeting
from core.games.dangerous.game import ENGINE
from core.games.light_and_dark import rules, state
from core.games.light_and_dark.rules import LightAndDark
from core.runner import BotDriver
from core.simulate import bot_table
from core.table import Table

CACHES: list[Any] = [
    rules._claim_question,
    rules._verdict_question,
    state._clockwise,
    board.cell_of,
    board.space_label,
    board._closed,
    cards.card_name,
    meeting._ap_option,
    meeting._token_put,
    meeting._token_move,
    explore._square,
    explore._highest_level,
    board._boss_ids_at,
    meeting._action_ids,
    meeting._action_title,
    meeting._ap_move,
    meeting._ap_move_prompt,
    cards.with_timing,
]


def anew_light_and_dark(position_state: Any) -> Any:
    return LightAndDark().pending(position_state)


def anew_dangerous(position_state: Any) -> Any:
    ENGINE._last = None
    return get_game("dangerous").pending(position_state)


def played(game: str, players: int, seed: int, bot: str, most: int) -> tuple[Table, list[Any]]:
    """A bot-only game and the step the table had after each of its entries (and before any),
    as the game gave them while it was played, with its caches warm."""
    table = bot_table(game, players, seed, bot)
    steps = [table.step]
    table.subscribe(lambda change: steps.append(table.step))
    table.resolve_chance()
    driver = BotDriver(table)
    while len(table) < most and driver.play_one():
        pass
    return table, steps


def walk(table: Table, steps: list[Any], anew: Callable[[Any], Any]) -> int:
    """Compare every position of `table`'s game; returns how many were compared."""
    assert len(steps) == len(table) + 1
    for position, step in enumerate(steps):
        for cache in CACHES:
            cache.cache_clear()
        assert anew(table._state_at(position)) == step, f"entry {position}"
    return len(steps)


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["random", "heuristic"]))
def test_light_and_dark_steps_are_what_would_be_built_anew(seed: int, bot: str) -> None:
    assert walk(*played("light-and-dark", 5, seed, bot, 1_000), anew_light_and_dark) > 10


@settings(max_examples=3, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["random", "heuristic"]))
def test_dangerous_steps_are_what_would_be_built_anew(seed: int, bot: str) -> None:
    assert walk(*played("dangerous", 3, seed, bot, 400), anew_dangerous) > 100
