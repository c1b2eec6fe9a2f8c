"""The game screen: header, player panels, the board, the prompt and the log.

It renders only views: `session.view()` for the seat at the screen, never the table's state,
and reads a game only through its session (tui.seat.PlaySession: a table in this process, or a
seat at a server's table), whose texts are made visible (control characters escaped).
Every change (a decision, a chance draw, undo, redo) comes through `session.subscribe`; after
it the screen redraws, raises the hot-seat curtain if the keyboard must change hands, shows the
game-over screen, or lets the next bot play at the bot pace (one decision per tick; `n` plays
them at once up to the next decision of the seat at the screen). After a reveal or a fight's
result the screen holds (the bots, the curtain, the results wait) for a key or the reveal hold,
and keeps that entry in sight as the last reveal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.timer import Timer

from core.decisions import Choice, Decision, IllegalAction
from core.errors import os_reason
from core.games.catalogue import decision_label
from core.i18n import N_
from core.text import MAX_CHAT_CELLS
from tui.boards import board_kit
from tui.host import host_of
from tui.lang import assemble, tr
from tui.pace import NEXT_KEY, hold_hint, skip_hint
from tui.screens.boarded import BOARD_BINDINGS, LANGUAGE_BINDING, BoardScreen
from tui.screens.laid_out_once import LaidOutOnce
from tui.seat import PlaySession
from tui.widgets.board import BoardPanel
from tui.widgets.borders import retitle
from tui.widgets.footer import KeysFooter
from tui.widgets.gridmap import GridMap
from tui.widgets.log import LastReveal, LogBox, LogPanel
from tui.widgets.players import PlayersPanel
from tui.widgets.prompt import DecisionPrompt, acting_banner
from tui.widgets.titlebar import TitleBar

if TYPE_CHECKING:
    from tui.widgets.chat import ChatPanel


class GameScreen(BoardScreen, LaidOutOnce):
    AUTO_FOCUS = ""
    """None: the screen gives the keys itself (on_mount, on_screen_resume). Textual's auto focus
    gave them back from a screen over it to the first focusable widget, the prompt, though a
    wide board hid it (an Enter answered unseen)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "u",
            "undo",
            N_("Undo"),
            tooltip=N_("undo your last decision (until dice, a reveal or another player)"),
        ),
        Binding(
            NEXT_KEY,
            "go_on",
            N_("Go on"),
            tooltip=N_("after a reveal or a fight's result: go on at once"),
        ),
        Binding(
            NEXT_KEY,
            "skip",
            N_("Skip bots"),
            tooltip=N_("while bots play: let them play at once, up to your next move"),
        ),
        Binding("u", "explain_undo", show=False),
        Binding("r", "redo", N_("Redo"), tooltip=N_("redo what you undid")),
        Binding("r", "explain_redo", show=False),
        Binding(
            "s", "save", N_("Save"), tooltip=N_("save now (the game also saves after every move)")
        ),
        Binding("g", "results", N_("Results"), tooltip=N_("the results, once the game is over")),
        *BOARD_BINDINGS,
        Binding(
            "m",
            "map",
            N_("Map"),
            show=False,
            tooltip=N_(
                "choose on the map: arrows jump between the squares you may choose, Enter "
                "chooses, m or Escape: back to the list; a click on a marked square chooses it too"
            ),
        ),
        Binding(
            "t",
            "chat",
            N_("Chat"),
            tooltip=N_(
                "read the last lines said and say one to the table (Enter sends it; Escape: "
                "back to the game)"
            ),
            # Before the keys typed next are handed to the focused widget: a line typed at
            # once after `t` goes to the chat, not to the game's keys.
            priority=True,
        ),
        Binding("question_mark,f1", "help", N_("Help"), key_display="?", tooltip=N_("this help")),
        # While a chat line is typed, ? is a character of the line: the help is F1's.
        Binding("f1", "help('chat')", N_("Help"), key_display="F1", tooltip=N_("this help")),
        LANGUAGE_BINDING,
        Binding(
            "escape",
            "leave('setup')",
            N_("Setup"),
            tooltip=N_("back to the setup screen (the game stays saved)"),
        ),
        Binding(  # a new game before its first decision: nothing is saved yet
            "escape",
            "leave('unsaved')",
            N_("Setup"),
            tooltip=N_(
                "back to the setup screen (not saved yet: a game is saved from a human "
                "player's first decision)"
            ),
        ),
        Binding(
            "escape",
            "leave('lobby')",
            N_("Lobby"),
            tooltip=N_("back to the lobby (the seat stays yours: sit at the table again)"),
        ),
        Binding(  # while a chat line is typed: Escape leaves the line, not the table
            "escape",
            "leave('chat')",
            N_("Game"),
            tooltip=N_("from the chat line back to the game (the line stays for the next t)"),
            # Before the keys behind it are handed on (one packet: "ab", Escape, "1"): they go
            # to the game, not into the line left.
            priority=True,
        ),
        Binding(
            "q",
            "quit_game('setup')",
            N_("Quit"),
            tooltip=N_("quit (the game stays saved; continue it from the setup screen)"),
        ),
        Binding(
            "q",
            "quit_game('unsaved')",
            N_("Quit"),
            tooltip=N_(
                "quit (not saved yet: a game is saved from a human player's first decision)"
            ),
        ),
        Binding(
            "q",
            "quit_game('lobby')",
            N_("Quit"),
            tooltip=N_("quit (the seat stays yours: connect again and sit at the table)"),
        ),
        Binding(
            "pageup",
            "log_page(-1)",
            N_("Log back"),
            show=False,
            key_display="PgUp",
            tooltip=N_("scroll the log back a page, wherever the focus is"),
        ),
        Binding(
            "pagedown",
            "log_page(1)",
            N_("Log on"),
            show=False,
            key_display="PgDn",
            tooltip=N_("scroll the log on a page, wherever the focus is"),
        ),
    ]

    def __init__(self, session: PlaySession) -> None:
        super().__init__()
        self.session = session
        self.kit = board_kit(session.game.id)
        self._unsubscribe: object = None
        self._bot_scheduled = False
        self._bot_timer: Timer | None = None
        self._holding = False  # on a reveal or a fight's result, until a key or the hold's end
        self._hold_timer: Timer | None = None
        self._skipping = False  # the bots play at once ...
        self._skip_from: Decision | None = None  # ... until the seat at the screen has another
        self._curtain_up = False
        self._over_shown = False
        self._covered = False  # another screen was pushed over this one since it last drew
        self._rang_for: Decision | None = None  # the decision the turn bell rang for
        self._drawn: dict[str, object] = {}  # what each part was last drawn from (_fresh)
        self._laid_out = False  # the prompt was measured again after a first layout
        self._answered = False  # this seat answered; the table may not have replied yet

    def compose(self) -> ComposeResult:
        yield TitleBar(id="game-title", classes="title-bar")
        yield PlayersPanel(id="players", classes="panel")
        with Horizontal(id="game-body"):
            # The cursor is one: moved in the prompt or on the map, both show it in one frame.
            yield BoardPanel(self.kit, on_cursor=self._map_cursor, id="board", classes="panel")
            with Vertical(id="game-right"):
                yield DecisionPrompt(on_cursor=self._prompt_cursor, id="prompt", classes="panel")
                with LogBox():
                    yield LastReveal(id="last-reveal")
                    yield LogPanel(id="log", classes="panel")
                if self.session.chat is not None:
                    from tui.widgets.chat import ChatPanel  # (a server's table only)

                    yield ChatPanel(id="chat")
        yield KeysFooter()

    def on_mount(self) -> None:
        self._titles()
        self._unsubscribe = self.session.subscribe(self.after_change)
        self.query_one(DecisionPrompt).card_info = self.kit.card_info
        self.query_one(DecisionPrompt).focus()
        self.after_change()

    def _titles(self) -> None:
        _ = tr(self)
        self.query_one("#players").border_title = _("Players")
        retitle(self.query_one(DecisionPrompt), _("Your move"))
        self.query_one("#log").border_title = _("Log")

    def language_changed(self) -> None:
        self._drawn.clear()
        # The prompt words its question as it renders: anew, and measured anew.
        self.query_one(DecisionPrompt).refresh(layout=True)
        self._titles()
        super().language_changed()

    def on_unmount(self) -> None:
        if callable(self._unsubscribe):
            self._unsubscribe()
        self.session.close()

    def on_screen_suspend(self) -> None:
        self._covered = True

    def on_screen_resume(self) -> None:
        """Back from a screen over this one (the curtain, help, the results): draw what changed
        meanwhile. Pushed, the screen resumes right after its mount drew it: once is enough (a
        long game's screen costs tens of milliseconds a draw)."""
        panel = self._chat_panel() if self.session.chat is not None else None
        if panel is not None and panel.typing:
            panel.type_line()  # back to the line being typed (help was opened from it: F1)
        elif self.query_one(BoardPanel).wide:
            # Not the prompt a wide board hides: an Enter there answered unseen. (The layout
            # gives the map the keys if it has a choice.)
            self.set_focus(None)
        else:
            self.query_one(DecisionPrompt).focus()
        if self.is_mounted and self._covered:
            self._covered = False
            self.after_change()

    # --- redrawing ---------------------------------------------------------------------------

    def after_change(self) -> None:
        session = self.session
        if session.take_moments() and session.sees and session.goes_on_alone():
            self._hold()
        if self._holding:
            self.redraw()  # the bots, the curtain and the results wait
            return
        # The keyboard changes hands at once if the next screen hides nothing from the seat
        # at this one; otherwise the curtain goes up over this seat's screen.
        target = None if session.over or not self.is_current else session.hand_over()
        self._end_skip(target)
        self.redraw()
        if session.over:
            if not self._over_shown and self.is_current and not self._typing():
                self._over_shown = True
                self.action_results()
            return
        self._over_shown = False
        if target is not None:
            self._raise_curtain(target)
            return
        self._schedule_bot()

    def _fresh(self, part: str, shown: object) -> bool:
        """Is `part` of the screen to be drawn from `shown`? Not if it was drawn from the same
        already: an update from a server's table changes a part or two of the screen, and
        drawing the others again cost a layout and a frame each (issue 12)."""
        if part in self._drawn and self._drawn[part] == shown:
            return False
        self._drawn[part] = shown
        return True

    def redraw(self) -> None:
        _ = tr(self)
        session = self.session
        names = session.names
        bots = session.bots
        view = session.view()
        prompt = self.query_one(DecisionPrompt)
        if view is None:
            # Nobody has taken the keyboard yet (hot seat): show nothing of the game.
            self._drawn.clear()
            self.query_one(TitleBar).show(Text(), _(session.game.title))
            self.query_one(PlayersPanel).clear()
            self.query_one(BoardPanel).show(None, names)
            prompt.show(None, _("Waiting for a player to take the keyboard."))
            self.query_one(LogPanel).update(*session.log_lines(_.text))
            return
        title = Text()
        if view.seat is not None:
            title.append(assemble(_("you are {name}"), name=Text(names[view.seat], "bold")))
        elif session.spectator:
            title.append(
                _("watching") if session.turn_alert else _("watching the bots"), style="bold"
            )
        turn = _(view.turn)
        title.append(f"  |  {turn}" if view.over else f"  |  {turn}  |  {_(view.phase)}")
        self.query_one(PlayersPanel).show(view, names, bots, kit=self.kit)
        decision = session.my_decision()
        self._turn_alert(decision, title)
        self.query_one(TitleBar).show(title, _(session.game.title))
        # While the screen holds, the prompt says so, or (a question open) the last reveal does.
        hint = hold_hint(host_of(self.app).reveal_hold, _) if self._holding else ""
        if decision is not None:
            self._answered = False
            retitle(prompt, _("Your move"))
            prompt.show(decision, banner=acting_banner(decision.acting_for, names, _))
        else:
            retitle(
                prompt,
                _("Game over")
                if session.over
                else _("Watching")
                if session.spectator
                else _("Waiting"),
            )
            waiting = self._waiting_text(view.seat)
            if hint:
                waiting, hint = f"{waiting}\n{hint}", ""
            elif session.bot_to_play() and not self._skipping:
                waiting += f"\n{skip_hint(_)}"
            prompt.show(None, waiting, keep_height=self._answer_on_its_way(view.seat))
        board = self.query_one(BoardPanel)
        board.show(view, names, decision, prompt.option_index())
        self._layout()
        log = self.query_one(LogPanel)
        keep, new = session.log_lines(_.text)
        if new or (log.shown and keep < log.shown[-1][0]):  # lines to add, or undone
            log.update(keep, new)
        number, lines = session.last_reveal(_.text) or (None, [])
        if self._fresh("last reveal", (number, lines, hint)):
            self.query_one(LastReveal).show(number, lines, hint)
        chat = session.chat
        # (the whole list, not its last line: a line said twice is news too)
        refused = session.chat_refused
        if chat is not None and self._fresh("chat", (chat, refused)):
            self._chat().show(chat, refused)
        self.refresh_bindings()

    def _answer_on_its_way(self, seat: int | None) -> bool:
        """Has this seat answered, and does the table still wait for it (a server's table,
        until its reply)? The prompt then keeps its height (DecisionPrompt.show)."""
        pending = self.session.waiting_for()
        self._answered &= seat is not None and pending is not None and pending[0] == seat
        return self._answered

    def _turn_alert(self, decision: Decision | None, title: Text) -> None:
        """At a server table, a decision coming to this seat rings the bell once and
        highlights the prompt and the title (the player may be looking elsewhere)."""
        if not self.session.turn_alert:
            return
        prompt = self.query_one(DecisionPrompt)
        prompt.set_class(decision is not None, "-your-turn")
        if decision is not None:
            _ = tr(self)
            title.append(f"  {_('your turn')} ", style="bold reverse")
            if self._rang_for is None:
                self.app.bell()
        self._rang_for = decision

    def _layout(self, resized: bool = False) -> None:
        board = self.query_one(BoardPanel)
        right = self.query_one("#game-right")
        prompt = self.query_one(DecisionPrompt)
        # The prompt's height depends on its width and its question: measure it again once
        # laid out (a layout asked for while one is pending is lost, and the prompt showed
        # one option of nine at 80x24), after the first layout and whenever its width changes.
        if board.layout_for(self.size.width) or not self._laid_out or resized:
            self._laid_out = True
            self.call_after_refresh(prompt.refresh, layout=True)
        right.display = not board.wide
        mode = board.current
        grid = board.grid_map if mode is not None and mode.grid is not None else None
        if grid is not None and not grid.choosable:
            grid = None  # the map shows, but has nothing to choose
        if board.wide:
            waiting = self.session.my_decision() is not None
            _ = tr(self)
            subtitle = (
                _("your move is waiting: w") if waiting else _("b next view  w prompt and log")
            )
            if grid is not None:
                subtitle = _("arrows, Enter: choose here  w prompt and log")
                grid.focus()
            retitle(board, subtitle=subtitle)
        elif not prompt.has_focus and not (grid is not None and grid.has_focus):
            chat = self._chat_panel()
            if chat is None or not chat.has_focus_within:  # a line being typed keeps its keys
                prompt.focus()

    def on_resize(self) -> None:
        if self.is_mounted:
            self._layout(resized=True)

    def _waiting_text(self, seat: int | None) -> str:
        """What the prompt says while `seat` (the screen's; None: nobody's) has no question."""
        _ = tr(self)
        session = self.session
        if session.over:
            result = session.result()
            summary = _(result.summary) if result else _("The game is over.")
            return _("Game over. {summary} Press g for the results.", summary=summary)
        pending = session.waiting_for()
        if pending is None:
            return _("Rolling the dice...")
        if self._answered and pending[0] == seat:
            # Answered, and the table's reply is on its way: still the table's question for
            # this seat, but a seat never waits for itself.
            return _("Your answer is sent. Waiting for the others.")
        waited, name = pending
        who = session.name(waited)
        if session.bots[waited]:
            who = _("{name} (bot)", name=who)
        elif session.away(waited):  # gone from the table: the others know why it waits
            who = _("{name} (away)", name=who)
        # The decision's words are the game's (core/games/catalogue.py): translated where the
        # catalogs have them.
        what = _(decision_label(session.game.id, name))
        return _("Waiting for {who} to {what}.", who=who, what=what)

    # --- hot seat and bots -------------------------------------------------------------------

    def _raise_curtain(self, seat: int) -> None:
        if self._curtain_up or not self.is_current:
            return
        self._curtain_up = True
        name = self.session.name(seat)
        # (Loaded when a curtain is first needed: a game with one person at the table never
        # needs one, and its first screen does not wait for the module.)
        from tui.screens.curtain import LEAVE, QUIT, READY, CurtainScreen

        def done(result: str | None) -> None:
            self._curtain_up = False
            if result == READY:
                self.session.pass_to(seat)
                self.after_change()
            elif result == LEAVE:
                self.action_leave()
            elif result == QUIT:
                self.action_quit_game()

        self.app.push_screen(CurtainScreen(name, saved=self.session.saved()), done)

    def _schedule_bot(self) -> None:
        """Let the next bot play after the bot delay (none while skipping ahead): one decision
        per tick, never a batch."""
        if self._bot_scheduled or self._holding or not self.session.bot_to_play():
            return
        self._bot_scheduled = True
        delay = 0 if self._skipping else host_of(self.app).bot_delay
        if delay > 0:
            self._bot_timer = self.set_timer(delay, self._bot_step)
        else:
            self.call_later(self._bot_step)

    def _bot_step(self) -> None:
        _ = tr(self)
        self._bot_scheduled = False
        self._bot_timer = None
        if self._holding or not self.is_current or self.session.curtain_for() is not None:
            return
        try:
            self.session.play_bot()
        except IllegalAction as error:  # a bot bug must not end the game in a traceback
            message = _("A bot made an illegal move: {error}", error=_(error.reason))
            self.notify(message, severity="error")

    # --- holding on reveals, skipping ahead ---------------------------------------------------

    @property
    def holding(self) -> bool:
        """Is the screen holding on a reveal or a fight's result (the bots wait)?"""
        return self._holding

    def _hold(self) -> None:
        """Hold on the moment just come: until `n`, or for the reveal hold's seconds."""
        seconds = host_of(self.app).reveal_hold
        if seconds == 0:
            return
        self._holding = True
        if self._hold_timer is not None:
            self._hold_timer.stop()
        self._hold_timer = self.set_timer(seconds, self.action_go_on) if seconds else None

    def action_go_on(self) -> None:
        if not self._holding:
            return
        self._holding = False
        if self._hold_timer is not None:
            self._hold_timer.stop()
            self._hold_timer = None
        self.after_change()

    def action_skip(self) -> None:
        """The bots play at once up to the next decision of the seat at the screen (a reveal
        still holds on the way)."""
        self._skipping = True
        self._skip_from = self.session.my_decision()
        if self._bot_timer is not None:  # the bot waiting for its delay plays now
            self._bot_timer.stop()
            self._bot_timer = None
            self._bot_scheduled = False
        self.redraw()
        self._schedule_bot()

    def _end_skip(self, curtain: int | None) -> None:
        """Skipping ends where the seat at the screen must look: its next decision, the
        curtain, the end of the game."""
        if not self._skipping:
            return
        mine = self.session.my_decision()
        if self.session.over or curtain is not None or mine not in (None, self._skip_from):
            self._skipping = False
            self._skip_from = None

    def action_log_page(self, step: int) -> None:
        self.query_one(LogPanel).page(step)

    def on_key(self, event: events.Key) -> None:
        """A digit picks an option wherever the focus is (the log, the map...), not only in
        the prompt: the prompt reads it as if it had the focus; so does the Enter or Escape
        that ends a number of two digits begun there (1 of 1-19)."""
        prompt = self.query_one(DecisionPrompt)
        if self.focused is prompt:
            return
        digit = bool(event.character and event.character.isdigit())
        if digit or (prompt.typed and event.key in ("enter", "escape")):
            prompt.on_key(event)

    # --- the prompt --------------------------------------------------------------------------

    def on_decision_prompt_chosen(self, message: DecisionPrompt.Chosen) -> None:
        self._decide(message.decision, message.choice)

    def on_grid_map_chosen(self, message: GridMap.Chosen) -> None:
        self._decide(message.decision, message.decision.options[message.index].id)

    def _decide(self, decision: Decision, choice: Choice) -> None:
        """The seat at the screen answered `decision` (in the prompt or on the map)."""
        _ = tr(self)
        prompt = self.query_one(DecisionPrompt)
        if decision != self.session.my_decision():
            prompt.show_error(_("That question is no longer open."))
            return
        self._answered = True
        # Why an earlier key did nothing is answered now: the redraw after the answer shows
        # the prompt without it (a refusal below shows its own).
        prompt.error = ""
        try:
            self.session.decide(choice)
        except IllegalAction as error:
            self._answered = False
            prompt.show_error(error.reason)

    def _prompt_cursor(self, decision: Decision, index: int) -> None:
        self.query_one(BoardPanel).point(decision, index)

    def _map_cursor(self, decision: Decision, index: int) -> None:
        prompt = self.query_one(DecisionPrompt)
        if decision == prompt.decision:
            prompt.select(index)

    # --- actions -----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo", "redo") and self.session.spectator:
            return False  # nothing of a spectator's to take back
        if action == "undo":
            return True if self.session.can_undo() else None
        if action == "redo":
            return True if self.session.can_redo() else None
        if action == "go_on":
            return self._holding
        if action == "skip":
            return not self._holding and self.session.bot_to_play()
        if action == "results":
            return self.session.over
        if action == "help":
            return parameters == (("chat",) if self._typing() else ())
        if action in ("leave", "quit_game"):  # one key each, worded for where the game goes on
            if action == "leave" and self._typing():
                return parameters == ("chat",)
            if parameters == ("chat",):
                return False
            if self.session.from_lobby:
                return parameters == ("lobby",)
            return parameters == ("setup" if self.session.saved() else "unsaved",)
        if action == "chat":
            panel = self._chat_panel()
            return panel is not None and not panel.has_focus_within
        if action == "cards":
            if self.kit.card_pages is None:
                return False
            return True if self.session.sees else None
        if action == "map":  # a game without a map has no map key, in the help or anywhere
            return any(mode.grid is not None for mode in self.kit.modes)
        return super().check_action(action, parameters)

    def action_undo(self) -> None:
        try:
            self.session.undo()
        except IllegalAction as error:
            self.query_one(DecisionPrompt).show_error(error.reason)

    def action_map(self) -> None:
        """Choose on the map (and back to the prompt): while a question's options are marked
        there, the map takes the arrow keys and Enter."""
        _ = tr(self)
        grid = self.query_one(BoardPanel).grid_map
        prompt = self.query_one(DecisionPrompt)
        if grid is not None and grid.has_focus:
            prompt.focus()
        elif grid is None or not grid.choosable:
            prompt.show_error(_("nothing to choose on the map now"))
        else:
            board = self.query_one(BoardPanel)
            if board.current is None or board.current.grid is None:
                board.mode = next(m.id for m in board.kit.modes if m.grid is not None)
                self.redraw()
            grid.focus()

    def action_explain_undo(self) -> None:
        _ = tr(self)
        reason = self.session.undo_reason()
        self.query_one(DecisionPrompt).show_error(
            _.text(reason) if reason else _("cannot undo now")
        )

    def action_redo(self) -> None:
        try:
            self.session.redo()
        except IllegalAction as error:
            self.query_one(DecisionPrompt).show_error(error.reason)

    def action_explain_redo(self) -> None:
        _ = tr(self)
        self.query_one(DecisionPrompt).show_error(_("nothing to redo: undo something first"))

    def action_save(self) -> None:
        _ = tr(self)
        try:
            path = self.session.save()
        except OSError as error:
            message = _("Could not save: {error}", error=_.text(os_reason(error)))
            self.notify(message, severity="error")
            return
        if path is None:
            self.notify(_(self.session.unsaved()), severity="warning")
        else:
            self.notify(_("Saved to {path}", path=path), title=_("Saved"))

    def action_cards(self) -> None:
        from tui.screens.cards import CardsScreen

        view = self.session.view()
        if view is None or self.kit.card_pages is None:
            return
        names = self.session.names
        pages = self.kit.card_pages(view, names, tr(self))
        self.app.push_screen(CardsScreen(pages, view.seat))

    def action_help(self, _from: str = "game") -> None:
        _ = tr(self)
        from tui.screens.help import HelpScreen

        game = self.session.game
        title = _("{game}: keys", game=_(game.title))
        self.app.push_screen(HelpScreen(title, self, game.id, self.kit.keys))

    def action_results(self) -> None:
        from tui.screens.gameover import GameOverScreen

        chat = self.action_chat if self.session.chat is not None else None
        self.app.push_screen(GameOverScreen(self.session, chat), self._after_results)

    def _after_results(self, choice: str | None) -> None:
        if choice == "replay":
            from tui.screens.replay import ReplayScreen

            table = self.session.replay_table()
            # (offered only with a table to replay: gameover.choices_for)
            assert table is not None, "a replay was chosen where none is offered"
            self.app.push_screen(ReplayScreen(table, viewer=None))
        elif choice in ("setup", "lobby"):
            self._leave()  # (not Escape's step back: the chat line or map may have the focus)
        elif choice == "quit":
            self.action_quit_game()
        # ("chat": the results opened the chat line as they went)

    def _save_quietly(self) -> str:
        _ = tr(self)
        try:
            path = self.session.save()
        except OSError as error:
            return _("Could not save: {error}", error=_.text(os_reason(error)))
        return _("Saved to {path}", path=path) if path else _(self.session.unsaved())

    def _chat_panel(self) -> ChatPanel | None:
        """The chat panel, if there is one (a server's table)."""
        return self._chat() if self.query("#chat") else None

    def _chat(self) -> ChatPanel:
        """The chat panel (its module is loaded for a server's table only)."""
        from tui.widgets.chat import ChatPanel

        return self.query_one("#chat", ChatPanel)

    def action_chat(self) -> None:
        self._chat().type_line()  # (first: the redraw below leaves a line being typed its keys)
        board = self.query_one(BoardPanel)
        if board.wide:  # the line is in the column a wide board hides: typed blind, and the
            board.wide = False  # keys went back to the hidden prompt (an Enter answered unseen)
            self.redraw()

    def _typing(self) -> bool:
        """Is a chat line being typed? The results wait for it: its keys (q, n, Enter) would
        be taken as their choices."""
        if self.session.chat is None:
            return False  # (no chat here: not even a query, as the keys are checked often)
        panel = self._chat_panel()
        return panel is not None and panel.has_focus_within

    def _chat_closed(self) -> None:
        """The keys back to the game from the chat line; the results, if they waited for it."""
        self.set_focus(self.query_one(DecisionPrompt))  # now: the results ask who has it
        if self.session.over:
            self.after_change()

    def on_chat_panel_said(self, message: ChatPanel.Said) -> None:
        if message.text:
            self.session.say(message.text)
        if not message.typing_on:
            self._chat_closed()

    def on_chat_panel_full(self, _message: ChatPanel.Full) -> None:
        """The chat line took no more of what was typed: the error line says why."""
        from tui.widgets.chat import FULL

        _ = tr(self)
        self.show_error(_(FULL, cells=MAX_CHAT_CELLS))

    def show_error(self, text: str) -> None:
        """One line the server refused a request with (a server table)."""
        self.query_one(DecisionPrompt).show_error(text)

    def action_leave(self, to: str = "setup") -> None:
        """Escape: one step back; from the game, to the setup screen or the lobby (`to` only
        chooses the key's row in the help: the app knows where it goes back to)."""
        panel = self._chat_panel()
        if panel is not None and panel.has_focus_within:
            panel.done()
            self._chat_closed()  # from the chat line back to the game
            return
        grid = self.query_one(BoardPanel).grid_map
        if grid is not None and grid.has_focus and not self.query_one(BoardPanel).wide:
            self.query_one(DecisionPrompt).focus()  # one step back: from the map to the list
            return
        self._leave()

    def _leave(self) -> None:
        """Leave the game, saved: for the setup screen, or the lobby at a server's table."""
        self.notify(self._save_quietly())
        host_of(self.app).show_setup()

    def action_quit_game(self, _to: str = "setup") -> None:
        self.app.exit(message=self._save_quietly())
