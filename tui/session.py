"""A game being played at the TUI: the table, its bots, its autosave and whose eyes the screen uses.

This module is free of Textual so the seat logic can be tested on its own.

Whose eyes: the screen always renders `table.view(session.viewer)`. The viewer is the human seat
whose decision is pending; while a bot decides, it stays the last human who looked. With more than
one human (hot seat), the keyboard changes hands behind the curtain whenever the next seat's
screen would show the seat now at it something it may not see: `curtain_for()` names that seat,
and only `pass_to(seat)` (the curtain's Enter) makes it the viewer. When the next screen shows
nothing new to the seat at it (a game without hidden information; a public move such as placing AP
in the Dangerous meeting), `hand_over()` passes the keyboard at once, with no curtain.

Moments: an entry that reveals hidden information or decides a fight (`Table.notable`) is one the
screen holds on before the bots go on, and keeps in sight as the last reveal: `take_moments()`
says whether one came since it was last asked.

Whose text: everything the screen reads of the table (names, views, the log, decisions, the
result) comes through `self.shown`, with every string made visible (tui.shown).

Long games: a decision costs the same at entry 5,000 as at entry 50. The log panel is fed only
the lines of new entries (`log_lines`), and the hot-seat check of what a seat's log would show
another reads only the entries it has not read before; an undo takes back what they had read of
the entries it removed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from core import saves
from core.decisions import Choice, Decision, IllegalAction
from core.games import REGISTRY
from core.games.base import Game, Result, View
from core.i18n import N_
from core.narration import Message, Text, text
from core.paths import NewSave
from core.runner import BotDriver
from core.table import Change, ChangeKind, Render, Table
from tui.shown import Line, ShownTable

NO_SAVE_FILE = N_("This game has no save file.")
NOT_SAVED_YET = N_(
    "Not saved: a game is saved from a human player's first decision, and none has been made yet."
)

NOBODY_AT_THE_SCREEN = Message("nobody is at the screen")

NOBODY = -1
"""The log's reader while nobody is at the screen (a seat number no seat has)."""


