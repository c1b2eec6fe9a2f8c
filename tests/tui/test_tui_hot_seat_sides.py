"""Issue 9, item 8 at 80x24: the hot-seat curtain comes only when the next screen shows something
the player at the screen may not see, and a Light and Dark card is named to its owner with its
side (blue or red) in words, not by colour alone."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot
from tuikit import SIZE, TWO_HUMANS, ld_table, make_app, press_option, screen_text, settle

from core.decisions import Decision, DecisionKind
from core.games import get_game
from core.games.light_and_dark.content import content
from core.table import Seat, new_table
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.widgets.board import BoardPanel
from tui.widgets.log import LogPanel


async def before_the_meeting(pilot: Pilot[Any], decision: Decision) -> None:
    """Answer by keys, declining the abilities that spend AP before the meeting (Done)."""
    if decision.kind is DecisionKind.ORDER:
        await pilot.press("enter")
    elif decision.kind is DecisionKind.CHOOSE_SEVERAL:
        await pilot.press(*(str(n) for n in range(1, decision.min_count + 1)), "enter")
    elif decision.name == "meeting-ability":
        await pilot.press(str(len(decision.options)))
    else:
        await press_option(pilot, 0)


def board_text(app: Any) -> str:
    """The board panel's words, its wrapped lines joined: what the board says, whatever its
    width (a line broken between two Japanese characters joined without a space)."""
    region = app.screen.query_one(BoardPanel).region
    strips = app.screen._compositor.render_strips()[region.y + 1 : region.bottom - 1]
    inside = (strip.crop(region.x + 1, region.right - 1).text for strip in strips)
    text = ""
    for line in filter(None, (" ".join(line.split()) for line in inside)):
        joint = "" if text and cell_len(text[-1]) == cell_len(line[0]) == 2 else " "
        text = f"{text}{joint}{line}" if text else line
    return text


def players_row(app: Any, name: str) -> str:
    """The players panel's line for `name` (the seat at the screen)."""
    return next(line for line in screen_text(app).splitlines() if f"{name} (you)" in line)


async def test_two_humans_place_ap_in_the_meeting_with_no_curtain_between(
    tmp_path: Path,
) -> None:
    """Dangerous, two humans and no bot: every AP placement of the strategy meeting is public,
    so the keyboard goes back and forth with no curtain, in both directions."""
    table = new_table(get_game("dangerous"), (Seat("Aki"), Seat("Ben")), {}, seed=4)
    app = make_app(tmp_path, table=table, save_path=tmp_path / "m.toml")
    async with app.run_test(size=SIZE) as pilot:
        placers: list[int] = []
        for _ in range(80):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, CurtainScreen):
                assert not placers, f"a curtain in the meeting after {len(placers)} placements"
                await pilot.press("enter")
                continue
            assert isinstance(screen, GameScreen)
            decision = screen.session.my_decision()
            assert decision is not None
            if decision.name != "ap":
                if placers:
                    break  # the meeting is over
                await before_the_meeting(pilot, decision)
                continue
            assert screen.session.looking == decision.seat
            placers.append(decision.seat)
            await press_option(pilot, 0)
        handovers = sum(1 for a, b in pairwise(placers) if a != b)
        assert {0, 1} <= set(placers) and handovers >= 2, placers


async def test_light_and_dark_curtain_before_the_next_players_card(tmp_path: Path) -> None:
    """Light and Dark, two humans: when the next claim is the other human's, whose screen shows
    their own card, the curtain comes first and names no card; behind it that player sees
    their card with its side."""
    table = ld_table(TWO_HUMANS, seed=4)
    app = make_app(tmp_path, table=table, save_path=tmp_path / "c.toml")
    labels = [str(role.label) for role in content().roles.values()]
    async with app.run_test(size=SIZE) as pilot:
        curtains = 0
        for _ in range(12):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, CurtainScreen):
                text = screen_text(app)
                assert not any(label in text for label in labels)
                await pilot.press("enter")
                await settle(pilot)
                game = app.screen
                assert isinstance(game, GameScreen)
                seat = game.session.looking
                assert seat is not None and table.seats[seat].name == screen.player
                card = game.session.view()
                assert card is not None
                own = content().roles[card.board.roles[seat]]
                assert str(own.sided) in players_row(app, screen.player)
                curtains += 1
                if curtains == 2:
                    break
                continue
            assert isinstance(screen, GameScreen)
            await press_option(pilot, 0)  # stay silent
        assert curtains == 2


@pytest.mark.parametrize(
    ("seed", "card", "on_board"),
    [
        (7, "悪魔 Devil (red side)", "You hold 悪魔 Devil (red side)"),
        (5, "闇の勇者 Dark Hero (red side)", "Parent Aki, holds the 闇の勇者 Dark Hero (red side)"),
    ],
    ids=["a role card", "the parent's hero"],
)
async def test_own_card_is_named_with_its_side(
    tmp_path: Path, seed: int, card: str, on_board: str
) -> None:
    """Aki's card, named with its side in the players panel, on the board and in the log: a
    role card on its own board line, the parent's hero on the parent line."""
    app = make_app(tmp_path, table=ld_table(seed=seed), save_path=tmp_path / "s.toml")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert card in players_row(app, "Aki")
        board = board_text(app)
        assert on_board in board
        assert board.count("(red side)") == 1  # once: a parent has no "You hold" line
        log = screen.query_one(LogPanel).text
        assert f"You draw the {card}." in " ".join(log.split())
