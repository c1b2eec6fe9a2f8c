"""Field exploration (rulebook §4 and §6): moving, square events, the spring, the end of a battle,
wipe-outs, boss rewards, and the end of the turn."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from core import chance
from core.decisions import Option
from core.games.base import Step
from core.games.dangerous.board import (
    destinations,
    fightable_bosses,
    live_bosses,
    space_label,
)
from core.games.dangerous.cards import card_name, party_order_decision
from core.games.dangerous.combat import HAND_LIMIT, start_combat, take
from core.games.dangerous.content import content
from core.games.dangerous.engine import ask_one, asking, automatic
from core.games.dangerous.meeting import ItemRoll
from core.games.dangerous.state import State, Task
from core.games.dangerous.turn import TurnStart
from core.narration import Lines, join, say

REORDER = "reorder"
OLD_BUILDING = "old-building"


def movement(state: State, seat: int) -> int:
    """Highest level in the party (転校生 = 4) + AP on move + field bonuses - slowing."""
    party = state.players[seat].party
    base = max((content().card(c).level for c in party), default=0)
    meeting = state.meeting
    if meeting is None:
        return base
    total = base + meeting.count("move", seat) + meeting.extra_move[seat] - meeting.slowed[seat]
    return max(0, total)


@automatic("explore_start")
def _explore_start(state: State, task: Task) -> tuple[State, Lines]:
    return replace(state, phase="exploration"), [say("Field exploration begins.")]


def event_text(state: State, seat: int, space: str) -> str:
    kind = content().board.spaces[space].kind
    if kind == "spring":
        return "the spring"
    if kind == "boss":
        bosses = fightable_bosses(state, seat, space)
        if bosses:
            return "boss fight"
        return "boss beaten" if not live_bosses(state, space) else "no boss you may fight"
    if space in state.tokens:
        top = state.decks.get("lv2", ())
        return f"Lv2 fight: {card_name(top[0])}" if top else "Lv2 token"
    top = state.decks.get("lv1", ())
    return f"Lv1 fight: {card_name(top[0])}" if top else "nothing (Lv1 deck empty)"


def _ask_explore(state: State, task: Task) -> Step:
    seat = task.seat
    used = tuple(task.arg.split(",")) if task.arg else ()
    reach = destinations(state, seat, movement(state, seat))
    here = state.players[seat].space
    options: list[Option] = []
    for space, cost in sorted(reach.items(), key=lambda item: (item[1], item[0])):
        verb = "Stay" if space == here else f"Go ({cost})"
        options.append(
            Option(space, f"{verb}: {space_label(space)}", event_text(state, seat, space))
        )
    if len(state.players[seat].party) > 1:
        options.append(Option(REORDER, "Reorder your party"))
    for instance in state.players[seat].party:
        found = content().card(instance)
        if (
            found.timing == "field"
            and instance not in used
            and _field_usable(state, seat, instance)
        ):
            options.append(
                Option(f"card:{instance}", f"{found.ability} ({found.name})", found.text_en)
            )
    for item_id in state.players[seat].items:
        item = content().items[item_id]
        if item.timing == "field" and (item.effect != "heal" or state.players[seat].discard):
            options.append(Option(f"item:{item_id}", f"{item.name} {item.english}", item.text_en))
    prompt = f"Your move: movement {movement(state, seat)}. Choose where to go (its event follows)."
    return ask_one(seat, "move", prompt, options)


def _field_usable(state: State, seat: int, instance: str) -> bool:
    effect = content().card(instance).effect
    others = [s for s in range(state.player_count) if s != seat]
    if effect == "slow_player":
        return bool(others)
    if effect == "grasshopper":
        return bool(_grasshopper_targets(state, seat))
    return True


def _grasshopper_targets(state: State, seat: int) -> list[int]:
    return [s for s in range(state.player_count) if s not in (seat, state.next_seat(seat))]


@asking("explore", _ask_explore)
def _explore(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    name = state.names[task.seat]
    if choice == REORDER:
        return state.push(Task("reorder", seat=task.seat), task), []
    if str(choice).startswith("item:"):
        return _field_item(state, task.seat, str(choice)[5:], task)
    if str(choice).startswith("card:"):
        instance = str(choice)[5:]
        used = f"{task.arg},{instance}" if task.arg else instance
        again = replace(task, arg=used)
        return _field_ability(state, task.seat, instance, again)
    space = str(choice)
    moved = state.with_player(task.seat, space=space)
    line = say(f"{name} moves to {space_label(space)}.")
    if space == state.players[task.seat].space:
        line = say(f"{name} stays on {space_label(space)}.")
    return moved.push(Task("event", seat=task.seat, arg=space)), [line]


def _field_ability(state: State, seat: int, instance: str, again: Task) -> tuple[State, Lines]:
    found = content().card(instance)
    line = say(f"{state.names[seat]} uses {card_name(instance)}'s {found.ability}.")
    if found.effect == "extra_move":
        return _extra_move(state, seat, found.param("amount", 1)).push(again), [line]
    if found.effect == "slow_player":
        return state.push(Task("slow", seat=seat, num=found.param("amount", 1)), again), [line]
    if found.effect == "teleport":
        return state.push(Task("teleport", seat=seat, num=found.param("range", 6))), [line]
    if found.effect == "grasshopper":
        return state.push(Task("grasshopper", seat=seat), again), [line]
    return state.push(again), [line]


def _field_item(state: State, seat: int, item_id: str, again: Task) -> tuple[State, Lines]:
    item = content().items[item_id]
    state = state.with_player(
        seat, items=tuple(i for i in state.players[seat].items if i != item_id)
    )
    line = say(f"{state.names[seat]} uses {item.name} ({item.english}).")
    if item.effect == "extra_move":
        return _extra_move(state, seat, item.param("amount", 1)).push(again), [line]
    return state.push(Task("heal", seat=seat), again), [line]


def _extra_move(state: State, seat: int, amount: int) -> State:
    assert state.meeting is not None
    extra = list(state.meeting.extra_move)
    extra[seat] += amount
    return replace(state, meeting=replace(state.meeting, extra_move=tuple(extra)))


def _ask_heal(state: State, task: Task) -> Step:
    pile = state.players[task.seat].discard
    options = tuple(Option(c, card_name(c)) for c in dict.fromkeys(pile))
    prompt = "Which card comes back from your discard pile to the end of your party?"
    return ask_one(task.seat, "heal", prompt, options)


@asking("heal", _ask_heal)
def _heal(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    pile = list(state.players[task.seat].discard)
    pile.remove(str(choice))
    state = state.with_player(task.seat, discard=tuple(pile))
    return take(state, task.seat, (str(choice),), True)


def _ask_slow(state: State, task: Task) -> Step:
    options = tuple(Option(s, state.names[s]) for s in range(state.player_count) if s != task.seat)
    prompt = f"Whose movement drops by {task.num} this turn?"
    return ask_one(task.seat, "slow", prompt, options)


@asking("slow", _ask_slow)
def _slow(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    assert state.meeting is not None
    target = int(choice)
    slowed = list(state.meeting.slowed)
    slowed[target] += task.num
    state = replace(state, meeting=replace(state.meeting, slowed=tuple(slowed)))
    return state, [say(f"{state.names[target]}'s movement drops by {task.num} this turn.")]


def _ask_teleport(state: State, task: Task) -> Step:
    reach = destinations(state, task.seat, task.num)
    options = tuple(
        Option(space, space_label(space), event_text(state, task.seat, space))
        for space in sorted(reach)
    )
    return ask_one(task.seat, "teleport", "Jump to which square?", options)


@asking("teleport", _ask_teleport)
def _teleport(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    space = str(choice)
    state = state.with_player(task.seat, space=space)
    line = say(f"{state.names[task.seat]} jumps to {space_label(space)}.")
    return state.push(Task("event", seat=task.seat, arg=space)), [line]


def _ask_grasshopper(state: State, task: Task) -> Step:
    options = tuple(Option(s, state.names[s]) for s in _grasshopper_targets(state, task.seat))
    prompt = "Swap squares with which player?"
    return ask_one(task.seat, "grasshopper", prompt, options)


@asking("grasshopper", _ask_grasshopper)
def _grasshopper(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    other = int(choice)
    mine, theirs = state.players[task.seat].space, state.players[other].space
    state = state.with_player(task.seat, space=theirs).with_player(other, space=mine)
    return state, [say(f"{state.names[task.seat]} and {state.names[other]} swap squares.")]


def _ask_reorder(state: State, task: Task) -> Step:
    prompt = "Reorder your party (front fights first)."
    return Step(decisions=(party_order_decision(state, task.seat, prompt),))


@asking("reorder", _ask_reorder)
def _reorder(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    state = state.with_player(task.seat, party=tuple(str(c) for c in choice))
    order = join([card_name(c) for c in state.players[task.seat].party])
    return state, [say(f"{state.names[task.seat]} reorders the party: {order}.")]


# --- the events of a square ----------------------------------------------------------------------


@automatic("event")
def _event(state: State, task: Task) -> tuple[State, Lines]:
    seat, space = task.seat, task.arg
    kind = content().board.spaces[space].kind
    controller = state.next_seat(seat)
    if kind == "spring":
        return state.push(Task("spring", seat=seat)), []
    if kind == "boss":
        bosses = fightable_bosses(state, seat, space)
        if len(bosses) > 1:
            return state.push(Task("choose_boss", seat=seat, arg=space)), []
        if bosses:
            return _boss_fight(state, seat, bosses[0]), []
        return state, [say("Nothing happens here.")]
    if space in state.tokens:
        state = replace(state, tokens=tuple(t for t in state.tokens if t != space))
        deck = state.decks["lv2"]
        if not deck:
            return state, [say("The Lv2 deck is empty.")]
        state = replace(state, decks={**state.decks, "lv2": deck[1:]})
        lines = [say(f"The Lv2 token is removed: {state.names[seat]} meets {card_name(deck[0])}.")]
        if not deck[1:]:
            # The deck ran dry: every token leaves at once, for good (直ちに, line 66), even
            # if this card goes back to the bottom after a flight.
            state = replace(state, tokens=(), lv2_retired=True)
            lines.append(say("The Lv2 deck is empty: every Lv2 token leaves the board for good."))
        return start_combat(state, "lv2", (seat, controller), (deck[0],)), lines
    deck = state.decks["lv1"]
    if not deck:
        return state, [say("The Lv1 deck is empty: nothing happens.")]
    state = replace(state, decks={**state.decks, "lv1": deck[1:]})
    line = say(f"{state.names[seat]} meets {card_name(deck[0])}.")
    return start_combat(state, "lv1", (seat, controller), (deck[0],)), [line]


def _boss_fight(state: State, seat: int, boss: str) -> State:
    cards = state.bosses[boss]
    state = start_combat(state, "boss", (seat, state.next_seat(seat)), cards, boss)
    # The boss cards were face down until now.
    seen = state.seen_bosses if boss in state.seen_bosses else (*state.seen_bosses, boss)
    return replace(
        state,
        bosses={**state.bosses, boss: ()},
        seen_bosses=seen,
        reveal_count=state.reveal_count + (boss not in state.seen_bosses),
    )


def _ask_choose_boss(state: State, task: Task) -> Step:
    options = tuple(
        Option(boss, f"{content().board.boss(boss).name} {content().board.boss(boss).english}")
        for boss in fightable_bosses(state, task.seat, task.arg)
    )
    return ask_one(task.seat, "boss", "Which boss do you fight?", options)


@asking("choose_boss", _ask_choose_boss)
def _choose_boss(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    return _boss_fight(state, task.seat, str(choice)), []


def _ask_spring(state: State, task: Task) -> Step:
    player = state.players[task.seat]
    options = [Option("draw", "Roll a die and draw that many cards from your discard pile")]
    if player.party and player.discard:
        options.append(Option("swap", "Swap one party card for one from your discard pile"))
    options.append(Option("rest", "Do nothing"))
    return ask_one(task.seat, "spring", "The spring: choose one.", options)


@asking("spring", _ask_spring)
def _spring(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    if choice == "draw":
        return state.push(Task("spring_die", seat=task.seat)), []
    if choice == "swap":
        return state.push(Task("spring_out", seat=task.seat)), []
    return state, [say(f"{state.names[task.seat]} rests at the spring.")]


def _ask_spring_die(state: State, task: Task) -> Step:
    return Step(chance=chance.dice(1, f"{state.names[task.seat]}'s spring roll"))


@asking("spring_die", _ask_spring_die)
def _spring_die(state: State, task: Task, outcome: Any, seat: int) -> tuple[State, Lines]:
    face = int(outcome[0])
    line = say(f"{state.names[task.seat]} rolls {face} at the spring.")
    if not state.players[task.seat].discard:
        line = say(
            f"{state.names[task.seat]} rolls {face} at the spring, but the discard pile is empty."
        )
        return _top_up(state, task.seat, [line])
    return state.push(Task("draw_random", seat=task.seat, num=face, arg="spring")), [line]


def _ask_draw_random(state: State, task: Task) -> Step:
    pile = state.players[task.seat].discard
    return Step(chance=chance.shuffle(pile, f"{state.names[task.seat]}'s discard pile"))


@asking("draw_random", _ask_draw_random)
def _draw_random(state: State, task: Task, outcome: Any, seat: int) -> tuple[State, Lines]:
    """Random cards from the discard pile: the pile is shuffled and the top `num` are taken."""
    shuffled = tuple(str(c) for c in outcome)
    drawn, rest = shuffled[: task.num], shuffled[task.num :]
    player = state.players[task.seat]
    state = state.with_player(task.seat, party=(*player.party, *drawn), discard=rest)
    lines: Lines = [say(f"{state.names[task.seat]} draws {join([card_name(c) for c in drawn])}.")]
    if task.arg == "spring" and len(state.players[task.seat].party) > HAND_LIMIT:
        return state.push(Task("hand_limit", seat=task.seat)), lines
    return _top_up(state, task.seat, lines)


def _top_up(state: State, seat: int, lines: Lines) -> tuple[State, Lines]:
    """With 2 or fewer cards even after the whole discard pile, draw up to 3 from the Lv1 deck."""
    player = state.players[seat]
    short = 3 - len(player.party) - len(player.discard)
    deck = state.decks["lv1"]
    if len(player.party) >= 3 or short <= 0 or not deck:
        if short > 0 and len(player.party) < 3 and player.discard:
            pile = player.discard
            state = state.with_player(seat, party=(*player.party, *pile), discard=())
            lines.append(say(f"{state.names[seat]} takes the rest of the discard pile."))
        return state, lines
    pile = player.discard
    drawn = deck[: 3 - len(player.party) - len(pile)]
    state = state.with_player(seat, party=(*player.party, *pile, *drawn), discard=())
    state = replace(state, decks={**state.decks, "lv1": deck[len(drawn) :]})
    lines.append(
        say(
            f"{state.names[seat]} tops up from the Lv1 deck: {join([card_name(c) for c in drawn])}."
        )
    )
    return state, lines


def _ask_spring_out(state: State, task: Task) -> Step:
    options = tuple(Option(c, card_name(c)) for c in state.players[task.seat].party)
    return ask_one(task.seat, "spring-out", "Which party card goes to the discard pile?", options)


@asking("spring_out", _ask_spring_out)
def _spring_out(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    player = state.players[task.seat]
    out = str(choice)
    state = state.with_player(
        task.seat, party=tuple(c for c in player.party if c != out), discard=(*player.discard, out)
    )
    return state.push(Task("spring_in", seat=task.seat, arg=out)), [
        say(f"{state.names[task.seat]} discards {card_name(out)}.")
    ]


def _ask_spring_in(state: State, task: Task) -> Step:
    pile = state.players[task.seat].discard
    options = tuple(Option(c, card_name(c)) for c in dict.fromkeys(pile))
    return ask_one(task.seat, "spring-in", "Which card comes back from the discard pile?", options)


@asking("spring_in", _ask_spring_in)
def _spring_in(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    player = state.players[task.seat]
    back = str(choice)
    pile = list(player.discard)
    pile.remove(back)
    state = state.with_player(task.seat, party=(*player.party, back), discard=tuple(pile))
    return state, [say(f"{state.names[task.seat]} takes back {card_name(back)}.")]


# --- the end of a battle -------------------------------------------------------------------------


@automatic("combat_end")
def _combat_end(state: State, task: Task) -> tuple[State, Lines]:
    fight = state.combat
    assert fight is not None
    seat, controller = fight.seats
    lines: Lines = []
    party = state.players[seat].party
    enemy = fight.enemy
    state = replace(state, last_battle=fight.log, combat=None)
    tasks: list[Task] = []
    if fight.kind == "boss" and enemy:
        # Fled or wiped: the boss stays with what is left; what was beaten is the player's.
        state = replace(state, bosses={**state.bosses, fight.boss: enemy})
        state = state.with_player(seat, discard=(*state.players[seat].discard, *fight.defeated))
    elif fight.kind == "boss":
        if party and fight.defeated:
            tasks.append(Task("boss_pick", seat=seat, arg=",".join(fight.defeated)))
        else:
            # Cleared with the last card falling too: the boss cards go to the discard pile
            # before the wipe-out's corpse theft and redraw.
            state = state.with_player(seat, discard=(*state.players[seat].discard, *fight.defeated))
        tasks.append(Task("boss_cleared", seat=seat, arg=fight.boss))
    elif enemy:
        deck = fight.kind
        state = replace(state, decks={**state.decks, deck: (*state.decks[deck], *enemy)})
        names = join([card_name(c) for c in enemy])
        lines.append(say(f"{names} goes to the bottom of the {deck.capitalize()} deck."))
    if not party:
        tasks.insert(0, Task("wipeout", seat=seat, num=controller))
    if state.decks.get("lv2") == () and not state.lv2_retired:
        state = replace(state, tokens=(), lv2_retired=True)
        lines.append(say("The Lv2 deck is empty: every Lv2 token leaves the board for good."))
    return state.push(*tasks), lines


def _ask_boss_pick(state: State, task: Task) -> Step:
    cards = task.arg.split(",")
    options = tuple(Option(c, card_name(c)) for c in cards)
    prompt = "The boss is beaten: choose one of its cards for your party (the rest are discarded)."
    return ask_one(task.seat, "boss-card", prompt, options)


@asking("boss_pick", _ask_boss_pick)
def _boss_pick(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    cards = task.arg.split(",")
    chosen = str(choice)
    state = state.with_player(
        task.seat, discard=(*state.players[task.seat].discard, *(c for c in cards if c != chosen))
    )
    return take(state, task.seat, (chosen,), True)


@automatic("boss_cleared")
def _boss_cleared(state: State, task: Task) -> tuple[State, Lines]:
    site = content().board.boss(task.arg)
    tokens = (*state.players[task.seat].tokens, task.arg)
    state = state.with_player(task.seat, tokens=tokens)
    state = replace(state, cleared={**state.cleared, task.arg: task.seat})
    line = say(
        f"{state.names[task.seat]} defeats the {site.name} ({site.english}) boss "
        "and takes its token."
    )
    tasks: list[Any] = [ItemRoll(task.seat, site.item_bonus, reward=True)]
    if task.arg == OLD_BUILDING:
        tasks.append(Task("final_start", seat=task.seat))
    return state.push(*tasks), [line]


def _ask_wipeout(state: State, task: Task) -> Step:
    pile = state.players[task.seat].discard
    return Step(
        chance=chance.pick(tuple(pile), f"the card {state.names[task.num]} takes from the corpse")
    )


@automatic("wipeout")
def _wipeout(state: State, task: Task) -> tuple[State, Lines]:
    seat, thief = task.seat, task.num
    spring = content().board.spring
    state = state.with_player(seat, space=spring)
    lines: Lines = [say(f"{state.names[seat]}'s party is wiped out: back to the spring.")]
    tasks = []
    if len(state.players[seat].discard) > 3 and thief != seat:
        tasks.append(Task("corpse_theft", seat=seat, num=thief))
    tasks.append(Task("redraw", seat=seat))
    return state.push(*tasks), lines


@asking("corpse_theft", _ask_wipeout)
def _corpse_theft(state: State, task: Task, outcome: Any, seat: int) -> tuple[State, Lines]:
    stolen = str(outcome[0])
    pile = list(state.players[task.seat].discard)
    pile.remove(stolen)
    state = state.with_player(task.seat, discard=tuple(pile))
    state = state.with_player(task.num, discard=(*state.players[task.num].discard, stolen))
    return state, [say(f"{state.names[task.num]} takes {card_name(stolen)} from the corpse.")]


@automatic("redraw")
def _redraw(state: State, task: Task) -> tuple[State, Lines]:
    if not state.players[task.seat].discard:
        return _top_up(state, task.seat, [])
    return state.push(Task("draw_random", seat=task.seat, num=3, arg="redraw")), []


@automatic("turn_end")
def _turn_end(state: State, task: Task) -> tuple[State, Lines]:
    limit = int(state.options.get("turn_limit", 12))
    start = state.next_start if state.next_start >= 0 else state.start
    state = replace(state, start=start, meeting=None, explorer=-1)
    if limit and state.turn >= limit:
        line = say(f"Turn {state.turn} was the last: the final battle begins.")
        return state.push(Task("final_start", seat=start)), [line]
    return state.push(TurnStart()), []
