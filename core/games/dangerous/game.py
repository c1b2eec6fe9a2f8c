"""Dangerous (戦闘破壊学園ダンゲロス・ボードゲーム, seed 000): the Game the table plays.

The rules live in the typed agenda tasks of the modules beside this one, phase by phase (setup,
turn: meeting then exploration, combat, final); this module wires them to the table through one
core agenda engine: what is pending is the first task on the agenda, and an answer goes to the
task that asked. Rulings: docs/rules/dangerous.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.agenda import Agenda
from core.chance import Outcome
from core.decisions import Choice
from core.games.base import Applied, Result, Step, Viewer
from core.games.base import View as TableView
from core.games.dangerous import INFO
from core.games.dangerous.setup import SETUP_AGENDA
from core.games.dangerous.state import Player, State
from core.games.dangerous.view import build_view
from core.i18n import N_
from core.narration import LIST_SEPARATOR, Joined, Message, listing

ENGINE: Agenda[State] = Agenda("dangerous")


class Dangerous:
    id, title, options = INFO.id, INFO.title, INFO.options
    min_players, max_players = INFO.min_players, INFO.max_players
    # Version 2 (issue 8): Lv2 tokens return to the supply (R8), the turn limit is a house rule
    # (R23), meeting abilities spend AP (R10), field abilities all turn long (R11), who acts
    # first in a window (R15), 鏡子 and マゆゆ in the ambush (R16), 一刀両断 in the final battle
    # (R24), 白金 (R35), 友釣り (R36). Version-1 saves that no longer replay open as replays.
    rules_version = 2
    older_rules: Mapping[int, Mapping[str, Any]] = {}
    score_name = N_("boss tokens")

    def initial_state(self, names: tuple[str, ...], options: dict[str, Any]) -> State:
        chosen = {option.name: options.get(option.name, option.default) for option in self.options}
        players = tuple(Player(space="") for _ in names)
        state = State(names=names, options=chosen, players=players, agenda=SETUP_AGENDA)
        return ENGINE.settle(state, [])

    def pending(self, state: State) -> Step:
        return ENGINE.pending(state)

    # (Each entry's Applied made here, without a further call or keywords: once an entry.)
    def apply_decision(self, state: State, seat: int, choice: Choice) -> Applied[State]:
        after, lines = ENGINE.decide(state, seat, choice)
        return Applied(
            after,
            tuple(lines),
            after.reveal_count > state.reveal_count,  # reveals
            after.duels_decided > state.duels_decided,  # decides
        )

    def apply_chance(self, state: State, outcome: Outcome) -> Applied[State]:
        after, lines = ENGINE.chance(state, outcome)
        return Applied(
            after,
            tuple(lines),
            after.reveal_count > state.reveal_count,  # reveals
            after.duels_decided > state.duels_decided,  # decides
        )

    def view(self, state: State, viewer: Viewer) -> TableView:
        return build_view(state, viewer, self.pending(state))

    def result(self, state: State) -> Result | None:
        if state.phase != "over":
            return None
        # The players panel's score: boss tokens. The winner is the last party standing in the
        # final battle (line 133), whatever the tokens.
        scores = tuple(len(player.tokens) for player in state.players)
        names = listing([state.names[seat] for seat in state.winners])
        tokens = Joined(
            tuple(
                Message("{name} {count}", name=name, count=count)
                for name, count in zip(state.names, scores)
            ),
            LIST_SEPARATOR,
        )
        summary = (
            Message(
                "{names} wins the final battle (boss tokens: {tokens}).", names=names, tokens=tokens
            )
            if len(state.winners) == 1
            else Message(
                "{names} share the win (a draw) (boss tokens: {tokens}).",
                names=names,
                tokens=tokens,
            )
        )
        return Result(scores, state.winners, summary)
