"""TUI test helpers: tables, apps with no bot delay and no hold on reveals (unless a test asks
for them), reading the screen, playing by keys."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest.mock import MagicMock, patch

import pytest
from rich.console import Console, RenderableType
from textual.app import App
from textual.pilot import Pilot
from textual.strip import Strip

from core.decisions import Decision, DecisionKind
from core.games import get_game
from core.games.dangerous.bot import strength
from core.log import DecisionEntry
from core.narration import Text as GameText
from core.table import Seat, SeatKind, Table, new_table, replay
from tui.app import PartylineApp
from tui.lang import tr
from tui.screens import gameover
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.screens.gameover import GameOverScreen
from tui.shown import Line
from tui.widgets.log import LogPanel, gutter_width
from tui.widgets.prompt import DecisionPrompt

SIZE = (80, 24)

ONE_HUMAN = (
    Seat("Aki"),
    Seat("Bot 2", SeatKind.BOT, "heuristic"),
    Seat("ボブ太郎", SeatKind.BOT, "heuristic"),
    Seat("Bot 4", SeatKind.BOT, "random"),
)

TWO_HUMANS = (
    Seat("Aki"),
    Seat("Ben"),
    Seat("Bot 3", SeatKind.BOT, "heuristic"),
)


def ld_table(
    seats: tuple[Seat, ...] = ONE_HUMAN, seed: int = 7, practice: bool = False, **options: Any
) -> Table:
    return new_table(get_game("light-and-dark"), seats, dict(options), seed, practice)


class NotedApp(PartylineApp):
    """The app with no bot delay and no hold on reveals (unless given), remembering every
    notification: Textual drops one when its timeout has passed on the wall clock, and a result
    must not depend on the machine's speed."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("bot_delay", 0)
        kwargs.setdefault("reveal_hold", 0)
        super().__init__(**kwargs)
        self.notes: list[str] = []

    def notify(self, message: str | GameText, **kwargs: Any) -> None:
        self.notes.append(tr(self).text(message))  # as the viewer reads it
        super().notify(message, **kwargs)


def make_app(save_dir: Path, **kwargs: Any) -> NotedApp:
    return NotedApp(save_dir=save_dir, **kwargs)


def page_text(body: RenderableType) -> str:
    """A card page (or any renderable) as plain text, as wide as the card viewer shows it."""
    console = Console(width=SIZE[0] - 4, no_color=True, color_system=None)
    with console.capture() as capture:
        console.print(body)
    return capture.get()


