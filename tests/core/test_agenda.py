"""The agenda engine on a toy game: automatic steps, questions, chance, menus, secret gathers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from core import chance
from core.agenda import (
    Agenda,
    Asking,
    Automatic,
    Done,
    FirstRoll,
    Gather,
    Menu,
    StuckAgenda,
    Task,
    WhoFirst,
    pending_gather,
    push,
    push_behind,
)
from core.chance import ChanceRequest
from core.decisions import ActingFor, Choice, Decision, IllegalAction, Option, choose_one
from core.narration import say


@dataclass(frozen=True)
class Toy:
    agenda: tuple[Task[Any], ...]
    total: int = 0
    picks: tuple[int, ...] = ()
    log: tuple[str, ...] = field(default=())

    def with_agenda(self, agenda: tuple[Task[Any], ...]) -> Toy:
        return replace(self, agenda=agenda)


@dataclass(frozen=True)
class Note(Automatic[Toy]):
    text: str

    def run(self, state: Toy) -> Done[Toy]:
        return replace(state, log=(*state.log, self.text)), [say(self.text)]


@dataclass(frozen=True)
class Roll(Asking[Toy]):
    dice: int

    def ask(self, state: Toy) -> ChanceRequest:
        return chance.dice(self.dice, "the toy dice")

    def act(self, state: Toy, answer: Any, seat: int) -> Done[Toy]:
        return replace(state, total=state.total + sum(answer)), [say(f"rolled {answer}")]


@dataclass(frozen=True)
class Pick(Gather[Toy]):
    def seats(self, state: Toy) -> tuple[int, ...]:
        return (0, 1)

    def decision(self, state: Toy, seat: int) -> Decision:
        return choose_one(seat, "pick", "Pick a number", (Option(1, "one"), Option(2, "two")))

    def answered(self, state: Toy, seat: int, choice: Choice) -> list[Any]:
        return [say(f"seat {seat} has picked")]

    def reveal(self, state: Toy, answers: Mapping[int, Choice]) -> Done[Toy]:
        picks = tuple(int(answers[seat]) for seat in (0, 1))  # type: ignore[arg-type]
        return replace(state, picks=picks), [say(f"picks {picks}")]


@dataclass(frozen=True)
class Spend(Menu[Toy]):
    name = "spend"
    used: tuple[str, ...] = ()

    def chooser(self, state: Toy) -> int:
        return 0

    def prompt(self, state: Toy) -> str:
        return "Spend?"

    def actions(self, state: Toy) -> tuple[Option, ...]:
        return tuple(Option(a, a) for a in ("roll", "note") if a not in self.used)

    def again(self, action: Choice) -> Spend:
        return replace(self, used=(*self.used, str(action)))

    def choose(self, state: Toy, action: Choice) -> Done[Toy]:
        if action == "roll":
            return push(state, Roll(1)), []
        return push(state, Note("noted")), []


@dataclass(frozen=True)
class Answer(Asking[Toy]):
    seat: int

    def ask(self, state: Toy) -> Decision | None:
        if state.total > 100:
            return None
        return choose_one(self.seat, "answer", "Answer", (Option("yes", "yes"),))

    def act(self, state: Toy, answer: Any, seat: int) -> Done[Toy]:
        return replace(state, log=(*state.log, f"{seat} said {answer}")), []


@dataclass(frozen=True)
class Walk(Menu[Toy]):
    """A turn in the style of a grid game: look around as often as you like; walking ends the
    turn (there is no Done); charging rolls only once the turn is over."""

    name = "walk"
    done = None

    def chooser(self, state: Toy) -> int:
        return 1

    def prompt(self, state: Toy) -> str:
        return "Walk?"

    def actions(self, state: Toy) -> tuple[Option, ...]:
        return (Option("look", "Look"), Option("charge", "Charge"), Option("walk", "Walk"))

    def again(self, action: Choice) -> Walk | None:
        return None if action == "walk" else self

    def acting_for(self, state: Toy) -> ActingFor | None:
        return ActingFor("monsters", against=0)

    def choose(self, state: Toy, action: Choice) -> Done[Toy]:
        if action == "charge":
            return push_behind(state, Roll(1)), []
        return push(state, Note(str(action))), []


@dataclass(frozen=True)
class Window(WhoFirst[Toy]):
    """Seats that can each act now; each one's turn notes its seat."""

    def prompt(self, state: Toy, seat: int) -> str:
        return "Act first?"

    def who(self, state: Toy, seat: int) -> str:
        return "ABC"[seat]


