"""Whole games of Light and Dark played by keys at 80x24 (bots and one human seat, seeded), read
screen by screen (tests/tui/langkit.py): in Japanese no English sentence shows anywhere, card
names included; in English no Japanese but the card names and the game's title. And switching
the language in the middle of a game writes the log and every panel again in the other one."""

from __future__ import annotations

from pathlib import Path

from langkit import english_left, japanese_left, play_reading
from tuikit import SIZE, ld_table, make_app, screen_text, settle

from core.games.light_and_dark.content import content
from core.table import Seat, SeatKind
from tui.screens.game import GameScreen
from tui.widgets.log import LogPanel
from tui.widgets.prompt import DecisionPrompt

JAPANESE_SEATS = (
    Seat("あき"),
    Seat("ボブ", SeatKind.BOT, "heuristic"),
    Seat("チカ", SeatKind.BOT, "random"),
    Seat("ダイ", SeatKind.BOT, "heuristic"),
)
"""Seats named in Japanese: a Japanese screen then shows no Latin name to tell from English."""

ENGLISH_SEATS = (
    Seat("Aki"),
    Seat("Bob", SeatKind.BOT, "heuristic"),
    Seat("Chika", SeatKind.BOT, "random"),
    Seat("Dai", SeatKind.BOT, "heuristic"),
)

LD_NAMES = (
    *(role.name for role in content().roles.values()),
    *(boss.name for boss in content().bosses),
    "光と闇の勇者",
)
"""The Japanese an English Light and Dark screen may show: its cards' and bosses' names and the
game's title."""


async def test_a_whole_game_in_japanese_shows_no_english_sentence(tmp_path: Path) -> None:
    found: dict[str, str] = {}

    def read(text: str) -> None:
        for run in english_left(text):
            found.setdefault(run, text)

    for seed, options in ((3, {}), (8, {"keep_cards": True})):
        table = ld_table(JAPANESE_SEATS, seed=seed, **options)
        app = make_app(tmp_path, table=table, language="ja")
        async with app.run_test(size=SIZE) as pilot:
            assert await play_reading(pilot, read) > 3
    assert not found, "\n\n".join(f"{run!r} on:\n{screen}" for run, screen in found.items())


async def test_a_whole_game_in_english_shows_no_japanese_but_card_names(tmp_path: Path) -> None:
    found: dict[str, str] = {}
    seen: list[str] = []

    def read(text: str) -> None:
        seen.append(text)
        for run in japanese_left(text, LD_NAMES):
            found.setdefault(run, text)

    app = make_app(tmp_path, table=ld_table(ENGLISH_SEATS, seed=3), language="en")
    async with app.run_test(size=SIZE) as pilot:
        assert await play_reading(pilot, read) > 3
    assert not found, "\n\n".join(f"{run!r} on:\n{screen}" for run, screen in found.items())
    assert any(" Devil" in text or " Warrior" in text for text in seen)  # English beside


async def test_switching_the_language_mid_game_rewrites_the_log_and_every_panel(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, table=ld_table(ENGLISH_SEATS, seed=3), language="en")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        log = screen.query_one(LogPanel)
        english_log = log.text
        english_screen = screen_text(app)
        assert "Turn 1: Dai is the parent." in english_log
        assert "Tell the table your role" in english_screen
        await pilot.press("l")
        await pilot.pause()
        assert app.language == "ja"
        japanese_log, japanese_screen = log.text, screen_text(app)
        assert "ターン 1：Daiが親です。" in japanese_log
        assert "あなたは悪魔（赤背景）を引きました。" in japanese_log  # a card: Japanese alone
        assert len(japanese_log.splitlines()) == len(english_log.splitlines())
        assert "自分の役職を伝えてください" in japanese_screen  # the prompt
        assert "プレイヤー" in japanese_screen and "ログ" in japanese_screen  # the titles
        names = {"Aki", "Bob", "Chika", "Dai"}
        left = {run for run in english_left(japanese_screen) if run not in names}
        assert not left, japanese_screen
        left = {run for run in english_left(japanese_log) if run not in names}
        assert not left, japanese_log
        # The game goes on in Japanese, and back in English it reads as it did.
        prompt = screen.query_one(DecisionPrompt)
        assert prompt.decision is not None
        await pilot.press("l")
        await pilot.pause()
        assert app.language == "en" and log.text == english_log
        assert screen_text(app) == english_screen
