"""A finished game's result agrees with its players panel: the same score for every seat (in the
game's `score_name`), the winners marked there, and a summary that says what was won."""

from __future__ import annotations

import pytest

from core.games import get_game
from core.simulate import play_one


@pytest.mark.parametrize(
    ("game_id", "score_name"), [("light-and-dark", "points"), ("dangerous", "boss tokens")]
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_result_shows_the_panels_scores_and_winners(
    game_id: str, score_name: str, seed: int
) -> None:
    game = get_game(game_id)
    assert game.score_name == score_name
    for players in (game.min_players, game.max_players):
        table = play_one(game_id, players, seed, "heuristic")
        result = table.result()
        assert result is not None
        panel = table.view(None).seats
        assert result.scores == tuple(seat.score for seat in panel)
        marked = tuple(seat for seat, summary in enumerate(panel) if summary.winner)
        assert result.winners == marked


def test_a_dangerous_result_counts_boss_tokens_and_names_the_final_battle() -> None:
    table = play_one("dangerous", 3, 31, "heuristic")
    result = table.result()
    state = table._state
    assert result is not None
    assert result.scores == tuple(len(player.tokens) for player in state.players)
    names = table.names
    tokens = ", ".join(f"{name} {len(p.tokens)}" for name, p in zip(names, state.players))
    assert str(result.summary).endswith(f" (boss tokens: {tokens}).")
    assert "wins the final battle" in str(result.summary) or "share the win" in str(result.summary)
