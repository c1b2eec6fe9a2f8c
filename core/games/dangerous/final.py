"""The final battle (rulebook §7): secret parties, one ambush round, then one duel per turn."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

from core.decisions import Option, choose_one, choose_several, order
from core.games.base import Narration, Step
from core.games.dangerous.ambush import AMBUSH_EFFECTS, AmbushFire, AmbushItems
from core.games.dangerous.cards import card_name, card_option
from core.games.dangerous.combat import start_combat
from core.games.dangerous.content import content
from core.games.dangerous.engine import ask_one, asking, automatic, own_task, waiting
from core.games.dangerous.state import Combat, Final, State, Task
from core.narration import Lines, join, say

BASE_PARTY = 3


def final(state: State) -> Final:
    assert state.final is not None
    return state.final


def pool(state: State, seat: int) -> tuple[str, ...]:
    """Every card a player may build the final party from: hand and discard pile."""
    player = state.players[seat]
    return (*player.party, *player.discard)


@automatic("final_start")
def _final_start(state: State, task: Task) -> tuple[State, Lines]:
    """Exploration stops at once; every player builds a party of 3 + boss tokens in secret."""
    conqueror = task.seat
    order_ = state.clockwise(conqueror)
    sizes = tuple(
        BASE_PARTY + len(state.players[seat].tokens) for seat in range(state.player_count)
    )
    built: tuple[tuple[str, ...] | None, ...] = tuple(
        None if pool(state, seat) else () for seat in range(state.player_count)
    )
    state = replace(
        state,
        agenda=(),
        phase="final",
        meeting=None,
        combat=None,
        final=Final(order=order_, size=sizes, built=built),
    )
    lines = [
        say(f"The final battle begins. {state.names[conqueror]} goes first."),
        say(
            "Party sizes: "
            + ", ".join(f"{state.names[s]} {sizes[s]}" for s in range(state.player_count))
            + "."
        ),
    ]
    builders = [seat for seat in order_ if built[seat] is None]
    tasks = [Task("final_pick", seat=seat) for seat in builders]
    tasks += [Task("final_order", seat=seat) for seat in builders]
    tasks += [Task("final_reveal"), Task("final_ambush_round"), Task("final_turn")]
    return state.push(*tasks), lines


def _ask_pick(state: State, task: Task) -> Step:
    decisions = []
    for seat in waiting(state, "final_pick"):
        cards = pool(state, seat)
        size = min(final(state).size[seat], len(cards))
        options = tuple(card_option(c) for c in cards)
        prompt = (
            f"Build your final party in secret: choose {size} card(s) "
            "from your hand and discard pile."
        )
        decisions.append(choose_several(seat, "final-party", prompt, options, size, size))
    return Step(decisions=tuple(decisions))


@asking("final_pick", _ask_pick)
def _final_pick(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    state = own_task(state, task, seat)
    chosen = tuple(str(c) for c in choice)
    built = list(final(state).built)
    built[seat] = chosen
    state = replace(state, final=replace(final(state), built=tuple(built)))
    line = Narration(
        f"{state.names[seat]} chooses a final party.",
        secret=((seat, f"You choose {join([card_name(c) for c in chosen])}."),),
        full=f"{state.names[seat]} chooses {join([card_name(c) for c in chosen])}.",
    )
    return state, [line]


def _ask_order(state: State, task: Task) -> Step:
    decisions = []
    for seat in waiting(state, "final_order"):
        chosen = final(state).built[seat] or ()
        options = tuple(card_option(c) for c in chosen)
        prompt = "Order your final party, face down (front fights first)."
        if len(options) < 2:
            decisions.append(choose_one(seat, "final-order", prompt, (Option("ok", "Ready"),)))
        else:
            decisions.append(order(seat, "final-order", prompt, options))
    return Step(decisions=tuple(decisions))


@asking("final_order", _ask_order)
def _final_order(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    state = own_task(state, task, seat)
    if isinstance(choice, tuple):
        built = list(final(state).built)
        built[seat] = tuple(str(c) for c in choice)
        state = replace(state, final=replace(final(state), built=tuple(built)))
    return state, [
        Narration(
            f"{state.names[seat]} lays the party face down.",
            secret=((seat, "Your party is ready."),),
        )
    ]


@automatic("final_reveal")
def _final_reveal(state: State, task: Task) -> tuple[State, Lines]:
    lines: Lines = []
    for seat in final(state).order:
        chosen = final(state).built[seat] or ()
        rest = list(pool(state, seat))
        for instance in chosen:
            rest.remove(instance)
        state = state.with_player(seat, party=chosen, discard=tuple(rest), out=not chosen)
        shown = join([card_name(c) for c in chosen]) or "nobody"
        lines.append(say(f"{state.names[seat]} reveals: {shown}."))
    state = replace(
        state, final=replace(final(state), revealed=True), reveal_count=state.reveal_count + 1
    )
    return state, lines


@automatic("final_ambush_round")
def _final_ambush_round(state: State, task: Task) -> tuple[State, Lines]:
    """<戦闘開始前>: in turn order, each player's ambush abilities, each at a target they pick."""
    tasks = []
    for seat in final(state).order:
        for instance in state.players[seat].party:
            if content().card(instance).effect in AMBUSH_EFFECTS:  # not the ambush supports
                tasks.append(Task("final_ambush_target", seat=seat, arg=instance))
        if any(content().items[item].timing == "ambush" for item in state.players[seat].items):
            tasks.append(Task("final_item_target", seat=seat))
    return state.push(*tasks), []


