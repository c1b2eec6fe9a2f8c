"""A turn's outline (rulebook §3-§4): the strategy meeting, then each player's exploration."""

from __future__ import annotations

from functools import cache

from core.agenda import Automatic, Done, Task, push
from core.frozen import replace
from core.games.dangerous.explore import Explore, ExploreStart
from core.games.dangerous.final import FinalStart
from core.games.dangerous.meeting import (
    AP_BASE,
    AP_MAX,
    ApRound,
    MeetingAbilities,
    MeetingResolve,
)
from core.games.dangerous.state import Meeting, State
from core.narration import say
from core.records import dataclass


@dataclass(frozen=True)
class TurnStart(Automatic[State]):
    def run(self, state: State) -> Done[State]:
        turn = state.turn + 1
        order = state.clockwise(state.start)
        ap = tuple(min(AP_MAX, player.ap_next) for player in state.players)
        nobody = (0,) * state.player_count
        meeting = Meeting(ap_left=ap, placed={}, order=order, extra_move=nobody, banked=nobody)
        players = tuple(replace(player, ap_next=AP_BASE) for player in state.players)
        state = replace(
            state, turn=turn, phase="meeting", meeting=meeting, players=players, next_start=-1
        )
        state = push(state, *_turn_tasks(order))
        start = state.names[state.start]
        return state, [
            say(
                "Turn {turn}: strategy meeting. {start} is the start player.",
                turn=turn,
                start=start,
            )
        ]


@cache  # tasks are immutable values: a turn's are the same for the same seating order
def _turn_tasks(order: tuple[int, ...]) -> tuple[Task[State], ...]:
    """The tasks of a turn whose seats play in `order`, after TurnStart."""
    return (
        *(MeetingAbilities(seat, "meeting_start") for seat in order),
        ApRound(),
        *(MeetingAbilities(seat, "meeting_end") for seat in order),
        MeetingResolve(),
        ExploreStart(),
        *(Explore(seat) for seat in order),
        TurnEnd(),
    )


@dataclass(frozen=True)
class TurnEnd(Automatic[State]):
    """The start player passes on. With the house rule `turn_limit` on (ruling R23; off by
    default: the rulebook ends exploration only when 旧校舎 falls, lines 19 and 129), the final
    battle begins after the last turn."""

    def run(self, state: State) -> Done[State]:
        limit = int(state.options.get("turn_limit", 0))
        start = state.next_start if state.next_start >= 0 else state.start
        state = replace(state, start=start, meeting=None, explorer=-1)
        if limit and state.turn >= limit:
            line = say(
                "Turn {turn} was the last (house rule: turn limit {limit}): "
                "the final battle begins.",
                turn=state.turn,
                limit=limit,
            )
            return push(state, FinalStart(start)), [line]
        return push(state, TurnStart()), []
