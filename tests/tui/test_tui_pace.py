"""Issue 9, item 4: the bots play at a pace a person can follow (and `n` skips ahead), the screen
holds on reveals and fights' results, the last reveal stays in sight, the log scrolls and digits
pick options wherever the focus is. At 80x24, without waiting on the wall clock: a pace or a
hold the test never waits out stands for "not yet"."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widget import Widget
from tuikit import (
    ONE_HUMAN,
    SIZE,
    ld_table,
    make_app,
    play_one,
    play_to_end,
    press_option,
    screen_text,
)

from core.games import get_game
from core.log import DecisionEntry
from core.table import new_table
from tui.screens.game import GameScreen
from tui.screens.setup import SetupScreen
from tui.widgets.cycle import Cycle
from tui.widgets.log import LastReveal, LogPanel
from tui.widgets.prompt import DecisionPrompt

NEVER = 3600.0
"""A bot pace or hold no test waits for."""


def game(app: Any) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen), screen
    return screen


async def until(pilot: Pilot[Any], check: Callable[[], bool], limit: int = 600) -> None:
    """Play on by keys (answering every decision of the seat at the screen) until `check`."""
    for step in range(limit):
        if check():
            return
        if await play_one(pilot, step) == "over":
            raise AssertionError("the game ended first")
    raise AssertionError("never happened")


def shown_in(app: Any, widget: Widget) -> str:
    """What the terminal shows in `widget`'s region, its rows joined by spaces (wrapped text
    reads as one line again)."""
    region = widget.content_region
    strips = app.screen._compositor.render_strips()[region.y : region.bottom]
    return " ".join(" ".join(s.crop(region.x, region.right).text.split()) for s in strips)


async def stays(pilot: Pilot[Any], length: int) -> None:
    """The log keeps its `length` over several event-loop turns."""
    for _ in range(5):
        await pilot.pause()
        assert len(game(pilot.app).session.table) == length


# --- the bots' pace and skipping ahead ---------------------------------------------------------


async def test_the_bots_wait_for_their_pace_and_n_plays_them_up_to_your_move(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, table=ld_table(), bot_delay=NEVER)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = game(app).session
        assert session.bot_to_play() and session.my_decision() is None
        start = len(session.table)
        await stays(pilot, start)  # the bot waits for its pace
        assert "Press n to let the bots play at once." in screen_text(app)
        assert "n Skip bots" in screen_text(app)
        await pilot.press("n")
        for _ in range(50):
            await pilot.pause()
            if session.my_decision() is not None:
                break
        assert session.my_decision() is not None  # the bots played up to Aki's move, at once
        assert len(session.table) > start
        # The skip ends there: after Aki's answer the bots keep their pace again.
        await press_option(pilot, 0)
        await pilot.pause()
        assert session.bot_to_play()
        await stays(pilot, len(session.table))


async def test_a_short_pace_plays_the_bots_by_itself(tmp_path: Path) -> None:
    app = make_app(tmp_path, table=ld_table(), bot_delay=0.01)
    async with app.run_test(size=SIZE) as pilot:
        session = game(app).session
        for _ in range(200):
            await pilot.pause(0.02)
            if session.my_decision() is not None:
                break
        assert session.my_decision() is not None


# --- holding on reveals and results -------------------------------------------------------------


def holding_on(app: Any, text: str) -> bool:
    screen = app.screen
    return (
        isinstance(screen, GameScreen)
        and screen.holding
        and text in screen.query_one(LastReveal).text
    )


async def test_everyone_reveals_holds_the_bots_until_n(tmp_path: Path) -> None:
    app = make_app(tmp_path, table=ld_table(), reveal_hold=None)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: holding_on(app, "Everyone reveals"))
        session = game(app).session
        assert session.bot_to_play()
        prompt = game(app).query_one(DecisionPrompt)
        assert "Paused on the last reveal: press n to go on." in shown_in(app, prompt)
        bar = game(app).query_one(LastReveal)
        assert "Last reveal" in shown_in(app, bar) and "Everyone reveals" in shown_in(app, bar)
        assert "n Go on" in screen_text(app)
        await stays(pilot, len(session.table))  # held: no bot plays
        length = len(session.table)
        await pilot.press("n")
        for _ in range(20):
            await pilot.pause()
        assert len(session.table) > length  # the bots went on
        assert "Paused" not in screen_text(app)
        assert "Everyone reveals" in game(app).query_one(LastReveal).text  # still in sight


async def test_a_timed_hold_goes_on_by_itself(tmp_path: Path) -> None:
    """Nothing here presses n: the game gets past every hold on its own."""
    app = make_app(tmp_path, table=ld_table(), reveal_hold=0.02)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot)
        table = app.screen_stack[1].session.table  # type: ignore[attr-defined]
        notable = [index for index in range(len(table)) if table.notable(index)]
        assert len(notable) >= 4


async def test_a_dangerous_1_on_1_result_holds_until_n(tmp_path: Path) -> None:
    table = new_table(get_game("dangerous"), ONE_HUMAN[:3], {}, 5)
    app = make_app(tmp_path, table=table, reveal_hold=NEVER)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: holding_on(app, "Final result"))
        hint = f"Paused on the last reveal: press n to go on (or wait {NEVER:g} s)."
        assert hint in shown_in(app, game(app).query_one(DecisionPrompt))
        assert "Final result" in shown_in(app, game(app).query_one(LastReveal))
        await stays(pilot, len(game(app).session.table))
        await pilot.press("n")
        await pilot.pause()
        assert not game(app).holding


# --- the last reveal stays in sight -------------------------------------------------------------


async def test_the_last_reveal_stays_on_screen_after_the_log_moves_on(tmp_path: Path) -> None:
    app = make_app(tmp_path, table=ld_table())

    def moved_on() -> bool:
        screen = app.screen
        if not isinstance(screen, GameScreen) or screen.session.last_moment is None:
            return False
        log = screen.query_one(LogPanel)
        later = [n for n, _ in log.shown if n > screen.session.last_moment + 1]
        return len(later) > 2 * log.size.height  # the reveal is far above the log's view

    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, moved_on)
        screen = game(app)
        number, lines = screen.session.last_reveal() or (0, [])
        bar = screen.query_one(LastReveal)
        assert bar.display and f"Last reveal ({number})" in bar.text
        assert any(line.startswith(("Everyone reveals", "Total")) for line in lines)
        shown = shown_in(app, bar)
        assert shown.startswith(f"Last reveal ({number}) {lines[0]}")


# --- the log's keys and digits, wherever the focus is ------------------------------------------


async def test_pageup_and_pagedown_scroll_the_log_while_the_prompt_has_the_focus(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, table=ld_table())
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: len(game(app).query_one(LogPanel).shown) > 20)
        await until(pilot, lambda: game(app).session.my_decision() is not None)
        screen = game(app)
        log = screen.query_one(LogPanel)
        assert isinstance(app.focused, DecisionPrompt)
        bottom = log.scroll_y
        assert bottom == log.max_scroll_y > 0
        await pilot.press("pageup")
        assert log.scroll_y < bottom
        assert isinstance(app.focused, DecisionPrompt)
        await pilot.press("pagedown")
        assert log.scroll_y == bottom
        keys = {b.binding.key: b.binding.description for b in screen.active_bindings.values()}
        assert keys["pageup"] and keys["pagedown"]  # listed, with what they do


async def test_a_digit_picks_an_option_while_the_log_has_the_focus(tmp_path: Path) -> None:
    app = make_app(tmp_path, table=ld_table())
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: game(app).session.my_decision() is not None)
        session = game(app).session
        decision = session.my_decision()
        assert decision is not None and decision.name == "claim"
        await pilot.press("tab")
        assert isinstance(app.focused, LogPanel)
        length = len(session.table)
        await press_option(pilot, 0)
        await pilot.pause()
        assert len(session.table) > length
        entry = session.table.log[length]
        assert isinstance(entry, DecisionEntry)  # Aki's first option, answered from the log
        assert (entry.seat, entry.decision, entry.choice) == (0, "claim", decision.options[0].id)


# --- the setting ---------------------------------------------------------------------------------


async def test_the_setup_screen_sets_the_bot_pace(tmp_path: Path) -> None:
    app = make_app(tmp_path)  # opened with the instant pace
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        pace = screen.query_one("#bot-pace", Cycle)
        assert pace.value == 0
        pace.focus()
        await pilot.press("left")  # instant -> fast
        assert "Bot pace" in screen_text(app) and "fast (0.3 s a move)" in screen_text(app)
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.bot_delay == 0.3


# --- the session's moments (no app) --------------------------------------------------------------


def test_a_moment_counts_once_its_dice_are_drawn_and_is_forgotten_when_undone() -> None:
    """Giving up reveals every role, and the next turn's dice are drawn in the same move: the
    moment comes once, after them (the screen would otherwise look while nothing can go on)."""
    from tui.session import Session

    session = Session(ld_table(practice=True))
    seen: list[tuple[int, bool]] = []
    session.table.subscribe(
        lambda change: seen.append((len(session.table), session.take_moments()))
    )
    while session.last_moment is None:
        decision = session.my_decision()
        if decision is not None:
            session.decide(decision.options[0].id if decision.max_count <= 1 else ())
        else:
            assert session.play_bot()
    moments = [length for length, found in seen if found]
    assert moments == [seen[-1][0]]  # one moment, at the last change
    assert session.last_moment is not None and session.last_moment < len(session.table)
    assert not session.table.step.chance  # found once the dice were drawn
    lines = session.last_reveal()
    assert lines is not None and lines[0] == session.last_moment + 1
    while session.last_moment is not None and session.can_undo():
        session.undo()
        session.take_moments()
    assert session.last_moment is None and session.last_reveal() is None
