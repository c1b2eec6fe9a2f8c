"""The players panel renders its table once for a change (issue 12's load: it rendered it to count
its rows, again to measure its height and again to draw it), and shows what the table renders."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table as RichTable
from textual.app import App, ComposeResult
from tuikit import counted

from core.games.base import View
from core.simulate import play_one
from tui.widgets.players import PlayersPanel, players_table

WIDTH = 60


class PanelApp(App[None]):
    CSS = f"PlayersPanel {{ width: {WIDTH}; height: auto; }}"

    def compose(self) -> ComposeResult:
        yield PlayersPanel()


def drawn(view: View, names: tuple[str, ...]) -> list[str]:
    """The table's rows as the panel should show them, WIDTH wide."""
    console = Console(width=WIDTH, no_color=True, color_system=None)
    with console.capture() as capture:
        console.print(players_table(view, names, (False,) * len(names)))
    return [row.rstrip() for row in capture.get().splitlines()]


def shown(app: PanelApp) -> list[str]:
    region = app.query_one(PlayersPanel).region
    strips = app.screen._compositor.render_strips()[region.y : region.bottom]
    return [strip.crop(region.x, region.right).text.rstrip() for strip in strips]


async def test_a_change_renders_the_table_once_and_shows_it() -> None:
    two = play_one("dangerous", 2, 21, "heuristic")
    four = play_one("light-and-dark", 4, 11, "heuristic")
    bots = (False,) * 4
    app = PanelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.query_one(PlayersPanel)
        panel.show(two.view(0), two.names, bots[:2])
        await pilot.pause()
        for table, viewer in ((two, 1), (four, 0), (four, 2)):  # rows the same, more, the same
            with counted(RichTable, "__rich_console__") as renders:
                panel.show(table.view(viewer), table.names, bots[: len(table.names)])
                await pilot.pause()
            assert renders.call_count == 1
            assert shown(app) == drawn(table.view(viewer), table.names)
