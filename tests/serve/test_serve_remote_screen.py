"""The game screen at a server's table, at 80x24 (a Pilot, the hub in the same process): the
seat to act gets the bell, a bold prompt frame and "your turn" once per question; the others
see whose turn it is; the chat row shows the newest line and takes the keys
of a line, without the game's keys acting on them (typed at once after `t`, as over SSH:
tests/serve/test_serve_play.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_serve_tables import Seen, make_hub, three_at_light_and_dark
from textual.screen import ModalScreen

from core.games import REGISTRY
from core.i18n import translator
from tui.app import PartylineApp
from tui.remote_session import RemoteSession
from tui.screens.game import GameScreen
from tui.screens.lobby import table_row
from tui.widgets.board import BoardPanel
from tui.widgets.chat import ChatPanel
from tui.widgets.prompt import DecisionPrompt

SIZE = (80, 24)


class SeatApp(PartylineApp):
    """The app with one game screen for `seen`'s seat, fed the hub's messages as they come."""

    def __init__(self, seen: Seen, save_dir: Path) -> None:
        super().__init__(save_dir=save_dir)
        self.seen = seen
        self.bells = 0
        self.sent: list[dict[str, Any]] = []
        states = [m for m in seen.messages if m["type"] == "state" and "narration" in m]
        self.session = RemoteSession(self._send, states[0])
        for state in states[1:]:
            self.session.apply(state)
        self._read = len(seen.messages)

    def _send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)
        self.seen.say(**message)

    def deliver(self) -> None:
        """Hand the session what the hub sent since (as the socket would)."""
        for message in self.seen.messages[self._read :]:
            if message["type"] == "state":
                self.session.apply(message)
            elif message["type"] == "chat":
                self.session.hear(message["from"], message["text"], message.get("n"))
            elif message["type"] == "error":
                self.session.refused(message.get("answers"))  # as the tables' app does
        self._read = len(self.seen.messages)

    def on_mount(self) -> None:
        super().on_mount()
        self.push_screen(GameScreen(self.session))

    def bell(self) -> None:
        self.bells += 1


def at_table(tmp_path: Path, seat: int) -> tuple[SeatApp, tuple[Seen, Seen, Seen]]:
    """The app of `seat` (0: Aki, 1: Bea) at a Light and Dark table of three, and the three."""
    hub, _ = make_hub()
    players = three_at_light_and_dark(hub)
    return SeatApp(players[seat], tmp_path), players


def title(app: SeatApp) -> str:
    return str(app.screen.query_one("#game-title").render())


async def test_the_seat_to_act_gets_one_bell_and_a_highlight_and_the_others_see_whose_turn(
    tmp_path: Path,
) -> None:
    hub, _ = make_hub()
    aki, bea, _cho = three_at_light_and_dark(hub)
    theirs = SeatApp(bea, tmp_path)
    async with theirs.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert theirs.bells == 0
        assert not theirs.screen.query_one(DecisionPrompt).has_class("-your-turn")
        assert "Waiting for Aki to claim" in theirs.screen.query_one(DecisionPrompt).waiting
    mine = SeatApp(aki, tmp_path)
    async with mine.run_test(size=SIZE) as pilot:
        await pilot.pause()
        prompt = mine.screen.query_one(DecisionPrompt)
        assert mine.bells == 1 and prompt.has_class("-your-turn")
        assert "your turn" in title(mine)
        mine.deliver()  # nothing new: a redraw rings nothing more
        mine.screen.refresh()
        await pilot.pause()
        assert mine.bells == 1
        await pilot.press("1", "enter")  # Aki stays silent (1 of 1-10: Enter ends the key)
        await pilot.pause()
        assert mine.sent == [{"type": "decide", "seat": 0, "choice": "silent"}]
        assert not prompt.has_class("-your-turn") and "your turn" not in title(mine)
    theirs = SeatApp(bea, tmp_path)  # Bea's turn now
    async with theirs.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert theirs.bells == 1 and "your turn" in title(theirs)


async def test_a_chat_lines_keys_go_to_the_chat_not_to_the_game(
    tmp_path: Path,
) -> None:
    hub, _ = make_hub()
    aki, bea, _cho = three_at_light_and_dark(hub)
    game = hub.tables[1].table
    assert game is not None
    before = len(game)
    mine = SeatApp(aki, tmp_path)
    async with mine.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # "1" and "s" are game keys (an option, Save): here they are part of the line.
        await pilot.press("t", *"1 said so", "enter")
        await pilot.pause()
        assert mine.sent == [{"type": "chat", "text": "1 said so", "n": 1}]
        assert len(game) == before  # no option was chosen
        assert mine.screen.query_one(DecisionPrompt).has_focus
    theirs = SeatApp(bea, tmp_path)
    async with theirs.run_test(size=SIZE) as pilot:
        await pilot.pause()
        theirs.session.hear("Aki", "1 said so")  # as the hub sent it (below)
        assert bea.last("chat") == {"v": 3, "type": "chat", "from": "Aki", "text": "1 said so"}
        await pilot.pause()
        assert theirs.screen.query_one(ChatPanel).text == "Aki: 1 said so"


async def test_escape_at_a_servers_table_is_labelled_lobby(tmp_path: Path) -> None:
    hub, _ = make_hub()
    aki, _bea, _cho = three_at_light_and_dark(hub)
    app = SeatApp(aki, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lines = [strip.text for strip in app.screen._compositor.render_strips()]
        assert lines[-1].rstrip().endswith("esc Lobby"), lines[-1]
        assert "Setup" not in "\n".join(lines)
        assert app.screen.active_bindings["escape"].binding.description == "Lobby"
        # q, too, says where the game goes on: at the server, not on a setup screen here.
        quit_key = app.screen.active_bindings["q"].binding
        assert "connect again" in quit_key.tooltip and "setup" not in quit_key.tooltip
        # While a chat line is typed, Escape leaves the line, not the table, and ? is typed in
        # it: the footer said "esc Lobby" and "? Help" there.
        await pilot.press("t")
        await pilot.pause()
        footer = app.screen._compositor.render_strips()[-1].text
        assert "esc Game" in footer and "Lobby" not in footer
        assert "F1 Help" in footer and "?" not in footer  # (? is typed in the line)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.query_one(DecisionPrompt).has_focus  # still at the table
        footer = app.screen._compositor.render_strips()[-1].text
        assert footer.rstrip().endswith("esc Lobby") and "? Help" in footer


def test_a_lobby_row_escapes_the_wire_and_titles_games_in_its_own_words() -> None:
    """The lobby's words for a table come from the app (the game's title by its id, in the
    viewer's language); what the wire says (a number, a name, an unknown game) is escaped."""
    english, japanese = translator("en"), translator("ja")
    row = {
        "id": "1\x1b[2J",
        "game": "light-and-dark",
        "title": "\x1b]0;pwned\x07",
        "state": "open",
        "seats": ["Aki\x1b[31m", None],
        "free": 1,
        "waiting": ["Bea\x07"],
        "spectators": ["\x1b[5mCho"],
    }
    shown = table_row(row, english).plain
    assert "\x1b" not in shown and "\x07" not in shown and "pwned" not in shown
    assert "Light and Dark" in shown and "Aki" in shown and "Cho" in shown
    assert japanese(REGISTRY["light-and-dark"].title) in table_row(row, japanese).plain
    unknown = table_row(row | {"game": "no-such\x1b[2Jgame"}, english).plain
    assert "\x1b" not in unknown and "no-such" in unknown
    assert "  open  " in shown and "募集中" in table_row(row, japanese).plain  # (the app's words)
    for state in ("\x1b[2Jopen", ["open"]):  # a state the app does not know says nothing
        garbled = table_row(row | {"state": state}, english).plain
        assert "open" not in garbled and "\x1b" not in garbled


