"""Field exploration (rulebook §4): a player's exploration turn — field abilities, items and the
party's order before the move, the move and its event, then the field abilities and items that
still apply until the player ends the turn (line 62: 手番中いつでも) — and what they do."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache, partial
from operator import itemgetter
from typing import Any

from core.agenda import Asking, Automatic, Done, Menu, push, push_behind
from core.decisions import Choice, Decision, Option, choose_one
from core.frozen import replace
from core.games.dangerous.aftermath import take
from core.games.dangerous.board import cell_of, destinations, space_label
from core.games.dangerous.cards import (
    ability_name,
    card_name,
    party_order_decision,
    pile_options,
    with_timing,
)
from core.games.dangerous.content import card, content
from core.games.dangerous.events import Event, SquareEvent, event_text, event_words, square_events
from core.games.dangerous.state import State
from core.narration import Message, Text, listing, say
from core.records import dataclass

REORDER = "reorder"
USED_THIS_TURN = Message("already used this turn")
NO_DISCARD = Message("your discard pile is empty")
NO_TARGET = Message("no player to use it on")
ONE_CARD = Message("your party has one card")


def movement(state: State, seat: int) -> int:
    """Highest level in the party (転校生 = 4) + AP on move + field bonuses - slowing."""
    player = state.players[seat]
    base = _highest_level(player.party)
    meeting = state.meeting
    if meeting is None:
        return base
    total = base + meeting.count("move", seat) + meeting.extra_move[seat] - player.slowed
    return max(0, total)


@lru_cache(maxsize=1024)
def _highest_level(party: tuple[str, ...]) -> int:
    """The highest level in `party` (0 for none): a party stays the same for many turns."""
    return max((card(c).level for c in party), default=0)


AFTER_THE_MOVE = ("slow_player", "grasshopper", "heal")
"""The field effects that still apply once the move is made: extra movement has nothing left to
move, and a jump replaces the move itself (line 155)."""


def field_options(
    state: State, seat: int, used: tuple[str, ...], effects: tuple[str, ...] | None = None
) -> list[Option]:
    """`seat`'s field abilities (each card once a turn: `used`) and field items, with
    `effects` only those effects (None: all); those not usable now are offered unavailable,
    saying why, so that the others keep their places."""
    options: list[Option] = []
    for instance in with_timing(state.players[seat].party, "field"):
        if effects is None or card(instance).effect in effects:
            why: Text = (
                USED_THIS_TURN if instance in used else _field_unusable(state, seat, instance)
            )
            options.append(_field_card(instance, why))
    for item_id in state.players[seat].items:
        item = content().items[item_id]
        if item.timing == "field" and (effects is None or item.effect in effects):
            why = NO_DISCARD if item.effect == "heal" and not state.players[seat].discard else ""
            options.append(_field_item_option(item_id, why))
    return options


@cache
def _field_card(instance: str, why: Text) -> Option:
    """A field ability on offer, unavailable when `why` says so (made once for each: every
    exploration turn asks again, twice or more)."""
    found = card(instance)
    label = Message("{ability} ({card})", ability=ability_name(instance), card=found.title)
    return Option(f"card:{instance}", label, found.text, unavailable=why)


@cache
def _field_item_option(item_id: str, why: Text) -> Option:
    """A field item on offer, unavailable when `why` says so (made once for each)."""
    item = content().items[item_id]
    return Option(f"item:{item_id}", item.title, item.text, unavailable=why)


def use_field(state: State, seat: int, action: str) -> Done[State]:
    """`seat` uses the field ability ('card:<instance>') or item ('item:<id>') `action`."""
    kind, _, ident = action.partition(":")
    if kind == "item":
        return _field_item(state, seat, ident)
    return _field_ability(state, seat, ident)


def moving(state: State, seat: int, **changes: Any) -> State:
    """`seat` makes its move (or jump): the rest of this exploration turn is theirs (until a
    wipe-out ends it, line 124), and a slowing waiting for this turn is spent; `changes` to
    its player (where it goes) are made in the same copy."""
    return replace(state, explorer=seat).with_player(seat, slowed=0, **changes)


@dataclass(frozen=True)
class ExploreStart(Automatic[State]):
    def run(self, state: State) -> Done[State]:
        return replace(state, phase="exploration"), [say("Field exploration begins.")]


@dataclass(frozen=True)
class Explore(Menu[State]):
    """`seat`'s exploration turn: reorder the party, use field abilities (each card once) and
    items, as often as wanted; choosing a square (or a jump) ends it. Option ids: a square,
    'reorder', 'card:<instance>', 'item:<item id>'."""

    name = "move"
    done = None
    seat: int
    used: tuple[str, ...] = ()

    def chooser(self, state: State) -> int:
        return self.seat

    def prompt(self, state: State) -> Text:
        return _move_prompt(movement(state, self.seat))

    def offer(self, state: State) -> tuple[dict[str, int], Callable[[], tuple[Option, ...]]]:
        # Every square in reach is an available option (staying included), and so is reordering
        # a party of two or more: a logged move is checked against them, and the options (each
        # square's event, the field abilities) are built when read.
        reach = destinations(state, self.seat, movement(state, self.seat))
        build = partial(self._actions, state, reach)
        if len(state.players[self.seat].party) < 2:
            return reach, build
        return {**reach, REORDER: 0}, build

    def actions(self, state: State) -> tuple[Option, ...]:
        return self._actions(state, destinations(state, self.seat, movement(state, self.seat)))

    def _actions(self, state: State, reach: dict[str, int]) -> tuple[Option, ...]:
        seat = self.seat
        here = state.players[seat].space
        # A square, not a route: the rules ask only where the piece ends (the cheapest way
        # there is often one of several, and showing one would suggest a choice there is not).
        squares = sorted(reach.items(), key=_by_cost_then_name)
        spaces = list(map(_space_of, squares))
        costs = list(map(_cost_of, squares))
        if here in reach:
            costs[spaces.index(here)] = -1  # staying
        # (map over the cached option maker: a move offers a dozen squares)
        options = list(map(_square, spaces, costs, square_events(state, seat, spaces)))
        options.append(REORDER_ONE_CARD if len(state.players[seat].party) < 2 else REORDER_OPTION)
        options += field_options(state, seat, self.used)
        return tuple(options)

    def again(self, action: Choice) -> Explore | None:
        kind, _, ident = str(action).partition(":")
        if action == REORDER or kind == "item":
            return self
        if kind == "card":
            return None if content().card(ident).effect == "teleport" else self.using(ident)
        return None  # a square: the move itself

    def using(self, instance: str) -> Explore:
        return replace(self, used=(*self.used, instance))

    def choose(self, state: State, action: Choice) -> Done[State]:
        seat, name = self.seat, state.names[self.seat]
        kind, _, ident = str(action).partition(":")
        if action == REORDER:
            return push(state, Reorder(seat)), []
        if kind in ("item", "card"):
            state, lines = use_field(state, seat, str(action))
            if kind == "card" and content().card(ident).effect == "teleport":
                # The jump is this turn's move: the rest of the turn follows its event.
                rest = AfterMove(seat, self.using(ident).used)
                return push_behind(moving(state, seat), rest), lines
            return state, lines
        space = str(action)
        moved = moving(state, seat, space=space)
        line = say("{name} moves to {space}.", name=name, space=space_label(space))
        if space == state.players[seat].space:
            line = say("{name} stays on {space}.", name=name, space=space_label(space))
        return push(moved, Event(seat, space), AfterMove(seat, self.used)), [line]


@cache
def _move_prompt(movement: int) -> Text:
    return Message(
        "Your move: movement {movement}. Choose where to go (its event follows).",
        movement=movement,
    )


_by_cost_then_name = itemgetter(1, 0)
"""The order squares are offered in: the nearest first, then by id."""
_space_of, _cost_of = itemgetter(0), itemgetter(1)

REORDER_OPTION = Option(REORDER, Message("Reorder your party"))
REORDER_ONE_CARD = Option(REORDER, Message("Reorder your party"), unavailable=ONE_CARD)


@cache
def _square(space: str, cost: int, event: SquareEvent) -> Option:
    """A square to move to at `cost` (-1: stay there), and what happens there (made once for
    each: a move offers a dozen squares)."""
    label = (
        Message("Stay: {space}", space=space_label(space))
        if cost < 0
        else Message("Go ({cost}): {space}", cost=cost, space=space_label(space))
    )
    return Option(space, label, event_words(event), at=cell_of(space))


@dataclass(frozen=True)
class AfterMove(Menu[State]):
    """The rest of `seat`'s exploration turn, once the move and its event (a battle and all that
    follows it) are over: field abilities and items are usable any time in your turn (line 62:
    手番中いつでも使用できます), so those that still apply are offered until the player ends the
    turn. A wipe-out ends the turn at once (line 124: 次のターンから通常通り行動可能). Option ids:
    'card:<instance>', 'item:<item id>', 'done'."""

    name = "field"
    done = Option("done", Message("End your turn"))
    seat: int
    used: tuple[str, ...] = ()

    def chooser(self, state: State) -> int:
        return self.seat

    def prompt(self, state: State) -> Text:
        return Message("Use a field ability or item before your turn ends?")

    def actions(self, state: State) -> tuple[Option, ...]:
        if state.explorer != self.seat:
            return ()
        return tuple(field_options(state, self.seat, self.used, AFTER_THE_MOVE))

    def again(self, action: Choice) -> AfterMove:
        kind, _, ident = str(action).partition(":")
        return replace(self, used=(*self.used, ident)) if kind == "card" else self

    def choose(self, state: State, action: Choice) -> Done[State]:
        return use_field(state, self.seat, str(action))

    def close(self, state: State) -> Done[State]:
        return replace(state, explorer=-1), []


def _field_unusable(state: State, seat: int, instance: str) -> Text:
    """Why `seat` cannot use `instance`'s field ability now ("" if it can)."""
    effect = content().card(instance).effect
    others = [s for s in range(state.player_count) if s != seat]
    if effect == "slow_player" and not others:
        return NO_TARGET
    if effect == "grasshopper" and not _grasshopper_targets(state, seat):
        return NO_TARGET
    return ""


