"""Keys typed right after a chat line's Enter, in the same packet ("hi\rx" over SSH), are not
lost: Enter runs as it reaches the line (tui/widgets/typedinput.py) but the line is sent only
after the keys behind it have reached the field. They start the next line, and the chat line
keeps the keys until it is sent or left with Escape (Pilot at 80x24, the hub in the same
process)."""

from __future__ import annotations

from pathlib import Path

from test_serve_remote_screen import SIZE, SeatApp, at_table
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input

from tui.screens.help import HelpScreen
from tui.widgets.chat import ChatPanel
from tui.widgets.prompt import DecisionPrompt


async def typed(app: SeatApp, pilot: Pilot[None], text: str) -> None:
    """`text` in one go (one packet), "\r" for Enter; then until the app is idle."""
    for character in text:
        key = "enter" if character == "\r" else character
        app.post_message(events.Key(key, character))
    for _ in range(5):
        await pilot.pause(0.01)


async def test_a_key_typed_with_the_enter_that_sends_a_line_starts_the_next(
    tmp_path: Path,
) -> None:
    app, _ = at_table(tmp_path, 0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        line = app.screen.query_one("#chat-input", Input)
        await typed(app, pilot, "thi\rx")
        assert [said for said in app.sent if said["type"] == "chat"] == [
            {"type": "chat", "text": "hi", "n": 1}
        ]
        assert line.has_focus and line.display and line.value == "x"
        await typed(app, pilot, "yz\r")
        assert app.sent[-1] == {"type": "chat", "text": "xyz", "n": 2}
        assert app.screen.query_one(DecisionPrompt).has_focus  # nothing typed after: back


async def test_the_table_moving_on_while_a_line_is_typed_leaves_the_keys_in_the_line(
    tmp_path: Path,
) -> None:
    """A redraw (another player's line, a move) gave the focus back to the prompt: the rest of
    the line went to the game's keys, a digit choosing an option."""
    app, (aki, _bea, _cho) = at_table(tmp_path, 1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        line = app.screen.query_one("#chat-input", Input)
        await pilot.press("t", *"go ")
        aki.say(type="chat", text="hm")
        aki.say(type="decide", seat=0, choice="silent")
        app.deliver()
        await pilot.pause()
        assert app.screen.query_one(ChatPanel).text == "Aki: hm"
        await pilot.press(*"1 now", "enter")
        assert app.sent == [{"type": "chat", "text": "go 1 now", "n": 1}]
        assert line.value == "" and app.screen.query_one(DecisionPrompt).has_focus


async def test_enter_on_an_empty_line_gives_the_keys_back_to_the_game(tmp_path: Path) -> None:
    app, _ = at_table(tmp_path, 0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("t", "space", "enter")
        await pilot.pause()
        assert app.sent == [] and app.screen.query_one(DecisionPrompt).has_focus


async def test_back_from_the_help_opened_from_a_line_the_keys_go_to_the_line(
    tmp_path: Path,
) -> None:
    """F1 opens the help from the chat line; back from it, the line showed as being typed but
    the keys went to the game (a digit to the options)."""
    app, _ = at_table(tmp_path, 0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("t", *"ab", "f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press(*"1c", "enter")
        assert app.sent == [{"type": "chat", "text": "ab1c", "n": 1}]
        assert app.screen.query_one(DecisionPrompt).has_focus


async def test_a_key_typed_with_the_escape_that_leaves_a_line_goes_to_the_game(
    tmp_path: Path,
) -> None:
    """`t`, "a", Escape and "1" in one packet: the "1" went into the line left (Escape ran after
    the keys behind it reached the line), not to the game's options."""
    app, _ = at_table(tmp_path, 0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        line = app.screen.query_one("#chat-input", Input)
        for key, character in (("t", "t"), ("a", "a"), ("escape", None), ("1", "1")):
            app.post_message(events.Key(key, character))
        for _ in range(5):
            await pilot.pause(0.01)
        assert line.value == "a" and not line.display  # the line left, kept for the next t
        prompt = app.screen.query_one(DecisionPrompt)
        assert prompt.has_focus and prompt.typed == "1"  # the game's keys: option 1, typed
