"""The app in the viewer's language at 80x24: the setup screen's language setting redraws the
screen (keeping what was typed) and is remembered; every screen of the app's chrome shows no
message of the catalog left in English; Japanese text (two cells a character) stays uncut."""

from __future__ import annotations

import re
from pathlib import Path
from string import Formatter
from typing import Any

import pytest
from babel.messages.pofile import read_po
from textual.pilot import Pilot
from textual.widgets import Button, Input, Label, OptionList
from tuikit import SIZE, ld_table, make_app, play_to_end, screen_text, settle

from core import saves
from core.config import Settings, read_settings
from core.i18n import catalog_path, translator
from core.simulate import play_one
from core.text import cells
from tui.screens.game import GameScreen
from tui.screens.gameover import GameOverScreen
from tui.screens.help import HelpScreen
from tui.screens.setup import SetupScreen
from tui.widgets.cycle import Cycle

EN = translator("en")
JA = translator("ja")


def plain_messages() -> set[str]:
    """The catalog's messages without placeholders, long enough to tell apart from a name or a
    key: the chrome's words as they would show in English."""
    with catalog_path("en").open("rb") as file:
        catalog = read_po(file)
    return {
        message.id
        for message in catalog
        if isinstance(message.id, str)
        and len(message.id) >= 4
        and all(field is None for _, field, _, _ in Formatter().parse(message.id))
        and "%" not in message.id
    }


MESSAGES = plain_messages()


GAME_TEXTS = re.compile(r"\bPlayer \d+\b")
"""What a screen shows as data, not chrome: the default seat names (Player 1)."""


def left_in_english(english: str, japanese: str) -> set[str]:
    """The catalog's messages that the English screen shows and the Japanese one still does."""
    english, japanese = GAME_TEXTS.sub("", english), GAME_TEXTS.sub("", japanese)
    return {message for message in MESSAGES if message in english and message in japanese}


async def both(tmp_path: Path, walk: Any, **kwargs: Any) -> tuple[str, str]:
    """The screen text that `walk(pilot)` leads to, in English and in Japanese."""
    texts = []
    for language in ("en", "ja"):
        app = make_app(tmp_path, language=language, **kwargs)
        async with app.run_test(size=SIZE) as pilot:
            await walk(pilot)
            texts.append(screen_text(app))
    return texts[0], texts[1]


async def nothing(pilot: Pilot[Any]) -> None:
    await pilot.pause()


async def test_switching_the_language_on_the_setup_screen_redraws_it_and_remembers(
    tmp_path: Path,
) -> None:
    config = tmp_path / "config" / "config.toml"
    app = make_app(tmp_path, config_path=config)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert "Partyline: a new game" in screen_text(app)
        await pilot.press("right")  # 5 players
        screen.query_one("#name-0", Input).value = "あきら"
        screen.query_one("#seed", Input).value = "42"
        await pilot.press("shift+tab", "shift+tab")  # players -> game -> language
        assert app.focused is screen.query_one("#setup-language", Cycle)
        await pilot.press("right")
        await pilot.pause()
        text = screen_text(app)
        assert app.language == "ja"
        assert "Partyline: 新しいゲーム" in text and "言語       < 日本語  >" in text
        assert "f2 開始" in text and "esc 終了" in text  # the footer too
        assert "a new game" not in text and "Seed" not in text
        # Everything typed or chosen is still there, and the focus stays on the setting.
        assert screen.query_one("#setup-players", Cycle).value == 5
        assert screen.query_one("#name-0", Input).value == "あきら"
        assert screen.query_one("#seed", Input).value == "42"
        assert [row.display for row in screen.query(".seat-row")] == [True] * 5
        assert app.focused is screen.query_one("#setup-language", Cycle)
        assert "2 人" not in text and "席 5" in text
        assert read_settings(config, EN) == (Settings(language="ja"), "")
        # The too-small message is back on the redrawn screen, in Japanese.
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert "端末を 80×24 以上に広げてください（いまは 60×20）。" in screen_text(app)
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        await pilot.press("left")  # back to English
        await pilot.pause()
        assert "Partyline: a new game" in screen_text(app)
        assert screen.query_one("#name-0", Input).value == "あきら"
        assert read_settings(config, EN) == (Settings(language="en"), "")


