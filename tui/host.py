"""What the screens need of the app they run in, as a small protocol.

The app imports the setup screen (its first screen); the screens reach the app through this
protocol instead of importing tui.app, so the app and the screens never import each other.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from core.i18n import Language
    from core.paths import NewSave
    from core.table import Table


@runtime_checkable
class Host(Protocol):
    save_dir: Path
    """Where new games are saved."""
    bot_delay: float
    """Seconds between two bot decisions."""
    reveal_hold: float | None
    """Seconds the game screen holds on a reveal or a fight's result before the bots go on (a
    key goes on at once; None: only a key; 0: no hold)."""

    language: Language
    """The language of whoever looks at this app's screens (tui.lang.tr translates by it)."""

    def set_language(self, language: Language) -> None:
        """Speak `language` from now on, and remember it for the next start."""

    def start_game(self, table: Table, save_path: Path | NewSave | None) -> None:
        """Show the game screen for `table`, autosaving to `save_path` (a new game's file is
        written from its first decision on)."""

    def show_setup(self) -> None:
        """Go back to the setup screen, closing everything above it."""


def host_of(app: object) -> Host:
    """`app` as the screens know it (every screen runs in a PartylineApp, which is a Host)."""
    if not isinstance(app, Host):
        raise TypeError(f"{type(app).__name__} cannot host Partyline's screens")
    return app
