"""The agenda: a game's turn structure as a queue of small, typed tasks.

Games whose turns are long pipelines (a battle's timing windows, reactions, abilities that roll,
several seats answering at once) keep in their state a tuple of tasks. The engine looks at the
first task: it runs at once, or it asks a seat (or several) for a decision, or chance for an
outcome, and the answer goes back to the task that asked. Tasks put follow-ups at the front of
the agenda, so a pipeline reads in the code as the list of its steps.

A task kind is a frozen dataclass: its fields are its typed payload and its methods are its
handler. Kinds of different games can't collide, nothing registers itself as a side effect of an
import, and a queued task always has its handler (a kind that leaves one out can't be built).

- `Automatic`: `run` as soon as it is first on the agenda.
- `Asking`: `ask` gives one seat's decision or a chance request (or None: nothing to ask, the task
  is dropped); `act` takes the answer.
- `Menu`: "choose an action, or Done; repeat" for one seat.
- `Gather`: several seats choose at once, in secret. Each answer is held in the task itself until
  every seat has answered; then `reveal` applies them all together.

`WhoFirst` is a ready-made gather for a window in which several seats can act and the order is
theirs to settle (each says whether it wants to act first; a die roll settles a tie).

The engine (`Agenda`) is one object per game; the game's `pending`, `apply_decision` and
`apply_chance` delegate to it. States only need an `agenda` field and `with_agenda`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Mapping
from dataclasses import field
from functools import lru_cache
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from core import chance
from core.chance import ChanceRequest, Outcome
from core.decisions import (
    ActingFor,
    Choice,
    Decision,
    IllegalAction,
    Option,
    OptionId,
    choose_one,
    choose_one_later,
)
from core.frozen import replace
from core.games.base import Step
from core.narration import LIST_SEPARATOR, Joined, Lines, Message, Text, listing, say
from core.records import dataclass


class AgendaState(Protocol):
    """What the engine needs of a game's state."""

    @property
    def agenda(self) -> tuple[Task[Any], ...]: ...

    def with_agenda(self, agenda: tuple[Task[Any], ...]) -> Self: ...


S = TypeVar("S", bound=AgendaState)

Done = tuple[S, Lines]
"""What a handler returns: the new state and what happened, a line per event."""


def push(state: S, *tasks: Task[Any]) -> S:
    """Put `tasks` at the front of the agenda, in the order given."""
    return state.with_agenda((*tasks, *state.agenda))


def push_behind(state: S, *tasks: Task[Any]) -> S:
    """Put `tasks` right behind the first task. In a menu's `choose` (the menu is first again)
    they wait until the menu closes: an effect that resolves once the player is done."""
    first, rest = state.agenda[:1], state.agenda[1:]
    return state.with_agenda((*first, *tasks, *rest))


@dataclass(frozen=True)
class Task(ABC, Generic[S]):
    """One step on the agenda. Subclass one of the four kinds below, never this."""

    _agenda_kind: ClassVar[type] = object
    """Which of the four kinds the task is (set on each kind, inherited by its tasks): the
    engine dispatches on it, as isinstance against an abstract class costs a call into abc."""


@dataclass(frozen=True)
class Automatic(Task[S]):
    @abstractmethod
    def run(self, state: S) -> Done[S]:
        """Do the step; `state`'s agenda no longer holds this task."""


@dataclass(frozen=True)
class Asking(Task[S]):
    @abstractmethod
    def ask(self, state: S) -> Decision | ChanceRequest | None:
        """The question: a decision for one seat, a chance request, or None to drop the task."""

    @abstractmethod
    def act(self, state: S, answer: Any, seat: int) -> Done[S]:
        """Take the answer (a normalised choice, or a chance outcome with seat -1); `state`'s
        agenda no longer holds this task."""


