"""The prompt renders and answers every decision kind, including ORDER and ALLOCATE."""

from __future__ import annotations

from textual.app import App, ComposeResult

from core.decisions import (
    Choice,
    Decision,
    IllegalAction,
    Option,
    allocate,
    choose_one,
    choose_several,
    confirm,
    order,
)
from tui.widgets.prompt import DecisionPrompt

ROUTES = (Option("n", "North road"), Option("s", "South pass"), Option("e", "East gate"))


class PromptApp(App[None]):
    def __init__(self, decision: Decision) -> None:
        super().__init__()
        self.decision = decision
        self.chosen: list[Choice] = []

    def compose(self) -> ComposeResult:
        yield DecisionPrompt()

    def on_mount(self) -> None:
        prompt = self.query_one(DecisionPrompt)
        prompt.show(self.decision)
        prompt.focus()

    def on_decision_prompt_chosen(self, message: DecisionPrompt.Chosen) -> None:
        try:
            self.chosen.append(message.decision.normalise(message.choice))
        except IllegalAction as error:  # as the game screen does: one line, nothing lost
            self.query_one(DecisionPrompt).show_error(str(error))


async def answer(decision: Decision, *keys: str) -> tuple[PromptApp, str]:
    app = PromptApp(decision)
    async with app.run_test(size=(60, 16)) as pilot:
        await pilot.press(*keys)
        await pilot.pause()
        text = " ".join(
            " ".join(strip.text.split()) for strip in app.screen._compositor.render_strips()
        )
    return app, text


async def test_choose_one_by_digit_and_by_arrows() -> None:
    decision = choose_one(0, "route", "Which way?", ROUTES)
    app, _ = await answer(decision, "2")
    assert app.chosen == ["s"]
    app, _ = await answer(decision, "down", "down", "enter")
    assert app.chosen == ["e"]


async def test_confirm() -> None:
    app, text = await answer(confirm(0, "ready", "Ready to roll?", "Roll"), "enter")
    assert app.chosen == ["ok"] and "Roll" in text


async def test_choose_several_toggles_with_space_and_digits() -> None:
    decision = choose_several(0, "scouts", "Send scouts", ROUTES, 1, 2)
    app, text = await answer(decision, "space", "3", "enter")
    assert app.chosen == [("n", "e")]
    assert "[x]" in text and "2 chosen" in text


async def test_choose_several_shows_the_illegal_count_reason() -> None:
    decision = choose_several(0, "scouts", "Send scouts", ROUTES, 1, 2)
    app = PromptApp(decision)
    async with app.run_test(size=(60, 16)) as pilot:
        await pilot.press("1", "2", "3", "enter")
        await pilot.pause()
        assert app.chosen == []
        text = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        # Worded for people, as the hint is (the table's reason names the question by its
        # id: "scouts: choose between 1 and 2, not 3").
        assert "To confirm, choose 1 to 2 (3 chosen)." in text
        # Nothing was lost: untoggle one and confirm.
        await pilot.press("2", "enter")
        await pilot.pause()
        assert app.chosen == [("n", "e")]


async def test_the_option_under_the_cursor_shows_in_full_when_its_line_is_cut_off() -> None:
    """At 80x24 the prompt is narrow: what giving up costs was cut off after "all c…", and
    read nowhere. The option under the cursor shows whole below the list, when cut off only."""
    cost = "You alone lose 1 point; all cards are discarded and the parent passes left."
    options = (Option("party", "Choose a party"), Option("give-up", "Give up", detail=cost))
    app = PromptApp(choose_one(0, "verdict", "Fight?", options))
    async with app.run_test(size=(40, 16)) as pilot:
        prompt = app.query_one(DecisionPrompt)

        def shown() -> str:
            strips = app.screen._compositor.render_strips()
            return " ".join(" ".join(strip.text.split()) for strip in strips)

        assert "2. Give up You alone lose 1 point; a…" in shown()  # its line, cut off
        assert "discarded" not in shown()  # (the cursor is on the party)
        await pilot.press("down")
        assert prompt.cursor == 1
        whole = shown()
        assert "Give up You alone lose 1 point; all cards are discarded and the parent" in whole
        assert "passes left." in whole
        await pilot.press("up")
        assert "discarded" not in shown()