async def test_a_setting_that_cannot_be_remembered_says_so_and_still_holds(
    tmp_path: Path,
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    app = make_app(tmp_path, config_path=blocker / "config.toml")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("shift+tab", "shift+tab", "right")
        await pilot.pause()
        assert app.language == "ja" and "言語" in screen_text(app)
        assert app.notes == [f"{blocker / 'config.toml'}: 設定を保存できません: File exists"]


async def test_the_setup_screen_in_japanese_fits_80x24(tmp_path: Path) -> None:
    english, japanese = await both(tmp_path, nothing)
    assert not left_in_english(english, japanese)
    app = make_app(tmp_path, language="ja")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        for label in screen.query(Label).filter(".field"):
            shown = str(label.render())
            assert cells(shown) <= label.content_size.width, shown  # never cut
        for button in screen.query(Button):
            assert cells(str(button.label)) + 2 <= button.outer_size.width, button.label


async def test_the_help_lists_every_key_in_japanese(tmp_path: Path) -> None:
    app = make_app(tmp_path, language="ja")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        screen = app.screen
        assert isinstance(screen, HelpScreen) and screen.title_text == "設定: キー"
        for section in screen.sections:
            assert not section.title.isascii(), section.title
            for keys, does in section.keys:
                assert not does.isascii(), (keys, does)  # Textual's own words too
        text = screen_text(app)
        assert "この画面で" in text and "esc 閉じる" in text


async def test_the_saved_games_list_in_japanese(tmp_path: Path) -> None:
    saves.write(play_one("light-and-dark", 3, 1, "random"), tmp_path / "done.toml")
    saves.write(ld_table(), tmp_path / "going.toml")

    async def open_list(pilot: Pilot[Any]) -> None:
        await pilot.press("f3")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    english, japanese = await both(tmp_path, open_list)
    assert "Continue a saved game" in english and "セーブから続ける" in japanese
    assert f"{tmp_path} にセーブ 2 件" in japanese and "進行中" in japanese
    assert "日付順（新しい順）（s: 並べ替え）" in japanese and "終了: " in japanese
    assert not left_in_english(english, japanese)


async def test_the_game_and_game_over_screens_chrome_in_japanese(tmp_path: Path) -> None:
    async def play(pilot: Pilot[Any]) -> None:
        await settle(pilot)

    english, japanese = await both(tmp_path, play, table=ld_table(seed=7))
    assert "あなたの手番" in japanese and "プレイヤー" in japanese and "ログ" in japanese
    assert "あなたは Aki" in japanese and "u 取り消し" in japanese
    assert not left_in_english(english, japanese)

    async def to_the_end(pilot: Pilot[Any]) -> None:
        await play_to_end(pilot)
        assert isinstance(pilot.app.screen, GameOverScreen)

    english, japanese = await both(tmp_path, to_the_end, table=ld_table(seed=3))
    assert "ゲーム終了" in japanese and "リプレイを開く" in japanese and "勝者" in japanese
    assert not left_in_english(english, japanese)


@pytest.mark.parametrize("language", ["en", "ja"])
async def test_two_apps_at_once_each_speak_their_viewers_language(
    tmp_path: Path, language: str
) -> None:
    """The language belongs to the viewer: an English and a Japanese app side by side (two SSH
    seats, to come) do not change each other."""
    other = "ja" if language == "en" else "en"
    first = make_app(tmp_path, language=language, table=ld_table(seed=7))
    second = make_app(tmp_path, language=other, table=ld_table(seed=7))
    async with first.run_test(size=SIZE) as one, second.run_test(size=SIZE) as two:
        await settle(one)
        await settle(two)
        assert isinstance(first.screen, GameScreen) and isinstance(second.screen, GameScreen)
        mine = {"en": "Your move", "ja": "あなたの手番"}
        assert mine[language] in screen_text(first) and mine[other] in screen_text(second)
        assert mine[other] not in screen_text(first)


async def test_l_on_the_results_redraws_them_and_the_board_beneath(tmp_path: Path) -> None:
    """`l` switched the language on every screen but the results: there it did nothing."""
    config = tmp_path / "config.toml"
    app = make_app(tmp_path, language="en", table=ld_table(seed=3), config_path=config)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot)
        results = app.screen
        assert isinstance(results, GameOverScreen)
        english = screen_text(app)
        assert "Game over" in english and "Open the replay" in english
        await pilot.press("down")  # a choice highlighted stays highlighted
        await pilot.press("l")
        await pilot.pause()
        japanese = screen_text(app)
        assert app.screen is results and app.language == "ja"
        assert "ゲーム終了" in japanese and "リプレイを開く" in japanese and "勝者" in japanese
        assert not left_in_english(english, japanese)
        assert results.query_one(OptionList).highlighted == 1
        assert read_settings(config, EN) == (Settings(language="ja"), "")
        await pilot.press("escape")  # the final board beneath speaks it too
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        board = screen_text(app)
        assert "ログ" in board and "プレイヤー" in board and "Log" not in board
