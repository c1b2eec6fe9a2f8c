"""The replay viewer: step through the log and see the board as a seat (or everyone) saw it.

A finished game can be watched as any seat or as everyone (or opened as the public); a game still
being played only with the eyes it was opened with, the public's or one player's (core.replay),
so its keys refuse every other seat and everyone.

A step gives the log panel only the lines it changes (those of the entries stepped over), so
stepping costs the same at entry 5,000 as at entry 5.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Static

from core.i18n import N_
from core.narration import Text as GameText
from core.replay import locked_reason, may_replay_as
from core.table import Table
from core.text import one_line
from core.viewer import Public, Viewer, seat_of
from tui.boards import board_kit
from tui.lang import assemble, tr
from tui.screens.boarded import BOARD_BINDINGS, LANGUAGE_BINDING, BoardScreen
from tui.shown import Line, ShownTable
from tui.widgets.board import BoardPanel
from tui.widgets.footer import KeysFooter
from tui.widgets.log import LogPanel
from tui.widgets.players import PlayersPanel
from tui.widgets.titlebar import TitleBar


class ReplayScreen(BoardScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", N_("Back"), priority=True, tooltip=N_("one entry back")),
        Binding("right", "step(1)", N_("Forward"), priority=True, tooltip=N_("one entry forward")),
        Binding("pageup", "step(-10)", show=False, priority=True, tooltip=N_("ten entries back")),
        Binding(
            "pagedown", "step(10)", show=False, priority=True, tooltip=N_("ten entries forward")
        ),
        Binding("home", "jump(0)", N_("First"), priority=True, tooltip=N_("the start of the log")),
        Binding("end", "jump(-1)", N_("Last"), priority=True, tooltip=N_("the end of the log")),
        Binding(
            "v",
            "cycle_viewer",
            N_("Viewer"),
            tooltip=N_("view as the next seat (or everyone); finished games only"),
        ),
        *BOARD_BINDINGS,
        Binding("question_mark,f1", "help", N_("Help"), key_display="?", tooltip=N_("this help")),
        LANGUAGE_BINDING,
        Binding("escape", "leave", N_("Leave"), tooltip=N_("leave the replay")),
        *(  # one row in the help: "0-9"
            Binding(
                str(digit),
                f"viewer({digit})",
                show=False,
                tooltip=N_("view as the seat of that number, 0: everyone; finished games only"),
            )
            for digit in range(10)
        ),
    ]

    def __init__(
        self,
        table: Table,
        viewer: Viewer = None,
        position: int | None = None,
        note: GameText = "",
    ):
        """`note` says why the replay ends before its file does (a save of older rules)."""
        if not may_replay_as(table, viewer):
            raise ValueError("an unfinished game replays only as the public or one of its players")
        super().__init__()
        self.table = table
        self.shown = ShownTable(table)  # every text of the table, control characters escaped
        self.viewer = viewer
        self.position = len(table) if position is None else max(0, min(position, len(table)))
        self.kit = board_kit(table.game.id)
        self.note = note
        self._logged: tuple[Viewer, int, str] | None = None
        """(viewer, position, language) the log shows."""

    def compose(self) -> ComposeResult:
        yield TitleBar(id="replay-title", classes="title-bar")
        if self.note:
            yield Static(Text(one_line(tr(self)(self.note)), style="bold"), id="replay-note")
        yield PlayersPanel(id="replay-players", classes="panel")
        with Horizontal(id="replay-body"):
            yield BoardPanel(self.kit, chooses=False, id="replay-board", classes="panel")
            yield LogPanel(id="replay-log", classes="panel")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.language_changed()

    def language_changed(self) -> None:
        _ = tr(self)
        self.query_one("#replay-players").border_title = _("Players")
        self.query_one("#replay-log").border_title = _("Log")
        super().language_changed()

    @property
    def viewer_name(self) -> str:
        _ = tr(self)
        if self.viewer is None:
            return _("everyone")
        if isinstance(self.viewer, Public):
            return _("the public")
        return self.shown.name(self.viewer)

    def redraw(self) -> None:
        _ = tr(self)
        table = self.table
        view = self.shown.view_at(self.position, self.viewer)
        names = self.shown.names
        title = Text(_("Replay"), style="bold")
        title.append("  |  ")
        title.append(assemble(_("as {name}"), name=Text(self.viewer_name, "bold")))
        where = _("entry {position} of {entries}", position=self.position, entries=len(table))
        title.append(f"  |  {where}  |  {_(view.turn)}")
        self.query_one(TitleBar).show(title, _(table.game.title))
        bots = tuple(not seat.is_human for seat in table.seats)
        self.query_one(PlayersPanel).show(view, names, bots, me=N_("viewing"), kit=self.kit)
        board = self.query_one(BoardPanel)
        board.show(view, names)
        board.layout_for(self.size.width)
        log = self.query_one(LogPanel)
        log.display = not board.wide
        log.border_subtitle = f"{self.position}/{len(table)}"
        log.update(*self._log_lines(), current=self.position)

    def _log_lines(self) -> tuple[int, Sequence[Line]]:
        """The log panel's change since it was last fed: keep the lines of the first `keep`
        entries, add `lines`, up to the position (all again for another viewer or language)."""
        _ = tr(self)
        viewer, position = self.viewer, self.position
        logged = self._logged
        same = logged is not None and (logged[0], logged[2]) == (viewer, _.language)
        keep = min(logged[1], position) if logged is not None and same else 0
        self._logged = (viewer, position, _.language)
        return keep, self.shown.narration(viewer, upto=position, start=keep, render=_.text)

    def on_resize(self) -> None:
        if self.is_mounted:
            self.query_one(BoardPanel).layout_for(self.size.width)

    def action_step(self, step: int) -> None:
        self.position = max(0, min(len(self.table), self.position + step))
        self.redraw()

    def action_jump(self, where: int) -> None:
        self.position = len(self.table) if where < 0 else 0
        self.redraw()

    def _locked(self, wanted: int | None) -> bool:
        """Refuse (in one line) to show an unfinished game with other eyes than it opened with."""
        if self.table.over or self.viewer is None or wanted == self.viewer:
            return False
        message = tr(self)(locked_reason(self.table, self.viewer))
        self.notify(message, severity="warning", timeout=4)
        return True

    def action_cycle_viewer(self) -> None:
        _ = tr(self)
        if self._locked(wanted=None):
            return
        viewer = self.viewer
        if not isinstance(viewer, int):  # everyone's or the public's eyes: the first seat next
            self.viewer = 0
        elif viewer + 1 < len(self.table.seats):
            self.viewer = viewer + 1
        else:
            self.viewer = None
        self.notify(_("Viewing as {name}", name=self.viewer_name), timeout=2)
        self.redraw()

    def action_viewer(self, digit: int) -> None:
        _ = tr(self)
        if self._locked(wanted=None if digit == 0 else digit - 1):
            return
        if digit == 0:
            self.viewer = None
        elif digit <= len(self.table.seats):
            self.viewer = digit - 1
        else:
            message = _("There is no seat {number}", number=digit)
            self.notify(message, severity="warning", timeout=2)
            return
        self.redraw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cards":
            return self.kit.card_pages is not None
        return super().check_action(action, parameters)

    def action_cards(self) -> None:
        from tui.screens.cards import CardsScreen

        if self.kit.card_pages is None:
            return
        view = self.shown.view_at(self.position, self.viewer)
        pages = self.kit.card_pages(view, self.shown.names, tr(self))
        self.app.push_screen(CardsScreen(pages, seat_of(self.viewer)))

    def action_help(self) -> None:
        _ = tr(self)
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(_("Replay: keys"), self, self.table.game.id))

    def action_leave(self) -> None:
        self.dismiss(None)
