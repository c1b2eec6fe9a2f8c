"""A deliberately endless game for measuring the table itself on long logs.

Each round one die is rolled (a chance entry) and the seat whose turn it is keeps it or doubles
it (a decision entry). It has no end, so a log can be made as long as a benchmark needs. It is
registered only inside the benchmark process, never in the app.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from core import chance
from core.chance import Outcome
from core.decisions import Choice, Option, choose_one
from core.games.base import Applied, GameOption, Narration, Result, SeatSummary, Step, View

if TYPE_CHECKING:  # (an older tree, which the bench measures against, may not have it)
    from core.games.base import Viewer


@dataclass(frozen=True)
class MarathonState:
    names: tuple[str, ...]
    round: int = 0
    die: int = 0
    scores: tuple[int, ...] = ()


class Marathon:
    id = "bench-marathon"
    title = "Benchmark marathon"
    min_players = 1
    max_players = 6
    options: tuple[GameOption, ...] = ()
    rules_version = 1
    older_rules: Mapping[int, Mapping[str, Any]] = {}
    score_name = "points"

    def initial_state(self, names: tuple[str, ...], options: dict[str, Any]) -> MarathonState:
        return MarathonState(names, scores=(0,) * len(names))

    def pending(self, state: MarathonState) -> Step:
        if state.die == 0:
            return Step(chance=chance.dice(1, "the marathon die"))
        seat = state.round % len(state.names)
        options = (Option("keep", "Keep"), Option("double", "Double"))
        return Step(decisions=(choose_one(seat, "score", "Keep or double?", options),))

    def apply_chance(self, state: MarathonState, outcome: Outcome) -> Applied[MarathonState]:
        return Applied(replace(state, die=int(outcome[0])), (Narration(f"rolled {outcome[0]}"),))

    def apply_decision(
        self, state: MarathonState, seat: int, choice: Choice
    ) -> Applied[MarathonState]:
        gain = state.die * (2 if choice == "double" else 1)
        scores = tuple(s + gain if i == seat else s for i, s in enumerate(state.scores))
        nxt = replace(state, round=state.round + 1, die=0, scores=scores)
        return Applied(nxt, (Narration(f"{state.names[seat]} scores {gain}"),))

    def view(self, state: MarathonState, viewer: Viewer) -> View:
        seats = tuple(SeatSummary(score) for score in state.scores)
        return View(viewer, f"round {state.round}", "marathon", seats, None)

    def result(self, state: MarathonState) -> Result | None:
        return None
