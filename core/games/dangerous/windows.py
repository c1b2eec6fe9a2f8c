"""Who acts first when both sides of a battle can act in the same timing window (rulebook line
103: 両者が同タイミングで使える能力を持っていた場合…両者共に先に使いたい場合、もしくは両者共に
先に使いたくない場合はダイスを振って決めて下さい).

The ambush step keeps line 90's order (the active player first); the windows of a 1-on-1 ask
both players with core.agenda's `WhoFirst`: each says in secret whether it wants to act first,
and a die roll settles a tie.
"""

from __future__ import annotations

from core.agenda import Task, WhoFirst, push
from core.decisions import ActingFor
from core.games.dangerous.battle import combat, deciding_for, is_party, side_name
from core.games.dangerous.state import State
from core.narration import Message, Text
from core.records import dataclass

Turns = tuple[tuple[Task[State], ...], tuple[Task[State], ...]]


@dataclass(frozen=True)
class SideFirst(WhoFirst[State]):
    """Both sides can act in the window `situation` describes; `turns` are side 0's and side
    1's tasks there (the contenders are the seats playing each side)."""

    situation: Text

    def prompt(self, state: State, seat: int) -> Text:
        side = combat(state).seats.index(seat)
        if not is_party(state, side):
            return Message(
                "{situation} Both sides can act now: do you want {side} (you play it) to act "
                "first?",
                situation=self.situation,
                side=side_name(state, side),
            )
        return Message(
            "{situation} Both sides can act now: do you want to act first?",
            situation=self.situation,
        )

    def who(self, state: State, seat: int) -> Text:
        return side_name(state, combat(state).seats.index(seat))

    def acting_for(self, state: State, seat: int) -> ActingFor | None:
        return deciding_for(state, combat(state).seats.index(seat))


def in_either_order(state: State, situation: Text, turns: Turns, contested: bool) -> State:
    """Queue a window's turns. `contested`: both sides can act in it, so they settle who goes
    first; otherwise at most one side acts and the order changes nothing."""
    return push(state, *either_order(state, situation, turns, contested))


def either_order(
    state: State, situation: Text, turns: Turns, contested: bool
) -> tuple[Task[State], ...]:
    """The tasks `in_either_order` queues, for a step that queues more behind them."""
    if not contested:
        return (*turns[0], *turns[1])
    return (SideFirst(combat(state).seats, turns, situation),)
