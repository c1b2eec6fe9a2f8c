"""Long texts wrap Japanese between characters at 80x24 (core.wrap through tui.wrapped): the
hot-seat curtain and the help's key descriptions and rules; the help's words for Textual's own
keys are ours in both languages."""

from __future__ import annotations

from pathlib import Path

from textual.containers import VerticalScroll
from tuikit import SIZE, ld_table, make_app, screen_text, settle

from core.table import Seat, SeatKind
from core.wrap import NO_LINE_START
from tui.screens.curtain import CurtainScreen
from tui.screens.help import HelpScreen

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
