"""Every option keeps its key for the whole decision (issue 9, items 1-2), at 80x24: a bot
placing AP between two key presses moves no key; a full action stays in its place, dimmed,
and its key says why; every option of a long list has a key; a far destination is reached by
the filter and by the map's cursor."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from test_tui_dangerous import AKI_VS_BOT, dg_table, drive, keep_ap, named
from test_tui_prompt import PromptApp
from textual.pilot import Pilot
from tuikit import SIZE, make_app, screen_text, settle

from core.decisions import Decision, Option, choose_one
from core.log import DecisionEntry
from core.table import Table
from tui.screens.game import GameScreen
from tui.widgets.gridmap import GridMap
from tui.widgets.optionkeys import keys_for, waits
from tui.widgets.prompt import DecisionPrompt


def placements(table: Table, seat: int) -> list[str]:
    return [
        str(e.choice)
        for e in table.log
        if isinstance(e, DecisionEntry) and e.decision == "ap" and e.seat == seat
    ]


def moved_to(table: Table) -> Any:
    entry = next(e for e in reversed(table.log) if isinstance(e, DecisionEntry))
    assert entry.decision == "move" and entry.seat == 0
    return entry.choice


async def combat_filled_by_the_bot(pilot: Pilot[Any], table: Table) -> DecisionPrompt:
    """Aki (2 players, seed 5) opens the meeting, puts 1 AP on 戦闘力 (key 2: the list she
    sees) and 1 on 移動力 (key 1); the bot then places its AP on 戦闘力, which fills it (2 of 2)
    while Aki's question is asked again."""
    screen = await drive(pilot, named("ap"), respond=keep_ap)
    prompt = screen.query_one(DecisionPrompt)
    decision = prompt.decision
    assert decision is not None
    assert [o.id for o in decision.options][:3] == ["move", "combat", "next_start"]
    assert "2. 戦闘力 Combat" in screen_text(pilot.app)
    await pilot.press("2")
    await settle(pilot)
    await pilot.press("1")
    await settle(pilot)
    assert placements(table, 0) == ["combat", "move"]
    assert placements(table, 1)[-1] == "combat"  # the bot acted between the presses
    decision = screen.session.my_decision()
    assert decision is not None and decision.name == "ap"
    return prompt


