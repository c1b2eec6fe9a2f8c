"""The game screen: header, player panels, the board, the prompt and the log.

It renders only views: `session.view()` for the seat at the screen, never the table's state,
and reads every text of the table through `session.shown` (control characters made visible).
Every table change (a decision, a chance draw, undo, redo) comes through `table.subscribe`; after
it the screen redraws, raises the hot-seat curtain if the keyboard must change hands, shows the
game-over screen, or lets the next bot play on a short timer (one decision per tick).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from core.decisions import Choice, Decision, IllegalAction
from core.table import Change
from tui.boards import board_kit
from tui.host import host_of
from tui.screens.boarded import BoardScreen
from tui.screens.curtain import LEAVE, QUIT, READY, CurtainScreen
from tui.session import Session
from tui.widgets.board import BoardPanel
from tui.widgets.footer import KeysFooter
from tui.widgets.gridmap import GridMap
from tui.widgets.log import LogPanel
from tui.widgets.players import PlayersPanel
from tui.widgets.prompt import DecisionPrompt, acting_banner

GAME_KEYS = [
    ("1-9, 10 ...", "pick (choose several: toggle) an option by its number; 10 up: 2 digits"),
    ("/", "filter a long list by its text; Backspace edits, Escape clears"),
    ("Up / Down, Enter", "move through the options and pick"),
    ("Space", "choose several: toggle; order a list: pick up / put down"),
    ("Left / Right", "allocate: change the amount; order a list: move the card"),
    ("[ ] or Shift+Up/Down", "order a list: move the selected item up / down"),
    ("Home or f", "order a list: move the selected item to the front"),
    (
        "m",
        "choose on the map: arrows jump between the squares you may choose, Enter chooses, "
        "m or Escape: back to the list; a click on a marked square chooses it too",
    ),
    ("u", "undo your last decision (until dice, a reveal or another player)"),
    ("r", "redo what you undid"),
    ("s", "save now (the game also saves itself after every move)"),
    ("g", "the results, once the game is over"),
    ("? or F1", "this help"),
    ("Escape", "back to the setup screen (the game stays saved)"),
    ("q", "quit (the game stays saved; continue it from the setup screen)"),
]


class GameScreen(BoardScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "undo", "Undo"),
        Binding("u", "explain_undo", show=False),
        Binding("r", "redo", "Redo"),
        Binding("r", "explain_redo", show=False),
        Binding("s", "save", "Save"),
        Binding("g", "results", "Results"),
        Binding("b", "board_mode", "Board"),
        Binding("w", "wide", "Wide"),
        Binding("c", "cards", "Cards"),
        Binding("m", "map", "Map", show=False),
        Binding("question_mark,f1", "help", "Help", key_display="?"),
        Binding("escape", "leave", "Setup"),
        Binding("q", "quit_game", "Quit"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.kit = board_kit(session.table.game.id)
        self._unsubscribe: object = None
        self._bot_scheduled = False
        self._curtain_up = False
        self._over_shown = False

    def compose(self) -> ComposeResult:
        yield Static(id="game-title", classes="title-bar")
        yield PlayersPanel(id="players", classes="panel")
        with Horizontal(id="game-body"):
            yield BoardPanel(self.kit, id="board", classes="panel")
            with Vertical(id="game-right"):
                yield DecisionPrompt(id="prompt", classes="panel")
                yield LogPanel(id="log", classes="panel")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#players").border_title = "Players"
        self.query_one("#prompt").border_title = "Your move"
        self.query_one("#log").border_title = "Log"
        self._unsubscribe = self.session.table.subscribe(self._on_change)
        self.query_one(DecisionPrompt).card_info = self.kit.card_info
        self.query_one(DecisionPrompt).focus()
        self.after_change()

    def on_unmount(self) -> None:
        if callable(self._unsubscribe):
            self._unsubscribe()
        self.session.close()

    def on_screen_resume(self) -> None:
        self.query_one(DecisionPrompt).focus()
        if self.is_mounted:
            self.after_change()

    # --- redrawing ---------------------------------------------------------------------------

    def _on_change(self, change: Change) -> None:
        self.after_change()

    def after_change(self) -> None:
        session = self.session
        # The keyboard changes hands at once if the next screen hides nothing from the seat
        # at this one; otherwise the curtain goes up over this seat's screen.
        target = None if session.table.over or not self.is_current else session.hand_over()
        self.redraw()
        if session.table.over:
            if not self._over_shown and self.is_current:
                self._over_shown = True
                self.action_results()
            return
        self._over_shown = False
        if target is not None:
            self._raise_curtain(target)
            return
        self._schedule_bot()

    def redraw(self) -> None:
        session = self.session
        table = session.table
        names = session.shown.names
        bots = tuple(not seat.is_human for seat in table.seats)
        view = session.view()
        title = Text(table.game.title, style="bold")
        prompt = self.query_one(DecisionPrompt)
        if view is None:
            # Nobody has taken the keyboard yet (hot seat): show nothing of the game.
            self.query_one("#game-title", Static).update(title)
            self.query_one(PlayersPanel).update("")
            self.query_one(BoardPanel).show(None, names)
            prompt.show(None, "Waiting for a player to take the keyboard.")
            self.query_one(LogPanel).show([])
            return
        title = Text()
        if view.viewer is not None:
            title.append("you are ")
            title.append(names[view.viewer], style="bold")
        elif session.spectator:
            title.append("watching the bots", style="bold")
        title.append(f"  |  {view.turn}" if view.over else f"  |  {view.turn}  |  {view.phase}")
        title.append(f"  |  {table.game.title}")
        self.query_one("#game-title", Static).update(title)
        self.query_one(PlayersPanel).show(view, names, bots, kit=self.kit)
        decision = session.my_decision()
        if decision is not None:
            prompt.border_title = "Your move"
            prompt.show(decision, banner=acting_banner(decision.acting_for, names))
        else:
            prompt.border_title = "Waiting"
            prompt.show(None, self._waiting_text())
        board = self.query_one(BoardPanel)
        board.show(view, names, decision, prompt.option_index())
        self._layout()
        self.query_one(LogPanel).show(session.narration())
        self.refresh_bindings()

    def _layout(self) -> None:
        board = self.query_one(BoardPanel)
        right = self.query_one("#game-right")
        prompt = self.query_one(DecisionPrompt)
        if board.layout_for(self.size.width):
            # The prompt's height depends on its width: measure it again once laid out.
            self.call_after_refresh(prompt.refresh, layout=True)
        right.display = not board.wide
        mode = board.current
        grid = board.grid_map if mode is not None and mode.grid is not None else None
        if grid is not None and not grid.choosable:
            grid = None  # the map shows, but has nothing to choose
        if board.wide:
            waiting = self.session.my_decision() is not None
            board.border_subtitle = (
                "your move is waiting: w" if waiting else "b next view  w prompt and log"
            )
            if grid is not None:
                board.border_subtitle = "arrows, Enter: choose here  w prompt and log"
                grid.focus()
        elif not prompt.has_focus and not (grid is not None and grid.has_focus):
            prompt.focus()

    def on_resize(self) -> None:
        if self.is_mounted:
            self._layout()

    def _waiting_text(self) -> str:
        session = self.session
        if session.table.over:
            result = session.shown.result()
            summary = result.summary if result else "The game is over."
            return f"Game over. {summary} Press g for the results."
        pending = session.pending()
        if pending is None:
            return "Rolling the dice..."
        who = session.shown.name(pending.seat)
        if not session.table.seats[pending.seat].is_human:
            who += " (bot)"
        return f"Waiting for {who} to decide: {pending.name}."

    # --- hot seat and bots -------------------------------------------------------------------

    def _raise_curtain(self, seat: int) -> None:
        if self._curtain_up or not self.is_current:
            return
        self._curtain_up = True
        name = self.session.shown.name(seat)

        def done(result: str | None) -> None:
            self._curtain_up = False
            if result == READY:
                self.session.pass_to(seat)
                self.after_change()
            elif result == LEAVE:
                self.action_leave()
            elif result == QUIT:
                self.action_quit_game()

        self.app.push_screen(CurtainScreen(name), done)

    def _schedule_bot(self) -> None:
        """Let the next bot play after the bot delay: one decision per tick, never a batch."""
        if self._bot_scheduled or not self.session.bot_to_play():
            return
        self._bot_scheduled = True
        delay = host_of(self.app).bot_delay
        if delay > 0:
            self.set_timer(delay, self._bot_step)
        else:
            self.call_later(self._bot_step)

    def _bot_step(self) -> None:
        self._bot_scheduled = False
        if not self.is_current or self.session.curtain_for() is not None:
            return
        try:
            self.session.play_bot()
        except IllegalAction as error:  # a bot bug must not end the game in a traceback
            self.notify(f"A bot made an illegal move: {error}", severity="error", markup=False)

    # --- the prompt --------------------------------------------------------------------------

    def on_decision_prompt_chosen(self, message: DecisionPrompt.Chosen) -> None:
        self._decide(message.decision, message.choice)

    def on_grid_map_chosen(self, message: GridMap.Chosen) -> None:
        self._decide(message.decision, message.decision.options[message.index].id)

    def _decide(self, decision: Decision, choice: Choice) -> None:
        """The seat at the screen answered `decision` (in the prompt or on the map)."""
        prompt = self.query_one(DecisionPrompt)
        if decision != self.session.my_decision():
            prompt.show_error("That question is no longer open.")
            return
        try:
            self.session.decide(choice)
        except IllegalAction as error:
            prompt.show_error(str(error))

    def on_decision_prompt_cursor_moved(self, message: DecisionPrompt.CursorMoved) -> None:
        self.query_one(BoardPanel).point(message.decision, message.index)

    def on_grid_map_cursor_moved(self, message: GridMap.CursorMoved) -> None:
        prompt = self.query_one(DecisionPrompt)
        if message.decision == prompt.decision:
            prompt.select(message.index)

    # --- actions -----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        table = self.session.table
        if action == "undo":
            return True if self.session.can_undo() else None
        if action == "redo":
            return True if self.session.can_redo() else None
        if action == "results":
            return table.over
        if action == "cards":
            if self.kit.card_pages is None:
                return False
            return True if self.session.sees else None
        return super().check_action(action, parameters)

    def action_undo(self) -> None:
        try:
            self.session.undo()
        except IllegalAction as error:
            self.query_one(DecisionPrompt).show_error(str(error))

    def action_map(self) -> None:
        """Choose on the map (and back to the prompt): while a question's options are marked
        there, the map takes the arrow keys and Enter."""
        grid = self.query_one(BoardPanel).grid_map
        prompt = self.query_one(DecisionPrompt)
        if grid is not None and grid.has_focus:
            prompt.focus()
        elif grid is None or not grid.choosable:
            prompt.show_error("nothing to choose on the map now")
        else:
            board = self.query_one(BoardPanel)
            if board.current is None or board.current.grid is None:
                board.mode = next(m.id for m in board.kit.modes if m.grid is not None)
                self.redraw()
            grid.focus()

    def action_explain_undo(self) -> None:
        self.query_one(DecisionPrompt).show_error(self.session.undo_reason() or "cannot undo now")

    def action_redo(self) -> None:
        try:
            self.session.redo()
        except IllegalAction as error:
            self.query_one(DecisionPrompt).show_error(str(error))

    def action_explain_redo(self) -> None:
        self.query_one(DecisionPrompt).show_error("nothing to redo: undo something first")

    def action_save(self) -> None:
        try:
            path = self.session.save()
        except OSError as error:
            self.notify(f"Could not save: {error}", severity="error", markup=False)
            return
        if path is None:
            self.notify("This game has no save file.", severity="warning")
        else:
            self.notify(f"Saved to {path}", title="Saved", markup=False)

    def action_cards(self) -> None:
        from tui.screens.cards import CardsScreen

        view = self.session.view()
        if view is None or self.kit.card_pages is None:
            return
        names = self.session.shown.names
        self.app.push_screen(CardsScreen(self.kit.card_pages(view, names), view.viewer))

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        title = f"{self.session.table.game.title}: keys"
        keys = GAME_KEYS + list(self.kit.keys)
        self.app.push_screen(HelpScreen(title, keys, self.session.table.game.id))

    def action_results(self) -> None:
        from tui.screens.gameover import GameOverScreen

        self.app.push_screen(GameOverScreen(self.session.table), self._after_results)

    def _after_results(self, choice: str | None) -> None:
        if choice == "replay":
            from tui.screens.replay import ReplayScreen

            self.app.push_screen(ReplayScreen(self.session.table, viewer=None))
        elif choice == "setup":
            self.action_leave()
        elif choice == "quit":
            self.action_quit_game()

    def _save_quietly(self) -> str:
        try:
            path = self.session.save()
        except OSError as error:
            return f"Could not save: {error}"
        return f"Saved to {path}" if path else "This game was not saved."

    def action_leave(self) -> None:
        grid = self.query_one(BoardPanel).grid_map
        if grid is not None and grid.has_focus and not self.query_one(BoardPanel).wide:
            self.query_one(DecisionPrompt).focus()  # one step back: from the map to the list
            return
        self.notify(self._save_quietly(), markup=False)
        host_of(self.app).show_setup()

    def action_quit_game(self) -> None:
        self.app.exit(message=self._save_quietly())
