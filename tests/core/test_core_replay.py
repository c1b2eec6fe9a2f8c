"""Whose eyes a replay may use: everyone's (or any seat's) once the game is over; before that the
public's or one of its players' only."""

from __future__ import annotations

from ldkit import GAME, bot_game, seats

from core.replay import default_viewer, may_replay_as, replay_seats
from core.table import Table, new_table
from core.viewer import PUBLIC


def unfinished(players: int, bots: tuple[int, ...]) -> Table:
    return new_table(GAME, seats(players, bots), {}, 5)


def test_an_unfinished_game_replays_only_as_the_public_or_one_of_its_players() -> None:
    table = unfinished(4, bots=(1, 3))
    assert not table.over and replay_seats(table) == (0, 2)
    allowed = {v for v in (None, PUBLIC, 0, 1, 2, 3, 4) if may_replay_as(table, v)}
    assert allowed == {PUBLIC, 0, 2}
    assert default_viewer(table) is PUBLIC


def test_the_only_player_is_the_default_and_all_bots_are_all_seats() -> None:
    assert default_viewer(unfinished(3, bots=(0, 2))) == 1
    bots_only = unfinished(3, bots=(0, 1, 2))
    assert replay_seats(bots_only) == (0, 1, 2)
    assert not may_replay_as(bots_only, None)
    assert may_replay_as(bots_only, PUBLIC)
    assert default_viewer(bots_only) is PUBLIC


def test_a_finished_game_replays_as_everyone_the_public_or_any_seat() -> None:
    table = bot_game(4, 2)
    assert table.over and default_viewer(table) is None
    assert all(may_replay_as(table, viewer) for viewer in (None, PUBLIC, 0, 1, 2, 3))
    assert not may_replay_as(table, 4)
