"""After a 1-on-1's settlement (rulebook §5): insurance revives a card, the active player takes
or discards a beaten enemy card, and a party over the hand limit discards down to it."""

from __future__ import annotations

from typing import Any

from core.agenda import Asking, Automatic, Done, push
from core.decisions import Decision, Option, choose_one, choose_several
from core.games.dangerous.battle import combat, is_party, row, tell, with_combat
from core.games.dangerous.cards import card_name, card_option, pile_options
from core.games.dangerous.content import card
from core.games.dangerous.state import State
from core.narration import Lines, Message, listing, say
from core.records import dataclass

HAND_LIMIT = 5
NO = "no"


@dataclass(frozen=True)
class Revival(Automatic[State]):
    """A party that lost a card this settlement may revive one, once a battle, if a card with
    insurance is still in it."""

    side: int

    def run(self, state: State) -> Done[State]:
        fight, side = combat(state), self.side
        if not is_party(state, side) or fight.revived[side]:
            return state, []
        if not fight.lost_this_settlement[side]:
            return state, []
        if not any(card(c).effect == "insurance" for c in row(state, side)):
            return state, []
        if not state.players[fight.seats[side]].discard:
            return state, []
        return push(state, Revive(side)), []


@dataclass(frozen=True)
class Revive(Asking[State]):
    side: int

    def ask(self, state: State) -> Decision:
        seat = combat(state).seats[self.side]
        options = pile_options(state.players[seat].discard)
        prompt = Message(
            "Insurance: bring one card back from your discard pile to the end of your party?"
        )
        return choose_one(seat, "revive", prompt, (*options, Option(NO, Message("No"))))

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        fight = combat(state)
        revived = list(fight.revived)
        revived[self.side] = True
        state = with_combat(state, revived=(revived[0], revived[1]))
        if answer == NO:
            return state, []
        owner = fight.seats[self.side]
        back = str(answer)
        pile = list(state.players[owner].discard)
        pile.remove(back)
        party = (*state.players[owner].party, back)
        state = state.with_player(owner, discard=tuple(pile), party=party)
        lines: Lines = []
        return tell(
            state,
            lines,
            "{back} returns to {name}'s party.",
            back=card_name(back),
            name=state.names[owner],
        ), lines


CAPTURE_OPTIONS = (
    Option("party", Message("Into my party")),
    Option("discard", Message("To my discard pile")),
)


@dataclass(frozen=True)
class Spoils(Automatic[State]):
    """Exploration only: what the active player does with the enemy card just defeated."""

    def run(self, state: State) -> Done[State]:
        fight = combat(state)
        if fight.kind in ("final", "boss") or not fight.defeated:
            return state, []
        if fight.duel.winner == 2:
            # A mutual kill: the enemy card goes into the hand (rulebook §5, 相討ちの場合) --
            # unless that was the last card: wiped out, the card goes to the discard pile (R20).
            state = with_combat(state, defeated=())
            standing = bool(state.players[fight.seats[0]].party)
            return take(state, fight.seats[0], (fight.defeated[-1],), standing)
        return push(state, Capture(fight.defeated[-1])), []


@dataclass(frozen=True)
class Capture(Asking[State]):
    beaten: str

    def ask(self, state: State) -> Decision:
        seat = combat(state).seats[0]
        prompt = Message(
            "You defeated {card}. Take it into your party, or to your discard pile?",
            card=card_name(self.beaten),
        )
        return choose_one(seat, "capture", prompt, CAPTURE_OPTIONS)

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        owner = combat(state).seats[0]
        state = with_combat(state, defeated=())
        return take(state, owner, (self.beaten,), str(answer) == "party")


def take(state: State, owner: int, cards: tuple[str, ...], to_party: bool) -> Done[State]:
    """`owner` takes `cards` into the party (then the hand limit applies) or the discard pile."""
    lines: Lines = []
    player = state.players[owner]
    names = listing([card_name(c) for c in cards])
    if to_party:
        state = state.with_player(owner, party=(*player.party, *cards))
        lines.append(
            say("{name} takes {names} into the party.", name=state.names[owner], names=names)
        )
    else:
        state = state.with_player(owner, discard=(*player.discard, *cards))
        lines.append(
            say("{name} puts {names} in the discard pile.", name=state.names[owner], names=names)
        )
    if len(state.players[owner].party) > HAND_LIMIT:
        state = push(state, HandLimit(owner))
    return state, lines


@dataclass(frozen=True)
class HandLimit(Asking[State]):
    """`seat` discards down to the hand limit (nothing is asked within it)."""

    seat: int

    def ask(self, state: State) -> Decision | None:
        party = state.players[self.seat].party
        extra = len(party) - HAND_LIMIT
        if extra <= 0:
            return None
        options = tuple(card_option(c) for c in party)
        prompt = Message(
            "Your party holds more than {limit}: choose {extra} for your discard pile.",
            limit=HAND_LIMIT,
            extra=extra,
        )
        return choose_several(self.seat, "hand-limit", prompt, options, extra, extra)

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        dropped = tuple(str(c) for c in answer)
        player = state.players[self.seat]
        state = state.with_player(
            self.seat,
            party=tuple(c for c in player.party if c not in dropped),
            discard=(*player.discard, *dropped),
        )
        names = listing([card_name(c) for c in dropped])
        line = say(
            "{name} puts {names} in the discard pile (hand limit).",
            name=state.names[self.seat],
            names=names,
        )
        return state, [line]


# Tasks made once (a task is immutable): every settlement queues them.
REVIVALS = (Revival(0), Revival(1))
SPOILS = Spoils()
