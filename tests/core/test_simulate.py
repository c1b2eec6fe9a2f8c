"""Bot-only games: the entry guard stops a game that has not ended and the report says so; the
heuristic Dangerous bots finish games without a turn limit by taking 旧校舎."""

from __future__ import annotations

import pytest

from core.simulate import MAX_ENTRIES, play_one, simulate

NO_LIMIT = {"turn_limit": 0}


def test_the_guard_stops_games_at_the_entry_limit_and_the_report_counts_them() -> None:
    report = simulate("dangerous", 2, 3, 2, "random", NO_LIMIT, max_entries=60)
    assert report.games == 2
    assert report.stopped == [3, 4]
    assert not report.wins
    last = report.last
    assert last is not None and not last.over and last.result() is None
    # A decision draws its chance outcomes with it: the log may end a little past the limit.
    assert 60 <= len(last) < 70
    assert report.entries == sum(
        len(play_one("dangerous", 2, s, "random", NO_LIMIT, 60)) for s in (3, 4)
    )


def test_games_that_end_are_not_counted_as_stopped() -> None:
    report = simulate("light-and-dark", 4, 1, 5, "random")
    assert report.stopped == []
    assert sum(report.wins.values()) >= 5
    assert report.max_entries == MAX_ENTRIES


@pytest.mark.parametrize(
    ("players", "seeds"), [(4, range(1, 21)), (3, range(1, 6)), (2, range(1, 6))]
)
def test_heuristic_dangerous_bots_take_the_old_building_without_a_turn_limit(
    players: int, seeds: range
) -> None:
    # Seeds 5, 6 and 19 at 4 players once left every bot resting at the spring for ever: the
    # Lv1 deck empty, every other boss down, 旧校舎 out of one move's reach.
    for seed in seeds:
        table = play_one("dangerous", players, seed, "heuristic", NO_LIMIT, max_entries=5_000)
        assert table.result() is not None, f"seed {seed} did not end"
        bosses = {boss.id: boss for boss in table.view(None).board.bosses}
        assert bosses["old-building"].cleared_by >= 0  # the one end without a turn limit