def window(*seats: int) -> Window:
    return Window(seats, tuple((Note(f"{seat} acts"),) for seat in seats))


ENGINE: Agenda[Toy] = Agenda("toy")


def start(*tasks: Task[Any]) -> Toy:
    return ENGINE.settle(Toy(agenda=tasks), [])


def test_automatic_tasks_run_until_a_question() -> None:
    state = start(Note("a"), Note("b"), Roll(2), Note("c"))
    assert state.log == ("a", "b")
    step = ENGINE.pending(state)
    assert step.chance is not None and step.chance.count == 2
    state, lines = ENGINE.chance(state, (3, 4))
    assert state.total == 7 and state.log == ("a", "b", "c")
    assert [line.public for line in lines] == ["rolled (3, 4)", "c"]
    assert ENGINE.pending(state).over


def test_a_gather_holds_answers_secretly_until_every_seat_has_answered() -> None:
    state = start(Pick(), Note("after"))
    step = ENGINE.pending(state)
    assert step.simultaneous and [d.seat for d in step.decisions] == [0, 1]
    state, lines = ENGINE.decide(state, 1, 2)
    assert state.picks == ()  # nothing applied yet
    assert [d.seat for d in ENGINE.pending(state).decisions] == [0]
    held = state.agenda[0]
    assert isinstance(held, Pick) and held.answer_of(1) == 2 and held.answer_of(0) is None
    assert [line.public for line in lines] == ["seat 1 has picked"]
    with pytest.raises(IllegalAction):
        ENGINE.decide(state, 1, 1)  # seat 1 has answered already
    state, lines = ENGINE.decide(state, 0, 1)
    assert state.picks == (1, 2) and state.log == ("after",)


def test_a_menu_asks_again_after_each_action_and_its_follow_ups() -> None:
    state = start(Spend(), Note("end"))
    decision = ENGINE.pending(state).decisions[0]
    assert decision.name == "spend" and [o.id for o in decision.options] == ["roll", "note", "done"]
    state, _ = ENGINE.decide(state, 0, "roll")
    assert ENGINE.pending(state).chance is not None  # the follow-up comes before the menu
    state, _ = ENGINE.chance(state, (5,))
    assert [o.id for o in ENGINE.pending(state).decisions[0].options] == ["note", "done"]
    state, _ = ENGINE.decide(state, 0, "note")
    # Nothing is left to offer: the menu closes itself.
    assert state.log == ("noted", "end") and ENGINE.pending(state).over


def test_an_action_can_end_a_menu_that_has_no_done() -> None:
    state = start(Walk(), Note("end"))
    decision = ENGINE.pending(state).decisions[0]
    assert decision.seat == 1 and [o.id for o in decision.options] == ["look", "charge", "walk"]
    state, _ = ENGINE.decide(state, 1, "look")
    assert state.log == ("look",) and ENGINE.pending(state).decisions[0].name == "walk"
    state, _ = ENGINE.decide(state, 1, "walk")
    assert state.log == ("look", "walk", "end") and ENGINE.pending(state).over


def test_a_menu_says_whose_side_its_chooser_decides_for() -> None:
    walk = ENGINE.pending(start(Walk())).decisions[0]
    assert walk.acting_for == ActingFor("monsters", against=0)
    assert ENGINE.pending(start(Spend())).decisions[0].acting_for is None


def test_push_behind_waits_until_the_menu_closes() -> None:
    state = start(Walk(), Note("end"))
    state, _ = ENGINE.decide(state, 1, "charge")
    assert ENGINE.pending(state).decisions[0].name == "walk"  # asked again before the roll
    state, _ = ENGINE.decide(state, 1, "walk")
    assert state.log == ("walk",) and ENGINE.pending(state).chance is not None
    state, _ = ENGINE.chance(state, (4,))
    assert state.total == 4 and state.log == ("walk", "end")


def test_pending_gather_finds_the_waiting_gather_of_a_kind() -> None:
    assert pending_gather(start(Spend(), Pick()), Pick) is None  # not first on the agenda
    state = start(Pick(), Note("after"))
    state, _ = ENGINE.decide(state, 0, 2)
    held = pending_gather(state, Pick)
    assert held is not None and held.answer_of(0) == 2 and held.answer_of(1) is None
    state, _ = ENGINE.decide(state, 1, 1)
    assert pending_gather(state, Pick) is None and state.picks == (2, 1)


def test_done_closes_a_menu() -> None:
    state, _ = ENGINE.decide(start(Spend(), Answer(1)), 0, "done")
    assert [d.seat for d in ENGINE.pending(state).decisions] == [1]


