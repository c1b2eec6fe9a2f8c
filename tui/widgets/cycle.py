"""A one-line choice among a few values, drawn `< Human >`: Left/Right (or Space, Enter, a click)
step through the values in place.

It replaces Textual's `Select` on the setup screen: a `Select` is a small tree of its own (the
current value, an arrow, an overlay with an option list), which made the first screen slow to
style, and its arrow glyph is East-Asian-ambiguous (double width in some CJK terminals). A cycle is
a single widget drawn in ASCII, readable without colour.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from core.i18n import N_


class Cycle(Widget, can_focus=True):
    """Shows the current value's label between `<` and `>`; as wide as the longest label."""

    DEFAULT_CSS = """
    Cycle {
        width: auto;
        height: 1;
        pointer: pointer;
        &:focus {
            background: $block-cursor-background;
            color: $block-cursor-foreground;
            text-style: $block-cursor-text-style;
        }
        &:focus:nocolor {
            text-style: reverse bold;
        }
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", N_("Previous"), show=False),
        Binding("right,space,enter", "step(1)", N_("Next"), show=False),
    ]

    class Changed(Message):
        """The value changed (by a key, a click or `value =`)."""

        def __init__(self, cycle: Cycle, value: Hashable) -> None:
            super().__init__()
            self.cycle = cycle
            self.value = value

        @property
        def control(self) -> Cycle:
            return self.cycle

    def __init__(
        self,
        choices: Sequence[tuple[str, Hashable]],
        value: Hashable | None = None,
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._choices: list[tuple[str, Hashable]] = []
        self._index = 0
        self.set_choices(choices, value)

    @property
    def choices(self) -> list[tuple[str, Hashable]]:
        return list(self._choices)

    @property
    def value(self) -> Hashable:
        return self._choices[self._index][1]

    @value.setter
    def value(self, value: Hashable) -> None:
        self._select(self._index_of(value))

    @property
    def label(self) -> str:
        return self._choices[self._index][0]

    def set_choices(self, choices: Sequence[tuple[str, Hashable]], value: Hashable | None) -> None:
        """Replace the choices, showing `value` (the first choice if None); no Changed message."""
        if not choices:
            raise ValueError("a Cycle needs at least one choice")
        self._choices = list(choices)
        self._index = 0 if value is None else self._index_of(value)
        self.refresh(layout=True)

    def _index_of(self, value: Hashable) -> int:
        for index, (_, candidate) in enumerate(self._choices):
            if candidate == value:
                return index
        raise ValueError(f"{value!r} is not one of the choices")

    def _select(self, index: int) -> None:
        if index == self._index:
            return
        self._index = index
        self.refresh()
        self.post_message(self.Changed(self, self.value))

    def action_step(self, step: int) -> None:
        self._select((self._index + step) % len(self._choices))

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.focus()
        self.action_step(-1 if event.x < 2 else 1)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max(Content(label).cell_length for label, _ in self._choices) + 4

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 1

    def render(self) -> Content:
        label = Content(self.label)
        padding = self.size.width - 4 - label.cell_length
        return Content.assemble("< ", label, " " * max(0, padding), " >")
