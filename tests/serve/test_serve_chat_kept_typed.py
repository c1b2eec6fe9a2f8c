"""A chat line the server refuses (too fast, too wide, a control character) is not lost: the
next `t` offers it again to edit and send, while a line the table heard leaves the row empty
(docs/serve.md; Pilot at 80x24, the hub in the same process)."""

from __future__ import annotations

from pathlib import Path

from test_serve_chat_rate import Clock
from test_serve_remote_screen import SIZE, SeatApp
from test_serve_tables import Seen, three_at_light_and_dark
from textual.widgets import Input

from server.tables import Hub
from tui.widgets.chat import ChatPanel


def akis_seat(tmp_path: Path, chat_rate: int) -> tuple[SeatApp, Seen]:
    """Aki's app at a Light and Dark table of three whose chat allows `chat_rate` lines a
    minute, and Aki's client."""
    hub = Hub(lambda: 42, lambda table: None, chat_rate=chat_rate, clock=Clock())
    aki, _bea, _cho = three_at_light_and_dark(hub)
    return SeatApp(aki, tmp_path), aki


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
        await pilot.pause()
        line = app.screen.query_one("#chat-input", Input)
        await pilot.press("t", *"first", "enter")  # the one line a minute
        app.deliver()
        await pilot.pause()
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
        wide = "闇" * 101  # 202 cells: refused
        await pilot.press(*wide, "enter", "t", *"three", "enter")
        app.deliver()  # "one" said back, the wide line refused, "three" said back
        await pilot.pause()
        assert [said for who, said in app.session.chat if who == "Aki"] == ["one", "three"]
        await pilot.press("t")
        assert line.value == wide  # the refused line, not "three" on its way behind it