class Session:
    def __init__(
        self,
        table: Table,
        save_path: Path | NewSave | None = None,
        on_save_error: Callable[[Text], None] | None = None,
        render: Render = text,
    ) -> None:
        """`render` writes the save's comments out (the language of whoever plays)."""
        self.table = table
        self.shown = ShownTable(table)
        self.driver = BotDriver(table)
        self.humans: tuple[int, ...] = tuple(
            index for index, seat in enumerate(table.seats) if seat.is_human
        )
        self.autosave = (
            saves.Autosave(table, save_path, on_error=on_save_error, render=render)
            if save_path
            else None
        )
        self.saved_to: Path | None = None
        """Where the game was saved, once the session is closed (None: nowhere)."""
        self.looking: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.last_moment: int | None = None
        """The index of the last notable entry (a reveal, a fight's result), if any."""
        self._seen = 0
        self.take_moments()  # a continued game shows its last reveal, without holding on it
        self._fed = 0  # entries whose lines the log panel was given ...
        self._fed_to: tuple[int | None, Render | None] = (NOBODY, None)  # ... as this viewer
        # reads them, written out by this (the viewer's language)
        self._told: dict[tuple[int, int], int] = {}
        """(looking, seat): the entries from the first on whose lines show `seat` nothing that
        `looking`'s do not (a hiding entry, if any, comes next): `hides_from` reads on there."""
        # Subscribed before any screen: an undo is counted before the screen redraws for it.
        self._unsubscribe = table.subscribe(self._on_change)

    # --- the game (tui.seat.PlaySession: what the game screen reads) ---------------------------

    @property
    def game(self) -> Game[Any]:
        return self.table.game

    @property
    def names(self) -> tuple[str, ...]:
        return self.shown.names

    @property
    def bots(self) -> tuple[bool, ...]:
        return tuple(not seat.is_human for seat in self.table.seats)

    @property
    def over(self) -> bool:
        return self.table.over

    @property
    def from_lobby(self) -> bool:
        return False

    @property
    def turn_alert(self) -> bool:
        """No bell: whoever's turn it is takes the keyboard (the curtain says so)."""
        return False

    @property
    def chat(self) -> None:
        """A table at one screen has no chat: everyone is here."""
        return None

    @property
    def chat_refused(self) -> None:
        return None

    def subscribe(self, callback: Callable[[], None]) -> Callable[[], None]:
        return self.table.subscribe(lambda _change: callback())

    def name(self, seat: int) -> str:
        return self.shown.name(seat)

    def away(self, seat: int) -> bool:
        """Everyone is at the one screen."""
        return False

    def result(self) -> Result | None:
        return self.shown.result()

    def replay_table(self) -> Table:
        return self.table

    def say(self, text: str) -> None:
        raise ValueError("a table at one screen has no chat")

    # --- who is looking ----------------------------------------------------------------------

    @property
    def spectator(self) -> bool:
        """No human seat at all: the screen shows everything (bots have nothing to hide from)."""
        return not self.humans

    @property
    def sees(self) -> bool:
        """Is someone at the screen (False while a hot seat's keyboard waits to be taken)?"""
        return self.spectator or self.looking is not None

    @property
    def viewer(self) -> int | None:
        """The seat whose view the screen renders (None: everyone, only for an all-bot table)."""
        if self.spectator:
            return None
        return self.looking

    def view(self) -> View | None:
        """The view to render, or None while nobody has taken the keyboard (hot seat)."""
        return self.shown.view(self.viewer) if self.sees else None

    def log_lines(self, render: Render = text) -> tuple[int, Sequence[Line]]:
        """The log's change since the last call, as the seat at the screen may read it (nothing
        while nobody looks), each line written out by `render` (the viewer's translator's
        `text`): keep the lines of the first `keep` entries, drop the rest (undone, read by
        another seat, or written in another language), add `lines`. The first call gives the
        whole log."""
        reader = (self.viewer if self.sees else NOBODY, render)
        length = len(self.table)
        keep = min(self._fed, length) if reader == self._fed_to else 0
        lines = self.shown.narration(self.viewer, start=keep, render=render) if self.sees else []
        self._fed, self._fed_to = (length if self.sees else 0), reader
        return keep, lines

    def _on_change(self, change: Change) -> None:
        if change.kind is ChangeKind.UNDO:
            cut = change.log_length
            self._fed = min(self._fed, cut)
            self._told = {pair: min(read, cut) for pair, read in self._told.items()}

    def next_at_screen(self) -> int | None:
        """The human seat that must take the keyboard now (None: it stays where it is)."""
        if self.spectator:
            return None
        if self.looking is not None and self.table.decision_for(self.looking) is not None:
            return None  # the seat at the screen answers its own question first
        human = self.pending_human()
        if human is not None and human != self.looking:
            return human
        if self.looking is None:
            return self.humans[0]
        return None

    def curtain_for(self) -> int | None:
        """The human seat the screen must be passed to behind the curtain, if any."""
        seat = self.next_at_screen()
        return seat if seat is not None and self.hides_from(self.looking, seat) else None

    def hand_over(self) -> int | None:
        """Give the keyboard to the seat that must take it: at once when its screen shows the
        seat now at the screen nothing it may not see; else return that seat, for the curtain
        (whose Enter calls `pass_to`)."""
        seat = self.next_at_screen()
        if seat is None:
            return None
        if self.hides_from(self.looking, seat):
            return seat
        self.looking = seat
        return None

    def hides_from(self, looking: int | None, seat: int) -> bool:
        """Would `seat`'s screen show `looking` (None: whoever is near the screen) something it
        may not see? Never in a game declared without hidden information. Otherwise yes unless
        both see the same view (but for whose it is) and `seat`'s log shows no line that
        `looking`'s does not. A seat's decision shows nothing its view does not."""
        info = REGISTRY.get(self.table.game.id)
        if info is not None and not info.hidden_information:
            return False
        if looking is None:
            return True
        table = self.table
        theirs = dataclasses.replace(table.view(seat), viewer=looking)
        if theirs != table.view(looking):
            return True
        pair = (looking, seat)
        for index in range(self._told.get(pair, 0), len(table)):
            lines = zip(
                table.entry_narration(index, seat),
                table.entry_narration(index, looking),
                table.public_narration(index),
                strict=True,
            )
            if any(line not in (mine, public) for line, mine, public in lines):
                self._told[pair] = index
                return True
        self._told[pair] = len(table)
        return False

    def pass_to(self, seat: int) -> None:
        if seat not in self.humans:
            raise ValueError(f"seat {seat} is not a human seat")
        self.looking = seat

    # --- moments: reveals and fights' results ------------------------------------------------

    def take_moments(self) -> bool:
        """Did a notable entry come since the last call? The newest becomes the last moment; one
        that was undone is forgotten."""
        table = self.table
        if self.last_moment is not None and self.last_moment >= len(table):
            self.last_moment = None
        if table.step.chance is not None:
            return False  # mid-move: the dice that follow are drawn at once; look after them
        found = False
        # (from the newest back to the first not seen: the newest notable one is the moment; a
        # long game just opened stops at its last one, not walking its thousands of entries)
        for index in range(len(table) - 1, min(self._seen, len(table)) - 1, -1):
            if table.notable(index):
                self.last_moment = index
                found = True
                break
        self._seen = len(table)
        return found

    def last_reveal(self, render: Render = text) -> tuple[int, list[str]] | None:
        """The last moment's entry number and lines as the seat at the screen may read them,
        written out by `render`."""
        if self.last_moment is None or not self.sees:
            return None
        index = self.last_moment
        return index + 1, self.shown.entry_narration(index, self.viewer, render)

    def goes_on_alone(self) -> bool:
        """Would the game go on without the seat at the screen: a bot to play, the keyboard
        to pass behind the curtain, or the game over (its results to show)?"""
        return self.table.over or self.bot_to_play() or self.curtain_for() is not None

    # --- what is pending ---------------------------------------------------------------------

    def pending(self) -> Decision | None:
        decisions = self.shown.decisions()
        return decisions[0] if decisions else None

    def waiting_for(self) -> tuple[int, str] | None:
        pending = self.pending()
        return None if pending is None else (pending.seat, pending.name)

    def pending_human(self) -> int | None:
        for decision in self.table.decisions():
            if decision.seat in self.humans:
                return decision.seat
        return None

    def my_decision(self) -> Decision | None:
        """The decision the current viewer must answer now, if any."""
        if self.looking is None or self.next_at_screen() is not None:
            return None
        return self.shown.decision_for(self.looking)

    def bot_to_play(self) -> bool:
        return self.driver.next_bot_decision() is not None

    # --- acting ------------------------------------------------------------------------------

    def decide(self, choice: Choice) -> None:
        """The viewer answers their pending decision. Raises IllegalAction, changing nothing."""
        decision = self.my_decision()
        if decision is None:
            raise IllegalAction(Message("you have no decision to make right now"))
        self.table.decide(decision.seat, choice)

    def play_bot(self) -> bool:
        """Let one bot make one decision; False if no bot is to play."""
        return self.driver.play_one()

    # --- undo and redo: only ever the seat at the screen's own decisions ---------------------

    def can_undo(self) -> bool:
        return self.looking is not None and self.table.can_undo(self.looking)

    def can_redo(self) -> bool:
        return self.looking is not None and self.table.can_redo(self.looking)

    def undo(self) -> None:
        """Take back the seat at the screen's last decision. Raises IllegalAction saying why not."""
        if self.looking is None:
            raise IllegalAction(NOBODY_AT_THE_SCREEN)
        self.table.undo(self.looking)

    def redo(self) -> None:
        if self.looking is None:
            raise IllegalAction(NOBODY_AT_THE_SCREEN)
        self.table.redo(self.looking)

    def undo_reason(self) -> Text:
        """Why undo is not possible now (empty if it is)."""
        if self.looking is None:
            return NOBODY_AT_THE_SCREEN
        return self.table.undo_refusal(self.looking)

    @property
    def save_path(self) -> Path | None:
        """Where the game is saved (None: it has no save, or a new game's is not written yet)."""
        return self.autosave.path if self.autosave is not None else None

    def save(self) -> Path | None:
        """Save now, if the game is saved yet (saves.worth_saving): where, else None (then
        `unsaved` says why). Raises OSError."""
        if self.autosave is None or not self.saved():
            return None
        return self.autosave.write()

    def unsaved(self) -> str:
        """Why `save` saved nothing (a message id: the screen translates it)."""
        return NO_SAVE_FILE if self.autosave is None else NOT_SAVED_YET

    def saved(self) -> bool:
        """Whether the game is saved now (the autosave's `due`): what leaving keeps, which the
        curtain's and the game screen's help say."""
        return self.autosave is not None and self.autosave.due

    def close(self) -> None:
        self._unsubscribe()
        self._unsubscribe = lambda: None
        if self.autosave is not None:
            self.autosave.close()
            self.saved_to = self.autosave.path
            self.autosave = None
