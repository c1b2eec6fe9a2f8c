"""The chat line takes as many cells as the server does (core.text.MAX_CHAT_CELLS, counted by
core.text.cells): it took 200 characters, so 101 wide ones (202 cells) were typed and refused
only once sent. A key or a paste past the limit is held back with the bell and one line saying
why, in the viewer's language (Pilot at 80x24, the hub in the same process)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_serve_remote_screen import SIZE, at_table
from textual import events
from textual.widgets import Input

from core.i18n import translator
from core.text import MAX_CHAT_CELLS, cells
from tui.widgets.chat import FULL
from tui.widgets.prompt import DecisionPrompt


@pytest.mark.parametrize("language", ["en", "ja"])
async def test_the_line_stops_at_the_servers_cells_and_says_why(
    tmp_path: Path, language: str
) -> None:
    app, (aki, _bea, _cho) = at_table(tmp_path, 0)
    app.language = language  # type: ignore[assignment]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        line = app.screen.query_one("#chat-input", Input)
        prompt = app.screen.query_one(DecisionPrompt)
        bells = app.bells
        await pilot.press("t", "a", *"闇" * (MAX_CHAT_CELLS // 2))  # 1 + 2 x 100 cells
        assert line.value == "a" + "闇" * (MAX_CHAT_CELLS // 2 - 1)  # 199 cells: no more 闇
        assert app.bells == bells + 1
        hint = translator(language)(FULL, cells=MAX_CHAT_CELLS)
        assert prompt.error == hint and str(MAX_CHAT_CELLS) in hint
        assert ("セル" in hint) == (language == "ja")
        await pilot.press("b")  # one cell still fits
        assert cells(line.value) == MAX_CHAT_CELLS
        await pilot.press("enter")
        app.deliver()
        await pilot.pause()
        said = "a" + "闇" * (MAX_CHAT_CELLS // 2 - 1) + "b"
        assert app.session.chat[-1] == ("Aki", said)  # the server took it
        assert aki.errors() == []


async def test_a_paste_takes_what_fits(tmp_path: Path) -> None:
    app, _ = at_table(tmp_path, 0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        line = app.screen.query_one("#chat-input", Input)
        await pilot.press("t", *"ok ")
        app.post_message(events.Paste("光" * 5000))
        await pilot.pause()
        assert line.value == "ok " + "光" * ((MAX_CHAT_CELLS - 3) // 2)
        assert app.screen.query_one(DecisionPrompt).error.startswith("the chat line is full")
        await pilot.press("home", "backspace", "delete")  # deleting always works
        assert line.value == "k " + "光" * ((MAX_CHAT_CELLS - 3) // 2)
