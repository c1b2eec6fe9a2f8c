"""The agenda machine: task handlers, and running automatic tasks until input is needed."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from core.decisions import Option, choose_one
from core.games.base import Narration, Step
from core.games.dangerous.content import content
from core.games.dangerous.state import State, Task

Lines = list[Narration]
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


def settle(state: State, lines: Lines) -> State:
    """Run automatic tasks until the agenda's first task needs a decision or chance."""
    while state.agenda:
        task = state.agenda[0]
        handler = HANDLERS[task.kind]
        if handler.ask is not None:
            break
        state = state.pop()[1]
        state, more = handler.act(state, task, None, -1)
        lines.extend(more)
    return state


def say(text: str) -> Narration:
    return Narration(text)


def ask_one(seat: int, name: str, prompt: str, options: Iterable[Option]) -> Step:
    """A step that asks `seat` to choose one of `options`."""
    return Step(decisions=(choose_one(seat, name, prompt, tuple(options)),))


def card_name(instance: str) -> str:
    card = content().card(instance)
    return f"{card.name} (Lv{card.level})"


def card_option(instance: str) -> Option:
    """A card as an option: its name, with its ability and text as the detail."""
    card = content().card(instance)
    detail = f"{card.ability}: {card.text_en}" if card.ability else card.text_en
    return Option(instance, card_name(instance), detail)


def join(names: list[str] | tuple[str, ...]) -> str:
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


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
