"""Border titles set only when they change: setting one repaints the whole widget (a board
panel: every line of the board), even to the words it shows already."""

from __future__ import annotations

from weakref import WeakKeyDictionary

from textual.widget import Widget

_SET: WeakKeyDictionary[Widget, tuple[object, object]] = WeakKeyDictionary()
"""The words last set through `retitle`, by widget."""

KEEP = object()
"""Leave the title (or subtitle) as it is."""


def retitle(widget: Widget, title: object = KEEP, subtitle: object = KEEP) -> None:
    """Set `widget`'s border title and subtitle (a str, None, or KEEP: leave it), each only if
    it differs from what was last set here."""
    old_title, old_subtitle = _SET.get(widget, (KEEP, KEEP))
    if title is not KEEP and title != old_title:
        widget.border_title = title  # type: ignore[assignment]
        old_title = title
    if subtitle is not KEEP and subtitle != old_subtitle:
        widget.border_subtitle = subtitle  # type: ignore[assignment]
        old_subtitle = subtitle
    _SET[widget] = (old_title, old_subtitle)
