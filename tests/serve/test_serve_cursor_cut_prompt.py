"""A cursor key in a prompt cut to its most rows (Dangerous's draft at 80x24) repaints the
prompt's lines without laying the screen out (issue 12's load: the card shown under the options
changes the lines the prompt would need, not the rows it has), and shows what a layout would."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_serve_answer_sent import counted_layouts, lines_in
from test_serve_remote_screen import SIZE, SeatApp
from test_serve_tables import Seen, make_hub
from textual.geometry import Size

from tui.widgets.prompt import DecisionPrompt


def dangerous_for_two() -> Seen:
    """Aki's seat at a started table of Dangerous for two (Aki's question open)."""
    hub, _ = make_hub()
    aki, bea = Seen(hub, "Aki"), Seen(hub, "Bea")
    options = {"turn_limit": 0}
    aki.say(type="create", game="dangerous", players=2, bots={}, seed=7, options=options)
    bea.say(type="sit", table=aki.last("state")["table"]["id"], seat=1)
    aki.say(type="start")
    return aki


async def test_a_cursor_key_in_a_cut_prompt_repaints_it_without_a_layout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = SeatApp(dangerous_for_two(), tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        prompt = app.screen.query_one(DecisionPrompt)
        shown = prompt.content_region

        def needed() -> int:
            return prompt.get_content_height(Size(0, 0), Size(0, 0), shown.width)

        before = needed()
        assert before > shown.height  # cut to its most rows
        layouts = counted_layouts(monkeypatch)
        await pilot.press("down")
        await pilot.pause()
        assert needed() != before  # the card under the cursor takes other lines
        assert layouts == []
        assert prompt.content_region == shown
        screen = lines_in(app, app.screen.region)
        prompt.refresh(layout=True)  # as it was shown before: laid out again
        await pilot.pause()
        assert layouts
        assert lines_in(app, app.screen.region) == screen
