"""The game-over screen's results table shows the players panel's scores, headed by what they
count (points, boss tokens), winners first and marked."""

from __future__ import annotations

import re

import pytest
from tuikit import page_text

from core.i18n import translator
from core.simulate import play_one
from tui.screens.gameover import scores_table
from tui.session import Session
from tui.widgets.players import players_table


def scores_in(text: str, names: tuple[str, ...], after: str = "") -> dict[str, int]:
    """Each name's number in a rendered table (`after`: what the row puts between them)."""
    found = {}
    for name in names:
        match = re.search(rf"^\W*{re.escape(name)}{re.escape(after)}\s+(-?\d+)", text, re.M)
        assert match, (name, text)
        found[name] = int(match.group(1))
    return found


@pytest.mark.parametrize(
    ("game_id", "players", "seed", "heading"),
    [
        ("dangerous", 2, 21, "Boss tokens"),
        ("dangerous", 4, 41, "Boss tokens"),
        ("light-and-dark", 4, 11, "Points"),
    ],
)
def test_the_results_table_and_the_players_panel_agree(
    game_id: str, players: int, seed: int, heading: str
) -> None:
    table = play_one(game_id, players, seed, "heuristic")
    result = table.result()
    assert result is not None
    names = table.names
    view = table.view(None)
    panel = page_text(players_table(view, names, (True,) * players))
    results = page_text(scores_table(Session(table), translator("en")))
    assert results.splitlines()[0].split() == ["Player", *heading.split()]
    assert scores_in(results, names) == scores_in(panel, names, after=" (bot)")
    rows = [line for line in results.splitlines()[1:] if line.strip()]
    winners = [names[seat] for seat in result.winners]
    assert [row.split()[0:2] for row in rows[: len(winners)]] == [w.split() for w in winners]
    assert all(row.rstrip().endswith("winner") for row in rows[: len(winners)])