@dataclass(frozen=True)
class Menu(Task[S]):
    """One seat chooses an action or Done, again and again: the menu asks again after each
    action (after any follow-ups the action queued), and closes itself once it offers nothing.
    """

    name: ClassVar[str]
    """The decision's name (what a save records)."""
    done: ClassVar[Option | None] = Option("done", Message("Done"))
    """The option that closes the menu; None when only an action ends it (see `again`)."""

    @abstractmethod
    def chooser(self, state: S) -> int:
        """The seat that chooses."""

    @abstractmethod
    def prompt(self, state: S) -> Text: ...

    @abstractmethod
    def actions(self, state: S) -> tuple[Option, ...]:
        """The actions on offer now, those that cannot be taken now marked unavailable (they
        keep their place while the menu is asked again); none available closes the menu
        without asking."""

    @abstractmethod
    def choose(self, state: S, action: Choice) -> Done[S]:
        """Carry out `action`; the menu (as `again` gives it) is already queued again behind
        anything this queues."""

    def offer(
        self, state: S
    ) -> tuple[Collection[OptionId], Callable[[], tuple[Option, ...]]] | None:
        """A cheaper way to ask, for a menu whose actions cost much to build: ids of actions
        surely available now (at least one: the menu is open) and what builds `actions`, called
        only when someone reads the options (see `choose_one_later`). None: `actions` now."""
        return None

    def again(self, action: Choice) -> Menu[S] | None:
        """The menu to ask after `action` (e.g. with the action marked used), or None when
        `action` ends the menu (a move that is the turn's last act)."""
        return self

    def close(self, state: S) -> Done[S]:
        """Done was chosen (or nothing was left to offer)."""
        return state, []

    def help(self, state: S) -> Text:
        return ""

    def acting_for(self, state: S) -> ActingFor | None:
        """The side the chooser decides for, when it is not its own (see ActingFor)."""
        return None


@dataclass(frozen=True)
class Gather(Task[S]):
    """Several seats answer at once, in secret; `reveal` applies the answers together.

    Until then the answers live only in this task, so a game's views must not show other
    seats' answers (a seat may see its own through `answer_of`)."""

    answers: tuple[tuple[int, Choice], ...] = field(default=(), kw_only=True)

    @abstractmethod
    def seats(self, state: S) -> tuple[int, ...]:
        """Every seat that must answer."""

    @abstractmethod
    def decision(self, state: S, seat: int) -> Decision:
        """`seat`'s question."""

    @abstractmethod
    def reveal(self, state: S, answers: Mapping[int, Choice]) -> Done[S]:
        """Every seat has answered: apply the answers (by seat)."""

    def answered(self, state: S, seat: int, choice: Choice) -> Lines:
        """What is said when `seat` answers (the answer itself stays secret)."""
        return []

    def answer_of(self, seat: int) -> Choice | None:
        return next((choice for who, choice in self.answers if who == seat), None)

    def waiting(self, state: S) -> tuple[int, ...]:
        done = {who for who, _ in self.answers}
        return tuple(seat for seat in self.seats(state) if seat not in done)


FIRST, LATER = "first", "later"
"""The options of a `WhoFirst` question (what saves record)."""


@dataclass(frozen=True)
class WhoFirst(Gather[S]):
    """Several seats can act in the same window and the rules leave the order to them: each
    says, in secret, whether it wants to act first. If exactly one does, it goes first; if
    several do, or none, those seats roll a die each and the highest goes first (the highest
    roll again while they tie). The others follow in `contenders` order.

    `turns[i]` are the tasks `contenders[i]` carries out in the window; they are queued in the
    order decided. (Dangerous, rulebook line 103: 両者共に先に使いたい場合、もしくは両者共に先に
    使いたくない場合はダイスを振って決めて下さい. Out-of-turn reactions in other games have the
    same shape.)"""

    name: ClassVar[str] = "act-first"
    contenders: tuple[int, ...]
    turns: tuple[tuple[Task[Any], ...], ...]

    def seats(self, state: S) -> tuple[int, ...]:
        return self.contenders

    @abstractmethod
    def prompt(self, state: S, seat: int) -> Text:
        """What `seat` is asked: which window, and what each side could do in it."""

    def who(self, state: S, seat: int) -> Text:
        """How the narration names a seat."""
        return Message("seat {seat}", seat=seat)

    def acting_for(self, state: S, seat: int) -> ActingFor | None:
        """The side `seat` answers for, when it is not its own (see ActingFor)."""
        return None

    def decision(self, state: S, seat: int) -> Decision:
        options = (
            Option(FIRST, Message("Act first")),
            Option(LATER, Message("Let the others act first")),
        )
        note = Message("If everyone wants to act first, or nobody does, a die roll decides.")
        prompt = self.prompt(state, seat)
        return choose_one(seat, self.name, prompt, options, note, self.acting_for(state, seat))

    def reveal(self, state: S, answers: Mapping[int, Choice]) -> Done[S]:
        eager = tuple(seat for seat in self.contenders if answers.get(seat) == FIRST)
        if len(eager) == 1:
            return self.go(state, eager[0])
        tied = eager or self.contenders
        who = listing(self.who(state, seat) for seat in tied)
        if not eager:
            line = say("{who} would rather wait: a die roll decides.", who=who)
        elif len(tied) == 1:
            line = say("{who} wants to act first: a die roll decides.", who=who)
        else:
            line = say("{who} want to act first: a die roll decides.", who=who)
        return push(state, FirstRoll(self, tied)), [line]

    def go(self, state: S, first: int) -> Done[S]:
        """Queue the window's turns, `first`'s first and the others' in `contenders` order."""
        order = (first, *(seat for seat in self.contenders if seat != first))
        tasks = [task for seat in order for task in self.turns[self.contenders.index(seat)]]
        return push(state, *tasks), [say("{who} acts first.", who=self.who(state, first))]


