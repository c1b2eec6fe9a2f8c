"""The Partyline app: registers the themes and moves between the screens.

Screen stack: setup at the bottom when the app starts there; a game, saves list or replay on top of
it; the curtain, help and game-over screens over the game. Escape always goes one step back.
The screens know the app only as a tui.host.Host (where saves go, the bot delay, starting a game
and going back to setup), so the app and the screens never import each other.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import RenderableType
from rich.text import Text
from textual.app import App
from textual.notifications import SeverityLevel
from textual.screen import Screen

from core.text import visible
from themes import DEFAULT_THEME, STYLESHEET, THEMES
from tui.pace import BOT_PACES, DEFAULT_BOT_PACE, DEFAULT_REVEAL_HOLD, REVEAL_HOLDS
from tui.screens.setup import SetupScreen

if TYPE_CHECKING:
    from core.table import Table

# The game, replay and session modules (and the log and prompt widgets they bring) load when
# first needed: the setup screen, the usual first screen, shows sooner without them.

BOT_DELAY = BOT_PACES[DEFAULT_BOT_PACE]
"""Seconds between two bot decisions, so a person can follow the play."""
REVEAL_HOLD = REVEAL_HOLDS[DEFAULT_REVEAL_HOLD]


class PartylineApp(App[None]):
    TITLE = "Partyline"
    CSS_PATH = str(STYLESHEET)
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        *,
        save_dir: Path,
        theme_name: str = DEFAULT_THEME,
        table: Table | None = None,
        save_path: Path | None = None,
        replay: Table | None = None,
        replay_viewer: int | None = None,
        replay_note: str = "",
        bot_delay: float = BOT_DELAY,
        reveal_hold: float | None = REVEAL_HOLD,
    ) -> None:
        """`replay_viewer` is the seat whose eyes `replay` opens with (None: everyone, which only
        a finished game allows; core.replay.default_viewer picks one). `replay_note` says why
        the replay stops before the end of its file (core.saves.RulesChanged)."""
        if theme_name not in THEMES:
            raise ValueError(f"unknown theme {theme_name!r} (known: {', '.join(THEMES)})")
        if replay is not None:
            from core.replay import may_replay_as

            if not may_replay_as(replay, replay_viewer):
                raise ValueError("an unfinished game replays only as one of its players")
        # Textual picks its NO_COLOR filter in App.__init__, before any theme is set: tell it
        # now that the terminal-palette theme uses native ANSI colours, or NO_COLOR with that
        # theme would turn everything into black on black.
        super().__init__(ansi_color=True if THEMES[theme_name].ansi else None)
        for theme in THEMES.values():
            self.register_theme(theme)
        self.theme = theme_name
        self.save_dir = save_dir
        self.bot_delay = bot_delay
        self.reveal_hold = reveal_hold
        self._start_table = table
        self._start_save_path = save_path
        self._start_replay = replay
        self._start_replay_viewer = replay_viewer
        self._start_replay_note = replay_note

    def get_default_screen(self) -> Screen[Any]:
        """Opening on the setup screen, it is the bottom of the stack from the start (instead of
        pushed over an empty screen, which styled and laid the app out twice over)."""
        if self._start_replay is None and self._start_table is None:
            return SetupScreen()
        return super().get_default_screen()

    def on_mount(self) -> None:
        if self._start_replay is not None:
            from tui.screens.replay import ReplayScreen

            replay = ReplayScreen(
                self._start_replay, viewer=self._start_replay_viewer, note=self._start_replay_note
            )
            self.push_screen(replay, lambda _: self.exit())
        elif self._start_table is not None:
            self.start_game(self._start_table, self._start_save_path)

    def start_game(self, table: Table, save_path: Path | None) -> None:
        """Show the game screen for `table`, autosaving to `save_path` after every change."""
        from core.saves import write_failure
        from tui.screens.game import GameScreen
        from tui.session import Session

        session = Session(table, save_path, on_save_error=self._save_failed)
        if save_path is not None and _new_file(save_path):
            try:
                session.save()
            except OSError as error:
                self._save_failed(write_failure(save_path, error))
        self.push_screen(GameScreen(session))

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Every notification (screens' too) comes through here: its text may quote a path, a
        name or a reason, so control characters are shown as escapes."""
        super().notify(
            visible(message),
            title=visible(title),
            severity=severity,
            timeout=timeout,
            markup=markup,
        )

    def exit(
        self, result: None = None, return_code: int = 0, message: RenderableType | None = None
    ) -> None:
        """The exit message is printed on the terminal after the app: a text one (a path) is
        shown with control characters escaped, and as Text, never read as markup."""
        if isinstance(message, str):
            message = Text(visible(message))
        super().exit(result, return_code, message)

    def _save_failed(self, message: str) -> None:
        self.notify(message, title="Autosave failed", severity="error", timeout=8, markup=False)

    def show_setup(self) -> None:
        """Go back to the setup screen, closing everything above it (or replacing the stack)."""
        stack = self.screen_stack
        for index in range(len(stack) - 1, -1, -1):
            if isinstance(stack[index], SetupScreen):
                while len(self.screen_stack) > index + 1:
                    self.pop_screen()
                return
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) == 2:
            self.switch_screen(SetupScreen())
        else:
            self.push_screen(SetupScreen())


def _new_file(path: Path) -> bool:
    """Nothing saved at `path` yet: no file, or the empty one `new_save_path` reserved."""
    try:
        return path.stat().st_size == 0
    except FileNotFoundError:
        return True
    except OSError:
        return False