def _grasshopper_targets(state: State, seat: int) -> list[int]:
    return [s for s in range(state.player_count) if s not in (seat, state.next_seat(seat))]


def _field_ability(state: State, seat: int, instance: str) -> Done[State]:
    found = content().card(instance)
    line = say(
        "{name} uses {card}'s {ability}.",
        name=state.names[seat],
        card=card_name(instance),
        ability=found.ability,
    )
    if found.effect == "extra_move":
        return _extra_move(state, seat, found.param("amount", 1)), [line]
    if found.effect == "slow_player":
        return push(state, Slow(seat, found.param("amount", 1))), [line]
    if found.effect == "teleport":
        return push(state, Teleport(seat, found.param("range", 6))), [line]
    if found.effect == "grasshopper":
        return push(state, Grasshopper(seat)), [line]
    return state, [line]


def _field_item(state: State, seat: int, item_id: str) -> Done[State]:
    item = content().items[item_id]
    state = state.with_player(
        seat, items=tuple(i for i in state.players[seat].items if i != item_id)
    )
    line = say(
        "{name} uses {item}.",
        name=state.names[seat],
        item=item.title,
    )
    if item.effect == "extra_move":
        return _extra_move(state, seat, item.param("amount", 1)), [line]
    return push(state, Heal(seat)), [line]