@lru_cache(maxsize=64)
def _first_roll_label(names: tuple[Text, ...]) -> Message:
    """What the tied seats' roll is for, as a damaged save's error names it (in the reader's
    language): made once for the same seats, not at every roll."""
    return Message("the roll for who acts first ({names})", names=Joined(names, LIST_SEPARATOR))


@dataclass(frozen=True)
class FirstRoll(Asking[S]):
    """The seats `tied` for acting first roll a die each; the highest goes first."""

    window: WhoFirst[Any]
    tied: tuple[int, ...]

    def ask(self, state: S) -> ChanceRequest:
        names = tuple(self.window.who(state, seat) for seat in self.tied)
        return chance.dice(len(self.tied), _first_roll_label(names))

    def act(self, state: S, answer: Any, seat: int) -> Done[S]:
        faces = [int(face) for face in answer]
        rolls = Joined(
            tuple(
                Message("{who} {face}", who=self.window.who(state, s), face=f)
                for s, f in zip(self.tied, faces, strict=True)
            ),
            LIST_SEPARATOR,
        )
        best = max(faces)
        top = tuple(s for s, face in zip(self.tied, faces, strict=True) if face == best)
        if len(top) > 1:
            return push(state, FirstRoll(self.window, top)), [
                say("{rolls}: a tie, roll again.", rolls=rolls)
            ]
        state, lines = self.window.go(state, top[0])
        return state, [say("{rolls}.", rolls=rolls), *lines]


for _kind in (Automatic, Asking, Menu, Gather):
    _kind._agenda_kind = _kind


G = TypeVar("G", bound=Gather[Any])


def pending_gather(state: AgendaState, kind: type[G]) -> G | None:
    """The gather of `kind` first on the agenda, if one is waiting there. A view shows a seat
    its own answer with `pending_gather(state, kind).answer_of(seat)`."""
    task = state.agenda[0] if state.agenda else None
    return task if task.__class__ is kind or isinstance(task, kind) else None


class StuckAgenda(RuntimeError):
    """The automatic tasks ran longer than any real game can: a rules bug, not a user error."""


