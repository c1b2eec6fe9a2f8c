"""A turn's outline (rulebook §3-§4): the strategy meeting, then each player's exploration."""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.agenda import Automatic, Done
from core.games.dangerous.meeting import (
    AP_BASE,
    AP_MAX,
    ApRound,
    MeetingAbilities,
    MeetingResolve,
)
from core.games.dangerous.state import Meeting, State, Task
from core.narration import say


@dataclass(frozen=True)
class TurnStart(Automatic[State]):
    def run(self, state: State) -> Done[State]:
        turn = state.turn + 1
        order = state.clockwise(state.start)
        ap = tuple(min(AP_MAX, player.ap_next) for player in state.players)
        nobody = (0,) * state.player_count
        meeting = Meeting(ap_left=ap, placed={}, order=order, extra_move=nobody, slowed=nobody)
        players = tuple(replace(player, ap_next=AP_BASE) for player in state.players)
        state = replace(
            state, turn=turn, phase="meeting", meeting=meeting, players=players, next_start=-1
        )
        state = state.push(
            *(MeetingAbilities(seat, "meeting_start") for seat in order),
            ApRound(),
            *(MeetingAbilities(seat, "meeting_end") for seat in order),
            MeetingResolve(),
            Task("explore_start"),
            *(Task("explore", seat=seat) for seat in order),
            Task("turn_end"),
        )
        start = state.names[state.start]
        return state, [say(f"Turn {turn}: strategy meeting. {start} is the start player.")]