async def test_order_moves_a_held_item() -> None:
    decision = order(0, "march", "Order of march", ROUTES)
    # Pick up the first (North), move it down twice, put it down: South, East, North.
    app, text = await answer(decision, "space", "down", "down", "space", "enter")
    assert app.chosen == [("s", "e", "n")]
    assert "Put in order" in text
    # Digits move the cursor; pick up East and move it to the top.
    app, _ = await answer(decision, "3", "space", "up", "up", "space", "enter")
    assert app.chosen == [("e", "n", "s")]


async def test_order_by_the_mouse() -> None:
    """A click selects an item; a press, a drag and a release move it (the others shift)."""
    decision = order(0, "march", "Order of march", (*ROUTES, Option("w", "West ford")))
    app = PromptApp(decision)
    async with app.run_test(size=(60, 16)) as pilot:
        prompt = app.query_one(DecisionPrompt)
        # Line 0 is the question, lines 1-4 the items, front first.
        assert await pilot.click(DecisionPrompt, offset=(6, 3))
        assert prompt.cursor == 2 and prompt.order == [0, 1, 2, 3]
        # Drag East (now under the cursor) to the front: North and South shift down.
        await pilot.mouse_down(DecisionPrompt, offset=(6, 3))
        await pilot.hover(DecisionPrompt, offset=(6, 2))
        await pilot.hover(DecisionPrompt, offset=(6, 1))
        await pilot.mouse_up(DecisionPrompt, offset=(6, 1))
        assert prompt.order == [2, 0, 1, 3] and prompt.cursor == 0
        assert app.mouse_captured is None
        # Press on South and release it on the last line, dragging past the list's end.
        await pilot.mouse_down(DecisionPrompt, offset=(6, 3))
        await pilot.hover(DecisionPrompt, offset=(6, 8))  # below the items: nothing moves
        assert prompt.order == [2, 0, 1, 3]
        await pilot.mouse_up(DecisionPrompt, offset=(6, 4))
        assert prompt.order == [2, 0, 3, 1] and prompt.cursor == 3
        # Moving the mouse without a button down moves nothing; the keys still work.
        await pilot.hover(DecisionPrompt, offset=(6, 1))
        await pilot.press("up", "up", "f", "enter")
        await pilot.pause()
    assert app.chosen == [("n", "e", "w", "s")]


class BorderedPromptApp(PromptApp):
    """As in the game screen: the prompt sits in a panel with a border and padding."""

    CSS = "DecisionPrompt { border: round white; padding: 0 1; }"


async def test_a_click_picks_the_option_under_the_pointer_inside_a_border() -> None:
    app = BorderedPromptApp(choose_one(0, "route", "Which way?", ROUTES))
    async with app.run_test(size=(60, 16)) as pilot:
        # Row 0 is the border, row 1 the question, rows 2-4 the options: row 3 is South.
        assert await pilot.click(DecisionPrompt, offset=(8, 3))
        await pilot.pause()
    assert app.chosen == ["s"]


async def test_allocate_with_arrows_and_digits() -> None:
    decision = allocate(0, "supplies", "Share 5 supplies", ROUTES, total=5, max_each=3)
    app, text = await answer(
        decision, "right", "right", "down", "9", "down", "right", "right", "left", "enter"
    )
    # North 2, South capped at 3 by max_each... and the total: 2 + 3 = 5 leaves 0 for East.
    assert app.chosen == [(2, 3, 0)]
    assert "0 left" in text


async def test_long_option_lists_scroll_with_the_cursor() -> None:
    options = tuple(Option(n, f"Option number {n}") for n in range(20))
    decision = choose_one(0, "many", "Pick one of many", options)
    app = PromptApp(decision)
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.press(*["down"] * 15)
        text = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert "Option number 15" in text and "more" in text
        await pilot.press("enter")
    assert app.chosen == [15]
