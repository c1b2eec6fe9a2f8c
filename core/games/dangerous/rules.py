"""Dangerous (戦闘破壊学園ダンゲロス・ボードゲーム, seed 000): the Game the table plays.

The rules live in the task handlers of setup.py, meeting.py, explore.py, combat.py and final.py;
this module wires them to the table: what is pending is the first task on the agenda, and an
answer runs that task, then every automatic task after it. Rulings: docs/rules/dangerous.md.
"""

from __future__ import annotations

from typing import Any

from core.chance import Outcome
from core.decisions import Choice
from core.games.base import Applied, GameOption, Result, Step
from core.games.base import View as TableView
from core.games.dangerous import combat, explore, final, meeting, setup  # noqa: F401 (handlers)
from core.games.dangerous.engine import HANDLERS, settle
from core.games.dangerous.setup import SETUP_AGENDA
from core.games.dangerous.state import Player, State
from core.games.dangerous.view import build_view


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
            minimum=0,
            maximum=99,
        ),
    )

    def initial_state(self, names: tuple[str, ...], options: dict[str, Any]) -> State:
        chosen = {option.name: options.get(option.name, option.default) for option in self.options}
        players = tuple(Player(space="") for _ in names)
        state = State(names=names, options=chosen, players=players, agenda=SETUP_AGENDA)
        return settle(state, [])

    def pending(self, state: State) -> Step:
        if not state.agenda:
            return Step()
        task = state.agenda[0]
        ask = HANDLERS[task.kind].ask
        assert ask is not None, f"automatic task {task.kind} left on the agenda"
        return ask(state, task)

    def apply_decision(self, state: State, seat: int, choice: Choice) -> Applied[State]:
        return self._answer(state, choice, seat)

    def apply_chance(self, state: State, outcome: Outcome) -> Applied[State]:
        return self._answer(state, outcome, -1)

    def _answer(self, state: State, answer: Any, seat: int) -> Applied[State]:
        task, rest = state.pop()
        after, lines = HANDLERS[task.kind].act(rest, task, answer, seat)
        after = settle(after, lines)
        return Applied(after, tuple(lines), reveals=after.reveal_count > state.reveal_count)

    def view(self, state: State, viewer: int | None) -> TableView:
        return build_view(state, viewer, self.pending(state))

    def result(self, state: State) -> Result | None:
        if state.phase != "over":
            return None
        scores = tuple(1 if seat in state.winners else 0 for seat in range(state.count))
        names = ", ".join(state.names[seat] for seat in state.winners)
        verb = "wins" if len(state.winners) == 1 else "share the win"
        return Result(scores, state.winners, f"{names} {verb}.")
