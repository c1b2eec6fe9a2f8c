"""The board panel: the game's board view, in one of the modes its kit offers.

The mode follows the game (the kit's `auto_mode`: the AP board in a meeting, the battle during a
fight...) whenever that suggestion changes; `b` picks another mode in between, which holds until
the game suggests a new one.

A mode is a rich renderable in a scrolling panel, or a grid map (`BoardMode.grid`: a model of
the board for tui/widgets/gridmap.py). While the seat at the screen has a decision whose options
name cells (`Option.at`), the panel suggests its grid mode, where those cells are marked and
can be chosen; `point` follows the prompt's cursor there, repainting only what changed.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from core.decisions import Decision
from core.games.base import View
from tui.boards import BoardKit, BoardMode
from tui.lang import tr
from tui.widgets.borders import retitle
from tui.widgets.gridmap import GridMap, MapPane
from tui.widgets.gridmodel import GridModel, fit
from tui.widgets.prompt import CursorHook

FRAME = 5
"""The panel's columns around its content: the border, the padding and a scrollbar."""

BESIDE = 32
"""The least columns a grid mode leaves beside the board (the prompt and log, or the replay's
log): all it leaves at 80 columns."""

BESIDE_SHARE = 1 / 3
"""The share of a wider terminal left beside a grid mode: the map's cells stop growing there,
so the prompt and the log get room too."""


