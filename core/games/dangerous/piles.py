"""Drawing from a discard pile (the spring's roll, the redraw after a wipe-out) and topping a
short party up from the Lv1 deck."""

from __future__ import annotations

from typing import Any

from core import chance
from core.agenda import Asking, Done, push
from core.chance import ChanceRequest
from core.frozen import replace
from core.games.dangerous import rolls
from core.games.dangerous.aftermath import HAND_LIMIT, HandLimit
from core.games.dangerous.cards import card_name
from core.games.dangerous.state import State
from core.narration import Lines, listing, say
from core.records import dataclass


@dataclass(frozen=True)
class DrawRandom(Asking[State]):
    """`count` random cards from `seat`'s discard pile: the pile is shuffled and the top ones
    taken. At the spring the hand limit applies; otherwise a short party is topped up."""

    seat: int
    count: int
    at_spring: bool

    def ask(self, state: State) -> ChanceRequest:
        pile = state.players[self.seat].discard
        return chance.shuffle(pile, rolls.of_player(rolls.DISCARD_PILE, state.names[self.seat]))

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        shuffled = tuple(str(c) for c in answer)
        drawn, rest = shuffled[: self.count], shuffled[self.count :]
        player = state.players[self.seat]
        state = state.with_player(self.seat, party=(*player.party, *drawn), discard=rest)
        names = listing([card_name(c) for c in drawn])
        lines: Lines = [say("{name} draws {names}.", name=state.names[self.seat], names=names)]
        if self.at_spring and len(state.players[self.seat].party) > HAND_LIMIT:
            return push(state, HandLimit(self.seat)), lines
        return top_up(state, self.seat, lines)


def top_up(state: State, seat: int, lines: Lines) -> Done[State]:
    """With 2 or fewer cards even after the whole discard pile, draw up to 3 from the Lv1 deck."""
    player = state.players[seat]
    short = 3 - len(player.party) - len(player.discard)
    deck = state.decks["lv1"]
    if len(player.party) >= 3 or short <= 0 or not deck:
        if short > 0 and len(player.party) < 3 and player.discard:
            pile = player.discard
            state = state.with_player(seat, party=(*player.party, *pile), discard=())
            lines.append(say("{name} takes the rest of the discard pile.", name=state.names[seat]))
        return state, lines
    pile = player.discard
    drawn = deck[: 3 - len(player.party) - len(pile)]
    state = state.with_player(seat, party=(*player.party, *pile, *drawn), discard=())
    state = replace(state, decks={**state.decks, "lv1": deck[len(drawn) :]})
    names = listing([card_name(c) for c in drawn])
    lines.append(
        say("{name} tops up from the Lv1 deck: {names}.", name=state.names[seat], names=names)
    )
    return state, lines
