"""A session's moments (tui/session.py): of the notable entries come since it last looked, the
newest is the moment, however many came (a long game just opened: the last of hundreds)."""

from __future__ import annotations

from core.simulate import play_one
from tui.session import Session


def test_the_newest_notable_entry_since_the_last_look_is_the_moment() -> None:
    table = play_one("dangerous", 4, 2, "random", {"turn_limit": 0}, 400)
    assert table.step.chance is None  # (between moves: the session looks)
    notable = [index for index in range(len(table)) if table.notable(index)]
    assert len(notable) > 1
    session = Session(table)  # (a continued game: its last reveal shows)
    assert session.last_moment == notable[-1]
    assert not session.take_moments()  # (nothing new since)
    assert session.last_moment == notable[-1]
