"""A change of a widget's height lays the game screen out once, not once more for the sizes that
layout set (tui/screens/laid_out_once.py); what a widget does about its new size still gets its
own layout."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget

from tui.screens.laid_out_once import LaidOutOnce


class Tall(Widget):
    """As the prompt: its height is its lines'."""

    DEFAULT_CSS = "Tall { height: auto; }"
    lines = reactive(1, layout=True)

    def render(self) -> str:
        return "\n".join(f"line {n}" for n in range(self.lines))


class Below(Widget):
    """As the log box: the room left; on a resize, it sets the height of `Under`, beside it
    (as the log box sets the last reveal's)."""

    DEFAULT_CSS = "Below { height: 1fr; }"

    def on_resize(self, event: events.Resize) -> None:
        self.screen.query_one(Under).styles.height = event.size.height // 2


class Under(Widget):
    DEFAULT_CSS = "Under { height: 1; width: 10; }"


class Shown(LaidOutOnce):
    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical():
                yield Tall()
                yield Below()
            yield Under()


class Plain(Shown):
    """The same screen, laid out as Textual does."""

    def _refresh_layout(self, *args: object, **kwargs: object) -> None:
        Screen._refresh_layout(self, *args, **kwargs)  # type: ignore[arg-type]


class Host(App[None]):
    SCREENS: ClassVar = {}

    def __init__(self, screen: Screen[None]) -> None:
        super().__init__()
        self.shown = screen

    def on_mount(self) -> None:
        self.push_screen(self.shown)


async def layouts(screen: Screen[None]) -> tuple[int, tuple[int, ...]]:
    """After Tall grows from 1 line to 6 on a 20-row screen: the layouts, and the heights of
    Tall, Below and Under."""
    app = Host(screen)
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        layouts: list[int] = []
        layout = Screen._refresh_layout

        def counted(self: Screen[None], *args: object, **kwargs: object) -> None:
            layouts.append(1)
            layout(self, *args, **kwargs)  # type: ignore[arg-type]

        Screen._refresh_layout = counted  # type: ignore[method-assign]
        try:
            screen.query_one(Tall).lines = 6
            await pilot.pause()
            await pilot.pause()
        finally:
            Screen._refresh_layout = layout  # type: ignore[method-assign]
        heights = tuple(screen.query_one(kind).size.height for kind in (Tall, Below, Under))
        return len(layouts), heights


async def test_a_height_change_is_laid_out_once_then_once_for_what_a_resize_changed() -> None:
    once = await layouts(Shown())
    plain = await layouts(Plain())
    # Tall: 6 rows; Below: the 14 left; Under: half of Below's, as Textual alone lays it out.
    assert once[1] == plain[1] == (6, 14, 7)
    # Once for Tall, once for what Below did about its size; Textual alone: once more.
    assert (once[0], plain[0]) == (2, 3)
