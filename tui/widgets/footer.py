"""Textual's key footer, rebuilt only when the keys it shows change, with the help and escape
keys always in sight.

Textual's `Footer` recomposes (new key widgets, each styled afresh) every time its screen's
bindings are refreshed: on every focus change and screen resume, though the shown keys are most
often the same. Opening a screen refreshed them three times over, a noticeable share of the setup
screen's start-up. When only whether keys are enabled (or their tooltips) changed, as after most
moves of a game (undo becomes possible, then not), the keys shown are updated in place: no new
widgets, no layout (issue 12: every update from a server's table recomposed the footer).

The keys come in the order of the screen's active bindings: the focused pane's first (its
bindings shown in the footer), then the screen's and the app's. The help and escape keys are
pinned at the right end; when the others do not all fit, the last ones are left out whole
(never cut in the middle): the help screen lists every key.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from itertools import groupby

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import HorizontalGroup
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey, FooterLabel

from core.i18n import N_
from tui.lang import tr

PINNED_KEYS = frozenset({"escape", "question_mark", "f1"})
"""Keys every screen's footer keeps in sight: help and going back."""

APP_HELP = Binding(
    "question_mark,f1",
    "app.help",
    N_("Help"),
    key_display="?",
    tooltip=N_("this help: every key this screen takes"),
)
"""The help key of a screen without help of its own (the app opens it for the screen)."""

Shown = tuple[Binding, bool, str]
"""A key as the footer shows it: the binding, whether it is enabled, its tooltip."""


def pinned(binding: Binding) -> bool:
    return not PINNED_KEYS.isdisjoint(key.strip() for key in binding.key.split(","))


