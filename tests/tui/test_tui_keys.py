"""A cursor key repaints only what it changed, in one frame, without laying the screen out
(issue 10: an arrow key repainted the whole prompt after a layout refresh, and the map or the
log's scrollbar in a second frame 40 ms later): the Dangerous prompt and map, the Light and Dark
prompt, an order's detail line, at 80x24. What the terminal shows after such a partial repaint
is exactly what a whole repaint would show. And the app freezes what start-up built out of the
garbage collector's way, once, after the first frame (the ~310 ms key)."""

from __future__ import annotations

import gc
import io
from pathlib import Path
from typing import Any

import pyte
import pytest
from rich.console import Console
from test_tui_dangerous import dg_table
from test_tui_dangerous_map import to_the_move
from textual._compositor import ChopsUpdate, LayoutUpdate
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.pilot import Pilot
from tuikit import SIZE, ld_table, make_app, screen_text, settle

import tui.app
from core.decisions import DecisionKind, Option, order
from tui.screens.game import GameScreen
from tui.widgets.prompt import DecisionPrompt

SETTLE = 0.25
"""Seconds to wait after a key for any later frame (the second repaint came 30-40 ms after the
first)."""


class Frames:
    """What the app sends the terminal from now on (headless: what it would send): one update
    a repaint; and how many times the screen was laid out again."""

    def __init__(self, app: App[Any]) -> None:
        self.updates: list[Any] = []
        self.layouts = 0
        display = app._display
        screen = app.screen
        refresh_layout = screen._refresh_layout

        def displayed(on: Any, update: Any) -> None:
            if update is not None:
                self.updates.append(update)
            display(on, update)

        def laid_out(*args: Any, **kwargs: Any) -> None:
            self.layouts += 1
            refresh_layout(*args, **kwargs)

        app._display = displayed  # type: ignore[method-assign]
        screen._refresh_layout = laid_out  # type: ignore[method-assign]

    def only(self) -> ChopsUpdate:
        """The one partial update sent (fails on none, several, or a whole-screen one)."""
        assert len(self.updates) == 1, f"{len(self.updates)} repaints"
        assert self.layouts == 0, "the screen was laid out again"
        update = self.updates[0]
        assert isinstance(update, ChopsUpdate), "a whole-screen repaint"
        return update


