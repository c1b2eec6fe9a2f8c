"""Issue 10: the log panel writes out and measures only the lines near the view. A long game's
lines are given to it as a `Narration` (written out when read); the lines above the newest
screens share an estimate of their rows until the reader scrolls to them. What the reader sees
does not change: every scroll key lands where it would were every line measured, and the first
entry's narration is there at the top."""

from __future__ import annotations

from collections import Counter
from itertools import chain, cycle
from pathlib import Path

from textual.app import App, ComposeResult
from textual.pilot import Pilot
from tuikit import SIZE, make_app, read_log, squashed

from core.narration import Text
from core.simulate import play_one
from core.table import Seat, SeatKind, Table, replay
from core.wrap import line_spans
from tui.screens.game import GameScreen
from tui.shown import Line, Narration, ShownTable
from tui.widgets import log as log_module
from tui.widgets.log import LogPanel

WIDTH = 40  # 39 columns of gutter and text, 1 of scrollbar
HEIGHT = 10
COUNT = 1_500


class LogApp(App[None]):
    CSS = f"LogPanel {{ width: {WIDTH}; height: {HEIGHT}; scrollbar-size-vertical: 1; }}"

    def compose(self) -> ComposeResult:
        yield LogPanel()


class TallLogApp(LogApp):
    """The panel as tall as the terminal: fewer pages to the top."""

    CSS = f"LogPanel {{ width: {WIDTH}; height: 24; scrollbar-size-vertical: 1; }}"


def sentence(number: int) -> str:
    """Lines of one to four rows at the test's width, in no regular order."""
    words = ["Aki", "moves", "from", "the", "gym", "to", "the", "library", "and", "rests"]
    return " ".join(words[: 1 + (number * 7) % 10] * (1 + (number * 5) % 3))


def lines(count: int = COUNT) -> list[Line]:
    return [(number, f"{number}: {sentence(number)}") for number in range(1, count + 1)]


def counted(said: list[Line]) -> tuple[Narration, Counter[str]]:
    """`said` as a Narration, and a count of the lines written out."""
    written: Counter[str] = Counter()

    def render(text: Text) -> str:
        assert isinstance(text, str)
        written[text] += 1
        return text

    return Narration(said, render, escape=False), written


Row = tuple[int, str, bool]
"""A row of the log: its line's entry number, its text, and whether it is the line's first."""


def exact_rows(said: list[Line], gutter: int, width: int) -> list[Row]:
    """Every row of the log, each line measured."""
    rows = []
    for number, text in said:
        spans = line_spans(text, width - gutter - 1)
        rows.extend((number, text[a:b], row == 0) for row, (a, b) in enumerate(spans))
    return rows


def in_sight(rows: list[Row], top: int, height: int) -> list[Line]:
    """What `read_log` reads back when rows `top` to `top + height` are in sight."""
    found: list[Line] = []
    for number, text, first in rows[top : top + height]:
        if first:
            found.append((number, text))
        elif found:
            found[-1] = (found[-1][0], found[-1][1] + text)
    return squashed(found)


async def shown_lazily(pilot: Pilot[None], said: list[Line]) -> LogPanel:
    """The app's log panel showing `said` as a Narration, laid out and focused."""
    log = pilot.app.query_one(LogPanel)
    log.show(counted(said)[0])
    await pilot.pause()
    await pilot.pause()
    log.focus()
    return log


def measured(log: LogPanel, said: list[Line]) -> list[Row]:
    """Every row of `said` at `log`'s width, each line measured."""
    return exact_rows(said, log_module.gutter_width(said), log.scrollable_content_region.width)


async def test_a_long_log_writes_out_only_the_lines_near_the_view() -> None:
    said = lines()
    narration, written = counted(said)
    app = LogApp()
    async with app.run_test(size=SIZE) as pilot:
        log = app.query_one(LogPanel)
        log.show(narration)
        await pilot.pause()
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y
        assert read_log(app, log)[-1] == squashed(said)[-1]
        # The newest screen and a few above it, each line once; not the 1,500.
        assert 0 < len(written) <= 4 * HEIGHT and set(written.values()) == {1}
        assert set(written) <= {text for _, text in said[-4 * HEIGHT :]}
        log.focus()
        await pilot.press("home")
        await pilot.pause()
        assert read_log(app, log)[0] == squashed(said)[0]  # the first entry's line, on top
        assert len(written) == COUNT and set(written.values()) == {1}  # each written once


