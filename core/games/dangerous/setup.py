"""Setting up (rulebook §2): decks, bosses in draw order, starting parties, items, tokens."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from core import chance
from core.agenda import Asking, Automatic, Done, Gather, push
from core.chance import ChanceRequest
from core.decisions import Choice, Decision, Option, choose_one
from core.frozen import replace
from core.games.dangerous import rolls
from core.games.dangerous.board import is_closed
from core.games.dangerous.cards import card_name, card_option, party_order_decision
from core.games.dangerous.content import content
from core.games.dangerous.meeting import ItemRoll
from core.games.dangerous.state import State
from core.games.dangerous.turn import TurnStart
from core.narration import Lines, Message, Name, Narration, Text, listing, say
from core.records import dataclass

DECK_TITLES: dict[str, Text] = {
    "lv1": "Lv1",
    "lv2": "Lv2",
    "lv3": "Lv3",
    "transfer": Name("転校生", "(transfer student)"),
}
"""The decks as the log and their shuffles' chance requests name them."""


@cache
def _deck_label(deck: str) -> Message:
    """What a deck's shuffle is for ('the 転校生 (transfer student) deck'), made once."""
    return Message("the {deck} deck", deck=DECK_TITLES[deck])


@dataclass(frozen=True)
class Shuffle(Asking[State]):
    deck: str

    def ask(self, state: State) -> ChanceRequest:
        return chance.shuffle(content().decks[self.deck], _deck_label(self.deck))

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        decks = {**state.decks, self.deck: tuple(str(card) for card in answer)}
        deck = DECK_TITLES[self.deck]
        if self.deck in ("lv1", "lv2"):
            line = say("The {deck} deck is shuffled and laid face up.", deck=deck)
        else:
            line = say("The {deck} deck is shuffled and laid face down.", deck=deck)
        return replace(state, decks=decks), [line]


@dataclass(frozen=True)
class BuildBosses(Automatic[State]):
    """Each boss takes its cards from the top of the Lv3 / transfer decks, in board order; the
    order they are drawn in is the order they fight in."""

    def run(self, state: State) -> Done[State]:
        decks = dict(state.decks)
        bosses: dict[str, tuple[str, ...]] = {}
        players = state.player_count
        for site in content().board.bosses:
            closed = (site.closed_2p and players == 2) or is_closed(site.space, players)
            cards = []
            for deck in site.cards:
                if decks[deck]:
                    cards.append(decks[deck][0])
                    decks[deck] = decks[deck][1:]
            if closed:
                # The area is closed in a two-player game: no boss is built there; the cards
                # drawn for it go to the bottom of their decks (ruling R3).
                for instance, deck in zip(cards, site.cards, strict=False):
                    decks[deck] = (*decks[deck], instance)
                continue
            bosses[site.id] = tuple(cards)
        line = say(
            "The bosses take their places ({count} boss parties, face down).", count=len(bosses)
        )
        return replace(state, decks=decks, bosses=bosses), [line]


@dataclass(frozen=True)
class Deal(Automatic[State]):
    def run(self, state: State) -> Done[State]:
        if state.options.get("draft"):
            return _deal_draft(state)
        deck = state.decks["lv1"]
        lines: Lines = []
        for seat in range(state.player_count):
            hand, deck = deck[:3], deck[3:]
            state = state.with_player(seat, party=hand)
            names = listing([card_name(card) for card in hand])
            lines.append(say("{name} starts with {names}.", name=state.names[seat], names=names))
        return replace(state, decks={**state.decks, "lv1": deck}), lines


def _deal_draft(state: State) -> Done[State]:
    deck = state.decks["lv1"]
    packets = []
    for _ in range(state.player_count):
        packets.append(deck[:3])
        deck = deck[3:]
    state = replace(state, decks={**state.decks, "lv1": deck}, draft=tuple(packets))
    line = Narration(
        "Draft: everyone is dealt 3 Lv1 cards, keeps one and passes the rest to the left.",
        secret=tuple(
            (
                seat,
                Message(
                    "Draft: you are dealt {cards}.",
                    cards=listing([card_name(c) for c in packets[seat]]),
                ),
            )
            for seat in range(state.player_count)
        ),
    )
    return push(state, DraftPick()), [line]


