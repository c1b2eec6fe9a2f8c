"""A whole (short) game of Dangerous played by keys at 80x24 (bots and one human seat, seeded),
read screen by screen (tests/tui/langkit.py) with every board mode, the map mode, the card
viewer, the game over, the replay and the help: in Japanese no English sentence shows anywhere;
in English no Japanese but the card and place names and the game's title."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from langkit import KEY_NAMES, english_left, japanese_left, read_after
from test_tui_dangerous_full import Driver
from textual.pilot import Pilot
from tuikit import SIZE, make_app, page_text, screen_text

from core.decisions import Decision
from core.games import get_game
from core.games.dangerous.content import content
from core.i18n import translator
from core.table import Seat, SeatKind, Table, new_table
from tui.boards.dangerous.cards import card_pages
from tui.boards.dangerous.common import boss_code
from tui.screens.cards import CardsScreen
from tui.screens.game import GameScreen

JAPANESE_SEATS = (
    Seat("あき"),
    Seat("ボブ", SeatKind.BOT, "heuristic"),
)
ENGLISH_SEATS = (
    Seat("Aki"),
    Seat("Bob", SeatKind.BOT, "heuristic"),
)

PLACE_CODES = frozenset(
    {"spr", *(boss_code(site.space).lower() for site in content().board.bosses)}
)
"""The map's three-letter place codes: map cells are ASCII, the legend says them in Japanese."""
RULEBOOK_WORDS = frozenset({"lv", "ap"})
"""What the rulebook itself writes in Latin letters: Lv2, AP."""
SEAT_LETTERS = re.compile(r"S?[A-D]+")
"""The map's pieces after a place's code: the seats' letters ("SAB": A and B at the spring)."""


def dg_table(seats: tuple[Seat, ...], seed: int) -> Table:
    return new_table(get_game("dangerous"), seats, {"turn_limit": 1}, seed)


def dg_names() -> tuple[str, ...]:
    """The Japanese an English Dangerous screen may show: cards, bosses, places, the title."""
    data = content()
    names = [card.name for card in data.cards.values()]
    names += [card.ability for card in data.cards.values()]
    names += [item.name for item in data.items.values()]
    names += [action.name for action in data.actions]
    names += [site.name for site in data.board.bosses]
    names += [space.name for space in data.board.spaces.values()]
    return (*names, get_game("dangerous").title, "戦闘破壊学園ダンゲロス・ボードゲーム")


async def play_reading(pilot: Pilot[Any], read: Callable[[str], None]) -> int:
    """Play the game by keys (the whole-game keyboard driver), reading the screen before each
    answer and, every few decisions, each board mode (`b`), the map mode (`m`) and the card
    viewer (`c`); then the screens after the game. Returns the decisions made by keys."""

    async def look(driver: Driver, screen: GameScreen, decision: Decision) -> None:
        read(screen_text(pilot.app))
        if driver.decided % 3:
            return
        for _ in range(4):
            await pilot.press("b")
            await pilot.pause()
            read(screen_text(pilot.app))
        await pilot.press("m")  # to the map (or why not), and back to the prompt
        await pilot.pause()
        read(screen_text(pilot.app))
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        if isinstance(pilot.app.screen, CardsScreen):
            for _ in range(3):
                read(screen_text(pilot.app))
                await pilot.press("right")
                await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()

    driver = Driver(pilot, look=look)
    await driver.play()
    await read_after(pilot, read)
    return driver.decided


def not_a_sentence(run: str) -> bool:
    if SEAT_LETTERS.fullmatch(run):
        return True
    words = run.lower().replace("-", " ").split()
    return all(word in KEY_NAMES | PLACE_CODES | RULEBOOK_WORDS for word in words)


async def test_a_whole_game_of_dangerous_in_japanese_shows_no_english_sentence(
    tmp_path: Path,
) -> None:
    found: dict[str, str] = {}

    def read(text: str) -> None:
        for run in english_left(text):
            if not not_a_sentence(run):
                found.setdefault(run, text)

    app = make_app(tmp_path, table=dg_table(JAPANESE_SEATS, seed=5), language="ja")
    async with app.run_test(size=SIZE) as pilot:
        assert await play_reading(pilot, read) > 3
    assert not found, "\n\n".join(f"{run!r} on:\n{screen}" for run, screen in found.items())


async def test_a_whole_game_of_dangerous_in_english_shows_no_japanese_but_names(
    tmp_path: Path,
) -> None:
    found: dict[str, str] = {}
    names = dg_names()

    def read(text: str) -> None:
        for run in japanese_left(text, names):
            found.setdefault(run, text)

    app = make_app(tmp_path, table=dg_table(ENGLISH_SEATS, seed=5), language="en")
    async with app.run_test(size=SIZE) as pilot:
        assert await play_reading(pilot, read) > 3
    assert not found, "\n\n".join(f"{run!r} on:\n{screen}" for run, screen in found.items())


def test_the_card_viewer_reads_in_the_viewers_language_and_wraps_japanese() -> None:
    table = dg_table(JAPANESE_SEATS, seed=5)
    table.resolve_chance()
    view = table.view(0)
    first = view.board.players[0].party[0]
    found = content().card(first)
    ja = card_pages(view, table.names, translator("ja"))
    title, body = ja[0]
    assert title == f"A あき、{content().board.spaces['spring'].name}にいる"
    text = page_text(body)
    assert "パーティー、先頭から（3）" in text
    assert found.text_en not in text and found.english not in text
    # The ability's name and its rules text start on one row: Japanese breaks between
    # characters (a Rich Text would move the whole text, with no space in it, a row down).
    assert f"{found.ability}: {found.text_ja[:10]}" in text
    assert not english_left(text) - {"Lv"} - {word.upper() for word in RULEBOOK_WORDS}
    en = card_pages(view, table.names, translator("en"))
    assert f"{found.english} Lv{found.level}" in page_text(en[0][1])
    assert found.text_ja not in page_text(en[0][1])
