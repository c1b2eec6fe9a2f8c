"""Long texts wrap Japanese between characters at 80x24 (core.wrap through tui.wrapped): the
hot-seat curtain and the help's key descriptions and rules, the game's log, the last reveal and
the battle's log (English still between words); the help's words for Textual's own keys are
ours in both languages."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console
from test_tui_dangerous import finished_game
from textual.containers import VerticalScroll
from tuikit import SIZE, ld_table, make_app, rows_of, screen_text, settle

from core.i18n import translator
from core.simulate import play_one
from core.table import Seat, SeatKind, Table, replay
from core.wrap import NO_LINE_START, wrap
from tui.boards.dangerous.battle import render_battle
from tui.boards.light_and_dark import render as ld_render
from tui.screens.curtain import CurtainScreen
from tui.screens.help import HelpScreen
from tui.screens.replay import ReplayScreen
from tui.widgets.log import LogPanel

HOT_SEAT = (
    Seat("Aki", SeatKind.HUMAN),
    Seat("Bea", SeatKind.HUMAN),
    Seat("Bot 3", SeatKind.BOT, "random"),
)


def box_lines(text: str) -> list[str]:
    """The lines inside a box drawn with │ or ║, without the box and its padding."""
    lines = []
    for line in text.splitlines():
        for edge in "│║":
            if line.count(edge) >= 2:
                lines.append(line[line.index(edge) + 1 : line.rindex(edge)].strip())
                break
    return lines


async def test_the_curtain_wraps_japanese_between_characters(tmp_path: Path) -> None:
    app = make_app(tmp_path, table=ld_table(seats=HOT_SEAT), language="ja")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        lines = [line for line in box_lines(screen_text(app)) if line]
        said = [line for line in lines if "Enter" in line]
        assert len(said) == 1, lines
        # Broken only at spaces, "を押してください。" would go down whole after "Enter".
        assert said[0].endswith(" Enter を押"), lines
        assert lines[lines.index(said[0]) + 1] == "してください。"


async def test_the_help_wraps_japanese_between_characters(tmp_path: Path) -> None:
    app = make_app(tmp_path, table=ld_table(seats=HOT_SEAT), language="ja")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        lines = box_lines(screen_text(app))
        [enter] = [line for line in lines if line.startswith("enter ")]
        # Broken only at spaces, "その人の画面を表示" would go down whole after the colon.
        assert enter.endswith(": その人の画面を表"), lines
        assert lines[lines.index(enter) + 1].strip() == "示"
    app = make_app(tmp_path, table=ld_table(), language="ja")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        app.screen.query_one("#help-body", VerticalScroll).scroll_end(animate=False)
        await pilot.pause()
        lines = [line.rstrip("▁▂▃▄▅▆▇█ ") for line in box_lines(screen_text(app))]
        assert "カード保持ルール" in "".join(lines)
        assert not [line for line in lines if line and line[0] in NO_LINE_START], lines


async def test_textuals_own_keys_are_in_our_words_in_both_languages(tmp_path: Path) -> None:
    shown = {}
    for language in ("en", "ja"):
        app = make_app(tmp_path, table=ld_table(), language=language)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("question_mark")
            await pilot.pause()
            shown[language] = screen_text(app)
    assert "to the next item" in shown["en"] and "copy the selected text" in shown["en"]
    assert "Focus Next" not in shown["en"] and "Copy selected text" not in shown["en"]
    assert "次の項目へ" in shown["ja"] and "選択中のテキストをコピー" in shown["ja"]


def starting_with_a_closing_mark(screen: str) -> list[str]:
    """The rows of the screen in which a panel's line starts with a closing mark (、。）...)."""
    return [
        row
        for row in screen.splitlines()
        for piece in re.split("[│║]", row)
        if piece.strip(" ▁▂▃▄▅▆▇█")[:1] in NO_LINE_START
    ]


def log_rows(app: ReplayScreen, log: LogPanel) -> list[list[str]]:
    """The log's lines in sight, each as its rows' texts."""
    gutter = log._gutter
    lines: list[list[str]] = []
    for strip in rows_of(app.app, log):
        number, text = strip.text[:gutter].strip(), strip.text[gutter + 1 :].rstrip()
        if number:
            lines.append([text])
        elif lines and text:
            lines[-1].append(text)
    return lines


def ascii_word(char: str) -> bool:
    return char.isascii() and char.isalnum()


