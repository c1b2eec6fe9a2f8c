"""A game in progress: the game, its options and seats, and the append-only log.

The state is the fold of the log. The table lists the pending decisions, applies an action only if
it is one of their legal answers, draws chance outcomes into the log, keeps snapshots so that undo,
replay and loading stay fast on long logs, and tells subscribers about every change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum
from functools import partial
from typing import Any, NamedTuple

from core import chance
from core.chance import ImpossibleOutcome
from core.decisions import BadAnswer, Choice, Decision, IllegalAction
from core.errors import Explained, at_entry, reason_of
from core.games.base import Applied, Game, Narration, Result, Step, View, check_options
from core.log import TOML_INTEGERS, ChanceEntry, DecisionEntry, Entry
from core.narration import LIST_SEPARATOR, Joined, Message, Text, text
from core.text import check_name
from core.viewer import PUBLIC, Viewer

Render = Callable[[Text], str]
"""How a log line is written out: `core.narration.text` (English) or a translator's `text`."""

SNAPSHOT_EVERY = 64


class SeatKind(Enum):
    HUMAN = "human"
    BOT = "bot"


@dataclass(frozen=True)
class Seat:
    """A seat at the table. Its name is checked here, once for every way a seat is made (the
    CLI, the setup screen, a save, the network): a bad name raises core.text.BadText. Where a
    name is typed it is also checked as typed (`check_name`), which refuses more as blank."""

    name: str
    kind: SeatKind = SeatKind.HUMAN
    bot: str = ""

    def __post_init__(self) -> None:
        # (what a save holds: a name typed is checked as typed where it is typed, by the CLI,
        # the setup screen and the server)
        check_name(self.name, typed=False)

    @property
    def is_human(self) -> bool:
        return self.kind is SeatKind.HUMAN


class LogError(Explained, ValueError):
    """An entry that cannot be applied; `number` is its 1-based position in the log."""

    def __init__(self, number: int, reason: Text) -> None:
        super().__init__(at_entry(number, reason))
        self.number = number
        self.reason = reason


class ChangeKind(Enum):
    ENTRY = "entry"
    UNDO = "undo"
    REDO = "redo"


class Change(NamedTuple):
    """What a table tells its subscribers after each change: its kind and the log's length
    then; for an entry added, the entry and its lines, which a subscriber (an autosave) would
    otherwise ask the table for. (A tuple, made with `_new_change`: one is made for every entry
    of a table that has subscribers, an autosave's among them.)"""

    kind: ChangeKind
    log_length: int
    entry: Entry | None = None
    """The entry added (ENTRY); None for UNDO and REDO."""
    lines: tuple[Narration, ...] = ()
    """The lines of the entry added, as `Table.entry_lines` gives them (ENTRY): each holds
    every viewer's version, secret ones too, so what shows them to a seat reads its own
    (`Narration.message_for`); a save's comment reads the public one."""


class _Meta(NamedTuple):
    """What the table remembers about each entry besides the entry itself (a tuple: one is
    made for every entry)."""

    narration: tuple[Narration, ...]
    reveals: bool
    decides: bool


_new_meta = tuple.__new__  # a _Meta without the NamedTuple's __new__, a Python function
_new_change = tuple.__new__  # (a Change, likewise)
_ENTRY = ChangeKind.ENTRY  # an Enum member read once (EnumType's __getattr__ slows each read)


