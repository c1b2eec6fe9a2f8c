"""What a square does when a player ends a move on it (rulebook §4): the spring, a boss, a Lv2
token or a Lv1 card."""

from __future__ import annotations

from functools import cache
from typing import Any

from core import chance
from core.agenda import Asking, Automatic, Done, push
from core.chance import ChanceRequest
from core.decisions import Decision, Option, choose_one
from core.frozen import replace
from core.games.dangerous import rolls
from core.games.dangerous.battle_end import CombatEnd
from core.games.dangerous.board import (
    fightable_bosses,
    live_bosses,
    retire_tokens,
    token_fought,
)
from core.games.dangerous.cards import card_name, card_option, pile_options
from core.games.dangerous.combat import start_combat
from core.games.dangerous.content import content
from core.games.dangerous.piles import DrawRandom, top_up
from core.games.dangerous.state import Combat, State
from core.narration import Message, Text, say
from core.records import dataclass

SquareEvent = tuple[str, str]
"""What a square would do to a player, in plain values (what `event_words` says): the kind of
event and the card it would turn up ("" for none)."""


def square_event(state: State, seat: int, space: str) -> SquareEvent:
    """What `space` would do to `seat`: asked for every square a move reaches."""
    kind = _kinds()[space]
    if kind == "spring":
        return ("spring", "")
    if kind == "boss":
        if fightable_bosses(state, seat, space):
            return ("boss", "")
        return ("no boss", "") if live_bosses(state, space) else ("boss beaten", "")
    return _deck_event(state, "lv2" if space in state.tokens else "lv1")


def square_events(state: State, seat: int, spaces: list[str]) -> list[SquareEvent]:
    """`square_event` of each of `spaces` (the squares a move reaches), with a normal square's
    event (its deck's top card) worked out once for all of them."""
    kinds, tokens = _kinds(), state.tokens
    lv1, lv2 = _deck_event(state, "lv1"), _deck_event(state, "lv2")
    return [
        (lv2 if space in tokens else lv1)
        if kinds[space] == "normal"
        else square_event(state, seat, space)
        for space in spaces
    ]


def _deck_event(state: State, deck: str) -> SquareEvent:
    """Meeting the top card of `deck` (none when it is empty)."""
    top = state.decks.get(deck, ())
    return (deck, top[0] if top else "")


@cache  # the board never changes
def _kinds() -> dict[str, str]:
    """Each space's kind: normal, spring or boss."""
    return {space.id: space.kind for space in content().board.spaces.values()}


@cache  # a handful of events (a kind and a card): each worded once
def event_words(event: SquareEvent) -> Text:
    """An event of `square_event` in words (an option's detail)."""
    kind, card = event
    if kind == "spring":
        return Message("the spring")
    if kind == "boss":
        return Message("boss fight")
    if kind == "boss beaten":
        return Message("boss beaten")
    if kind == "no boss":
        return Message("no boss you may fight")
    if kind == "lv2":
        return Message("Lv2 fight: {card}", card=card_name(card)) if card else Message("Lv2 token")
    if card:
        return Message("Lv1 fight: {card}", card=card_name(card))
    return Message("nothing (Lv1 deck empty)")


def event_text(state: State, seat: int, space: str) -> Text:
    """What `space` would do to `seat` (an option's detail)."""
    return event_words(square_event(state, seat, space))


def fight(
    state: State, kind: str, seat: int, enemy: tuple[str, ...], boss: str = "", **changes: Any
) -> State:
    """`seat`'s party against `enemy`, which the next player controls; `changes` to the state
    (the card drawn from its deck) are made with it."""
    battle = Combat(kind=kind, seats=(seat, state.next_seat(seat)), enemy=enemy, boss=boss)
    return start_combat(state, battle, CombatEnd(), **changes)


