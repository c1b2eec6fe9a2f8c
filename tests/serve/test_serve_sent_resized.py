"""A screen resized while the seat's answer is on its way: what comes before the resize is laid
out and repainted (a chat line, a state from the server) keeps no room of the old size for the
"sent" prompt. The question's room was measured at the old size; at the new one it is padding
of the wrong height (the sent prompt is then laid out as if shown afresh)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_serve_answer_sent import answered, lines_in
from test_serve_remote_screen import SIZE
from test_serve_screen_updates import akis_screen


@pytest.mark.parametrize("width, height", [(120, 24), (80, 40)])
async def test_a_chat_line_before_a_resize_is_laid_out_keeps_no_room_of_the_old_size(
    tmp_path: Path, width: int, height: int
) -> None:
    app = akis_screen(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        prompt = (await answered(app, pilot))[0]  # sent: the question's room, padded
        lay_out = app._check_resize  # (the app's size is the new one; the screen's layout waits)

        def heard_first() -> None:
            app.session.hear("Bea", "well played")
            lay_out()

        app._check_resize = heard_first  # type: ignore[method-assign]
        await pilot.resize_terminal(width, height)
        await pilot.pause()
        heard = prompt.region, lines_in(app, prompt.content_region)
        prompt.show(None, prompt.waiting)  # the same line, with no room kept
        await pilot.pause()
        assert (prompt.region, lines_in(app, prompt.content_region)) == heard
