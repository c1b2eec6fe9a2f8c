"""A chat line the server refuses (too fast, too wide, a control character) is not lost: the
next `t` offers it again to edit and send, while a line the table heard leaves the row empty
(docs/serve.md; Pilot at 80x24, the hub in the same process)."""

from __future__ import annotations

from pathlib import Path

from test_serve_chat_rate import Clock
from test_serve_chat_typed_after_enter import typed
from test_serve_remote_screen import SIZE, SeatApp
from test_serve_tables import Seen, three_at_light_and_dark
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input

from server.tables import Hub
from tui.widgets.chat import ChatPanel


def akis_seat(tmp_path: Path, chat_rate: int) -> tuple[SeatApp, Seen]:
    """Aki's app at a Light and Dark table of three whose chat allows `chat_rate` lines a
    minute, and Aki's client."""
    hub = Hub(lambda: 42, lambda table: None, chat_rate=chat_rate, clock=Clock())
    aki, _bea, _cho = three_at_light_and_dark(hub)
    return SeatApp(aki, tmp_path), aki


async def first_said(app: SeatApp, pilot: Pilot[None]) -> Input:
    """ "first" said and heard (a table allowing one line a minute: the next is refused); the
    chat line."""
    await pilot.pause()
    line = app.screen.query_one("#chat-input", Input)
    await pilot.press("t", *"first", "enter")
    app.deliver()
    await pilot.pause()
    return line


async def test_a_refused_chat_line_is_offered_again_and_a_heard_one_is_not(
    tmp_path: Path,
) -> None:
    app, aki = akis_seat(tmp_path, chat_rate=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        line = app.screen.query_one("#chat-input", Input)
        await pilot.press("t", *"first", "enter")
        app.deliver()
        await pilot.pause()
        assert app.screen.query_one(ChatPanel).text == "Aki: first"
        await pilot.press("t")
        assert line.has_focus and line.value == ""  # heard: nothing to offer again
        await pilot.press(*"second", "enter")  # one a minute: refused
        app.deliver()
        await pilot.pause()
        assert aki.last("error")["values"] == {"count": 1}
        assert app.screen.query_one(ChatPanel).text == "Aki: first"
        await pilot.press("t")
        assert line.has_focus and line.value == "second" and line.cursor_position == 6
        await pilot.press("escape")
        await pilot.press("t")
        assert line.value == "second"  # until it is said or typed over
        await pilot.press("backspace", *"d!", "enter")
        assert app.sent[-1] == {"type": "chat", "text": "second!", "n": 3}


async def test_a_line_said_twice_is_heard_twice(tmp_path: Path) -> None:
    app, _aki = akis_seat(tmp_path, chat_rate=10)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        line = app.screen.query_one("#chat-input", Input)
        for _ in range(2):
            await pilot.press("t", *"ok", "enter")
            app.deliver()
            await pilot.pause()
        assert [said for said in app.sent if said["type"] == "chat"][-2:] == [
            {"type": "chat", "text": "ok", "n": n} for n in (1, 2)
        ]
        await pilot.press("t")
        assert line.has_focus and line.value == ""  # the second was heard too: nothing to offer


async def test_a_refused_line_is_not_heard_when_another_player_says_the_same(
    tmp_path: Path,
) -> None:
    hub = Hub(lambda: 42, lambda table: None, chat_rate=1, clock=Clock())
    aki, bea, _cho = three_at_light_and_dark(hub)
    app = SeatApp(aki, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        line = await first_said(app, pilot)
        await pilot.press("t", *"gg", "enter")  # refused ...
        bea.say(type="chat", text="gg")  # ... just as Bea says the same
        app.deliver()
        await pilot.pause()
        assert aki.last("error")["values"] == {"count": 1}
        assert app.screen.query_one(ChatPanel).text == "Bea: gg"
        await pilot.press("t")
        assert line.has_focus and line.value == "gg"  # Aki's own line was not heard


async def test_a_line_on_its_way_is_not_offered_again(tmp_path: Path) -> None:
    """The next `t` typed before the table said the last line back offered that line again, and
    the new one was typed behind it ("hello 5hello 6", seen over SSH): only a refused line is
    offered again, the refusal matched to its line as the server answers, in order."""
    app, _aki = akis_seat(tmp_path, chat_rate=10)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        line = app.screen.query_one("#chat-input", Input)
        await pilot.press("t", *"one", "enter")
        await pilot.press("t")  # the table has not said "one" back yet
        assert line.has_focus and line.value == ""
        bad = "bell\x07"  # pasted (no key types it): a control character, refused
        app.post_message(events.Paste(bad))
        await pilot.pause()
        await pilot.press("enter", "t", *"three", "enter")
        app.deliver()  # "one" said back, the bad line refused, "three" said back
        await pilot.pause()
        assert [said for who, said in app.session.chat if who == "Aki"] == ["one", "three"]
        await pilot.press("t")
        assert line.value == bad  # the refused line, not "three" on its way behind it


async def test_a_line_refused_while_the_next_is_typed_is_offered_once_that_is_said(
    tmp_path: Path,
) -> None:
    """Keys typed right behind the Enter of a line the server then refuses start the next
    line: the refused one was offered only to an empty line, and saying the next lost it."""
    app, aki = akis_seat(tmp_path, chat_rate=1)
    async with app.run_test(size=SIZE) as pilot:
        line = await first_said(app, pilot)
        await typed(app, pilot, "tsecond\rx")  # "x" right behind the Enter
        app.deliver()  # "second" refused: too fast
        await pilot.pause()
        assert aki.last("error")["values"] == {"count": 1}
        assert line.has_focus and line.value == "x"  # what was typed after it is kept
        await pilot.press("enter")  # "x" said (and refused too)
        app.deliver()
        await pilot.pause()
        await pilot.press("t")
        assert line.has_focus and line.value == "second"  # the first refused, not lost
        await pilot.press("enter")
        app.deliver()
        await pilot.pause()
        await pilot.press("t")
        assert line.value == "x"  # then the next, each once
        await pilot.press("ctrl+u", "escape", "t")
        assert line.value == "second"  # refused again as it was said again
