"""A screen laid out once for a change, not once more for the sizes its own layout set.

Textual 8 sets each resized widget's virtual size, in a layout, through a reactive that asks
for a layout and a whole repaint of that widget: the layout just made, made again, and those
widgets drawn twice. On the game screen a question coming or going changes the prompt's height,
which resizes everything under it; that cost a second layout and frame on every update from a
server's table (issue 12's load: 2.4 layouts and 3.8 frames an update). Here the layout sets
the sizes it found without asking for itself again. What a widget does about its new size
(`on_resize`: a style changed, a scrollbar shown) still asks for its own layout.
"""

from __future__ import annotations

from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget

_size_updated = Widget._size_updated


def _sized_in_layout(
    self: Widget, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
) -> bool:
    # As Textual's own layout of the visible part after a scroll does (`layout=False`).
    return _size_updated(self, size, virtual_size, container_size, layout=False)


class LaidOutOnce(Screen[None]):
    def _refresh_layout(self, size: Size | None = None, scroll: bool = False) -> None:
        # The layout is synchronous: nothing else runs while widgets are sized this way.
        Widget._size_updated = _sized_in_layout  # type: ignore[method-assign]
        try:
            super()._refresh_layout(size, scroll)
        finally:
            Widget._size_updated = _size_updated  # type: ignore[method-assign]
