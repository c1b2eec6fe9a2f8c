"""The Partyline app: registers the themes and moves between the screens.

Screen stack: setup at the bottom when the app starts there; a game, saves list or replay on top of
it; the curtain, help and game-over screens over the game. Escape always goes one step back.
The screens know the app only as a tui.host.Host (where saves go, the bot delay, starting a game
and going back to setup), so the app and the screens never import each other.
"""

from __future__ import annotations

import gc
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import RenderableType
from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.theme import Theme
from textual.widgets import Input

from core.i18n import DEFAULT_LANGUAGE, N_, Language
from core.narration import Text as GameText
from core.text import visible
from themes import DEFAULT_THEME, STYLESHEET, TERMINAL_DARK, TERMINAL_LIGHT, THEMES
from tui.lang import tr
from tui.pace import BOT_PACES, DEFAULT_BOT_PACE, DEFAULT_REVEAL_HOLD, REVEAL_HOLDS
from tui.undecodable import replace_undecodable_keys
from tui.widgets import toosmall

if TYPE_CHECKING:
    from core.paths import NewSave
    from core.table import Table
    from core.viewer import Viewer
    from tui.session import Session

# The screens load when first needed: the setup screen, the usual first screen, shows sooner
# without the game, replay and session modules (and the log and prompt widgets they bring), and
# a continued game's screen sooner without the setup screen's.

KEY_WORDS = {"↑": "up", "↓": "down", "←": "left", "→": "right", "⏎": "enter"}
"""Textual's key symbols that are East-Asian-ambiguous (some terminals draw them double width,
which shifts the footer): shown as words."""

BOT_DELAY = BOT_PACES[DEFAULT_BOT_PACE]
"""Seconds between two bot decisions, so a person can follow the play."""
REVEAL_HOLD = REVEAL_HOLDS[DEFAULT_REVEAL_HOLD]


_frozen: set[str] = set()


def freeze_start_up(moment: str) -> None:
    """Once per process at each `moment` of start-up: collect the young generations, then
    freeze what is there, so that later full collections no longer walk it. When the app is
    made ("app"): the modules and a continued game's table (a 5,000-entry game's is some 30,000
    objects), which the full collections while the first screen is built walked again (about
    50 ms). When the first screen is up ("first screen"): the rest of what start-up built (the
    classes, themes and styles, the first screen: 60,000 to 100,000 objects in all, most of them
    Textual's and Rich's).

    A full (generation-2) collection walks every object the collector tracks; over these it
    took 20 to 160 ms, and one landed on a key now and then (issue 10: a key of about 310 ms,
    one in 20 Light and Dark processes). Collecting the young generations first keeps start-up's
    garbage out of the frozen set for about a millisecond; a full collection would find a few
    hundred objects more for some 50 ms, a pause the first screen of a long game waited for
    (issue 10)."""
    if moment in _frozen:
        return
    _frozen.add(moment)
    if gc.isenabled():
        # (While tui.cli pauses the collector for the start-up, the young generation holds all
        # of start-up: walking those 100,000 objects for a few hundred of garbage took 15 ms
        # when the app was made, and 15 to 45 ms more once its first screen was up (some 800
        # objects, 100 kB, the widgets a footer's recompose replaced and their caches). They
        # are frozen with the rest.)
        gc.collect(1)
    gc.freeze()
    if moment == "first screen":
        gc.enable()  # (tui.cli paused it for the start-up)