def _extra_move(state: State, seat: int, amount: int) -> State:
    assert state.meeting is not None
    return replace(state, meeting=state.meeting.plus("extra_move", seat, amount))


@dataclass(frozen=True)
class Heal(Asking[State]):
    seat: int

    def ask(self, state: State) -> Decision:
        options = pile_options(state.players[self.seat].discard)
        prompt = Message("Which card comes back from your discard pile to the end of your party?")
        return choose_one(self.seat, "heal", prompt, options)

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        pile = list(state.players[self.seat].discard)
        pile.remove(str(answer))
        state = state.with_player(self.seat, discard=tuple(pile))
        return take(state, self.seat, (str(answer),), True)


def _player_option(state: State, seat: int) -> Option:
    """A field ability's target player, at the square of their piece."""
    return Option(seat, state.names[seat], at=cell_of(state.players[seat].space))


@dataclass(frozen=True)
class Slow(Asking[State]):
    seat: int
    amount: int

    def ask(self, state: State) -> Decision:
        others = range(state.player_count)
        options = tuple(_player_option(state, s) for s in others if s != self.seat)
        prompt = Message(
            "Whose movement drops by {amount} on their next exploration turn?", amount=self.amount
        )
        return choose_one(self.seat, "slow", prompt, options)

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        # The penalty waits for the target's next exploration turn: this turn's if they have not
        # moved yet, else the next turn's (ruling R11).
        target = int(answer)
        state = state.with_player(target, slowed=state.players[target].slowed + self.amount)
        line = say(
            "{name}'s movement drops by {amount} on their next move.",
            name=state.names[target],
            amount=self.amount,
        )
        return state, [line]


@dataclass(frozen=True)
class Teleport(Asking[State]):
    seat: int
    reach: int

    def ask(self, state: State) -> Decision:
        spaces = sorted(destinations(state, self.seat, self.reach))
        options = tuple(
            Option(
                space, space_label(space), event_text(state, self.seat, space), at=cell_of(space)
            )
            for space in spaces
        )
        return choose_one(self.seat, "teleport", Message("Jump to which square?"), options)

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        space = str(answer)
        state = state.with_player(self.seat, space=space)
        line = say(
            "{name} jumps to {space}.", name=state.names[self.seat], space=space_label(space)
        )
        return push(state, Event(self.seat, space)), [line]


@dataclass(frozen=True)
class Grasshopper(Asking[State]):
    seat: int

    def ask(self, state: State) -> Decision:
        targets = _grasshopper_targets(state, self.seat)
        options = tuple(_player_option(state, s) for s in targets)
        prompt = Message("Swap squares with which player?")
        return choose_one(self.seat, "grasshopper", prompt, options)

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        other = int(answer)
        mine, theirs = state.players[self.seat].space, state.players[other].space
        state = state.with_player(self.seat, space=theirs).with_player(other, space=mine)
        return state, [
            say(
                "{name} and {other} swap squares.",
                name=state.names[self.seat],
                other=state.names[other],
            )
        ]


@dataclass(frozen=True)
class Reorder(Asking[State]):
    seat: int

    def ask(self, state: State) -> Decision:
        prompt = Message("Reorder your party (front fights first).")
        return party_order_decision(state, self.seat, prompt)

    def act(self, state: State, answer: Any, seat: int) -> Done[State]:
        state = state.with_player(self.seat, party=tuple(str(c) for c in answer))
        order = listing([card_name(c) for c in state.players[self.seat].party])
        return state, [
            say("{name} reorders the party: {order}.", name=state.names[self.seat], order=order)
        ]