@dataclass(frozen=True)
class Event(Automatic[State]):
    seat: int
    space: str

    def run(self, state: State) -> Done[State]:
        seat, space = self.seat, self.space
        kind = content().board.spaces[space].kind
        if kind == "spring":
            return push(state, Spring(seat)), []
        if kind == "boss":
            bosses = fightable_bosses(state, seat, space)
            if len(bosses) > 1:
                return push(state, ChooseBoss(seat, space)), []
            if bosses:
                return _boss_fight(state, seat, bosses[0]), []
            return state, [say("Nothing happens here.")]
        if space in state.tokens:
            state = token_fought(state, space)
            deck = state.decks["lv2"]
            if not deck:
                return state, [say("The Lv2 deck is empty.")]
            state = replace(state, decks={**state.decks, "lv2": deck[1:]})
            met = say(
                "The Lv2 token is removed: {name} meets {card}.",
                name=state.names[seat],
                card=card_name(deck[0]),
            )
            lines = [met]
            if not deck[1:]:
                # The deck ran dry: every token leaves at once, for good (直ちに, line 66),
                # even if this card goes back to the bottom after a flight.
                state = retire_tokens(state)
                lines.append(
                    say("The Lv2 deck is empty: every Lv2 token leaves the board for good.")
                )
            return fight(state, "lv2", seat, (deck[0],)), lines
        deck = state.decks["lv1"]
        if not deck:
            return state, [say("The Lv1 deck is empty: nothing happens.")]
        line = say("{name} meets {card}.", name=state.names[seat], card=card_name(deck[0]))
        return fight(state, "lv1", seat, (deck[0],), decks={**state.decks, "lv1": deck[1:]}), [line]


def _boss_fight(state: State, seat: int, boss: str) -> State:
    state = fight(state, "boss", seat, state.bosses[boss], boss)
    # The boss cards were face down until now.
    seen = state.seen_bosses if boss in state.seen_bosses else (*state.seen_bosses, boss)
    return replace(
        state,
        bosses={**state.bosses, boss: ()},
        seen_bosses=seen,
        reveal_count=state.reveal_count + (boss not in state.seen_bosses),
    )


@dataclass(frozen=True)
class ChooseBoss(Asking[State]):
    """The classroom holds two bosses: `seat` picks one."""

    seat: int
    space: str

    def ask(self, state: State) -> Decision:
        board = content().board
        options = tuple(
            Option(boss, board.boss(boss).title)
            for boss in fightable_bosses(state, self.seat, self.space)
        )
        return choose_one(self.seat, "boss", Message("Which boss do you fight?"), options)

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        return _boss_fight(state, self.seat, str(answer)), []


# --- the spring ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Spring(Asking[State]):
    seat: int

    def ask(self, state: State) -> Decision:
        player = state.players[self.seat]
        options = [
            Option("draw", Message("Roll a die and draw that many cards from your discard pile"))
        ]
        if player.party and player.discard:
            options.append(
                Option("swap", Message("Swap one party card for one from your discard pile"))
            )
        options.append(Option("rest", Message("Do nothing")))
        prompt = Message("The spring: choose one.")
        return choose_one(self.seat, "spring", prompt, tuple(options))

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        if answer == "draw":
            return push(state, SpringDie(self.seat)), []
        if answer == "swap":
            return push(state, SpringOut(self.seat)), []
        return state, [say("{name} rests at the spring.", name=state.names[self.seat])]


@dataclass(frozen=True)
class SpringDie(Asking[State]):
    seat: int

    def ask(self, state: State) -> ChanceRequest:
        return chance.dice(1, rolls.of_player(rolls.SPRING_ROLL, state.names[self.seat]))

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        face, name = int(answer[0]), state.names[self.seat]
        if not state.players[self.seat].discard:
            line = say(
                "{name} rolls {face} at the spring, but the discard pile is empty.",
                name=name,
                face=face,
            )
            return top_up(state, self.seat, [line])
        line = say("{name} rolls {face} at the spring.", name=name, face=face)
        return push(state, DrawRandom(self.seat, face, at_spring=True)), [line]


@dataclass(frozen=True)
class SpringOut(Asking[State]):
    seat: int

    def ask(self, state: State) -> Decision:
        options = tuple(card_option(c) for c in state.players[self.seat].party)
        prompt = Message("Which party card goes to the discard pile?")
        return choose_one(self.seat, "spring-out", prompt, options)

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        player = state.players[self.seat]
        out = str(answer)
        party = tuple(c for c in player.party if c != out)
        state = state.with_player(self.seat, party=party, discard=(*player.discard, out))
        line = say("{name} discards {out}.", name=state.names[self.seat], out=card_name(out))
        return push(state, SpringIn(self.seat)), [line]


@dataclass(frozen=True)
class SpringIn(Asking[State]):
    seat: int

    def ask(self, state: State) -> Decision:
        options = pile_options(state.players[self.seat].discard)
        prompt = Message("Which card comes back from the discard pile?")
        return choose_one(self.seat, "spring-in", prompt, options)

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        player = state.players[self.seat]
        back = str(answer)
        pile = list(player.discard)
        pile.remove(back)
        state = state.with_player(self.seat, party=(*player.party, back), discard=tuple(pile))
        return state, [
            say("{name} takes back {back}.", name=state.names[self.seat], back=card_name(back))
        ]