class PartylineApp(App[None]):
    TITLE = "Partyline"
    CSS_PATH = str(STYLESHEET)
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        # Priorities: a dialog (help, the curtain) keeps the app's other keys from the screen.
        Binding(
            "ctrl+q",
            "save_and_quit",
            N_("Quit"),
            show=False,
            priority=True,
            tooltip=N_("save and quit from any screen, printing where the game was saved"),
        ),
        Binding(
            "ctrl+c",
            "copy_or_quit",
            N_("Quit"),
            show=False,
            priority=True,
            tooltip=N_("copy the selected text; with none, save and quit as ctrl+q"),
        ),
    ]
    HORIZONTAL_BREAKPOINTS = toosmall.HORIZONTAL_BREAKPOINTS
    VERTICAL_BREAKPOINTS = toosmall.VERTICAL_BREAKPOINTS

    def __init__(
        self,
        *,
        save_dir: Path,
        theme_name: str = DEFAULT_THEME,
        table: Table | None = None,
        save_path: Path | NewSave | None = None,
        replay: Table | None = None,
        replay_viewer: Viewer = None,
        replay_note: GameText = "",
        notice: GameText = "",
        bot_delay: float = BOT_DELAY,
        reveal_hold: float | None = REVEAL_HOLD,
        language: Language = DEFAULT_LANGUAGE,
        config_path: Path | None = None,
    ) -> None:
        """`replay_viewer` is whose eyes `replay` opens with (a seat, PUBLIC, or None: everyone,
        which only a finished game allows; core.replay.default_viewer picks one). `replay_note`
        says why the replay stops before the end of its file (core.saves.RulesChanged). `notice`
        is shown once the app is up (a continued save's note: its last entry was incomplete).
        `language` is the viewer's; a language chosen on the setup screen is remembered in
        `config_path` (None: not remembered)."""
        freeze_start_up("app")
        replace_undecodable_keys()
        if theme_name not in THEMES:
            raise ValueError(f"unknown theme {theme_name!r} (known: {', '.join(THEMES)})")
        if replay is not None:
            from core.replay import may_replay_as

            if not may_replay_as(replay, replay_viewer):
                raise ValueError(
                    "an unfinished game replays only as the public or one of its players"
                )
        # Textual picks its NO_COLOR filter in App.__init__, before any theme is set: tell it
        # now that the terminal-palette theme uses native ANSI colours, or NO_COLOR with that
        # theme would turn everything into black on black.
        super().__init__(ansi_color=True if THEMES[theme_name].ansi else None)
        # Terminal colours named in rich styles (errors, the seats' letters) drawn in colours
        # that keep 4.5:1 on the themes' backgrounds.
        self.ansi_theme_dark = TERMINAL_DARK
        self.ansi_theme_light = TERMINAL_LIGHT
        for theme in THEMES.values():
            self.register_theme(theme)
        self.theme = theme_name
        self.save_dir = save_dir
        self.bot_delay = bot_delay
        self.exit_line = ""
        """What to print on the terminal after the app (tui.cli does): where the game went."""
        self.reveal_hold = reveal_hold
        self.language = language
        self.config_path = config_path
        self._start_table = table
        self._start_save_path = save_path
        self._start_replay = replay
        self._start_replay_viewer = replay_viewer
        self._start_replay_note = replay_note
        self._notice = notice
        self._sessions: list[Session] = []

    _css_variables: tuple[Theme, dict[str, str]] | None = None
    """The CSS variables of the theme they were made for (see get_css_variables)."""

    def get_css_variables(self) -> dict[str, str]:
        """Textual makes a theme's variables (its whole colour system, about 1 ms) each time it
        asks, twice before the first screen for the same theme: they are made once a theme, and
        again when the theme changes. Each caller has its own copy, as it had before."""
        theme = self.current_theme
        if self._css_variables is None or self._css_variables[0] is not theme:
            self._css_variables = (theme, super().get_css_variables())
        self.theme_variables = dict(self._css_variables[1])
        return dict(self._css_variables[1])

    def refresh_css(self, animate: bool = True) -> None:
        """Setting the theme and its terminal colours in __init__ queues two of these, which
        ran before the first screen and parsed the whole stylesheet twice, for nothing: the
        first screen's styling parses it anyway. Before it, only the theme's variables are
        set; after, Textual refreshes as always (a theme changed in the app)."""
        if not self.screen_stack:
            self.stylesheet.set_variables(self.get_css_variables())
            return
        super().refresh_css(animate)

    def get_default_screen(self) -> Screen[Any]:
        """Opening on the setup screen, it is the bottom of the stack from the start (instead of
        pushed over an empty screen, which styled and laid the app out twice over)."""
        if self._start_replay is None and self._start_table is None:
            from tui.screens.setup import SetupScreen

            return SetupScreen()
        return super().get_default_screen()

    def _add_too_small(self, screen: Screen[Any]) -> None:
        """Every screen gets the message it shows on a terminal below the smallest size. The
        default screen under a replay or game opened at start was never mounted: it is shown
        only for the moment the app exits when that screen is left, and cannot take a widget."""
        if screen.is_attached:
            toosmall.add_to(screen)

    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, self._add_too_small)
        if self._start_replay is None and self._start_table is None:
            # (A game or a replay opens over the default screen at once: that one gets its
            # message when it is shown, if ever, from the signal, as every other screen does.)
            self._add_too_small(self.screen)
        if self._start_replay is not None:
            from tui.screens.replay import ReplayScreen

            replay = ReplayScreen(
                self._start_replay, viewer=self._start_replay_viewer, note=self._start_replay_note
            )
            self.push_screen(toosmall.classed_for(replay, *self.size), lambda _: self.exit())
        elif self._start_table is not None:
            self.start_game(self._start_table, self._start_save_path)
        if self._notice:
            self.notify(self._notice, severity="warning", timeout=10)

    async def on_event(self, event: events.Event) -> None:
        """A key typed or text pasted while the screen is too small acts on nothing but quitting:
        the screen behind the message would take it blind (a digit answered a question no one
        saw; a screen opened meanwhile, a server's table, focuses a field)."""
        if (
            isinstance(event, events.Key | events.Paste)
            and not event.is_forwarded
            and (isinstance(event, events.Paste) or event.key not in toosmall.QUIT_KEYS)
            and toosmall.too_small(self.screen)
        ):
            return
        await super().on_event(event)

    def on_ready(self) -> None:
        """The first frame is on the terminal."""
        freeze_start_up("first screen")

    def start_game(self, table: Table, save_path: Path | NewSave | None) -> None:
        """Show the game screen for `table`, autosaving to `save_path` (a new game's: once a
        player has decided something, see core.saves.worth_saving)."""
        from tui.screens.game import GameScreen
        from tui.session import Session

        session = Session(table, save_path, on_save_error=self._save_failed, render=self.written)
        self._sessions.append(session)
        self.push_screen(toosmall.classed_for(GameScreen(session), *self.size))

    def saved_games(self) -> list[Path]:
        """The save files of the games played in this app whose screens have closed (every one,
        once the app has)."""
        return list(dict.fromkeys(s.saved_to for s in self._sessions if s.saved_to is not None))

    def written(self, value: GameText) -> str:
        """`value` in the viewer's language as it is now (a save's comments follow a switch)."""
        return tr(self).text(value)

    def notify(
        self,
        message: str | GameText,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Every notification (screens' too) comes through here: its text may quote a path, a
        name or a reason, so control characters are shown as escapes, and it is never read as
        markup (a `[` in a name or a translation stays a bracket), whatever `markup` says."""
        super().notify(
            visible(tr(self).text(message)),
            title=visible(title),
            severity=severity,
            timeout=timeout,
            markup=False,
        )

    def exit(
        self, result: None = None, return_code: int = 0, message: RenderableType | None = None
    ) -> None:
        """A text message (where the game was saved) is kept as `exit_line`, control characters
        escaped, for the command line to print once the app has closed: Rich would cut a long
        path at the terminal's width, and a path in two lines cannot be copied whole. Any other
        message is Textual's to print."""
        if isinstance(message, str):
            self.exit_line = visible(message)
            message = None
        super().exit(result, return_code, message)

    def action_save_and_quit(self) -> None:
        """Ctrl+Q and Ctrl+C quit from any screen as a game's `q` does: the game being played
        (under whatever is on top of it) is saved and the line saying where is printed."""
        from tui.screens.game import GameScreen

        games = [screen for screen in self.screen_stack if isinstance(screen, GameScreen)]
        if games:
            games[-1].action_quit_game()
        else:
            self.exit()

    def action_copy_or_quit(self) -> None:
        """Ctrl+C copies selected text, as it does in a text field; with nothing selected it
        saves and quits."""
        focused = self.focused
        selected = focused.selected_text if isinstance(focused, Input) else None
        selected = selected or self.screen.get_selected_text()
        if selected:
            self.copy_to_clipboard(selected)
        else:
            self.action_save_and_quit()

    def get_key_display(self, binding: Binding) -> str:
        shown = super().get_key_display(binding)
        for symbol, word in KEY_WORDS.items():
            shown = shown.replace(symbol, word)
        return shown

    def action_help(self) -> None:
        """Help on a screen without its own (the game-over dialog, the card viewer...: their
        footer.APP_HELP key)."""
        _ = tr(self)
        from tui.screens.help import HelpScreen

        self.push_screen(HelpScreen(_("Keys"), self.screen))

    def _save_failed(self, message: GameText) -> None:
        _ = tr(self)
        title = _("Autosave failed")
        self.notify(message, title=title, severity="error", timeout=8)

    def set_language(self, language: Language) -> None:
        """Speak `language` from now on (each screen renders its texts anew as it shows them)
        and remember it in the settings file for the next start."""
        from core.config import Settings, remember

        self.language = language
        if self.config_path is not None:
            failure = remember(self.config_path, Settings(language=language), tr(self))
            if failure:
                self.notify(failure, severity="warning", timeout=8)

    def show_setup(self) -> None:
        """Go back to the setup screen, closing everything above it (or replacing the stack)."""
        from tui.screens.setup import SetupScreen

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