@pytest.mark.parametrize("language", ["ja", "en"])
async def test_the_log_and_the_last_reveal_wrap_by_core_wrap_at_80x24(
    tmp_path: Path, language: str
) -> None:
    """A Dangerous replay stepped through its battles: no line of any panel starts with a
    closing mark (the log folded "。" onto a row of its own), each row fits its panel, and an
    English line breaks only between words, never inside one."""
    table = finished_game()
    fights = [
        position
        for position in range(len(table) + 1)
        if (fight := table.view_at(position, None).board.combat) is not None and len(fight.log) >= 3
    ]
    app = make_app(tmp_path, replay=table, language=language)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        log = screen.query_one(LogPanel)
        await pilot.press("home")
        at = wrapped = 0
        for position in fights[::7][:6]:
            steps = position - at
            await pilot.press(*["pagedown"] * (steps // 10), *["right"] * (steps % 10))
            at = position
            await pilot.pause()
            shown = screen_text(app)
            assert not starting_with_a_closing_mark(shown), (position, shown)
            width = log.scrollable_content_region.width
            assert all(cell_len(strip.text.rstrip()) <= width for strip in rows_of(app, log))
            if language == "en":  # (its names are Japanese: they break between characters)
                texts = {"".join(text.split()): text for _, text in log.shown}
                for rows in log_rows(screen, log)[1:]:  # (the first may be cut by the top)
                    text, at = texts["".join("".join(rows).split())], 0
                    for row, after in pairwise(rows):
                        end = text.index(row, at) + len(row)
                        at = text.index(after, end)
                        assert at > end or not (ascii_word(text[end - 1]) and ascii_word(text[at]))
                        wrapped += 1
        assert language == "ja" or wrapped > 5


def test_the_battle_log_wraps_as_core_wrap_does() -> None:
    """The battle view's own log, a line to an item after "- ", is wrapped by core.wrap at the
    width beside the dash (Rich broke it only at spaces, leaving half-empty rows)."""
    table = finished_game()
    _ = translator("ja")
    checked = 0
    for position in range(0, len(table) + 1, 5):
        view = table.view_at(position, None)
        fight = view.board.combat
        if fight is None or not fight.log:
            continue
        for width in (30, 40, 47):
            console = Console(width=width, no_color=True, color_system=None)
            with console.capture() as capture:
                console.print(render_battle(view, table.names, _))
            rendered = [line.rstrip() for line in capture.get().splitlines()]
            start = rendered.index(_("Battle log")) + 1
            expected = [
                ("  " if row else "- ") + text
                for line in fight.log
                for row, text in enumerate(wrap(_.text(line), width - 2))
            ]
            assert rendered[start : start + len(expected)] == expected, (position, width)
            assert all(cell_len(line) <= width for line in rendered)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("size", [(60, 20), (40, 20)])
async def test_the_too_small_message_wraps_japanese_between_characters(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Broken only at spaces, "Ctrl+Q" stood alone on its row, the Japanese after it moved
    down whole (and was cut by cells at 60 columns)."""
    app = make_app(tmp_path, language="ja")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        rows = [row.strip() for row in screen_text(app).splitlines() if row.strip()]
        [quit_row] = [row for row in rows if "Ctrl+Q" in row]
        assert quit_row.startswith("Ctrl+Q で終了します（遊んでいるゲーム"), rows
        assert not [row for row in rows if row[0] in NO_LINE_START], rows
        assert all(cell_len(row) <= size[0] - 2 for row in rows)  # (its padding)


def test_the_light_and_dark_board_wraps_japanese_between_characters() -> None:
    """The board's narrow right column (the last turn's story, the discards): Rich folded "。"
    or "、" onto a line of its own, cut "ー" from its word."""
    played = play_one("light-and-dark", 4, 1, "random", {}, 400)
    seats = (Seat("ボブ太郎"), Seat("アキ"), Seat("ボット3"), Seat("Bot 4"))
    table = replay(Table(played.game, seats, played.options, played.seed), played.log)
    _ = translator("ja")
    for position in range(0, len(table) + 1, 2):
        view = table.view_at(position, 0)
        for width in range(26, 40):
            console = Console(width=width, no_color=True, color_system=None)
            with console.capture() as capture:
                console.print(ld_render(view, table.names, _))
            for line in capture.get().splitlines():
                assert cell_len(line.rstrip()) <= width
                value = line[len(line) - len(line.lstrip()) :] if line[:1] == " " else ""
                assert value[:1] not in NO_LINE_START, (position, width, line)


def test_the_light_and_dark_board_shows_a_name_as_written_not_as_markup() -> None:
    """The board's values were strings Rich read as markup: "[i]Aki" in the last turn's story
    lost its brackets (and set the rest in italics)."""
    played = play_one("light-and-dark", 4, 1, "random", {}, 400)
    seats = (Seat("[i]Aki"), Seat("B"), Seat("C"), Seat("D"))
    table = replay(Table(played.game, seats, played.options, played.seed), played.log)
    console = Console(width=60, no_color=True, color_system=None)
    for position in range(len(table) + 1):
        with console.capture() as capture:
            console.print(ld_render(table.view_at(position, 0), table.names, translator("en")))
        shown = capture.get()
        assert shown.count("Aki") == shown.count("[i]Aki"), (position, shown)
