"""A spectator at a server's table (Watch in the lobby): while the game is under way it is sent
core's public view (core.viewer.PUBLIC: what every seat may see) and the public log, and never a
byte that a seat may read alone; once the game is over, everything. Its screen, at 80x24, shows
the board as the game goes, with no question and a "watching" status.

The hub runs in the test's process (tests/serve/test_serve_tables.py's kit); the screen is a
Pilot fed the hub's messages (test_serve_remote_screen.py's SeatApp).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_serve_remote_screen import SIZE, SeatApp, title
from test_serve_remote_session import session_of
from test_serve_tables import Seen, make_hub, play_to_the_end, sent, three_at_light_and_dark

from core.games.base import PUBLIC, View
from core.games.dangerous.view import Board as DangerousBoard
from core.table import Table
from server.protocol import decode, dump
from server.tables import Hub, ServerTable
from tui.widgets.board import BoardPanel
from tui.widgets.prompt import DecisionPrompt


def watching(hub: Hub, table: int = 1) -> Seen:
    dan = Seen(hub, "Dan")
    dan.say(type="watch", table=table)
    return dan


def three_at_dangerous(hub: Hub) -> tuple[Seen, Seen]:
    """Aki and Bea at a Dangerous table with a bot, drafting their parties, two turns long."""
    aki, bea = Seen(hub, "Aki"), Seen(hub, "Bea")
    options = {"draft": True, "turn_limit": 2}
    aki.say(type="create", game="dangerous", players=3, bots={"2": "heuristic"}, options=options)
    bea.say(type="sit", table=1)
    aki.say(type="start")
    return aki, bea


def during_the_game(seen: Seen) -> list[dict[str, Any]]:
    """The states `seen` was sent while the game was under way."""
    states = [m for m in seen.messages if m["type"] == "state" and "entries" in m]
    return [m for m in states if not m["over"]]


def bytes_of(messages: list[dict[str, Any]]) -> bytes:
    return b"".join(dump(message) for message in messages)


def seat_only_lines(game: Table, seats: int) -> set[tuple[int, Any]]:
    """(entry index, line) for every log line some seat reads that the public does not."""
    return {
        (index, line)
        for seat in range(seats)
        for index in range(len(game))
        for line in game.entry_texts(index, seat)
        if line not in game.entry_texts(index, PUBLIC)
    }


def check_watched(dan: Seen, game: Table, seats: int) -> list[View]:
    """Every state the spectator got during the game: the public view at that point, no
    decision, and no byte of a line only a seat may read. The views, in order."""
    states = during_the_game(dan)
    views = []
    for state in states:
        view = decode(state["view"])
        assert isinstance(view, View) and view.viewer is PUBLIC
        assert view == game.view_at(state["entries"], PUBLIC), state["entries"]
        assert state["decision"] is None and state["seat"] is None
        views.append(view)
    private = seat_only_lines(game, seats)
    assert private  # the game had secrets to keep
    received = bytes_of(states)
    assert [line for index, line in private if sent(index, line) in received] == []
    return views


def test_a_watcher_is_sent_the_public_board_and_no_seats_secret_at_light_and_dark() -> None:
    hub, _ = make_hub()
    aki, bea, cho = three_at_light_and_dark(hub)
    dan = watching(hub)
    table = hub.tables[1]
    game = table.table
    assert game is not None
    session, _ = session_of(dan)
    assert session.spectator and session.my_decision() is None
    assert session.view() == game.view(PUBLIC)
    public = [
        (index + 1, line) for index in range(len(game)) for line in game.public_narration(index)
    ]
    assert session.log_lines()[1] == public
    play_to_the_end(hub, table, (aki, bea, cho))
    views = check_watched(dan, game, 4)
    assert len(views) > 20
    # A seat's role card: shown to the public as to another seat, i.e. only once the rules
    # reveal it, however long its owner has held it.
    hidden = 0
    for state, view in zip(during_the_game(dan), views, strict=True):
        for seat, role in enumerate(view.board.roles):
            owner = game.view_at(state["entries"], seat).board.roles[seat]
            other = game.view_at(state["entries"], (seat + 1) % 4).board.roles[seat]
            assert role == other
            hidden += role is None and owner is not None
    assert hidden > 20
    # The log as the public reads it, then everything once the game is over.
    session, _ = session_of(dan)
    assert session.over and session.view() == game.view(None)
    assert session.log_lines()[1] == game.narration(None)
    assert session.result() == game.result()


def test_a_watcher_is_sent_the_public_board_and_no_packet_or_party_at_dangerous() -> None:
    hub, _ = make_hub()
    aki, bea = three_at_dangerous(hub)
    dan = watching(hub)
    table: ServerTable = hub.tables[1]
    game = table.table
    assert game is not None
    play_to_the_end(hub, table, (aki, bea))
    views = check_watched(dan, game, 3)
    boards = [view.board for view in views]
    assert all(isinstance(board, DangerousBoard) and board.draft is None for board in boards)
    assert all(board.final is None or board.final.own is None for board in boards)
    assert any(board.final is not None for board in boards)  # parties chosen, unseen
    # While the seats draft, each holds a packet and sees the cards it has kept; the public
    # sees no packet and no drafted card.
    drafting = [
        board
        for state, board in zip(during_the_game(dan), boards, strict=True)
        if game.view_at(state["entries"], 0).board.draft is not None
    ]
    assert drafting and all(p.party == () for board in drafting for p in board.players)
    assert dan.errors() == [] and aki.errors() == [] and bea.errors() == []


async def test_a_watchers_screen_shows_the_board_mid_game_with_no_question(
    tmp_path: Path,
) -> None:
    hub, _ = make_hub()
    aki, _bea, _cho = three_at_light_and_dark(hub)
    aki.say(type="decide", seat=0, choice="silent")
    dan = watching(hub)
    app = SeatApp(dan, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        lines = [strip.text for strip in screen._compositor.render_strips()]
        text = "\n".join(lines)
        assert title(app).lstrip().startswith("watching") and "Turn 1 of 4" in title(app)
        board = screen.query_one(BoardPanel)
        assert board.display and board.size.width > 20
        for row in ("Boss HP", "Parent", "Deck", "role cards left"):
            assert row in text, (row, text)
        assert "You hold" not in text  # no seat's card: the public's eyes
        prompt = screen.query_one(DecisionPrompt)
        assert prompt.decision is None and prompt.border_title == "Watching"
        assert "Waiting for Bea to claim" in prompt.waiting and "Your move" not in text
        assert app.bells == 0 and "your turn" not in title(app)
        assert "Undo" not in lines[-1] and "Redo" not in lines[-1]
