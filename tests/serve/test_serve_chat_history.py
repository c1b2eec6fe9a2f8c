"""The chat row shows the newest line said; a player who looked away reads the last lines said
(HISTORY_LINES of them, escaped) above the line `t` opens, over the log's rows and not the
prompt's; Escape puts the row back (Pilot at 80x24, the hub in the same process)."""

from __future__ import annotations

from pathlib import Path

from test_serve_remote_screen import SIZE, SeatApp, at_table

from tui.widgets.chat import HISTORY_LINES, ChatPanel
from tui.widgets.prompt import DecisionPrompt


def screen_lines(app: SeatApp, x: int = 0) -> list[str]:
    """The screen's rows from the column `x` (in cells) on, stripped."""
    strips = app.screen._compositor.render_strips()
    return [strip.crop(x, strip.cell_length).text.strip() for strip in strips]


async def test_t_shows_the_last_lines_said_above_the_line_and_escape_hides_them(
    tmp_path: Path,
) -> None:
    app, (_aki, bea, cho) = at_table(tmp_path, 0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        prompt = app.screen.query_one(DecisionPrompt).region
        said = [f"line {number}" for number in range(HISTORY_LINES + 2)]
        for number, text in enumerate(said):
            (bea if number % 2 else cho).say(type="chat", text=text)
        shown = [f"{'Bea' if n % 2 else 'Cho'}: {said[n]}" for n in range(len(said))]
        app.deliver()
        await pilot.pause()
        panel = app.screen.query_one(ChatPanel)
        newest = shown[-1]
        assert panel.text == newest
        assert not any("line 0" in line for line in screen_lines(app))  # the row: newest only
        await pilot.press("t")
        await pilot.pause()
        last = shown[-HISTORY_LINES:]
        assert panel.history.splitlines() == last  # newest last
        column = panel.region.x
        rows = screen_lines(app, column)
        assert rows[-(HISTORY_LINES + 2) : -2] == last  # above the line typed, the footer
        assert app.screen.query_one(DecisionPrompt).region == prompt  # the prompt keeps its rows
        await pilot.press("escape")
        await pilot.pause()
        assert not any(said[-2] in line for line in screen_lines(app))
        assert screen_lines(app, column)[-2] == newest


async def test_the_lines_above_the_chat_line_are_escaped(tmp_path: Path) -> None:
    """The server refuses a control character; what comes from the wire is escaped anyway."""
    app, _ = at_table(tmp_path, 0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.session.hear("Bea\x1b[31m", "a\x1b[2Jb")
        app.session.hear("Cho", "[bold]x[/bold]")
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        panel = app.screen.query_one(ChatPanel)
        assert panel.history.splitlines() == ["Bea\\x1b[31m: a\\x1b[2Jb", "Cho: [bold]x[/bold]"]
        assert "\x1b" not in "".join(screen_lines(app))