def _ask_item_target(state: State, task: Task) -> Step:
    targets = [seat for seat in alive(state) if seat != task.seat]
    options = tuple(Option(seat, f"Use an ambush item on {state.names[seat]}") for seat in targets)
    prompt = "Before the final duels: use an ambush item (R24)? Choose a target, or keep them."
    no = Option("no", "Keep my items")
    return ask_one(task.seat, "ambush-item-target", prompt, (*options, no))


@asking("final_item_target", _ask_item_target)
def _final_item_target(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    if choice == "no" or not state.players[task.seat].party:
        return state, []
    target = int(choice)
    state = replace(state, combat=Combat(kind="final", seats=(task.seat, target)))
    return state.push(AmbushItems(0), Task("final_ambush_done")), []


def alive(state: State) -> list[int]:
    return [seat for seat in final(state).order if state.players[seat].party]


def _ask_ambush_target(state: State, task: Task) -> Step:
    targets = [seat for seat in alive(state) if seat != task.seat]
    options = tuple(Option(seat, state.names[seat]) for seat in targets)
    prompt = f"{card_name(task.arg)}'s ambush must strike someone: choose a player."
    return ask_one(task.seat, "ambush-target", prompt, options)


@asking("final_ambush_target", _ask_ambush_target)
def _final_ambush_target(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    target = int(choice)
    state = replace(state, combat=Combat(kind="final", seats=(task.seat, target)))
    return state.push(AmbushFire(0, task.arg), Task("final_ambush_done")), []


@automatic("final_ambush_done")
def _final_ambush_done(state: State, task: Task) -> tuple[State, Lines]:
    fight = state.combat
    log = fight.log if fight else ()
    state = replace(state, combat=None, last_battle=log)
    # An ambush can leave a player with nobody, or an ambusher can have fallen already:
    # drop the remaining ambush tasks of cards that are gone or have no target left.
    agenda = tuple(t for t in state.agenda if _still_relevant(state, t))
    return replace(state, agenda=agenda), []


def _still_relevant(state: State, task: Task) -> bool:
    if task.kind not in ("final_ambush_target", "final_item_target"):
        return True
    if len(alive(state)) <= 1 or not state.players[task.seat].party:
        return False
    return task.kind == "final_item_target" or task.arg in state.players[task.seat].party


@automatic("final_turn")
def _final_turn(state: State, task: Task) -> tuple[State, Lines]:
    standing = alive(state)
    if len(standing) <= 1:
        return state.push(Task("final_end")), []
    current = final(state)
    for step in range(len(current.order)):
        index = (current.turn + step) % len(current.order)
        seat = current.order[index]
        if seat in standing:
            state = replace(state, final=replace(current, turn=(index + 1) % len(current.order)))
            return state.push(Task("final_target", seat=seat)), []
    return state.push(Task("final_end")), []


def _ask_target(state: State, task: Task) -> Step:
    options = tuple(
        Option(seat, state.names[seat], f"front: {card_name(state.players[seat].party[0])}")
        for seat in alive(state)
        if seat != task.seat
    )
    prompt = "Your turn in the final battle: whom do you attack? (passing is not allowed)"
    return ask_one(task.seat, "target", prompt, options)


@asking("final_target", _ask_target)
def _final_target(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    target = int(choice)
    fight = Combat(kind="final", seats=(task.seat, target))
    state = start_combat(state, fight, cast(Any, Task("final_duel_over")))
    return state, [say(f"{state.names[task.seat]} attacks {state.names[target]}.")]


@automatic("final_duel_over")
def _final_duel_over(state: State, task: Task) -> tuple[State, Lines]:
    fight = state.combat
    assert fight is not None
    lines: Lines = []
    for seat in fight.seats:
        if not state.players[seat].party and not state.players[seat].out:
            state = state.with_player(seat, out=True)
            lines.append(say(f"{state.names[seat]} has no cards left and is out."))
    state = replace(state, combat=None, last_battle=fight.log)
    if not alive(state):
        # Both last parties fell together: the side whose ability did it wins (FAQ), else a draw.
        if fight.wiped_by_ability >= 0:
            winners: tuple[int, ...] = (fight.seats[fight.wiped_by_ability],)
        else:
            winners = tuple(sorted(fight.seats))
        return _finish(state, winners, lines)
    return state.push(Task("final_turn")), lines


@automatic("final_end")
def _final_end(state: State, task: Task) -> tuple[State, Lines]:
    return _finish(state, tuple(alive(state)), [])


def _finish(state: State, winners: tuple[int, ...], lines: Lines) -> tuple[State, Lines]:
    names = join([state.names[seat] for seat in winners])
    verb = "wins" if len(winners) == 1 else "share the win (a draw)"
    lines.append(say(f"{names} {verb}: the last standing in the final battle."))
    return replace(state, phase="over", winners=winners, agenda=()), lines