@dataclass(frozen=True)
class DraftPick(Gather[State]):
    """Everyone keeps a card of the packet in their hands, all at once and in secret; then the
    rest of each packet passes to the left."""

    def seats(self, state: State) -> tuple[int, ...]:
        return tuple(range(state.player_count))

    def decision(self, state: State, seat: int) -> Decision:
        prompt = Message(
            "Draft: keep one card for your party; the rest go to the player on your left."
        )
        options = tuple(card_option(card) for card in state.draft[seat])
        return choose_one(seat, "draft", prompt, options)

    def answered(self, state: State, seat: int, choice: Choice) -> Lines:
        pick, name = card_name(str(choice)), state.names[seat]
        return [
            Narration(
                Message("{name} keeps a card.", name=name),
                secret=((seat, Message("You keep {card}.", card=pick)),),
                full=Message("{name} keeps {card}.", name=name, card=pick),
            )
        ]

    def reveal(self, state: State, answers: Mapping[int, Choice]) -> Done[State]:
        for seat in sorted(answers):
            state = keep(state, seat, str(answers[seat]))
        # Everyone has picked: pass the packets left, and pick again while cards remain.
        players = state.player_count
        passed = tuple(state.draft[(seat - 1) % players] for seat in range(players))
        state = replace(state, draft=passed)
        if passed[0]:
            return push(state, DraftPick()), []
        return replace(state, draft=()), [say("The draft is over.")]

    def kept(self, seat: int) -> tuple[str, ...]:
        """The card `seat` has kept this round, while the others still choose (for its view)."""
        pick = self.answer_of(seat)
        return () if pick is None else (str(pick),)


def keep(state: State, seat: int, pick: str) -> State:
    """`seat` keeps `pick` from its packet."""
    packets = list(state.draft)
    packets[seat] = tuple(card for card in packets[seat] if card != pick)
    state = state.with_player(seat, party=(*state.players[seat].party, pick))
    return replace(state, draft=tuple(packets))


@dataclass(frozen=True)
class StartPlayer(Asking[State]):
    def ask(self, state: State) -> ChanceRequest:
        return chance.pick(tuple(range(state.player_count)), rolls.FIRST_START_PLAYER)

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        start = int(answer[0])
        return replace(state, start=start), [
            say("{name} is the first start player.", name=state.names[start])
        ]


@dataclass(frozen=True)
class InitialItems(Automatic[State]):
    def run(self, state: State) -> Done[State]:
        return push(state, *(ItemRoll(seat) for seat in state.clockwise(state.start))), []


@dataclass(frozen=True)
class PlaceTokens(Automatic[State]):
    def run(self, state: State) -> Done[State]:
        board = content().board
        start = tuple(
            space for space in board.lv2_start if not is_closed(space, state.player_count)
        )
        players = tuple(replace(player, space=board.spring) for player in state.players)
        state = replace(
            state, tokens=start, token_supply=board.lv2_supply - len(start), players=players
        )
        return state, [say("Two Lv2 tokens go on their squares; every piece starts at the spring.")]


@dataclass(frozen=True)
class OrderParties(Automatic[State]):
    def run(self, state: State) -> Done[State]:
        return push(state, *(OrderParty(seat) for seat in state.clockwise(state.start))), []


@dataclass(frozen=True)
class OrderParty(Asking[State]):
    seat: int

    def ask(self, state: State) -> Decision:
        if len(state.players[self.seat].party) < 2:
            ready = Message("Your party is ready.")
            return choose_one(self.seat, "order", ready, (Option("ok", Message("OK")),))
        prompt = Message("Set your party's order (front fights first).")
        return party_order_decision(state, self.seat, prompt)

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        if isinstance(answer, tuple):
            state = state.with_player(self.seat, party=tuple(str(card) for card in answer))
        party = listing([card_name(card) for card in state.players[self.seat].party])
        return state, [
            say(
                "{name} lines up: {party}.",
                name=state.names[self.seat],
                party=party or Message("nobody"),
            )
        ]


SETUP_AGENDA = (
    Shuffle("lv3"),
    Shuffle("transfer"),
    BuildBosses(),
    Shuffle("lv1"),
    Shuffle("lv2"),
    Deal(),
    StartPlayer(),
    InitialItems(),
    PlaceTokens(),
    OrderParties(),
    TurnStart(),
)