async def test_a_bot_placing_between_two_presses_moves_no_key(tmp_path: Path) -> None:
    table = dg_table(AKI_VS_BOT)
    app = make_app(tmp_path, table=table, save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        await combat_filled_by_the_bot(pilot, table)
        # 3 was 次スタートプレイヤー when Aki read the list; it still is, though 戦闘力
        # (above it) is full now.
        await pilot.press("3")
        await settle(pilot)
        assert placements(table, 0) == ["combat", "move", "next_start"]


async def test_a_full_action_stays_dimmed_and_its_key_says_why(tmp_path: Path) -> None:
    table = dg_table(AKI_VS_BOT)
    app = make_app(tmp_path, table=table, save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        prompt = await combat_filled_by_the_bot(pilot, table)
        decision = prompt.decision
        assert decision is not None
        combat = decision.options[1]
        assert combat.id == "combat" and str(combat.unavailable) == "full: 2 of 2 AP placed"
        text = screen_text(app)
        assert "2. 戦闘力 Combat  (full" in text  # in its place, with its reason
        before = len(table)
        await pilot.press("2")
        await settle(pilot)
        assert len(table) == before  # nothing placed, nothing lost
        assert prompt.error == "戦闘力 Combat: full: 2 of 2 AP placed"
        shown = screen_text(app)
        assert "戦闘力 Combat: full: 2 of 2" in shown, shown
        # The map of choices is unchanged: the next key still works.
        await pilot.press("4")
        await settle(pilot)
        assert placements(table, 0)[-1] == "next_ap"


@dataclass
class LongMove:
    """Aki's move (2 players, seed 5): a long list of destinations."""

    screen: GameScreen
    prompt: DecisionPrompt
    decision: Decision
    far: int
    """The destination with the highest key (far below what the prompt shows at 80x24)."""

    @property
    def target(self) -> Option:
        return self.decision.options[self.far]


async def to_a_long_move(pilot: Pilot[Any]) -> LongMove:
    screen = await drive(pilot, named("move"), respond=keep_ap)
    prompt = screen.query_one(DecisionPrompt)
    decision = prompt.decision
    assert decision is not None and len(decision.options) >= 15
    far = max((i for i, o in enumerate(decision.options) if o.at is not None), key=prompt.key_of)
    assert prompt.key_of(far) >= 10
    return LongMove(screen, prompt, decision, far)


async def test_every_option_of_a_long_list_has_a_key(tmp_path: Path) -> None:
    table = dg_table(AKI_VS_BOT)
    app = make_app(tmp_path, table=table, save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        move = await to_a_long_move(pilot)
        prompt, decision = move.prompt, move.decision
        count = len(decision.options)
        assert sorted(prompt.key_of(i) for i in range(count)) == list(range(1, count + 1))
        # Walk the whole list: every line shows its option's key.
        for row in range(count):
            index = prompt.rows[row]
            assert prompt.option_index() == index
            assert f"> {prompt.key_of(index)}." in screen_text(app)
            await pilot.press("down")
        await pilot.press("home")
        # A key that could be the start of a longer one waits for the next digit (the cursor
        # shows where it is), Escape drops it.
        await pilot.press("1")
        assert prompt.typed == "1" and prompt.option_index() == 0
        assert "1_: type the next digit" in screen_text(app)
        await pilot.press("escape")
        assert prompt.typed == "" and isinstance(app.screen, GameScreen)
        # Two digits pick a far option.
        await pilot.press(*str(prompt.key_of(move.far)))
        await settle(pilot)
        assert moved_to(table) == move.target.id


async def test_a_far_destination_by_the_filter(tmp_path: Path) -> None:
    table = dg_table(AKI_VS_BOT)
    app = make_app(tmp_path, table=table, save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        move = await to_a_long_move(pilot)
        prompt, decision, index, target = move.prompt, move.decision, move.far, move.target
        key = prompt.key_of(index)
        assert f"{key}." not in screen_text(app)  # below what the prompt shows
        assert "/ filters" in screen_text(app)
        # A word of the destination's English name that no other option has.
        words = re.findall(r"[A-Za-z]{4,}", str(target.label))
        word = next(
            w
            for w in words
            if sum(w.lower() in f"{o.label} {o.detail}".lower() for o in decision.options) == 1
        )
        await pilot.press("slash", *word.lower()[:-1], "x")
        assert "No option matches." in screen_text(app)
        await pilot.press("backspace", word.lower()[-1])
        assert prompt.rows == [index] and prompt.option_index() == index
        text = screen_text(app)
        assert f"Filter: {word.lower()}_" in text
        assert f"> {key}." in text  # the filter never changes a key
        # Escape clears the filter (the game screen stays); the key is still the key.
        await pilot.press("escape")
        assert prompt.filter is None and len(prompt.rows) == len(decision.options)
        assert isinstance(app.screen, GameScreen)
        await pilot.press("slash", *word.lower(), "enter")
        await settle(pilot)
        assert moved_to(table) == target.id


def _towards(origin: tuple[int, int], goal: tuple[int, int]) -> list[str]:
    dx, dy = goal[0] - origin[0], goal[1] - origin[1]
    keys = []
    if dx:
        keys.append("right" if dx > 0 else "left")
    if dy:
        keys.append("down" if dy > 0 else "up")
    return keys


async def test_a_far_destination_by_the_map_cursor(tmp_path: Path) -> None:
    table = dg_table(AKI_VS_BOT)
    app = make_app(tmp_path, table=table, save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        move = await to_a_long_move(pilot)
        prompt, index, target = move.prompt, move.far, move.target
        grid = move.screen.query_one(GridMap)
        await pilot.press("m")
        assert app.focused is grid
        for _ in range(30):  # arrows towards the target: the cursor jumps between options
            cursor = grid.marks.cursor
            assert cursor is not None and cursor in grid.marks.options
            if cursor == target.at:
                break
            for key in _towards(cursor, target.at or cursor):
                await pilot.press(key)
                if grid.marks.cursor != cursor:
                    break
            assert grid.marks.cursor != cursor, "the cursor is stuck"
        assert grid.index == index
        # The prompt follows, showing the destination with its key.
        assert prompt.option_index() == index
        assert f"> {prompt.key_of(index)}." in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert moved_to(table) == target.id


# --- the keys, asked again ------------------------------------------------------------------------


def _ask(*ids: str, unavailable: tuple[str, ...] = (), name: str = "ap") -> Decision:
    options = tuple(
        Option(i, i.upper(), unavailable="full" if i in unavailable else "") for i in ids
    )
    return choose_one(0, name, "?", options)


def test_keys_are_kept_while_a_decision_is_asked_again() -> None:
    first = keys_for(_ask("a", "b", "c"), None)
    assert first.by_id == {"a": 1, "b": 2, "c": 3}
    # Asked again with b gone and d new: a and c keep theirs, d takes the next free one and
    # b's key stays taken (it says b is no longer on offer).
    again = _ask("a", "c", "d")
    second = keys_for(again, first)
    assert second.by_id == {"a": 1, "b": 2, "c": 3, "d": 4}
    assert second.gone(again) == {2: "B"}
    # Another decision starts from its own places, and so does the same one asked anew
    # with mostly other options (a claim from the hero deck after one from the role deck).
    assert keys_for(_ask("c", "a", name="move"), second).by_id == {"c": 1, "a": 2}
    assert keys_for(_ask("a", "x", "y"), second).by_id == {"a": 1, "x": 2, "y": 3}
    assert waits("1", range(1, 13)) and not waits("2", range(1, 13)) and not waits("12", [12])


async def test_the_prompt_keeps_keys_when_a_game_drops_an_option() -> None:
    """The safety net under the games: a game that leaves an option out when it asks again
    (instead of offering it unavailable) moves no key either, and the old key says why."""
    app = PromptApp(_ask("move", "combat", "next_start", "next_ap"))
    async with app.run_test(size=SIZE) as pilot:
        prompt = app.query_one(DecisionPrompt)
        await pilot.press("3")
        # Asked again (another seat acted): 'combat' is gone and 'item' is new.
        prompt.show(None, "Waiting for Bot 2.")
        prompt.show(_ask("move", "next_start", "next_ap", "item"))
        await pilot.press("3")
        await pilot.press("2")
        await pilot.pause()
        assert prompt.error == "COMBAT: no longer on offer"
        await pilot.press("5")
        assert app.chosen == ["next_start", "next_start", "item"]
        text = screen_text(app)
        assert "3. NEXT_START" in text and "5. ITEM" in text and "2." not in text
