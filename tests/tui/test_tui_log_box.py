"""The log box gives the last reveal the room the prompt leaves it (at most LastReveal.MOST_ROWS
rows, fewer when the log would be left less than its least height) in the layout that sizes the
box: a prompt that grows or shrinks costs one layout, not one more for the reveal's room (issue
12's load: the prompt's height changes with most updates from a server's table)."""

from __future__ import annotations

from test_tui_laid_out_once import Host, Tall
from textual.app import ComposeResult
from textual.screen import Screen
from tuikit import counted

from tui.screens.laid_out_once import LaidOutOnce
from tui.widgets.log import LastReveal, LogBox, LogPanel


class Shown(LaidOutOnce):
    """The game screen's right column: the prompt, and the log box under it."""

    DEFAULT_CSS = "LogPanel { height: 1fr; min-height: 4; }"  # as the theme's #log

    def compose(self) -> ComposeResult:
        yield Tall()
        with LogBox():
            yield LastReveal()
            yield LogPanel()

    def on_mount(self) -> None:
        self.query_one(LastReveal).show(3, ["One.", "Two.", "Three.", "Four."], "Enter: on")


async def grown(rows: int, lines: int) -> tuple[int, tuple[int, ...]]:
    """On a screen of `rows` rows, after the prompt grows from 1 line to `lines`: the layouts,
    and the heights of the prompt, the reveal and the log."""
    app = Host(Shown())
    async with app.run_test(size=(24, rows)) as pilot:
        await pilot.pause()
        screen = app.screen
        with counted(Screen, "_refresh_layout") as layouts:
            screen.query_one(Tall).lines = lines
            await pilot.pause()
            await pilot.pause()
        heights = tuple(screen.query_one(kind).size.height for kind in (Tall, LastReveal, LogPanel))
        return layouts.call_count, heights


async def test_a_taller_prompt_leaves_the_reveal_its_room_in_one_layout() -> None:
    # The reveal's lines wrap to more than four rows at 24 columns: it takes its most, 4 ...
    assert await grown(20, 2) == (1, (2, 4, 14))
    # ... and fewer when the log would be left less than its 4 rows, at least 1.
    assert await grown(20, 13) == (1, (13, 3, 4))
    assert await grown(20, 15) == (1, (15, 1, 4))
