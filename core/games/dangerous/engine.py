"""The agenda machine: task handlers, and running automatic tasks until input is needed."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from core.decisions import Option, choose_one
from core.games.base import Step
from core.games.dangerous.state import State, Task
from core.narration import Lines

Act = Callable[[State, Task, Any, int], tuple[State, Lines]]
Ask = Callable[[State, Task], Step]


@dataclass(frozen=True)
class Handler:
    act: Act
    ask: Ask | None = None  # None: automatic, runs as soon as it is first on the agenda


HANDLERS: dict[str, Handler] = {}


def automatic(kind: str) -> Callable[[Callable[[State, Task], tuple[State, Lines]]], None]:
    def register(run: Callable[[State, Task], tuple[State, Lines]]) -> None:
        HANDLERS[kind] = Handler(lambda state, task, _value, _seat: run(state, task))

    return register


def asking(kind: str, ask: Ask) -> Callable[[Act], None]:
    def register(act: Act) -> None:
        HANDLERS[kind] = Handler(act, ask)

    return register


def ask_one(seat: int, name: str, prompt: str, options: Iterable[Option]) -> Step:
    """A step that asks `seat` to choose one of `options`."""
    return Step(decisions=(choose_one(seat, name, prompt, tuple(options)),))


def own_task(state: State, task: Task, seat: int) -> State:
    """For decisions all seats answer at once: the table popped the first waiting task, but the
    answer may come from another seat; put the popped one back and remove that seat's."""
    agenda = [task, *state.agenda]
    mine = next(t for t in agenda if t.kind == task.kind and t.seat == seat)
    agenda.remove(mine)
    return replace(state, agenda=tuple(agenda))


def waiting(state: State, kind: str) -> list[int]:
    """Seats whose simultaneous `kind` task sits at the front of the agenda."""
    seats = []
    for task in state.agenda:
        if task.kind != kind:
            break
        seats.append(task.seat)
    return seats