def screen_text(app: PartylineApp) -> str:
    """Every character on the terminal right now, line by line."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def shown_after(pilot: Pilot[Any], *texts: str, limit: int = 100) -> str:
    """The terminal's text once it shows every one of `texts`: a resize or a key is drawn a
    frame or more later, and a busy machine (the suite's other process) takes more pauses to get
    there. Fails after `limit` pauses, with what it showed."""
    for _ in range(limit):
        await pilot.pause()
        text = screen_text(pilot.app)
        if all(part in text for part in texts):
            return text
    raise AssertionError(f"never showed {texts}:\n{text}")


def rows_of(app: App[Any], log: LogPanel) -> list[Strip]:
    """The rows the terminal shows inside the panel (its scrollbar left out)."""
    region = log.scrollable_content_region
    strips = app.screen._compositor.render_strips()[region.y : region.bottom]
    return [strip.crop(region.x, region.right) for strip in strips]


def read_log(app: App[Any], log: LogPanel) -> list[Line]:
    """The lines on the terminal, each read back from its rows: the number in the gutter starts
    a line, rows with a blank gutter go on with it (its text without the spaces)."""
    gutter = gutter_width(log.shown)
    lines: list[tuple[int, str]] = []
    for strip in rows_of(app, log):
        text = strip.text
        number, rest = text[:gutter].strip(), "".join(text[gutter + 1 :].split())
        if number:
            lines.append((int(number), rest))
        elif lines and rest:
            lines[-1] = (lines[-1][0], lines[-1][1] + rest)
    return lines


def squashed(lines: list[Line]) -> list[Line]:
    return [(number, "".join(text.split())) for number, text in lines]


async def settle(pilot: Pilot[Any], limit: int = 400) -> None:
    """Let the bots play until a human must act (or a non-game screen is up)."""
    app = pilot.app
    for _ in range(limit):
        await pilot.pause()
        screen = app.screen
        if not isinstance(screen, GameScreen):
            return
        if screen.holding:
            return  # on a reveal: the bots wait for the hold's end or its key
        if not screen.session.bot_to_play() or screen.session.curtain_for() is not None:
            await pilot.pause()
            return
        await pilot.pause(0.005)
    raise AssertionError("the bots never stopped playing")


async def press_option(pilot: Pilot[Any], index: int) -> None:
    """Pick option `index` of the decision on screen by its key: every digit of it, then Enter
    if a longer key could still follow."""
    prompt = pilot.app.screen.query_one(DecisionPrompt)
    await pilot.press(*str(prompt.key_of(index)))
    if prompt.typed:
        await pilot.press("enter")


def first_available(decision: Decision) -> int:
    return next(i for i, option in enumerate(decision.options) if option.available)


async def play_one(pilot: Pilot[Any], step: int = 0) -> str:
    """Answer the decision on screen by keys (varying how), or pass the curtain.

    Returns what happened: "curtain", "decided", "over" or "idle".
    """
    await settle(pilot)
    app = pilot.app
    screen = app.screen
    if isinstance(screen, GameOverScreen):
        return "over"
    if isinstance(screen, CurtainScreen):
        await pilot.press("enter")
        return "curtain"
    assert isinstance(screen, GameScreen), screen
    decision = screen.session.my_decision()
    if decision is None:
        await pilot.pause(0.01)
        return "idle"
    if decision.kind is DecisionKind.CHOOSE_SEVERAL:
        await pilot.press("1", "space", "space", "enter")
    elif decision.name == "claim" and step % 3 == 1:
        await pilot.press("down", "down", "enter")
    elif step % 2:
        await pilot.press("down", "up", "enter")
    else:
        await press_option(pilot, first_available(decision))
    return "decided"


def results_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game-over screen takes `n` at once, as after a player has read the results: not as
    the game screen's go-on key held over (gameover.HELD_OVER_SECONDS, tested on its own)."""
    monkeypatch.setattr(gameover, "HELD_OVER_SECONDS", 0.0)


async def play_to_end(pilot: Pilot[Any], limit: int = 400) -> int:
    decided = 0
    for step in range(limit):
        outcome = await play_one(pilot, step)
        if outcome == "over":
            return decided
        decided += outcome == "decided"
    raise AssertionError("the game did not end")


def weakest_party_instead(table: Table, built: int) -> Table:
    """The same game of Dangerous up to entry `built`, a secret final-party answer, then the
    weakest cards chosen instead: what the other player sees must not tell the two apart."""
    entry = table.log[built]
    assert isinstance(entry, DecisionEntry) and entry.decision == "final-party"
    again = replay(Table(table.game, table.seats, table.options, table.seed), table.log[:built])
    decision = again.decision_for(entry.seat)
    assert decision is not None and decision.name == "final-party"
    ids = sorted((option.id for option in decision.options), key=lambda c: strength(str(c)))
    weakest = tuple(ids[: decision.min_count])
    assert set(weakest) != set(entry.choice), "pick a seed with a choice of final party"
    again.decide(entry.seat, weakest)
    return again


@contextlib.contextmanager
def counted(owner: type, name: str) -> Iterator[MagicMock]:
    """`owner`'s method `name` as it is, its calls counted (a "done once" rule's test)."""
    method = getattr(owner, name)
    with patch.object(owner, name, autospec=True, side_effect=method) as calls:
        yield calls