def test_a_question_that_asks_nothing_is_dropped() -> None:
    state = start(Roll(1), Answer(0), Note("end"))
    state, _ = ENGINE.chance(state, (6,))
    assert ENGINE.pending(state).decisions[0].seat == 0
    state = start(Answer(0), Note("end"))
    state = replace(state, total=101)
    assert ENGINE.settle(state, []).log == ("end",)


def test_an_answer_goes_to_the_task_that_asked() -> None:
    state, _ = ENGINE.decide(start(Answer(1), Answer(0)), 1, "yes")
    assert state.log == ("1 said yes",)


def test_a_runaway_agenda_stops_with_an_error() -> None:
    @dataclass(frozen=True)
    class Forever(Automatic[Toy]):
        def run(self, state: Toy) -> Done[Toy]:
            return push(state, Forever()), []

    with pytest.raises(StuckAgenda):
        Agenda[Toy]("toy", automatic_limit=50).settle(Toy(agenda=(Forever(),)), [])


def test_a_kind_without_its_handler_cannot_be_made() -> None:
    @dataclass(frozen=True)
    class Broken(Asking[Toy]):
        def ask(self, state: Toy) -> Decision | None:
            return None

    with pytest.raises(TypeError):
        Broken()  # type: ignore[abstract]


def answer_all(state: Toy, answers: dict[int, str]) -> tuple[Toy, list[str]]:
    said: list[str] = []
    for seat, choice in answers.items():
        state, lines = ENGINE.decide(state, seat, choice)
        said += [line.public for line in lines]
    return state, said


def test_who_first_the_one_seat_that_wants_to_goes_first() -> None:
    state = start(window(0, 1), Note("end"))
    step = ENGINE.pending(state)
    assert step.simultaneous and [d.name for d in step.decisions] == ["act-first"] * 2
    assert [o.id for o in step.decisions[0].options] == ["first", "later"]
    state, said = answer_all(state, {0: "later", 1: "first"})
    assert state.log == ("1 acts", "0 acts", "end") and said == [
        "B acts first.",
        "1 acts",
        "0 acts",
        "end",
    ]


def test_who_first_both_eager_roll_and_the_highest_goes_first() -> None:
    state = start(window(0, 1), Note("end"))
    state, said = answer_all(state, {0: "first", 1: "first"})
    assert said == ["A and B want to act first: a die roll decides."]
    step = ENGINE.pending(state)
    assert step.chance is not None and step.chance.count == 2
    state, lines = ENGINE.chance(state, (2, 5))
    assert state.log == ("1 acts", "0 acts", "end")
    assert [line.public for line in lines][:2] == ["A 2, B 5.", "B acts first."]


def test_who_first_nobody_eager_rolls_too_and_a_tie_rolls_again() -> None:
    state = start(window(0, 1), Note("end"))
    state, said = answer_all(state, {0: "later", 1: "later"})
    assert said == ["A and B would rather wait: a die roll decides."]
    state, lines = ENGINE.chance(state, (4, 4))
    assert [line.public for line in lines] == ["A 4, B 4: a tie, roll again."]
    assert isinstance(state.agenda[0], FirstRoll) and state.log == ()
    state, _ = ENGINE.chance(state, (6, 1))
    assert state.log == ("0 acts", "1 acts", "end")


def test_who_first_only_the_tied_seats_roll_the_rest_follow_in_order() -> None:
    state = start(window(0, 1, 2), Note("end"))
    state, _ = answer_all(state, {0: "later", 1: "first", 2: "first"})
    step = ENGINE.pending(state)
    assert step.chance is not None and step.chance.count == 2  # B and C only
    state, _ = ENGINE.chance(state, (3, 6))
    assert state.log == ("2 acts", "0 acts", "1 acts", "end")


def _task_classes(cls: type) -> list[type]:
    return [c for sub in cls.__subclasses__() for c in (sub, *_task_classes(sub))]


def test_every_task_class_dispatches_as_the_kind_it_subclasses() -> None:
    """The engine reads a task's kind from a class attribute; it must be the kind the class
    derives from (as issubclass finds it), for every task of every game."""
    import core.games.dangerous.game  # noqa: F401  (its tasks)

    classes = _task_classes(Task)
    assert len(classes) > 50
    for cls in classes:
        kinds = [kind for kind in (Gather, Menu, Asking, Automatic) if issubclass(cls, kind)]
        assert len(kinds) == 1, cls
        assert cls._agenda_kind is kinds[0], cls
