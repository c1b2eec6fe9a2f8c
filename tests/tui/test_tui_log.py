"""Issue 10: the log panel renders only the rows in sight, so a 5,000-entry game opens at once and
a decision costs the same late in a game as early. Read on the terminal at 80x24: the entry
numbers, wrapping (core.wrap: between words; a Japanese sentence between characters, never
before a closing mark), the scroll keys, following the newest line, an undo rewriting lines, the
replay's highlight, control characters. And counted, not timed: opening a long save lays each
line out once and wraps only the lines in sight, once."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.app import App, ComposeResult
from textual.strip import Strip
from tuikit import (
    SIZE,
    TWO_HUMANS,
    ld_table,
    make_app,
    press_option,
    read_log,
    rows_of,
    settle,
    squashed,
)

from core import saves
from core.simulate import play_one
from core.table import Render, Seat, SeatKind, Table, replay
from core.wrap import NO_LINE_START, line_spans
from tui.screens.game import GameScreen
from tui.screens.replay import ReplayScreen
from tui.session import Session
from tui.shown import Line
from tui.widgets import log as log_module
from tui.widgets.log import LogPanel

WIDTH = 40  # the panel's columns in the test app: 39 of text and gutter, 1 of scrollbar
HEIGHT = 10


class LogApp(App[None]):
    """A log panel alone, WIDTH x HEIGHT, at the top left of an 80x24 terminal."""

    CSS = f"LogPanel {{ width: {WIDTH}; height: {HEIGHT}; scrollbar-size-vertical: 1; }}"

    def compose(self) -> ComposeResult:
        yield LogPanel()


def numbered(count: int, start: int = 1) -> list[Line]:
    return [(number, f"Entry {number} happened.") for number in range(start, start + count)]


async def test_lines_show_their_entry_number_in_a_gutter() -> None:
    app = LogApp()
    async with app.run_test(size=SIZE) as pilot:
        log = app.query_one(LogPanel)
        log.show([(1, "The deck is shuffled."), (2, "Aki draws a card."), (2, "Ben passes.")])
        await pilot.pause()
        rows = [strip.text.rstrip() for strip in rows_of(app, log)]
        assert rows[:3] == ["  1 The deck is shuffled.", "  2 Aki draws a card.", "  2 Ben passes."]
        assert all(not row for row in rows[3:])


async def test_a_long_line_wraps_between_words_at_the_panel_width() -> None:
    text = "Aki moves from the gym to the library and finds an old map under a loose floorboard."
    app = LogApp()
    async with app.run_test(size=SIZE) as pilot:
        log = app.query_one(LogPanel)
        log.show([(7, text)])
        await pilot.pause()
        rows = [strip.text.rstrip() for strip in rows_of(app, log)][:3]
        assert rows == [
            "  7 Aki moves from the gym to the",
            "    library and finds an old map under",
            "    a loose floorboard.",
        ]
        assert read_log(app, log) == squashed([(7, text)])


async def test_a_japanese_line_breaks_between_characters_never_before_a_closing_mark() -> None:
    """No spaces to break at: the sentence is cut between characters (core.wrap), a closing
    mark going down with the character before it; never wider than the panel, nothing lost.
    Broken as Rich breaks it, at spaces, the first row would end after "Aki" (the rest of the
    sentence after the space wider than a row) and the third would start with "。"."""
    text = "Aki はカード「旧校舎の地下で目を覚ました転校生」を引き、手札に加えた。"
    app = LogApp()
    async with app.run_test(size=SIZE) as pilot:
        log = app.query_one(LogPanel)
        log.show([(12, text)])
        await pilot.pause()
        width = log.scrollable_content_region.width - 4  # the gutter and its space
        assert width == 35
        parts = [strip.text[4:].rstrip() for strip in rows_of(app, log)]
        parts = [part for part in parts if part]
        assert parts == [
            "Aki はカード「旧校舎の地下で目を覚",
            "ました転校生」を引き、手札に加え",
            "た。",
        ]
        assert "".join(parts).replace(" ", "") == text.replace(" ", "")
        assert all(cell_len(part) <= width for part in parts)
        assert not [part for part in parts if part[0] in NO_LINE_START]


async def test_it_follows_the_newest_line_unless_scrolled_back() -> None:
    app = LogApp()
    async with app.run_test(size=SIZE) as pilot:
        log = app.query_one(LogPanel)
        log.show(numbered(30))
        await pilot.pause()
        assert read_log(app, log)[-1] == squashed(numbered(1, 30))[0]
        log.update(30, numbered(2, 31))
        await pilot.pause()
        assert read_log(app, log)[-1][0] == 32 and log.following
        log.focus()
        await pilot.press("up", "up")
        assert not log.following
        before = read_log(app, log)
        log.update(32, numbered(5, 33))
        await pilot.pause()
        assert read_log(app, log) == before  # the reader's place stays
        await pilot.press("end")
        assert read_log(app, log)[-1][0] == 37 and log.following
        log.update(37, numbered(1, 38))
        await pilot.pause()
        assert read_log(app, log)[-1][0] == 38


async def test_the_scroll_keys_move_through_the_log() -> None:
    app = LogApp()
    lines = numbered(40)
    async with app.run_test(size=SIZE) as pilot:
        log = app.query_one(LogPanel)
        log.show(lines)
        log.focus()
        await pilot.pause()
        assert read_log(app, log)[-1][0] == 40
        await pilot.press("up")
        assert read_log(app, log)[-1][0] == 39
        await pilot.press("pageup")
        assert read_log(app, log)[-1][0] == 39 - HEIGHT
        await pilot.press("home")
        assert read_log(app, log) == squashed(lines[:HEIGHT])
        await pilot.press("down")
        assert read_log(app, log)[0][0] == 2
        await pilot.press("pagedown")
        assert read_log(app, log)[0][0] == 2 + HEIGHT
        await pilot.press("end")
        assert read_log(app, log) == squashed(lines[-HEIGHT:])
        footer = {b.binding.key: b.binding.description for b in app.screen.active_bindings.values()}
        assert footer["up"] == "Scroll" and footer["pageup"] == "Page"


async def test_new_lines_scroll_the_log_without_laying_out_the_screen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Issue 12: every table update adds lines; the panel's box does not depend on them, so a
    # layout of the whole screen for each (what a new virtual size asks) is wasted.
    app = LogApp()
    async with app.run_test(size=SIZE) as pilot:
        log = app.query_one(LogPanel)
        log.show(numbered(30))
        await pilot.pause()
        layouts: list[object] = []
        real = type(app.screen)._refresh_layout

        def counting(screen: object, *args: object, **kwargs: object) -> None:
            layouts.append(screen)
            real(app.screen, *args, **kwargs)

        monkeypatch.setattr(type(app.screen), "_refresh_layout", counting)
        log.update(30, numbered(5, 31))
        await pilot.pause()
        assert layouts == []
        assert read_log(app, log) == squashed(numbered(HEIGHT, 26))  # followed to the end
        assert log.max_scroll_y == 35 - HEIGHT  # and the scrollbar knows the new lines
        assert log.vertical_scrollbar.window_virtual_size == 35
        log.focus()
        await pilot.press("home")
        assert read_log(app, log) == squashed(numbered(HEIGHT))  # back through the whole log


async def test_an_undo_rewrites_the_lines_of_the_entries_taken_back() -> None:
    app = LogApp()
    async with app.run_test(size=SIZE) as pilot:
        log = app.query_one(LogPanel)
        log.show([*numbered(6), (6, "Aki rolls a 3."), (7, "Ben passes.")])
        await pilot.pause()
        log.update(5, [(6, "Aki chooses to rest instead, and the turn passes to Ben.")])
        await pilot.pause()
        expected = [*numbered(5), (6, "Aki chooses to rest instead, and the turn passes to Ben.")]
        assert log.shown == expected
        assert read_log(app, log) == squashed(expected)
        assert log.virtual_size.height == 7  # five rows, and the new line's two


async def test_a_replay_highlights_the_current_entry() -> None:
    app = LogApp()
    lines = [(1, "The deck is shuffled."), (2, "Aki draws."), (2, "Aki passes."), (3, "Ben.")]
    async with app.run_test(size=SIZE) as pilot:
        log = app.query_one(LogPanel)
        log.show(lines, current=2)
        await pilot.pause()

        def highlighted() -> list[str]:
            rows = rows_of(app, log)[: len(lines)]
            return [
                strip.text.strip()
                for strip in rows
                if any(s.style and s.style.reverse for s in strip if s.text.strip())
            ]

        assert highlighted() == ["2 Aki draws.", "2 Aki passes."]
        log.update(3, [], current=3)
        await pilot.pause()
        assert highlighted() == ["3 Ben."]


async def test_control_characters_never_reach_the_terminal() -> None:
    app = LogApp()
    async with app.run_test(size=SIZE) as pilot:
        log = app.query_one(LogPanel)
        log.show([(1, "Eve\x1b[2J\x07 wins\x9b6n"), (2, "two\nlines")])
        await pilot.pause()
        rows = [strip.text for strip in rows_of(app, log)]
        assert not [c for row in rows for c in row if ord(c) < 32 or 0x7F <= ord(c) < 0xA0]
        assert read_log(app, log) == [(1, "Eve\\x1b[2J\\x07wins\\x9b6n"), (2, "two\\nlines")]


async def test_a_resize_wraps_the_lines_again_and_keeps_the_newest_in_sight() -> None:
    app = LogApp()
    lines = [
        (number, f"Entry {number}: Aki moves from the gym to the library, then rests.")
        for number in range(1, 30)
    ]
    async with app.run_test(size=SIZE) as pilot:
        log = app.query_one(LogPanel)
        log.show(lines)
        await pilot.pause()
        for width in (60, 25, WIDTH):
            log.styles.width = width
            await pilot.pause()  # laid out at the new width ...
            await pilot.pause()  # ... and, on the Resize event, wrapped again
            assert read_log(app, log)[-1] == squashed(lines)[-1], width
            assert log.scroll_y == log.max_scroll_y


# --- rendering only what is in sight -----------------------------------------------------------


def count_rows(monkeypatch: pytest.MonkeyPatch) -> Counter[Line]:
    """Count the lines wrapped into rows, by line."""
    wrapped: Counter[Line] = Counter()
    real = log_module.line_rows

    def counting(line: Line, gutter: int, width: int, current: bool) -> list[Strip]:
        wrapped[line] += 1
        return real(line, gutter, width, current)

    monkeypatch.setattr(log_module, "line_rows", counting)
    return wrapped


async def test_only_the_lines_in_sight_are_wrapped_and_each_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    wrapped = count_rows(monkeypatch)
    app = LogApp()
    async with app.run_test(size=SIZE) as pilot:
        log = app.query_one(LogPanel)
        log.show(numbered(5_000))
        await pilot.pause()
        log.refresh()
        await pilot.pause()
        assert set(wrapped) == set(numbered(HEIGHT, 5_001 - HEIGHT))
        assert set(wrapped.values()) == {1}
        log.update(5_000, numbered(1, 5_001))
        await pilot.pause()
        assert wrapped[numbered(1, 5_001)[0]] == 1 and len(wrapped) == HEIGHT + 1


LONG = 5_000


def long_save(folder: Path) -> Path:
    """A 5,000-entry Dangerous save (random bots without a turn limit play it; Aki is the
    human at the first seat)."""
    played = play_one("dangerous", 4, 2, "random", {"turn_limit": 0}, max_entries=LONG)
    assert len(played) >= LONG
    seats = (Seat("Aki"), *(Seat(f"Bot {n}", SeatKind.BOT, "random") for n in (1, 2, 3)))
    table = replay(Table(played.game, seats, played.options, played.seed), played.log)
    path = folder / "long.toml"
    saves.write(table, path)
    return path


async def test_opening_a_long_save_wraps_only_the_lines_in_sight(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game screen of a 5,000-entry save: the log panel is given the whole log once,
    measures it once (at the width the screen's layout settles on, not also at the one before)
    and wraps only the lines on the screen, each once."""
    path = long_save(tmp_path)
    table = saves.load(path).table
    fed: list[int] = []
    real_feed = Session.log_lines

    def feed(session: Session, render: Render) -> tuple[int, list[Line]]:
        keep, lines = real_feed(session, render)
        fed.append(len(lines))
        return keep, lines

    monkeypatch.setattr(Session, "log_lines", feed)
    wrapped = count_rows(monkeypatch)
    widths: set[int] = set()  # the widths lines were laid out at
    laid_out: Counter[str] = Counter()

    def spans(text: str, width: int) -> list[tuple[int, int]]:
        widths.add(width)
        laid_out[text] += 1
        return line_spans(text, width)

    monkeypatch.setattr(log_module, "line_spans", spans)
    app = make_app(tmp_path, table=table, save_path=path, bot_delay=3600.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        log = screen.query_one(LogPanel)
        assert len(log.shown) > LONG and log.scroll_y == log.max_scroll_y
        assert sorted(wrapped) == log.shown[-len(wrapped) :]  # the newest lines ...
        assert len(wrapped) <= log.scrollable_content_region.height  # ... the ones in sight
        assert set(wrapped.values()) == {1}
        assert sum(fed) == len(log.shown)  # every line given once ...
        assert len(widths) == 1  # ... and measured at one width: the one the layout settled on
        assert set(laid_out.values()) == {1}  # each text laid out once: counted and drawn
        # ... and only the texts in sight and AHEAD screens above them, not the whole log's
        assert len(laid_out) <= (log_module.AHEAD + 1) * log.scrollable_content_region.height
        shown = read_log(app, log)
        assert shown and shown == squashed(log.shown[-len(shown) :])


# --- the game and replay screens feed the log what changed -------------------------------------


async def test_an_undo_in_the_game_takes_its_lines_back_from_the_log(tmp_path: Path) -> None:
    table = ld_table(practice=True)
    app = make_app(tmp_path, table=table, save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        log = screen.query_one(LogPanel)
        before = list(log.shown)
        await press_option(pilot, 0)
        await settle(pilot)
        assert len(log.shown) > len(before)
        await pilot.press("u")
        await settle(pilot)
        assert log.shown == before == table.narration(0)
        assert read_log(app, log) == squashed(before[-len(read_log(app, log)) :])


def test_the_log_is_fed_only_what_changed() -> None:
    """After a decision only the new entries' lines; after an undo (and a decision made again)
    what was taken back is dropped; for another seat, the whole log as that seat reads it."""
    table = ld_table(TWO_HUMANS, practice=True)
    session = Session(table)
    session.pass_to(session.hand_over() or 0)
    keep, lines = session.log_lines()
    assert keep == 0 and lines == table.narration(session.viewer)
    length = len(table)
    decision = session.my_decision()
    assert decision is not None
    session.decide(decision.options[0].id)
    keep, lines = session.log_lines()
    assert keep == length
    assert table.narration(session.viewer, keep) + lines == table.narration(session.viewer)
    session.undo()
    session.decide(decision.options[-1].id)
    keep, lines = session.log_lines()
    assert keep == length
    assert table.narration(session.viewer, keep) + lines == table.narration(session.viewer)
    other = 1 - (session.viewer or 0)
    session.pass_to(other)
    assert session.log_lines() == (0, table.narration(other))


async def test_a_replay_step_changes_only_the_lines_stepped_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A step back drops the lines of the entry stepped over, a step on adds that entry's;
    only the lines in sight are wrapped again (the highlight moved)."""
    table = play_one("light-and-dark", 4, 3, "heuristic")  # a finished game
    assert table.over and len(table) > 30
    given: list[int] = []
    real_update = LogPanel.update

    def update(log: LogPanel, keep: int, lines: Sequence[Line], current: int | None = None) -> None:
        given.append(len(lines))
        real_update(log, keep, lines, current)

    monkeypatch.setattr(LogPanel, "update", update)
    wrapped = count_rows(monkeypatch)
    app = make_app(tmp_path, replay=table, replay_viewer=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        log = screen.query_one(LogPanel)
        assert given == [len(table.narration(0))]
        for key, position in (("left", len(table) - 1), ("home", 0), ("right", 1)):
            given.clear()
            wrapped.clear()
            await pilot.press(key)
            await pilot.pause()
            assert log.shown == table.narration(0, upto=position) and log.current == position
            assert sum(given) == (len(table.narration(0, upto=1)) if key == "right" else 0)
            assert len(wrapped) <= log.scrollable_content_region.height