@dataclass
class Table:
    game: Game[Any]
    seats: tuple[Seat, ...]
    options: dict[str, Any]
    seed: int
    practice: bool = False
    _log: list[Entry] = field(default_factory=list, init=False)
    _meta: list[_Meta] = field(default_factory=list, init=False)
    _snapshots: dict[int, Any] = field(default_factory=dict, init=False)
    _tail: list[Any] = field(default_factory=list, init=False)
    _state: Any = field(default=None, init=False)
    _step: Step = field(default_factory=Step, init=False)
    _redo: list[tuple[int, list[Entry]]] = field(default_factory=list, init=False)
    _subscribers: tuple[Callable[[Change], None], ...] = field(default=(), init=False)
    """Replaced, never changed, by `subscribe` and its undoing: a change is told to those
    subscribed when it happened, without a copy of them each time. (Read, then replaced: a
    table is subscribed to from one thread, its app's or its server's event loop.)"""

    def __post_init__(self) -> None:
        if not self.game.min_players <= len(self.seats) <= self.game.max_players:
            raise ValueError(
                Message(
                    "{game} is for {low}-{high} players, not {players}",
                    game=self.game.id,
                    low=self.game.min_players,
                    high=self.game.max_players,
                    players=len(self.seats),
                )
            )
        check_seed(self.seed)
        check_options(self.game, self.options)
        self._set_state(self.game.initial_state(self.names, self.options))
        self._snapshots[0] = self._state
        self._tail = [self._state]

    def restore(
        self,
        log: list[Entry],
        meta: list[tuple[tuple[Narration, ...], bool, bool]],
        snapshots: dict[int, Any],
        state: Any,
    ) -> None:
        """Make this new table what replaying `log` made it, from what core/resume_cache.py kept
        of that replay: each entry's (narration, reveals, decides), the states at the multiples
        of SNAPSHOT_EVERY up to the log's length (a dict that may build them when first read)
        and the last state."""
        assert not self._log and len(meta) == len(log)
        self._log = log
        self._meta = [_new_meta(_Meta, item) for item in meta]
        snapshots[0] = self._state
        self._snapshots = snapshots
        self._set_state(state)
        self._tail = [state]

    # --- reading -----------------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    @property
    def log(self) -> tuple[Entry, ...]:
        return tuple(self._log)

    def __len__(self) -> int:
        return len(self._log)

    def entry(self, index: int) -> Entry:
        """Entry `index` (from 0), without copying the log as `log` does."""
        return self._log[index]

    @property
    def step(self) -> Step:
        return self._step

    @property
    def over(self) -> bool:
        return self._step.over

    def decisions(self) -> tuple[Decision, ...]:
        return self._step.decisions

    def decision_for(self, seat: int) -> Decision | None:
        for decision in self._step.decisions:
            if decision.seat == seat:
                return decision
        return None

    def view(self, viewer: Viewer) -> View:
        return self.game.view(self._state, viewer)

    def view_at(self, position: int, viewer: Viewer) -> View:
        """The view after the first `position` entries (the replay viewer's cursor)."""
        return self.game.view(self._state_at(position), viewer)

    def result(self) -> Result | None:
        return self.game.result(self._state)

    def narration(
        self, viewer: Viewer, upto: int | None = None, render: Render = text
    ) -> list[tuple[int, str]]:
        """Every log line as `viewer` may read it, as (entry number, text) pairs, each written
        out by `render` (a viewer's translator's `text`; English by default)."""
        lines: list[tuple[int, str]] = []
        for number, meta in enumerate(self._meta[:upto], start=1):
            lines.extend((number, render(line.message_for(viewer))) for line in meta.narration)
        return lines

    def entry_narration(self, index: int, viewer: Viewer, render: Render = text) -> list[str]:
        return [render(said) for said in self.entry_texts(index, viewer)]

    def entry_texts(self, index: int, viewer: Viewer) -> list[Text]:
        """Entry `index`'s lines as `viewer` may read them, not yet written out (`PUBLIC` reads
        the public lines): for a reader in another process, who writes them out in its own
        language."""
        return [line.message_for(viewer) for line in self._meta[index].narration]

    def entry_lines(self, index: int) -> tuple[Narration, ...]:
        """Entry `index`'s lines, each with every viewer's version (a save's comments read
        their public versions)."""
        return self._meta[index].narration

    def notable(self, index: int) -> bool:
        """Did entry `index` reveal hidden information or decide a fight (Applied)?"""
        meta = self._meta[index]
        return meta.reveals or meta.decides

    def public_narration(self, index: int, render: Render = text) -> list[str]:
        """How entry `index` reads to the public eyes, a seat's that saw nothing private
        (save-file comments), written out by `render` (the saver's language; English by
        default)."""
        return self.entry_narration(index, PUBLIC, render)

    # --- acting ------------------------------------------------------------------------------

    def decide(self, seat: int, choice: object) -> None:
        """Apply `seat`'s answer to its pending decision, then draw any chance that follows.

        Raises IllegalAction (and changes nothing) if the answer is not legal now.
        """
        if seat.__class__ is not int and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise IllegalAction(Message("{seat} is not a seat number", seat=repr(seat)))
        for decision in self._step.decisions:  # (decision_for, without a call a decision)
            if decision.seat == seat:
                break
        else:
            raise IllegalAction(self._not_your_turn(seat))
        normalised = self._normalise(decision, choice)
        if self._redo:
            self._redo.clear()
        self._append(DecisionEntry(seat, decision.name, normalised))
        if self._step.chance is not None:
            self.resolve_chance()

    def resolve_chance(self) -> None:
        """Draw every pending chance outcome from the seeded RNG into the log."""
        while self._step.chance is not None:
            request = self._step.chance
            outcome = chance.draw(request, self.seed, len(self._log))
            self._append(ChanceEntry(request.kind, outcome))

    def apply(self, entry: Entry) -> None:
        """Apply an entry from a save: strictly, as the rules allow at this point of the log."""
        try:
            if isinstance(entry, ChanceEntry):
                applied: Entry = self._checked_chance(entry)
            else:
                decision = self._expected_decision(entry)
                normalised = self._normalise(decision, entry.choice)
                applied = (
                    entry  # the usual case: the entry as read is already in canonical form
                    if normalised is entry.choice and entry.__class__ is DecisionEntry
                    else DecisionEntry(entry.seat, entry.decision, normalised)
                )
        except (IllegalAction, ImpossibleOutcome) as error:
            raise LogError(len(self._log) + 1, reason_of(error)) from None
        self._redo.clear()  # a new entry ends redo, as a new decision does
        self._append(applied)

    def apply_all(self, entries: Iterable[Entry]) -> None:
        """`apply` each of `entries` in turn (a save's log as it loads), stopping at the first
        LogError. The usual entry, the answer of a seat asked now, already in canonical form,
        is checked here without `apply`'s calls (a save replays thousands); anything else,
        any error among them, goes through `apply` itself, which raises what it raises."""
        if self._subscribers or self._redo:
            for entry in entries:
                self.apply(entry)
            return
        # (`_append` without its calls that such an entry does not need: nobody is notified)
        apply_decision = self.game.apply_decision
        for entry in entries:
            step = self._step
            if entry.__class__ is DecisionEntry and step.chance is None:
                seat = entry.seat
                for decision in step.decisions:
                    if decision.seat == seat:
                        break
                else:
                    decision = None
                if decision is not None and decision.name == entry.decision:
                    try:
                        choice = decision.normalise(entry.choice)
                    except IllegalAction:
                        choice = None
                    if choice is entry.choice:
                        self._keep(entry, apply_decision(self._state, seat, choice))
                        continue
            self.apply(entry)

    def subscribe(self, callback: Callable[[Change], None]) -> Callable[[], None]:
        self._subscribers = (*self._subscribers, callback)
        return partial(self._unsubscribe, callback)

    def _unsubscribe(self, callback: Callable[[Change], None]) -> None:
        """Stop telling `callback` (once, as it was subscribed once). ValueError if it is not
        subscribed."""
        subscribers = list(self._subscribers)
        subscribers.remove(callback)
        self._subscribers = tuple(subscribers)

    # --- undo and redo -----------------------------------------------------------------------

    def can_undo(self, seat: int) -> bool:
        return not self.undo_refusal(seat)

    def can_redo(self, seat: int) -> bool:
        return bool(self._redo) and self._redo[-1][0] == seat

    def undo(self, seat: int) -> None:
        """Take back `seat`'s last decision (in practice mode, with everything after it).

        Only the seat that decided may take a decision back. Raises IllegalAction saying why not.
        """
        refusal = self.undo_refusal(seat)
        if refusal:
            raise IllegalAction(refusal)
        point = self._undo_point(seat)
        assert point is not None
        self._redo.append((seat, self._log[point:]))
        self._truncate(point)
        self._notify(ChangeKind.UNDO)

    def redo(self, seat: int) -> None:
        """Put back what `seat` last undid (until a new decision is made)."""
        if not self.can_redo(seat):
            raise IllegalAction(Message("nothing to redo"))
        for entry in self._redo.pop()[1]:
            self._append(entry, notify=False)
        self._notify(ChangeKind.REDO)

    def undo_refusal(self, seat: int) -> Text:
        """Why `seat` may not undo now, in one line ("" when it may)."""
        if not 0 <= seat < len(self.seats) or not self.seats[seat].is_human:
            return Message("only a player may take back their own decisions")
        point = self._undo_point(seat)
        if self._step.simultaneous and (
            any(decision.seat != seat for decision in self._step.decisions)
            or (
                point is not None
                and any(self._decided_by_other(entry, seat) for entry in self._log[point:])
            )
        ):
            return Message("another player is choosing in secret: wait for the reveal")
        if point is not None:
            return ""
        if self.over and not self.practice:
            return Message("the game is over: its end cannot be undone")
        # From the newest entry back: the screen asks this on every redraw of a long game.
        if not any(isinstance(e, DecisionEntry) and e.seat == seat for e in reversed(self._log)):
            return Message("nothing to undo: you have not decided anything yet")
        last = self._log[-1]
        if isinstance(last, ChanceEntry):
            return Message("cannot undo: dice or a shuffle came after your last decision")
        if last.seat != seat:
            return Message(
                "cannot undo: {name} has decided since your last decision",
                name=self.seats[last.seat].name,
            )
        if self._meta[-1].reveals:
            return Message("cannot undo: your last decision revealed hidden information")
        return Message("cannot undo: another player undid first; they may redo")

    @staticmethod
    def _decided_by_other(entry: Entry, seat: int) -> bool:
        return isinstance(entry, DecisionEntry) and entry.seat != seat

    def _undo_point(self, seat: int) -> int | None:
        """Where the log would be cut by `seat`'s undo, or None when it may not undo.

        In practice mode: at `seat`'s last decision, whatever came after it. Otherwise only that
        decision itself, and only if nothing came after it: a chance outcome, a reveal or another
        seat's decision is a barrier, and so are another seat's undone decision waiting for redo
        and the end of the game (the results and the replay as everyone show every secret).
        """
        if self.practice:
            for index in range(len(self._log) - 1, -1, -1):
                entry = self._log[index]
                if isinstance(entry, DecisionEntry) and entry.seat == seat:
                    return index
            return None
        if not self._log or self.over:
            return None
        last = self._log[-1]
        if not isinstance(last, DecisionEntry) or last.seat != seat or self._meta[-1].reveals:
            return None
        if any(undoer != seat for undoer, _ in self._redo):
            return None
        return len(self._log) - 1

    # --- internals ---------------------------------------------------------------------------

    def _set_state(self, state: Any) -> None:
        self._state = state
        self._step = self.game.pending(state)

    def _append(self, entry: Entry, notify: bool = True) -> None:
        applied: Applied[Any]
        game = self.game
        if isinstance(entry, ChanceEntry):
            applied = game.apply_chance(self._state, entry.values)
        else:
            applied = game.apply_decision(self._state, entry.seat, entry.choice)
        self._keep(entry, applied)
        if notify:
            subscribers = self._subscribers
            if subscribers:  # (`_notify`, with the entry, without its call: once an entry)
                change = _new_change(Change, (_ENTRY, len(self._log), entry, applied.narration))
                for callback in subscribers:
                    callback(change)

    def _keep(self, entry: Entry, applied: Applied[Any]) -> None:
        """`entry` in the log, what `applied` says of it in the meta, its state the table's."""
        log = self._log
        log.append(entry)
        self._meta.append(_new_meta(_Meta, (applied.narration, applied.reveals, applied.decides)))
        state = self._state = applied.state
        self._step = self.game.pending(state)
        if len(log) % SNAPSHOT_EVERY == 0:
            self._snapshots[len(log)] = state
            self._tail = [state]
        else:
            self._tail.append(state)

    @property
    def _tail_start(self) -> int:
        return len(self._log) - len(self._tail) + 1

    def _state_at(self, position: int) -> Any:
        """The state after `position` entries: from the tail of recent states if it is there,
        else rebuilt from the snapshot before it (at most SNAPSHOT_EVERY - 1 entries replayed)."""
        if position >= self._tail_start:
            return self._tail[position - self._tail_start]
        return self._rebuild(position)[-1]

    def _rebuild(self, position: int) -> list[Any]:
        """The states from the snapshot at or before `position` up to `position`."""
        base = position - position % SNAPSHOT_EVERY
        states = [self._snapshots[base]]
        for entry in self._log[base:position]:
            states.append(self._reapply(states[-1], entry))
        return states

    def _reapply(self, state: Any, entry: Entry) -> Any:
        if isinstance(entry, ChanceEntry):
            return self.game.apply_chance(state, entry.values).state
        return self.game.apply_decision(state, entry.seat, entry.choice).state

    def _truncate(self, position: int) -> None:
        if position >= self._tail_start:
            del self._tail[position - self._tail_start + 1 :]
        else:
            self._tail = self._rebuild(position)
        state = self._tail[-1]
        del self._log[position:]
        del self._meta[position:]
        for key in [key for key in self._snapshots if key > position]:
            del self._snapshots[key]
        self._set_state(state)

    def _notify(self, kind: ChangeKind) -> None:
        if not self._subscribers:
            return
        change = _new_change(Change, (kind, len(self._log), None, ()))
        for callback in self._subscribers:
            callback(change)

    def _checked_chance(self, entry: ChanceEntry) -> ChanceEntry:
        """`entry` if it is a possible outcome of the chance due now; a shuffle that gives only
        its top cards (ending in chance.REST) comes back whole, as the seed completes it."""
        request = self._step.chance
        if request is None:
            why = Message("no chance outcome is due here; {waiting}", waiting=self._waiting_for())
            raise ImpossibleOutcome(why)
        if entry.chance is not request.kind:
            why = Message(
                "expected {kind} for {label}, found {found}",
                kind=request.kind.value,
                label=request.label,
                found=entry.chance.value,
            )
            raise ImpossibleOutcome(why)
        values = entry.values
        if request.kind is chance.ChanceKind.SHUFFLE and chance.REST in values:
            values = chance.complete_shuffle(request, values, self.seed, len(self._log))
        checked = chance.check_outcome(request, values)
        # The usual case: the values as read are already the outcome (a tuple of die faces).
        return entry if checked is entry.values else ChanceEntry(entry.chance, checked)

    def _normalise(self, decision: Decision, choice: object) -> Choice:
        """`decision.normalise(choice)`. An answer of the wrong form or option is refused
        naming the decision as people know it: the seat, and what it is doing (`Aki (claim a
        role or stay silent): ...`), not its name in the save; when several seats answer at
        once (the step is simultaneous, or holds several seats' decisions), any other error
        names whose answer it is."""
        try:
            return decision.normalise(choice)
        except BadAnswer as error:
            name = self.seats[decision.seat].name
            raise answer_refused(error, self.game.id, name, decision.name) from None
        except IllegalAction as error:
            if self._step.simultaneous or len(self._step.decisions) > 1:
                whose = Message(
                    "{name}'s {error}", name=self.seats[decision.seat].name, error=error.reason
                )
                raise IllegalAction(whose) from None
            raise

    def _asked(self, decision: Decision) -> Message:
        """`Aki (claim a role or stay silent)`: who is asked `decision`, and what it is."""
        from core.games.catalogue import asked  # (for an error: not at start-up)

        return asked(self.game.id, self.seats[decision.seat].name, decision.name)

    def _expected_decision(self, entry: DecisionEntry) -> Decision:
        if not 0 <= entry.seat < len(self.seats):
            raise IllegalAction(Message("there is no seat {seat}", seat=entry.seat))
        if self._step.chance is not None:
            why = Message(
                "expected a chance outcome ({label}), found a decision",
                label=self._step.chance.label,
            )
            raise IllegalAction(why)
        for decision in self._step.decisions:  # (decision_for, without a call an entry)
            if decision.seat == entry.seat:
                break
        else:
            raise IllegalAction(self._not_your_turn(entry.seat))
        if decision.name != entry.decision:
            why = Message(
                "expected {name}'s decision '{decision}', found '{found}'",
                name=self.seats[entry.seat].name,
                decision=decision.name,
                found=entry.decision,
            )
            raise IllegalAction(why)
        return decision

    def _not_your_turn(self, seat: int) -> Message:
        if self._step.over:
            return Message("the game is over")
        if 0 <= seat < len(self.seats):
            name: Text = self.seats[seat].name
        else:
            name = Message("seat {seat}", seat=seat)
        return Message("it is not {name}'s turn; {waiting}", name=name, waiting=self._waiting_for())

    def _waiting_for(self) -> Message:
        if self._step.over:
            return Message("the game is over")
        if self._step.chance is not None:
            return Message("waiting for {label}", label=self._step.chance.label)
        asked = tuple(self._asked(decision) for decision in self._step.decisions)
        return Message("waiting for {waiting}", waiting=Joined(asked, LIST_SEPARATOR))


