"""Dangerous (戦闘破壊学園ダンゲロス・ボードゲーム, seed 000): the Game the table plays.

The rules live in the tasks of setup.py, meeting.py, explore.py, combat.py and final.py; this
module wires them to the table through one agenda engine: what is pending is the first task on
the agenda, and an answer goes to the task that asked. Rulings: docs/rules/dangerous.md.
"""

from __future__ import annotations

from typing import Any

from core.agenda import Agenda
from core.chance import Outcome
from core.decisions import Choice
from core.games.base import Applied, GameOption, Result, Step
from core.games.base import View as TableView
from core.games.dangerous import final  # noqa: F401 (handlers)
from core.games.dangerous.engine import HANDLERS
from core.games.dangerous.setup import SETUP_AGENDA
from core.games.dangerous.state import Player, State, Task
from core.games.dangerous.view import build_view
from core.narration import Lines

ENGINE: Agenda[State] = Agenda("dangerous")


def _legacy(state: State) -> Task | None:
    """The first task, while it is one of the string-keyed tasks not yet ported."""
    task = state.agenda[0] if state.agenda else None
    return task if isinstance(task, Task) else None


def settle(state: State, lines: Lines) -> State:
    """Run what needs nobody, typed tasks and string-keyed ones alike, until input is needed."""
    while True:
        state = ENGINE.settle(state, lines)
        task = _legacy(state)
        if task is None or HANDLERS[task.kind].ask is not None:
            return state
        state, more = HANDLERS[task.kind].act(state.pop()[1], task, None, -1)
        lines.extend(more)


class Dangerous:
    id = "dangerous"
    title = "Dangerous (戦闘破壊学園ダンゲロス)"
    min_players = 2
    max_players = 4
    options: tuple[GameOption, ...] = (
        GameOption(
            "draft",
            "Draft the starting party",
            False,
            "Advanced rule: pick the three starting Lv1 cards one at a time, "
            "passing the rest to the left.",
        ),
        GameOption(
            "turn_limit",
            "Turn limit",
            12,
            "If the old school building still stands after this many turns, the final battle "
            "begins (0 = no limit).",
        ),
    )

    def initial_state(self, names: tuple[str, ...], options: dict[str, Any]) -> State:
        chosen = {option.name: options.get(option.name, option.default) for option in self.options}
        players = tuple(Player(space="") for _ in names)
        state = State(names=names, options=chosen, players=players, agenda=SETUP_AGENDA)
        return settle(state, [])

    def pending(self, state: State) -> Step:
        task = _legacy(state)
        if task is None:
            return ENGINE.pending(state)
        ask = HANDLERS[task.kind].ask
        assert ask is not None, f"automatic task {task.kind} left on the agenda"
        return ask(state, task)

    def apply_decision(self, state: State, seat: int, choice: Choice) -> Applied[State]:
        return self._answer(state, choice, seat)

    def apply_chance(self, state: State, outcome: Outcome) -> Applied[State]:
        return self._answer(state, outcome, -1)

    def _answer(self, state: State, answer: Any, seat: int) -> Applied[State]:
        task = _legacy(state)
        if task is not None:
            after, lines = HANDLERS[task.kind].act(state.pop()[1], task, answer, seat)
        elif seat < 0:
            after, lines = ENGINE.chance(state, answer)
        else:
            after, lines = ENGINE.decide(state, seat, answer)
        after = settle(after, lines)
        return Applied(after, tuple(lines), reveals=after.reveal_count > state.reveal_count)

    def view(self, state: State, viewer: int | None) -> TableView:
        return build_view(state, viewer, self.pending(state))

    def result(self, state: State) -> Result | None:
        if state.phase != "over":
            return None
        scores = tuple(1 if seat in state.winners else 0 for seat in range(state.player_count))
        names = ", ".join(state.names[seat] for seat in state.winners)
        verb = "wins" if len(state.winners) == 1 else "share the win"
        return Result(scores, state.winners, f"{names} {verb}.")
