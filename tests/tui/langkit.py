"""Whole games read in one language (issue 11): every screen a game shows, read at 80x24 while
it is played by keys, must hold no sentence of the other language. Reusable by any game: a
game's test gives its table (its seats named in the language read, so that names are not
taken for sentences) and, for English, its card and place names (which stay Japanese).

- In Japanese no Latin word may show but the key names of KEY_NAMES (the footer's and the
  prompt's keys): a card name shows Japanese alone.
- In English no Japanese may show but the names the game gives (cards, places, its title).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from textual.pilot import Pilot
from tuikit import play_one, screen_text

from tui.screens.gameover import GameOverScreen
from tui.screens.replay import ReplayScreen

LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*(?:[ -][A-Za-z][A-Za-z'’]*)*")
"""A run of Latin words (an English sentence or a part of one)."""

KEY_NAMES = frozenset(
    {
        "esc",
        "escape",
        "enter",
        "tab",
        "space",
        "up",
        "down",
        "left",
        "right",
        "pgup",
        "pgdn",
        "home",
        "end",
    }
    | {"f1", "f2", "f3", "f5", "ctrl", "shift", "super", "backspace"}
    | set("abcdefghijklmnopqrstuvwxyz")  # a key letter: "u 取り消し", "g 結果"
)
"""What a Japanese screen may show in Latin letters: the keys' names, each word on its own."""

JAPANESE_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef々ー・]+")
"""A run of Japanese (kana, kanji, full-width forms)."""


def english_left(text: str) -> set[str]:
    """The runs of Latin words on a Japanese screen that are not key names."""
    found = set()
    for run in LATIN_WORD.findall(text):
        words = re.split(r"[ -]", run.lower())
        if not all(word in KEY_NAMES for word in words):
            found.add(run)
    return found


def japanese_left(text: str, names: Iterable[str]) -> set[str]:
    """The runs of Japanese on an English screen that are not one of `names` (or part of one:
    a name may wrap at the panel's edge)."""
    allowed = tuple(names)
    return {run for run in JAPANESE_RUN.findall(text) if not any(run in name for name in allowed)}


async def play_reading(pilot: Pilot[Any], read: Callable[[str], None], limit: int = 400) -> int:
    """Play the game on screen to its end by keys (tuikit.play_one), giving `read` every screen
    on the way: the game screen at each step, then the screens after the game (read_after).
    Returns the decisions made by keys."""
    decided = 0
    for step in range(limit):
        read(screen_text(pilot.app))
        outcome = await play_one(pilot, step)
        if outcome == "over":
            break
        decided += outcome == "decided"
    else:
        raise AssertionError("the game did not end")
    await read_after(pilot, read)
    return decided


async def read_after(pilot: Pilot[Any], read: Callable[[str], None]) -> None:
    """Give `read` the game-over screen, then the replay it opens stepped back a few entries,
    then the game's help and rules summary page by page."""
    assert isinstance(pilot.app.screen, GameOverScreen)
    read(screen_text(pilot.app))
    await pilot.press("p")  # the replay
    await pilot.pause()
    assert isinstance(pilot.app.screen, ReplayScreen)
    for _ in range(3):
        read(screen_text(pilot.app))
        await pilot.press("left")
        await pilot.pause()
    await pilot.press("f1")  # the game's help and rules summary
    await pilot.pause()
    read(screen_text(pilot.app))
    for _ in range(8):
        await pilot.press("pagedown")
        await pilot.pause()
        read(screen_text(pilot.app))
