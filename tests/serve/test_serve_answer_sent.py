"""The answering seat at a server's table sees at once that its answer went out, without the
screen being laid out twice (issue 12's load: the "sent" screen and the table's reply each cost
the seat's process two layouts and their frames). Until the reply, the prompt says the answer
is sent (a seat never waits for itself) in the height the question had; the reply draws the
screen as it is drawn afresh."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_serve_remote_screen import SIZE, SeatApp
from test_serve_screen_updates import akis_screen
from textual.geometry import Region
from textual.pilot import Pilot
from textual.screen import Screen

from tui.widgets.prompt import DecisionPrompt
from tui.widgets.titlebar import TitleBar

SENT = "Your answer is sent. Waiting for the others."


def lines_in(app: SeatApp, region: Region) -> list[str]:
    """The screen's text in `region`, a line a row."""
    strips = app.screen._compositor.render_strips()
    return [strips[y].crop(region.x, region.right).text for y in range(region.y, region.bottom)]


def counted_layouts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    layouts: list[int] = []
    layout = Screen._refresh_layout

    def counted(self: Screen[object], *args: object, **kwargs: object) -> None:
        layouts.append(1)
        layout(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    return layouts


async def answered(
    app: SeatApp, pilot: Pilot[None], monkeypatch: pytest.MonkeyPatch | None = None
) -> tuple[DecisionPrompt, Region, list[int]]:
    """Aki's question on the screen, answered (Aki stays silent): the prompt, its region while
    it asked, and the layouts since the answer's keys (counted with a `monkeypatch`)."""
    await pilot.pause()
    prompt = app.screen.query_one(DecisionPrompt)
    asked = prompt.region
    assert prompt.has_class("-your-turn")
    layouts = counted_layouts(monkeypatch) if monkeypatch else []
    await pilot.press("1", "enter")  # Aki stays silent (1 of 1-10: Enter ends the key)
    await pilot.pause()
    return prompt, asked, layouts


async def test_the_answer_shows_as_sent_at_once_in_the_prompts_height_then_the_reply(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = akis_screen(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        prompt, asked, layouts = await answered(app, pilot, monkeypatch)
        assert app.sent == [{"type": "decide", "seat": 0, "choice": "silent"}]
        # Sent: the highlight is off, the prompt says so, in the question's height.
        assert not prompt.has_class("-your-turn")
        assert "your turn" not in str(app.screen.query_one(TitleBar).render())
        assert prompt.region == asked
        shown = lines_in(app, prompt.content_region)
        assert SENT in " ".join(shown) and "Aki" not in " ".join(shown)
        assert [line.strip() for line in shown[-3:]] == ["", "", ""]  # the question's room
        assert layouts == []
        app.deliver()  # the table's reply: Bea's turn
        await pilot.pause()
        replied = prompt.region
        reply = lines_in(app, app.screen.region)
    assert replied != asked
    fresh = SeatApp(app.seen, tmp_path)  # Aki's screen drawn afresh at the same moment
    async with fresh.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert fresh.screen.query_one(DecisionPrompt).region == replied
        assert lines_in(fresh, fresh.screen.region) == reply
        assert "Waiting for Bea" in " ".join(lines_in(fresh, replied))


async def test_a_chat_line_while_the_answer_is_on_its_way_keeps_the_prompts_height(
    tmp_path: Path,
) -> None:
    app = akis_screen(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        prompt, asked, _layouts = await answered(app, pilot)
        app.session.hear("Bea", "well played")
        await pilot.pause()
        assert prompt.region == asked
        assert SENT in " ".join(lines_in(app, prompt.content_region))


@pytest.mark.parametrize("size", [(120, 24), (80, 40)])
async def test_after_a_resize_the_sent_prompt_keeps_no_padding_of_the_old_size(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = akis_screen(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        prompt, asked, _layouts = await answered(app, pilot)
        assert prompt.region == asked  # sent: the question's room, padded
        await pilot.resize_terminal(*size)
        await pilot.pause()
        resized = prompt.region, lines_in(app, prompt.content_region)
        assert SENT in resized[1][0]
        prompt.show(None, prompt.waiting)  # the same line, with no room kept
        await pilot.pause()
        assert (prompt.region, lines_in(app, prompt.content_region)) == resized
        app.deliver()  # the table's reply draws as before
        await pilot.pause()
        assert "Waiting for Bea" in " ".join(lines_in(app, prompt.content_region))
