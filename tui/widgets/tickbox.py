"""A checkbox drawn in ASCII, `[x]` or `[ ]`, readable without colour and in any terminal.

Textual's own checkbox shows the same half-block glyph on and off (only its colour changes), which
says nothing under NO_COLOR, and half blocks are East-Asian-ambiguous (double width in some CJK
terminals).
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox


class TickBox(Checkbox):
    @property
    def _button(self) -> Content:
        style = self.get_visual_style("toggle--button")
        return Content.assemble("[", ("x" if self.value else " ", style), "]")