# Leaving from the game-over screen while the chat line had the focus (the game ended as the
# player typed a line): "Back to the lobby" goes to the lobby. It was Escape's first step back,
# which only closed the line: the game screen keeps its focus under the modal.
class Leaving(SeatApp):
    left = 0

    def show_setup(self) -> None:  # (the tables' app: back to the lobby)
        self.left += 1


class Picked(ModalScreen[str]):
    """The game-over screen's part here: a modal over the game that gives back a choice."""

    def on_mount(self) -> None:
        self.dismiss("lobby")


async def test_back_to_the_lobby_leaves_though_the_chat_line_had_the_focus(
    tmp_path: Path,
) -> None:
    hub, _ = make_hub()
    aki, _bea, _cho = three_at_light_and_dark(hub)
    app = Leaving(aki, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("t", *"gg")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.query_one(ChatPanel).has_focus_within
        app.push_screen(Picked(), screen._after_results)
        await pilot.pause()
        await pilot.pause()
        assert app.left == 1


def akis_turn_at_dangerous(tmp_path: Path) -> SeatApp:
    """Aki's app at a Dangerous table of three (Bea, a bot), Aki to choose."""
    hub, _ = make_hub()
    aki, bea = Seen(hub, "Aki"), Seen(hub, "Bea")
    aki.say(type="create", game="dangerous", players=3, bots={"2": "heuristic"}, seed=42)
    table = aki.last("state")["table"]["id"]
    bea.say(type="sit", table=table, seat=1)
    aki.say(type="start")
    while hub.play_bot(hub.tables[table]):
        pass
    assert aki.last("state")["decision"] is not None
    return SeatApp(aki, tmp_path)


async def test_t_on_a_wide_board_shows_the_chat_line_it_opens(tmp_path: Path) -> None:
    """The chat line is in the column a wide board (w) hides: `t` opened it there, the line was
    typed blind, and left (Escape) the keys went to the hidden prompt, where an Enter answered
    the seat's question unseen. `t` narrows the board: the line and the prompt are in sight."""
    app = akis_turn_at_dangerous(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        game = app.screen
        await pilot.press("w")
        await pilot.pause()
        assert game.query_one(BoardPanel).wide and not game.query_one("#game-right").display
        await pilot.press("t", *"ab")
        await pilot.pause()
        line = game.query_one("#chat-input")
        assert not game.query_one(BoardPanel).wide and game.query_one("#game-right").display
        assert line.has_focus and line.display and line.value == "ab"
        await pilot.press("escape")
        await pilot.pause()
        assert game.query_one(DecisionPrompt).has_focus and game.query_one("#game-right").display


async def test_back_from_the_help_on_a_wide_board_an_enter_answers_nothing_unseen(
    tmp_path: Path,
) -> None:
    """Back from a screen over the game (help), the prompt took the keys though a wide board
    hid it: an Enter answered the seat's question unseen."""
    app = akis_turn_at_dangerous(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("w", "f1")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen) and game.query_one(BoardPanel).wide
        assert not game.query_one(DecisionPrompt).has_focus
        await pilot.press("enter")
        await pilot.pause()
        assert app.sent == []
        await pilot.press("w", "enter")  # the prompt in sight: Enter answers
        await pilot.pause()
        assert [sent["type"] for sent in app.sent] == ["decide"]
