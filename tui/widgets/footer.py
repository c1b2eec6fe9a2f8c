"""Textual's key footer, rebuilt only when the keys it shows change.

Textual's `Footer` recomposes (new key widgets, each styled afresh) every time its screen's
bindings are refreshed: on every focus change and screen resume, though the shown keys are most
often the same. Opening a screen refreshed them three times over, a noticeable share of the setup
screen's start-up.
"""

from __future__ import annotations

from collections.abc import Hashable

from textual.widgets import Footer


class KeysFooter(Footer):
    DEFAULT_CSS = """
    KeysFooter FooterKey.-disabled .footer-key--key {
        color: $footer-description-foreground;  /* dim accent text falls under 4.5:1 */
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self._shown: Hashable = None

    def _keys_shown(self) -> Hashable:
        """Everything `Footer.compose` draws from, in order."""
        if not self._bindings_ready:
            return None
        return (
            self.show_command_palette,
            tuple(
                (
                    binding.key,
                    binding.action,
                    binding.description,
                    binding.group,
                    self.app.get_key_display(binding),
                    enabled,
                    tooltip,
                )
                for _, binding, enabled, tooltip in self.screen.active_bindings.values()
                if binding.show
            ),
        )

    async def recompose(self) -> None:
        if not self.is_attached or self._pruning:
            return  # as Footer.recompose: the screen went away before this ran
        shown = self._keys_shown()
        if shown is not None and shown == self._shown:
            return
        self._shown = shown
        await super().recompose()