def answer_refused(error: BadAnswer, game_id: str, name: Text, decision: str) -> IllegalAction:
    """The refusal of an answer of the wrong form or option, naming the decision as people
    know it: the seat called `name`, and what it is doing (`Aki (claim a role or stay
    silent): ...`), not its name in the save. (The table's and a remote seat's: one wording.)"""
    from core.games.catalogue import asked  # (for an error: not at start-up)

    return IllegalAction(error.naming(asked(game_id, name, decision)))


def check_seed(seed: int) -> None:
    """Raise ValueError for a seed no save could hold (a TOML integer is 64-bit)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed not in TOML_INTEGERS:
        raise ValueError(
            Message(
                "the seed must be a whole number from {low} to {high}",
                low=TOML_INTEGERS.start,
                high=TOML_INTEGERS.stop - 1,
            )
        )


def replay(table: Table, entries: Iterable[Entry]) -> Table:
    """Apply `entries` to a fresh table, strictly; raises LogError naming the first bad one."""
    table.apply_all(entries)
    return table


def new_table(
    game: Game[Any],
    seats: tuple[Seat, ...],
    options: dict[str, Any],
    seed: int,
    practice: bool = False,
) -> Table:
    """A table for a new game, with its opening chance outcomes (shuffles, first parent) drawn."""
    table = Table(game, seats, options, seed, practice)
    table.resolve_chance()
    return table