class BoardPanel(Vertical, can_focus=False):
    """The board: a scrolling renderable, or a grid map for a kit's grid mode."""

    DEFAULT_CSS = """
    BoardPanel > .board-scroll {
        height: 1fr;
        scrollbar-size-vertical: 1;
    }
    """

    def __init__(
        self,
        kit: BoardKit,
        *,
        on_cursor: CursorHook | None = None,
        chooses: bool = True,
        id: str | None = None,
        classes: str | None = None,
    ):
        super().__init__(id=id, classes=classes)
        self.kit = kit
        self.on_cursor = on_cursor
        """Told at once when the player moves the cursor on a grid mode's map."""
        self.chooses = chooses
        """Is a question ever put on a grid mode's map (the replay's board: never)?"""
        self.mode: str = kit.modes[0].id if kit.modes else ""
        self._suggested: str | None = None
        self.wide = False
        self._width: str | int | None = None
        self._shown: tuple[View, tuple[str, ...]] | None = None  # the view on show
        self._following = False  # the scroll is anchored to the bottom (BoardMode.follow)
        self._drawn: object = None  # what the scrolling view was drawn from
        self._fitted: tuple[tuple[object, ...], int] | None = None  # _grid_width's last

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="board-scroll", can_focus=False):
            yield Static(classes="board-content")
        if any(mode.grid is not None for mode in self.kit.modes):
            yield MapPane(on_cursor=self.on_cursor, chooses=self.chooses)

    def update(self, renderable: RenderableType) -> None:
        self.query_one(".board-content", Static).update(renderable)

    @property
    def current(self) -> BoardMode | None:
        return next((mode for mode in self.kit.modes if mode.id == self.mode), None)

    @property
    def grid_map(self) -> GridMap | None:
        """The grid map, if the kit has a grid mode."""
        found = self.query(GridMap)
        return found.first() if found else None

    def show(
        self,
        view: View | None,
        names: tuple[str, ...],
        decision: Decision | None = None,
        cursor: int | None = 0,
    ) -> None:
        """Show `view`; `decision` is the seat's pending one (its options' cells are marked on a
        grid mode) and `cursor` the index of the option under the prompt's cursor."""
        self._shown = None if view is None else (view, names)
        if view is None:
            self._display(grid=False)
            self._draw(None, lambda: "")
            return
        suggested = self._grid_mode(decision)
        if suggested is None and self.kit.auto_mode is not None:
            suggested = self.kit.auto_mode(view)
        if suggested is not None and suggested != self._suggested:
            self._suggested = suggested
            self.mode = suggested
        offered = self._offered()
        if offered and self.mode not in offered:
            self.mode = suggested if suggested in offered else offered[0]
        mode = self.current
        if mode is not None and mode.grid is not None:
            self._display(grid=True)
            pane = self.query_one(MapPane)
            pane.show(mode.grid(view, names), decision, cursor, alone=self.wide)
        else:
            self._display(grid=False)
            render = mode.render if mode else self.kit.render
            _ = tr(self)
            self._draw((render, view, names, _.language), lambda: render(view, names, _))
            self._follow(mode is not None and mode.follow)
        self._titles()

    def _draw(self, drawn: object, renderable: Callable[[], RenderableType]) -> None:
        """Show the scrolling view's `renderable`, unless it shows what it was drawn from
        already (`drawn`): a table's update that changed nothing here redraws nothing."""
        if drawn is None or drawn != self._drawn:
            self._drawn = drawn
            self.update(renderable())

    def _follow(self, follow: bool) -> None:
        """Keep a log-like mode scrolled to its newest line at the bottom (Textual's anchor:
        until the reader scrolls up, and again once back at the bottom)."""
        if follow != self._following:
            self._following = follow
            scroll = self.query_one(".board-scroll", VerticalScroll)
            scroll.anchor(follow)
            if not follow:
                # Anchored, a view shorter than the panel sits at its bottom (a negative scroll)
                # that the anchor's release keeps: the next view from its top (forced: a view
                # that fits the panel does not scroll otherwise).
                scroll.scroll_to(y=0, animate=False, immediate=True, force=True)

    def _display(self, grid: bool) -> None:
        self.query_one(".board-scroll").display = not grid
        for pane in self.query(MapPane):
            pane.display = grid

    def _grid_mode(self, decision: Decision | None) -> str | None:
        """The grid mode, if `decision` has options on the board."""
        if decision is None or not any(option.at is not None for option in decision.options):
            return None
        return next((mode.id for mode in self.kit.modes if mode.grid is not None), None)

    def point(self, decision: Decision | None, cursor: int) -> None:
        """The prompt's cursor moved to option `cursor` of `decision`: mark it on the map."""
        for pane in self.query(MapPane):
            if decision is not None and decision == pane.map.decision:
                pane.point(cursor)

    def _offered(self) -> list[str]:
        """The modes with something to show in the view on show."""
        view = self._shown[0] if self._shown is not None else None
        return [
            mode.id
            for mode in self.kit.modes
            if mode.shows is None or view is None or mode.shows(view)
        ]

    def next_mode(self) -> str:
        modes = self._offered()
        if modes:
            at = modes.index(self.mode) if self.mode in modes else -1
            self.mode = modes[(at + 1) % len(modes)]
        self._titles()
        return self.mode

    def _titles(self) -> None:
        mode = self.current
        _ = tr(self)
        if mode is None:
            retitle(self, _("Board"))
            return
        # The mode's name is the game's (tui/boards/): translated where the catalogs have it.
        retitle(
            self,
            _("Board: {mode}", mode=_(mode.name)),
            _("b next view  w narrow") if self.wide else _("b next view  w wide"),
        )

    def layout_for(self, screen_width: int) -> bool:
        """Size the panel for its mode: the mode's width beside the prompt (a grid mode: the
        widest cells that leave the rest room on a `screen_width` screen), or all of it. True
        if its width changed (what is beside it must be laid out again)."""
        mode = self.current
        width: str | int | None = None
        if self.wide:
            width = "1fr"
        elif mode is not None and mode.grid is not None:
            width = self._grid_width(screen_width)
        elif mode is not None and mode.width:
            # Beside a grid mode, every view keeps the map's width (the board does not jump).
            width = mode.width + FRAME
            if self.grid_map is not None:
                width = max(width, self._grid_width(screen_width))
        if width == self._width:
            return False
        self._width = width
        self.styles.width = width
        return True

    def _grid_width(self, screen_width: int) -> int:
        """As wide as the widest cells that fit; on a narrow screen, what is left (the map
        then scrolls sideways, following the cursor). Found once for a view and a width: a
        game's opening asked three times (its show and two resizes), each building the grid."""
        shown = self._shown
        fitted_for = (screen_width, *(shown or ()))
        fitted = self._fitted
        if fitted is None or fitted[0] != fitted_for:
            fitted = self._fitted = (fitted_for, self._fit_grid(screen_width))
        return fitted[1]

    def _fit_grid(self, screen_width: int) -> int:
        room = screen_width - max(BESIDE, int(screen_width * BESIDE_SHARE)) - FRAME
        model = self._grid_model()
        if model is None:
            return room + FRAME
        return min(fit(model, room).width, room) + FRAME

    def _grid_model(self) -> GridModel | None:
        """The board shown as a grid, whatever the mode on show (the other views take the
        map's width, so that the board does not jump between them)."""
        mode = next((mode for mode in self.kit.modes if mode.grid is not None), None)
        if mode is None or mode.grid is None or self._shown is None:
            return None
        return mode.grid(*self._shown)