async def test_scrolling_lands_where_it_would_with_every_line_measured() -> None:
    """Up and page up from the newest line to the oldest, through the lines measured as they
    come near (the estimate of their rows runs out on the way, and ends at the top)."""
    said = lines(210)
    app = TallLogApp()
    async with app.run_test(size=SIZE) as pilot:
        log = await shown_lazily(pilot, said)
        view = log.scrollable_content_region.height
        rows = measured(log, said)
        top = len(rows) - view
        assert read_log(app, log) == in_sight(rows, top, view)
        steps = {"up": 1, "down": -1, "pageup": view, "pagedown": -view}
        for key in chain(["pagedown", "down"], cycle(["up", "pageup", "pageup", "down"])):
            await pilot.press(key)
            await pilot.pause()
            top = min(max(0, top - steps[key]), len(rows) - view)
            assert read_log(app, log) == in_sight(rows, top, view), (key, top)
            if not top:
                break
        await pilot.press("home")
        await pilot.pause()
        assert read_log(app, log) == in_sight(rows, 0, view)
        assert log.virtual_size.height == len(rows)  # all measured now: the height is exact
        await pilot.press("end")
        await pilot.pause()
        assert read_log(app, log) == in_sight(rows, len(rows) - view, view)


async def test_an_undo_into_the_lines_not_measured_keeps_the_rest() -> None:
    said = lines(900)  # (the entry numbers as wide before the undo as after)
    app = LogApp()
    async with app.run_test(size=SIZE) as pilot:
        log = await shown_lazily(pilot, said)
        log.update(100, [(101, "Aki rests.")])  # (entries 101 on were never in sight)
        await pilot.pause()
        kept = [*said[:100], (101, "Aki rests.")]
        assert log.shown == kept
        rows = measured(log, kept)
        view = log.scrollable_content_region.height
        assert read_log(app, log) == in_sight(rows, len(rows) - view, view)
        await pilot.press("home")
        await pilot.pause()
        assert read_log(app, log) == in_sight(rows, 0, view)
        assert log.virtual_size.height == len(rows)


async def test_opening_a_long_game_writes_out_its_newest_lines_only(tmp_path: Path) -> None:
    played = play_one("dangerous", 4, 2, "random", {"turn_limit": 0}, max_entries=1_200)
    seats = (Seat("Aki"), *(Seat(f"Bot {n}", SeatKind.BOT, "random") for n in (1, 2, 3)))
    table = replay(Table(played.game, seats, played.options, played.seed), played.log)
    everything = ShownTable(table).narration(0)
    written: Counter[int] = Counter()
    real = Narration.text

    def text(narration: Narration, index: int) -> str:
        written[index] += 1
        return real(narration, index)

    app = make_app(tmp_path, table=table, save_path=None, bot_delay=3600.0)
    Narration.text = text  # type: ignore[method-assign]
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            log = screen.query_one(LogPanel)
            assert len(log.shown) == len(everything) > 1_000
            assert 0 < len(written) < 100  # of more than a thousand lines
            assert min(written) > len(everything) - 100  # the newest
            log.focus()
            await pilot.press("home")
            await pilot.pause()
            assert read_log(app, log)[0] == squashed(list(everything[:1]))[0]
    finally:
        Narration.text = real  # type: ignore[method-assign]


async def test_lines_written_again_keep_the_reader_where_they_were() -> None:
    """The whole log given again (another language, another seat's eyes) while the reader is
    scrolled back: the same lines stay in sight."""
    said = lines(900)
    app = LogApp()
    async with app.run_test(size=SIZE) as pilot:
        log = await shown_lazily(pilot, said)
        for _ in range(5):
            await pilot.press("pageup")
        await pilot.pause()
        before = read_log(app, log)
        log.show(counted(said)[0])
        await pilot.pause()
        await pilot.pause()
        assert not log.following and read_log(app, log) == before