class Mirror:
    """A terminal (pyte) that was sent a whole repaint of the app's screen, then the updates."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self.console = Console(
            file=io.StringIO(), width=SIZE[0], color_system="truecolor", force_terminal=True
        )
        self.screen = pyte.Screen(*SIZE)
        pyte.Stream(self.screen).feed(self._whole())

    def _whole(self) -> str:
        compositor = self.app.screen._compositor
        strips = [[strip] for strip in compositor.render_strips()]
        return LayoutUpdate(strips, compositor.size.region).render_segments(self.console)

    def apply(self, update: ChopsUpdate) -> None:
        pyte.Stream(self.screen).feed(update.render_segments(self.console))

    def shows_a_whole_repaint(self) -> bool:
        """Every cell (character, colours, attributes) as a whole repaint would show it now."""
        fresh = pyte.Screen(*SIZE)
        pyte.Stream(fresh).feed(self._whole())
        return cells(fresh) == cells(self.screen)


def cells(screen: pyte.Screen) -> list[list[Any]]:
    return [[screen.buffer[y][x] for x in range(screen.columns)] for y in range(screen.lines)]


def inside(span: tuple[int, int, int], region: Region) -> bool:
    y, start, end = span
    return region.y <= y < region.bottom and region.x <= start and end <= region.right


async def press_one(pilot: Pilot[Any], key: str) -> tuple[ChopsUpdate, Mirror]:
    """Press `key`; the one partial repaint it caused, applied to a mirror of the terminal."""
    await pilot.pause()
    mirror = Mirror(pilot.app)
    frames = Frames(pilot.app)
    await pilot.press(key)
    await pilot.pause(SETTLE)
    update = frames.only()
    mirror.apply(update)
    return update, mirror


async def test_a_prompt_key_repaints_two_options_and_the_map_cursor_once(tmp_path: Path) -> None:
    app = make_app(tmp_path, table=dg_table(), save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        decision, grid, prompt = await to_the_move(pilot)
        assert app.focused is prompt and prompt.option_index() == 0
        update, mirror = await press_one(pilot, "down")
        index = prompt.option_index()
        assert index is not None and index != 0
        assert mirror.shows_a_whole_repaint()
        # The prompt shows the cursor on the next option, the map on its square.
        assert f"> {prompt.key_of(index)}." in screen_text(app)
        assert grid.marks.cursor == decision.options[index].at
        # Only the prompt's lines that changed (the two options, the window's marks around
        # them) and the cells of the map's old and new cursor: nothing else on the screen.
        in_prompt = [span for span in update.spans if inside(span, prompt.content_region)]
        on_map = [span for span in update.spans if inside(span, grid.region)]
        assert len(in_prompt) + len(on_map) == len(update.spans)
        assert 2 <= len(in_prompt) <= 4 and len(in_prompt) < prompt.content_size.height
        assert 1 <= len(on_map) <= 2
        assert all(end - start < grid.region.width // 4 for _, start, end in on_map)


async def test_a_map_arrow_repaints_the_two_squares_and_the_prompt_once(tmp_path: Path) -> None:
    app = make_app(tmp_path, table=dg_table(), save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        _, grid, prompt = await to_the_move(pilot)
        await pilot.press("m")
        assert app.focused is grid
        # A focus change repaints the whole screen (Textual), and leaves the map and the
        # prompt marked for one more whole repaint, which the next frame makes: one arrow
        # first, so that the arrows measured show what an arrow costs.
        await pilot.press("right")
        for key in ("down", "left"):
            before = grid.marks.cursor
            update, mirror = await press_one(pilot, key)
            index = grid.index
            assert index is not None and grid.marks.cursor not in (None, before)
            assert mirror.shows_a_whole_repaint()
            assert prompt.option_index() == index  # the prompt's cursor followed
            assert f"> {prompt.key_of(index)}." in screen_text(app)
            on_map = [span for span in update.spans if inside(span, grid.region)]
            in_prompt = [span for span in update.spans if inside(span, prompt.content_region)]
            assert len(in_prompt) + len(on_map) == len(update.spans)
            assert 1 <= len(on_map) <= 2 and 2 <= len(in_prompt) <= 4
            assert all(end - start < grid.region.width // 4 for _, start, end in on_map)


async def test_a_light_and_dark_key_repaints_the_two_options_lines_once(tmp_path: Path) -> None:
    app = make_app(tmp_path, table=ld_table())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        decision = screen.session.my_decision()
        assert decision is not None and decision.kind is DecisionKind.CHOOSE_ONE
        prompt = screen.query_one(DecisionPrompt)
        for key, row in (("down", 1), ("down", 2), ("up", 1)):
            update, mirror = await press_one(pilot, key)
            assert prompt.cursor == row and mirror.shows_a_whole_repaint()
            shown = next(line for line in screen_text(app).splitlines() if "> " in line[30:])
            assert f"> {row + 1}." in shown and str(decision.options[row].label) in shown
            # The option left and the option reached: two lines of the prompt, no more.
            assert len(update.spans) == 2
            assert all(inside(span, prompt.content_region) for span in update.spans)


ITEMS = (
    Option("scout", "Scout", "Goes first and sees the next room."),
    Option("guard", "Guard", "Takes the first blow meant for the party."),
    Option("healer", "Healer", "Mends one wound after each fight."),
    Option("bard", "Bard", "Sings of old battles; long lines about this one fold " * 2),
)


class OrderApp(App[None]):
    """A prompt alone, as high as it needs, asking to put four items in order (its detail
    line: the item at the cursor in full)."""

    CSS = "DecisionPrompt { height: auto; }"

    def compose(self) -> ComposeResult:
        yield DecisionPrompt()

    def on_mount(self) -> None:
        prompt = self.query_one(DecisionPrompt)
        prompt.show(order(0, "march", "Marching order", ITEMS))
        prompt.focus()


def detail_line(app: App[Any]) -> str:
    """The first line under the four items (the cursor's item in full)."""
    shown = screen_text(app).splitlines()
    last = max(y for y, line in enumerate(shown) if line.lstrip("> ").startswith("4. "))
    return shown[last + 1].strip()


async def test_an_order_key_repaints_the_items_and_the_detail_line_once() -> None:
    app = OrderApp()
    async with app.run_test(size=SIZE) as pilot:
        prompt = app.query_one(DecisionPrompt)
        update, mirror = await press_one(pilot, "down")
        assert prompt.cursor == 1 and mirror.shows_a_whole_repaint()
        assert detail_line(app) == ITEMS[1].detail
        # The item left, the item reached, the detail line.
        assert len(update.spans) == 3
        assert all(inside(span, prompt.content_region) for span in update.spans)


async def test_a_key_that_changes_the_prompts_height_lays_it_out_again() -> None:
    app = OrderApp()
    async with app.run_test(size=SIZE) as pilot:
        prompt = app.query_one(DecisionPrompt)
        await pilot.press("down", "down")
        await pilot.pause()
        height = prompt.size.height
        frames = Frames(app)
        await pilot.press("down")  # the bard's detail takes two lines
        await pilot.pause(SETTLE)
        assert frames.layouts and prompt.size.height == height + 1
        shown = screen_text(app).splitlines()
        first = shown.index(next(line for line in shown if line.startswith("Sings")))
        detail = " ".join(line.strip() for line in shown[first : first + 2])
        assert detail == " ".join(ITEMS[3].detail.split())


async def test_the_start_up_is_frozen_once_after_the_first_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full collection walked every object start-up built (some 60,000, in 20 to 160 ms, on
    a key now and then); frozen, they are out of its way. The young garbage goes first. What
    was loaded before the app was made (a continued game's table) is frozen when it is made."""
    calls: list[str] = []
    monkeypatch.setattr(tui.app, "_frozen", set())  # as in a fresh process
    monkeypatch.setattr(gc, "collect", lambda *args: calls.append(f"collect{args}") or 0)
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
    once = ["collect(1,)", "freeze"]
    shown: list[object] = []  # frames sent before the first screen's freeze
    for _ in range(2):  # a second app in the same process freezes nothing more
        app = make_app(tmp_path, table=ld_table())
        assert calls[:2] == once  # made: what was loaded before it
        display = app._display

        def displayed(on: Any, update: Any, show: Any = display) -> None:
            if update is not None and calls == once:
                shown.append(update)
            show(on, update)

        app._display = displayed  # type: ignore[method-assign]
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
        assert calls == once + once
    assert shown, "frozen before the first frame"
