"""The board panel: the game's board view, in one of the modes its kit offers.

The mode follows the game (the kit's `auto_mode`: the AP board in a meeting, the battle during a
fight...) whenever that suggestion changes; `b` picks another mode in between, which holds until
the game suggests a new one.

While the seat at the screen has a decision a mode can point at (`BoardMode.point`: a move's
squares on the map), the panel suggests that mode and shows the options marked on it, the one
under the prompt's cursor apart; `point` follows the cursor without redrawing the rest.
"""

from __future__ import annotations

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from core.decisions import Decision
from core.games.base import View
from tui.boards import BoardKit, BoardMode


class BoardPanel(VerticalScroll, can_focus=False):
    """A scrolling panel around the board's renderable."""

    def __init__(self, kit: BoardKit, *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.kit = kit
        self.mode: str = kit.modes[0].id if kit.modes else ""
        self._suggested: str | None = None
        self.wide = False
        self._width: str | int | None = None
        self._shown: tuple[View, tuple[str, ...]] | None = None
        self._decision: Decision | None = None
        self._cursor = 0

    def compose(self) -> ComposeResult:
        yield Static(classes="board-content")

    def update(self, renderable: RenderableType) -> None:
        self.query_one(".board-content", Static).update(renderable)

    @property
    def current(self) -> BoardMode | None:
        return next((mode for mode in self.kit.modes if mode.id == self.mode), None)

    def show(
        self,
        view: View | None,
        names: tuple[str, ...],
        decision: Decision | None = None,
        cursor: int = 0,
    ) -> None:
        """Show `view`; `decision` is the seat's pending one (its options may be marked on the
        board) and `cursor` the index of the option under the prompt's cursor."""
        self._decision, self._cursor = decision, cursor
        if view is None:
            self._shown = None
            self.update("")
            return
        self._shown = (view, names)
        pointed = self._pointed(view, names)
        suggested = pointed[0] if pointed else None
        if suggested is None and self.kit.auto_mode is not None:
            suggested = self.kit.auto_mode(view)
        if suggested is not None and suggested != self._suggested:
            self._suggested = suggested
            self.mode = suggested
        mode = self.current
        renderable: RenderableType
        if pointed is not None and pointed[0] == self.mode:
            renderable = pointed[1]
        else:
            renderable = (mode.render if mode else self.kit.render)(view, names)
        self.update(renderable)
        self._titles()

    def point(self, decision: Decision | None, cursor: int) -> None:
        """The prompt's cursor moved to option `cursor` of `decision`: mark it on the board."""
        if decision is None or decision != self._decision or cursor == self._cursor:
            return
        if self._shown is not None:
            self.show(*self._shown, decision, cursor)

    def _pointed(self, view: View, names: tuple[str, ...]) -> tuple[str, RenderableType] | None:
        """The first mode that marks the pending decision's options, and its view."""
        decision = self._decision
        if decision is None:
            return None
        for mode in self.kit.modes:
            if mode.point is not None:
                renderable = mode.point(view, names, decision, self._cursor)
                if renderable is not None:
                    return mode.id, renderable
        return None

    def next_mode(self) -> str:
        modes = [mode.id for mode in self.kit.modes]
        if modes:
            at = modes.index(self.mode) if self.mode in modes else -1
            self.mode = modes[(at + 1) % len(modes)]
        self._titles()
        return self.mode

    def _titles(self) -> None:
        mode = self.current
        if mode is None:
            self.border_title = "Board"
            return
        self.border_title = f"Board: {mode.name}"
        self.border_subtitle = "b next view  w " + ("narrow" if self.wide else "wide")

    def layout_for(self) -> bool:
        """Size the panel for its mode: the mode's width beside the prompt, or all of it.
        True if its width changed (what is beside it must be laid out again)."""
        mode = self.current
        width: str | int | None = None
        if self.wide:
            width = "1fr"
        elif mode is not None and mode.width:
            width = mode.width + 5  # the border, the padding and a scrollbar
        if width == self._width:
            return False
        self._width = width
        self.styles.width = width
        return True