class Agenda(Generic[S]):
    """A game's engine: what is pending, and where an answer goes."""

    def __init__(self, game: str, automatic_limit: int = 100_000) -> None:
        self.game = game
        self.automatic_limit = automatic_limit
        # The question `settle` stopped at, for the `pending` (and the views) that follow:
        # states are immutable, so the same state object always asks the same.
        self._last: tuple[S, Step] | None = None

    def pending(self, state: S) -> Step:
        """What the first task needs (after `settle`, it always needs something, or the agenda
        is empty and the game is over)."""
        if not state.agenda:
            return Step()
        last = self._last
        if last is not None and last[0] is state:
            return last[1]
        task = state.agenda[0]
        step = self._question(state, task, task._agenda_kind)
        if step is None:
            name = type(state.agenda[0]).__name__
            raise AssertionError(f"{self.game}: {name} left first on the agenda")
        self._last = (state, step)
        return step

    def decide(self, state: S, seat: int, choice: Choice) -> Done[S]:
        """`seat`'s answer goes to the first task, the one that asked it.

        The IllegalActions here and in `chance` guard the engine's own invariants and stay
        English: core.table.Table checks an answer against `pending` before it gets here (the
        game is over, not that seat's turn, no chance due), and says why in the reader's
        language, so no person reads these."""
        agenda = state.agenda
        if not agenda:
            raise IllegalAction("the game is over")
        # A task is read as Any here and below: each branch calls the handler of the kind it
        # has checked (typing.cast would cost a function call each time, several an entry).
        task: Any = agenda[0]
        rest = state.with_agenda(agenda[1:])
        kind = task._agenda_kind
        if kind is Asking:
            state, lines = task.act(rest, choice, seat)
        elif kind is Menu:
            if task.done is not None and choice == task.done.id:
                state, lines = task.close(rest)
            else:
                again = task.again(choice)
                state, lines = task.choose(rest if again is None else push(rest, again), choice)
        elif kind is Gather:
            if seat not in task.waiting(state):
                raise IllegalAction(f"seat {seat} has nothing to answer now")
            lines = [*task.answered(state, seat, choice)]
            held = replace(task, answers=(*task.answers, (seat, choice)))
            if held.waiting(state):
                return push(rest, held), lines
            state, more = task.reveal(rest, dict(held.answers))
            lines += more
        else:
            raise IllegalAction(f"{type(task).__name__} asks nobody")
        return self.settle(state, lines), lines

    def chance(self, state: S, outcome: Outcome) -> Done[S]:
        agenda = state.agenda
        task: Any = agenda[0]
        if task._agenda_kind is not Asking:
            raise IllegalAction(f"{type(task).__name__} asked no chance outcome")
        state, lines = task.act(state.with_agenda(agenda[1:]), outcome, -1)
        return self.settle(state, lines), lines

    def settle(self, state: S, lines: Lines) -> S:
        """Run tasks that need nobody (automatic ones, menus with nothing to offer, questions
        that ask nothing) until the first task needs an answer; their lines go into `lines`."""
        for _ in range(self.automatic_limit):
            agenda = state.agenda
            if not agenda:
                return state
            task: Any = agenda[0]
            kind = task._agenda_kind
            if kind is Automatic:
                state, more = task.run(state.with_agenda(agenda[1:]))
                lines += more
                continue
            if kind is Asking:  # (`_question`'s first case, without its call: the usual one)
                question = task.ask(state)
                step = Step((question,)) if question.__class__ is Decision else _step_of(question)
            else:
                step = self._question(state, task, kind)
            if step is not None:
                self._last = (state, step)
                return state
            if kind is Menu:
                state, more = task.close(state.with_agenda(agenda[1:]))
            elif kind is Gather:
                state, more = task.reveal(state.with_agenda(agenda[1:]), dict(task.answers))
            else:
                state, more = state.with_agenda(agenda[1:]), ()
            lines += more
        raise StuckAgenda(f"{self.game}: {self.automatic_limit} automatic tasks in a row")

    def _question(self, state: S, task: Any, kind: type) -> Step | None:
        """What `task` (of `kind`) asks now, or None when it needs nobody (a menu with nothing
        to offer, a question that asks nothing, a gather everyone has answered; an automatic
        task)."""
        if kind is Asking:
            return _step_of(task.ask(state))
        if kind is Menu:
            offer = task.offer(state)
            if offer is not None and offer[0]:
                return Step((self._later_menu_decision(state, task, *offer),))
            # Actions offered but unavailable keep their place; with none available the menu
            # has nothing to offer. (A loop, not any() over a generator and a property: menus
            # that offer nothing are asked about half as often as there are entries.)
            actions = task.actions(state)
            for action in actions:
                if not action.unavailable:
                    return Step((self._menu_decision(state, task, actions),))
            return None
        if kind is Gather:
            waiting = task.waiting(state)
            decisions = tuple(task.decision(state, seat) for seat in waiting)
            return Step(decisions=decisions, simultaneous=True) if waiting else None
        return None

    def _menu_decision(self, state: S, task: Menu[S], actions: tuple[Option, ...]) -> Decision:
        done = () if task.done is None else (task.done,)
        return choose_one(
            task.chooser(state),
            task.name,
            task.prompt(state),
            (*actions, *done),
            task.help(state),
            task.acting_for(state),
        )

    def _later_menu_decision(
        self,
        state: S,
        task: Menu[S],
        sure: Collection[OptionId],
        actions: Callable[[], tuple[Option, ...]],
    ) -> Decision:
        done = () if task.done is None else (task.done,)
        return choose_one_later(
            task.chooser(state),
            task.name,
            task.prompt(state),
            sure,
            lambda: (*actions(), *done),
            task.help(state),
            task.acting_for(state),
        )


def _step_of(question: Decision | ChanceRequest | None) -> Step | None:
    """The step an `Asking` task's question makes (None: it asks nothing)."""
    if question is None:
        return None
    if question.__class__ is Decision or isinstance(question, Decision):
        return Step((question,))
    return Step(chance=question) if isinstance(question, ChanceRequest) else None
