"""Setting up (rulebook §2): decks, bosses in draw order, starting parties, items, tokens."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from core import chance
from core.decisions import Option, choose_one, order
from core.games.base import Narration, Step
from core.games.dangerous.board import is_closed
from core.games.dangerous.cards import card_name, card_option
from core.games.dangerous.content import content
from core.games.dangerous.engine import asking, automatic, own_task, waiting
from core.games.dangerous.state import State, Task
from core.narration import Lines, join, say

SETUP_AGENDA = (
    Task("shuffle", arg="lv3"),
    Task("shuffle", arg="transfer"),
    Task("build_bosses"),
    Task("shuffle", arg="lv1"),
    Task("shuffle", arg="lv2"),
    Task("deal"),
    Task("start_player"),
    Task("initial_items"),
    Task("place_tokens"),
    Task("order_parties"),
    Task("turn_start"),
)

DECK_NAMES = {"lv1": "Lv1", "lv2": "Lv2", "lv3": "Lv3", "transfer": "転校生 (transfer student)"}


def _ask_shuffle(state: State, task: Task) -> Step:
    return Step(
        chance=chance.shuffle(content().decks[task.arg], f"the {DECK_NAMES[task.arg]} deck")
    )


@asking("shuffle", _ask_shuffle)
def _shuffle(state: State, task: Task, outcome: Any, seat: int) -> tuple[State, Lines]:
    decks = {**state.decks, task.arg: tuple(str(card) for card in outcome)}
    face = "face up" if task.arg in ("lv1", "lv2") else "face down"
    line = say(f"The {DECK_NAMES[task.arg]} deck is shuffled and laid {face}.")
    return replace(state, decks=decks), [line]


@automatic("build_bosses")
def _build_bosses(state: State, task: Task) -> tuple[State, Lines]:
    """Each boss takes its cards from the top of the Lv3 / transfer decks, in board order; the
    order they are drawn in is the order they fight in."""
    decks = dict(state.decks)
    bosses: dict[str, tuple[str, ...]] = {}
    for site in content().board.bosses:
        closed = (site.closed_2p and state.player_count == 2) or is_closed(
            site.space, state.player_count
        )
        cards = []
        for deck in site.cards:
            if decks[deck]:
                cards.append(decks[deck][0])
                decks[deck] = decks[deck][1:]
        if closed:
            # The area is closed in a two-player game: no boss is built there; the cards drawn
            # for it go to the bottom of their decks (ruling R3).
            for instance, deck in zip(cards, site.cards, strict=False):
                decks[deck] = (*decks[deck], instance)
            continue
        bosses[site.id] = tuple(cards)
    line = say(f"The bosses take their places ({len(bosses)} boss parties, face down).")
    return replace(state, decks=decks, bosses=bosses), [line]


@automatic("deal")
def _deal(state: State, task: Task) -> tuple[State, Lines]:
    if state.options.get("draft"):
        return _deal_draft(state)
    deck = state.decks["lv1"]
    lines: Lines = []
    for seat in range(state.player_count):
        hand, deck = deck[:3], deck[3:]
        state = state.with_player(seat, party=hand)
        names = join([card_name(card) for card in hand])
        lines.append(say(f"{state.names[seat]} starts with {names}."))
    return replace(state, decks={**state.decks, "lv1": deck}), lines


def _deal_draft(state: State) -> tuple[State, Lines]:
    deck = state.decks["lv1"]
    packets = []
    for _ in range(state.player_count):
        packets.append(deck[:3])
        deck = deck[3:]
    state = replace(state, decks={**state.decks, "lv1": deck}, draft=tuple(packets))
    state = state.push(*(Task("draft_pick", seat=seat) for seat in range(state.player_count)))
    line = Narration(
        "Draft: everyone is dealt 3 Lv1 cards, keeps one and passes the rest to the left.",
        secret=tuple(
            (seat, f"Draft: you are dealt {join([card_name(c) for c in packets[seat]])}.")
            for seat in range(state.player_count)
        ),
    )
    return state, [line]


def _ask_draft(state: State, task: Task) -> Step:
    """All players pick at once; each sees only the packet in their own hands."""
    decisions = tuple(
        choose_one(
            seat,
            "draft",
            "Draft: keep one card for your party; the rest go to the player on your left.",
            tuple(card_option(card) for card in state.draft[seat]),
        )
        for seat in waiting(state, "draft_pick")
    )
    return Step(decisions=decisions)


@asking("draft_pick", _ask_draft)
def _draft_pick(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    state = own_task(state, task, seat)
    pick = str(choice)
    packets = list(state.draft)
    packets[seat] = tuple(card for card in packets[seat] if card != pick)
    state = state.with_player(seat, party=(*state.players[seat].party, pick))
    state = replace(state, draft=tuple(packets))
    line = Narration(
        f"{state.names[seat]} keeps a card.",
        secret=((seat, f"You keep {card_name(pick)}."),),
        full=f"{state.names[seat]} keeps {card_name(pick)}.",
    )
    if any(t.kind == "draft_pick" for t in state.agenda):
        return state, [line]
    # Everyone has picked: pass the packets left, and pick again while cards remain.
    passed = tuple(
        state.draft[(seat - 1) % state.player_count] for seat in range(state.player_count)
    )
    state = replace(state, draft=passed)
    if passed[0]:
        return state.push(*(Task("draft_pick", seat=s) for s in range(state.player_count))), [line]
    return replace(state, draft=()), [line, say("The draft is over.")]


def _ask_start(state: State, task: Task) -> Step:
    return Step(chance=chance.pick(tuple(range(state.player_count)), "the first start player"))


@asking("start_player", _ask_start)
def _start_player(state: State, task: Task, outcome: Any, seat: int) -> tuple[State, Lines]:
    start = int(outcome[0])
    return replace(state, start=start), [say(f"{state.names[start]} is the first start player.")]


@automatic("initial_items")
def _initial_items(state: State, task: Task) -> tuple[State, Lines]:
    tasks = tuple(Task("item_roll", seat=seat, num=0) for seat in state.clockwise(state.start))
    return state.push(*tasks), []


@automatic("place_tokens")
def _place_tokens(state: State, task: Task) -> tuple[State, Lines]:
    board = content().board
    start = tuple(space for space in board.lv2_start if not is_closed(space, state.player_count))
    players = tuple(replace(player, space=board.spring) for player in state.players)
    state = replace(
        state, tokens=start, token_supply=board.lv2_supply - len(start), players=players
    )
    return state, [say("Two Lv2 tokens go on their squares; every piece starts at the spring.")]


@automatic("order_parties")
def _order_parties(state: State, task: Task) -> tuple[State, Lines]:
    tasks = tuple(Task("order_party", seat=seat) for seat in state.clockwise(state.start))
    return state.push(*tasks), []


def party_order_decision(state: State, seat: int, prompt: str) -> Step:
    party = state.players[seat].party
    options = tuple(card_option(card) for card in party)
    return Step(decisions=(order(seat, "order", prompt, options, help=ORDER_HELP),))


ORDER_HELP = (
    "Your party fights from the front (first) to the back: winner stays on. "
    "Reorder with the keys shown; Enter confirms."
)


def _ask_order(state: State, task: Task) -> Step:
    if len(state.players[task.seat].party) < 2:
        only = choose_one(task.seat, "order", "Your party is ready.", (Option("ok", "OK"),))
        return Step(decisions=(only,))
    return party_order_decision(state, task.seat, "Set your party's order (front fights first).")


@asking("order_party", _ask_order)
def _order_party(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    if isinstance(choice, tuple):
        state = state.with_player(task.seat, party=tuple(str(card) for card in choice))
    party = join([card_name(card) for card in state.players[task.seat].party])
    return state, [say(f"{state.names[task.seat]} lines up: {party or 'nobody'}.")]
