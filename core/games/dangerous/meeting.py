"""The strategy meeting (rulebook §3): abilities, AP placement one at a time, items, Lv2 tokens."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from core import chance
from core.decisions import Option
from core.games.base import Step
from core.games.dangerous.board import space_label, token_spaces
from core.games.dangerous.cards import card_name
from core.games.dangerous.content import content
from core.games.dangerous.engine import ask_one, asking, automatic
from core.games.dangerous.state import Meeting, State, Task
from core.narration import Lines, say

AP_BASE = 3
AP_MAX = 6
ITEM_AP = 2  # every complete pair of AP on the item action is one roll
DONE = "done"


@automatic("turn_start")
def _turn_start(state: State, task: Task) -> tuple[State, Lines]:
    turn = state.turn + 1
    order = state.clockwise(state.start)
    ap = tuple(min(AP_MAX, player.ap_next) for player in state.players)
    meeting = Meeting(
        ap_left=ap,
        placed={},
        order=order,
        extra_move=(0,) * state.player_count,
        slowed=(0,) * state.player_count,
    )
    players = tuple(replace(player, ap_next=AP_BASE) for player in state.players)
    state = replace(
        state, turn=turn, phase="meeting", meeting=meeting, players=players, next_start=-1
    )
    tasks = [Task("ability_window", seat=seat, arg="meeting_start") for seat in order]
    tasks += [Task("ap_round"), *(Task("ability_window", seat=s, arg="meeting_end") for s in order)]
    tasks += [Task("meeting_resolve"), Task("explore_start")]
    tasks += [Task("explore", seat=seat) for seat in order]
    tasks += [Task("turn_end")]
    lines = [say(f"Turn {turn}: strategy meeting. {state.names[state.start]} is the start player.")]
    return state.push(*tasks), lines


def meeting(state: State) -> Meeting:
    assert state.meeting is not None
    return state.meeting


# --- abilities before and after placement --------------------------------------------------------


def window_cards(state: State, seat: int, timing: str, used: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(
        c
        for c in state.players[seat].party
        if content().card(c).timing == timing and c not in used and _usable(state, seat, c)
    )


def _usable(state: State, seat: int, instance: str) -> bool:
    effect = content().card(instance).effect
    if effect == "place_lv2_token":
        return not state.lv2_retired and bool(token_spaces(state))
    if effect == "move_ap":
        return any(meeting(state).count(a.id, seat) for a in content().actions)
    if effect == "gain_ap":
        return meeting(state).ap_left[seat] < AP_MAX
    return True


@automatic("ability_window")
def _ability_window(state: State, task: Task) -> tuple[State, Lines]:
    used = tuple(task.arg.split(",")[1:])
    timing = task.arg.split(",")[0]
    if window_cards(state, task.seat, timing, used):
        return state.push(Task("ability_menu", seat=task.seat, arg=task.arg)), []
    return state, []


def _ask_menu(state: State, task: Task) -> Step:
    timing, *used = task.arg.split(",")
    cards = window_cards(state, task.seat, timing, tuple(used))
    when = "before placing AP" if timing == "meeting_start" else "now that all AP are placed"
    options = tuple(
        Option(c, f"{card_name(c)}: {content().card(c).ability}", content().card(c).text_en)
        for c in cards
    )
    prompt = f"Use an ability {when}?"
    return ask_one(task.seat, "meeting-ability", prompt, (*options, Option(DONE, "Done")))


@asking("ability_menu", _ask_menu)
def _ability_menu(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    if choice == DONE:
        return state, []
    instance = str(choice)
    found = content().card(instance)
    again = Task("ability_window", seat=task.seat, arg=f"{task.arg},{instance}")
    line = say(f"{state.names[task.seat]} uses {card_name(instance)}'s {found.ability}.")
    if found.effect == "gain_ap":
        ap = list(meeting(state).ap_left)
        gained = min(AP_MAX, ap[task.seat] + found.param("amount", 1)) - ap[task.seat]
        ap[task.seat] += gained
        state = replace(state, meeting=replace(meeting(state), ap_left=tuple(ap)))
        return state.push(again), [line, say(f"{state.names[task.seat]} gains {gained} AP.")]
    if found.effect == "place_lv2_token":
        return state.push(Task("token_place", seat=task.seat, num=0), again), [line]
    if found.effect == "move_ap":
        return state.push(Task("ap_move", seat=task.seat), again), [line]
    return state.push(again), [line]


# --- AP placement ---------------------------------------------------------------------------------


def room(state: State, action: str) -> bool:
    cap = next(a for a in content().actions if a.id == action).cap(state.player_count)
    return cap == 0 or meeting(state).total(action) < cap


@automatic("ap_round")
def _ap_round(state: State, task: Task) -> tuple[State, Lines]:
    """Give the next seat with AP left (from the cursor, in turn order) one placement."""
    current = meeting(state)
    lines: Lines = []
    for step in range(len(current.order)):
        index = (current.cursor + step) % len(current.order)
        seat = current.order[index]
        if current.ap_left[seat] == 0:
            continue
        if not any(room(state, action.id) for action in content().actions):
            ap = list(current.ap_left)
            ap[seat] = 0
            state = replace(state, meeting=replace(current, ap_left=tuple(ap)))
            lines.append(say(f"Every action is full: {state.names[seat]}'s remaining AP are lost."))
            return state.push(Task("ap_round")), lines
        nxt = replace(current, cursor=(index + 1) % len(current.order))
        state = replace(state, meeting=nxt)
        return state.push(Task("ap_place", seat=seat), Task("ap_round")), lines
    return state, [say("Every AP is placed.")]


def _ask_place(state: State, task: Task) -> Step:
    current = meeting(state)
    options = []
    for action in content().actions:
        if not room(state, action.id):
            continue
        mine = current.count(action.id, task.seat)
        cap = action.cap(state.player_count)
        total = f"{current.total(action.id)}/{cap}" if cap else f"{current.total(action.id)}"
        options.append(
            Option(
                action.id,
                f"{action.name} {action.english}",
                f"yours {mine}, all {total}. {action.help}",
            )
        )
    left = current.ap_left[task.seat]
    prompt = f"Place one AP ({left} left)."
    return ask_one(task.seat, "ap", prompt, options)


@asking("ap_place", _ask_place)
def _ap_place(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    current = meeting(state)
    action = str(choice)
    counts = list(current.placed.get(action, (0,) * state.player_count))
    counts[task.seat] += 1
    ap = list(current.ap_left)
    ap[task.seat] -= 1
    nxt = replace(current, placed={**current.placed, action: tuple(counts)}, ap_left=tuple(ap))
    name = next(a for a in content().actions if a.id == action)
    return replace(state, meeting=nxt), [
        say(f"{state.names[task.seat]} puts 1 AP on {name.name} ({name.english}).")
    ]


def _ask_move(state: State, task: Task) -> Step:
    current = meeting(state)
    options = []
    for source in content().actions:
        if not current.count(source.id, task.seat):
            continue
        for target in content().actions:
            if target.id != source.id and room(state, target.id):
                options.append(
                    Option(f"{source.id}>{target.id}", f"{source.english} -> {target.english}")
                )
    options.append(Option(DONE, "Leave them"))
    return ask_one(task.seat, "ap-move", "Move one of your AP:", options)


@asking("ap_move", _ask_move)
def _ap_move(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    if choice == DONE:
        return state, []
    source, target = str(choice).split(">")
    current = meeting(state)
    placed = dict(current.placed)
    for action, delta in ((source, -1), (target, 1)):
        counts = list(placed.get(action, (0,) * state.player_count))
        counts[task.seat] += delta
        placed[action] = tuple(counts)
    state = replace(state, meeting=replace(current, placed=placed))
    names = {action.id: f"{action.name} ({action.english})" for action in content().actions}
    name = state.names[task.seat]
    return state, [say(f"{name} moves 1 AP from {names[source]} to {names[target]}.")]


# --- resolving the meeting ----------------------------------------------------------------------


@automatic("meeting_resolve")
def _meeting_resolve(state: State, task: Task) -> tuple[State, Lines]:
    current = meeting(state)
    tasks = []
    for seat in current.order:
        tasks += [Task("item_roll", seat=seat, num=0)] * (current.count("item", seat) // ITEM_AP)
    for seat in current.order:
        tasks += [Task("lv2_roll", seat=seat)] * current.count("lv2", seat)
    tasks.append(Task("meeting_finish"))
    return state.push(*tasks), []


def _ask_item(state: State, task: Task) -> Step:
    label = f"{state.names[task.seat]}'s item roll"
    if task.arg:
        label = f"{state.names[task.seat]}'s reward roll (+{task.num})"
    return Step(chance=chance.dice(1, label))


@asking("item_roll", _ask_item)
def _item_roll(state: State, task: Task, outcome: Any, seat: int) -> tuple[State, Lines]:
    face = int(outcome[0])
    item = content().item_numbered(face + task.num)
    return gain_item(state, task.seat, item.id, face, task.num)


def gain_item(state: State, seat: int, item_id: str, face: int, bonus: int) -> tuple[State, Lines]:
    item = content().items[item_id]
    name = state.names[seat]
    rolled = f"{face}" + (f" + {bonus}" if bonus else "")
    if item_id in state.players[seat].items:
        return state, [say(f"{name} rolls {rolled}: {item.name} ({item.english}), already theirs.")]
    holder = next((s for s, p in enumerate(state.players) if item_id in p.items), None)
    if holder is not None:
        state = state.with_player(
            holder, items=tuple(i for i in state.players[holder].items if i != item_id)
        )
    state = state.with_player(seat, items=(*state.players[seat].items, item_id))
    stolen = f", taking it from {state.names[holder]}" if holder is not None else ""
    return state, [say(f"{name} rolls {rolled}: {item.name} ({item.english}){stolen}.")]


def _ask_lv2(state: State, task: Task) -> Step:
    return Step(chance=chance.dice(1, f"{state.names[task.seat]}'s Lv2 appearance roll"))


@asking("lv2_roll", _ask_lv2)
def _lv2_roll(state: State, task: Task, outcome: Any, seat: int) -> tuple[State, Lines]:
    face = int(outcome[0])
    name = state.names[task.seat]
    if state.lv2_retired:
        return state, [say(f"{name} rolls {face}, but the Lv2 deck is exhausted.")]
    if not token_spaces(state, face):
        return state, [say(f"{name} rolls {face}: no free square with that number.")]
    return state.push(Task("token_place", seat=task.seat, num=face)), [
        say(f"{name} rolls {face} for a Lv2 token.")
    ]


def _ask_token(state: State, task: Task) -> Step:
    spaces = token_spaces(state, task.num)
    options: list[Option] = []
    if state.token_supply > 0:
        options = [Option(space, f"Put a token on {space_label(space)}") for space in spaces]
    else:
        options = [
            Option(
                f"{old}>{space}", f"Move the token on {space_label(old)} to {space_label(space)}"
            )
            for old in state.tokens
            for space in spaces
        ]
    options.append(Option(DONE, "Don't place one"))
    which = f"a square numbered {task.num}" if task.num else "any free square"
    prompt = f"Put a Lv2 token on {which}."
    return ask_one(task.seat, "token", prompt, options)


@asking("token_place", _ask_token)
def _token_place(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    name = state.names[task.seat]
    if choice == DONE:
        return state, [say(f"{name} places no Lv2 token.")]
    if ">" in str(choice):
        old, new = str(choice).split(">")
        tokens = tuple(new if t == old else t for t in state.tokens)
        return replace(state, tokens=tokens), [
            say(f"{name} moves a Lv2 token to {space_label(new)}.")
        ]
    space = str(choice)
    state = replace(state, tokens=(*state.tokens, space), token_supply=state.token_supply - 1)
    return state, [say(f"{name} puts a Lv2 token on {space_label(space)}.")]


@automatic("meeting_finish")
def _meeting_finish(state: State, task: Task) -> tuple[State, Lines]:
    """Most AP on next-start-player wins it (ties: the farthest from the start player); AP on
    next-turn AP +1 raise next turn's AP (at most 6)."""
    current = meeting(state)
    lines: Lines = []
    best = max(current.count("next_start", seat) for seat in range(state.player_count))
    next_start = state.start
    if best > 0:
        contenders = [seat for seat in current.order if current.count("next_start", seat) == best]
        next_start = contenders[-1]
        lines.append(say(f"{state.names[next_start]} will be the next start player."))
    players = tuple(
        replace(player, ap_next=min(AP_MAX, AP_BASE + current.count("next_ap", seat)))
        for seat, player in enumerate(state.players)
    )
    return replace(state, next_start=next_start, players=players), lines
