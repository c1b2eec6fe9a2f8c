"""The prompt makes its lines once for what they show: measured and rendered again and again
(a game's opening measured it four times and rendered it three), it makes them anew only when
something they show has changed, and then shows the change."""

from __future__ import annotations

from textual.app import App, ComposeResult
from tuikit import counted

from core.decisions import Option, choose_several
from tui.widgets.prompt import DecisionPrompt

ROUTES = (Option("n", "North road"), Option("s", "South pass"), Option("e", "East gate"))


class PromptApp(App[None]):
    def compose(self) -> ComposeResult:
        yield DecisionPrompt()

    def on_mount(self) -> None:
        prompt = self.query_one(DecisionPrompt)
        prompt.show(choose_several(0, "scouts", "Send scouts", ROUTES, 1, 2))
        prompt.focus()


def shown(app: App[None]) -> str:
    strips = app.screen._compositor.render_strips()
    return " ".join(" ".join(strip.text.split()) for strip in strips)


async def test_the_prompt_makes_its_lines_once_for_what_they_show() -> None:
    app = PromptApp()
    async with app.run_test(size=(60, 16)) as pilot:
        await pilot.pause()
        prompt = app.query_one(DecisionPrompt)
        width = prompt.content_region.width
        with counted(DecisionPrompt, "_make_parts") as making:
            for _ in range(3):
                prompt.get_content_height(app.size, app.size, width)
                prompt.render()
            assert making.call_count == 0  # made as the app opened, for all that it shows
            await pilot.press("down", "space")  # the cursor moved, an option chosen
            await pilot.pause()
            calls = making.call_count
            assert calls >= 1
            prompt.get_content_height(app.size, app.size, width)
            prompt.render()
            assert making.call_count == calls
        assert "[x]" in shown(app) and "1 chosen" in shown(app)
        app.set_focus(None)  # the focus leaves: the cursor's option is no longer reversed
        await pilot.pause()
        assert prompt.has_focus is False
        cursor_line = next(line for line in prompt.render().split() if line.plain.startswith(">"))
        assert not any("reverse" in str(span.style) for span in cursor_line.spans)
