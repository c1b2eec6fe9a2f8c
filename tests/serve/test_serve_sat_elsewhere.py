"""A player who sits down from a second session moves their seat there: the first session goes
back to the lobby, then is told why, so that the line shows on the lobby it is back at (a line
before the lobby would show on the game screen the lobby then closes)."""

from __future__ import annotations

from test_serve_tables import Seen, make_hub, three_at_light_and_dark


def test_the_old_session_gets_the_lobby_then_the_line_saying_why() -> None:
    hub, _ = make_hub()
    aki, _, _ = three_at_light_and_dark(hub)
    before = len(aki.messages)
    again = Seen(hub, "Aki")  # the same player's new session: back at the seat
    assert again.last("state")["seat"] == 0
    after = [m["type"] for m in aki.messages[before:]]
    assert after[:2] == ["lobby", "error"] and "error" not in after[2:]
    assert aki.messages[before + 1]["message"] == "you sat down from another session"
    assert aki.client.table is None