class KeysFooter(Footer):
    DEFAULT_CSS = """
    KeysFooter FooterKey.-disabled .footer-key--key {
        color: $footer-description-foreground;  /* dim accent text falls under 4.5:1 */
    }
    KeysFooter .footer-item {
        width: auto;
        height: 1;
    }
    KeysFooter .footer-pinned {
        dock: right;
        width: auto;
        height: 1;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self._shown: Hashable = None
        self._placed: Hashable = None  # the keys' widgets as composed (not their states)
        self._keys: dict[str, tuple[FooterKey, bool]] = {}  # by action: its widget, grouped?
        self._widths: dict[Widget, int] = {}
        self._composing: list[Shown] | None = None  # the keys `recompose` read, for `compose`

    def _footer_keys(self) -> list[Shown]:
        """The keys to show, one per action, in the order of the active bindings."""
        by_action: dict[str, Shown] = {}
        for _, binding, enabled, tooltip in self.screen.active_bindings.values():
            if binding.show and binding.action not in by_action:
                by_action[binding.action] = (binding, enabled, tooltip)
        return list(by_action.values())

    def _keys_shown(self, keys: list[Shown]) -> tuple[Hashable, Hashable]:
        """Everything `compose` draws from `keys`, in order: the keys' widgets, and their
        states."""
        placed = (
            tr(self).language,
            tuple(
                (
                    binding.key,
                    binding.action,
                    binding.description,
                    binding.group,
                    self.app.get_key_display(binding),
                )
                for binding, _, _ in keys
            ),
        )
        return placed, tuple((enabled, tooltip) for _, enabled, tooltip in keys)

    def compose(self) -> ComposeResult:
        _ = tr(self)
        if not self._bindings_ready:
            return
        shown = self._composing if self._composing is not None else self._footer_keys()
        loose = [key for key in shown if not pinned(key[0])]
        for group, members in groupby(loose, lambda key: key[0].group):
            keys = list(members)
            if group is not None and len(keys) > 1:
                with HorizontalGroup(classes="footer-item"):
                    for binding, enabled, tooltip in keys:
                        yield self._key(binding, enabled, tooltip, "", grouped=True)
                    yield FooterLabel(_(group.description))
            else:
                for binding, enabled, tooltip in keys:
                    yield self._key(binding, enabled, tooltip, binding.description, "footer-item")
        with HorizontalGroup(classes="footer-pinned"):
            for binding, enabled, tooltip in shown:
                if pinned(binding):
                    yield self._key(binding, enabled, tooltip, binding.description)

    def _key(
        self,
        binding: Binding,
        enabled: bool,
        tooltip: str,
        description: str,
        classes: str = "",
        grouped: bool = False,
    ) -> FooterKey:
        """A key's widget, its words in the viewer's language (bindings hold message ids); a
        key `grouped` under its group's words has its own description as its tooltip's default.

        Its `compact` starts as the footer's: a FooterKey starts compact and the footer is not,
        so each key was styled three times as it mounted (its class -compact added by the
        watcher, then taken away by the binding), about half of a screen's style work."""
        _ = tr(self)
        key = FooterKey(
            binding.key,
            self.app.get_key_display(binding),
            _(description) if description else "",
            binding.action,
            disabled=not enabled,
            tooltip=self._tip_of(binding, tooltip, grouped),
            classes=classes,
        )
        self._keys[binding.action] = (key, grouped)
        key.set_reactive(FooterKey.compact, self.compact)
        return key.data_bind(compact=Footer.compact)

    def _tip_of(self, binding: Binding, tooltip: str, grouped: bool) -> str:
        tip = (tooltip or binding.description) if grouped else tooltip
        return tr(self)(tip) if tip else ""

    def bindings_changed(self, screen: Screen[object]) -> None:
        """The screen's bindings were refreshed: keys enabled or disabled are set at once, in
        the frame that shows what changed them; other keys are composed after the refresh.
        The bindings are read once a refresh (each read asks the screen about every key), and
        not at all before the keys are first composed (twice as a game opens)."""
        self._bindings_ready = True
        current = screen.app.app_focus and self.is_attached and screen is self.screen
        if current and (self._shown is None or not self._restate(self._footer_keys())):
            self.call_after_refresh(self.recompose)

    def _restate(self, keys: list[Shown]) -> bool:
        """Show `keys`' states in the widgets composed; False if the keys themselves changed
        (they must be composed again) or none are composed yet."""
        shown = self._keys_shown(keys)
        if self._shown is None or shown[0] != self._placed:
            return False
        if shown != self._shown:
            self._shown = shown
            for binding, enabled, tooltip in keys:
                widget, grouped = self._keys[binding.action]
                # As FooterKey's constructor shows it (its own flag and class, not the
                # widget's `disabled`, which would dim it otherwise and refuse clicks).
                widget._disabled = not enabled
                widget.set_class(not enabled, "-disabled")
                widget.tooltip = self._tip_of(binding, tooltip, grouped)
        return True

    async def recompose(self) -> None:
        if not self.is_attached or self._pruning:
            return  # as Footer.recompose: the screen went away before this ran
        keys = self._footer_keys() if self._bindings_ready else None
        if keys is not None and self._restate(keys):
            return
        shown = self._keys_shown(keys) if keys is not None else None
        self._shown = shown
        self._placed = shown[0] if shown is not None else None
        self._keys = {}
        self._widths = {}
        self._composing = keys  # composed from the keys read here, not read again
        try:
            await super().recompose()
        finally:
            self._composing = None
        self.call_after_refresh(self._fit)

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    def _items(self) -> Iterator[Widget]:
        return (child for child in self.children if child.has_class("footer-item"))

    def _fit(self) -> None:
        """Show the unpinned keys that fit beside the pinned ones, in order; leave out the
        rest whole."""
        if not self._widths:
            # Measured once laid out with every key shown (the first fit after a compose).
            self._widths = {item: item.outer_size.width for item in self._items()}
            if not any(self._widths.values()):
                self._widths = {}
                return
        pins = self.query(".footer-pinned")
        room = self.size.width - (pins.first().outer_size.width if pins else 0)
        used = 0
        fits = True
        for item in self._items():
            used += self._widths.get(item, 0)
            fits = fits and used <= room
            item.display = fits
