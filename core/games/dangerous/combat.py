"""Battles (rulebook §5): winner stays on, with the timing pipeline of abilities.

Side 0 is the active player's party; side 1 is the enemy row (controlled by the next player) or,
in the final battle, the target player's party. Every 1-on-1 walks the rulebook's steps:
before dice -> roll -> after dice -> final result -> winner -> on-win -> settlement (discards,
their triggers, then revival), then capture, hand limit and the chance to flee.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from core import chance
from core.decisions import Option, choose_several
from core.games.base import Step
from core.games.dangerous.cards import card_name
from core.games.dangerous.content import Card, content
from core.games.dangerous.engine import ask_one, asking, automatic
from core.games.dangerous.state import Combat, Duel, State, Task
from core.narration import Lines, join, say

HAND_LIMIT = 5
YES, NO = "yes", "no"


# --- reading the battle --------------------------------------------------------------------------


def combat(state: State) -> Combat:
    assert state.combat is not None
    return state.combat


def row(state: State, side: int) -> tuple[str, ...]:
    fight = combat(state)
    if side == 0 or fight.kind == "final":
        return state.players[fight.seats[side]].party
    return fight.enemy


def is_party(state: State, side: int) -> bool:
    return side == 0 or combat(state).kind == "final"


def front(state: State, side: int) -> str | None:
    """The card of `side` in the current 1-on-1 (or at the front, between 1-on-1s); None if that
    card has left its row."""
    fighter = combat(state).duel.fighters[side]
    if fighter:
        return fighter if fighter in row(state, side) else None
    cards = row(state, side)
    return cards[0] if cards else None


def card(instance: str) -> Card:
    return content().card(instance)


def nullified(state: State, side: int) -> bool:
    """Is the fighting card of `side` silenced by a ユキミ it is fighting (nullify_opponent)?
    A ユキミ who has just lost the 1-on-1 silences nobody (FAQ: 敗北して倒れてるため)."""
    enemy = front(state, 1 - side)
    lost = combat(state).duel.winner == side
    return enemy is not None and not lost and card(enemy).effect == "nullify_opponent"


def active_effect(state: State, side: int, timing: str) -> Card | None:
    """The fighting card of `side`, if it has an ability of `timing` that is not silenced."""
    fighter = front(state, side)
    if fighter is None or nullified(state, side):
        return None
    found = card(fighter)
    return (
        found
        if found.timing == timing or (timing == "dice" and found.effect in DICE_EFFECTS)
        else None
    )


DICE_EFFECTS = ("extra_dice", "extra_dice_first", "lock_dice", "final_three")


def supporters(state: State, side: int, effect: str) -> list[Card]:
    """Cards of `side` that are not fighting and have the support `effect`."""
    fighter = front(state, side)
    return [card(c) for c in row(state, side) if c != fighter and card(c).effect == effect]


def note(state: State, text: str) -> State:
    """Add a line to this battle's own log (the battle-log panel)."""
    fight = combat(state)
    return replace(state, combat=replace(fight, log=(*fight.log, text)))


def with_duel(state: State, **changes: Any) -> State:
    fight = combat(state)
    return replace(state, combat=replace(fight, duel=replace(fight.duel, **changes)))


def with_combat(state: State, **changes: Any) -> State:
    return replace(state, combat=replace(combat(state), **changes))


def side_name(state: State, side: int) -> str:
    fight = combat(state)
    seat = fight.seats[side]
    if is_party(state, side):
        return state.names[seat]
    if fight.kind == "boss":
        site = content().board.boss(fight.boss)
        return f"the {site.english} boss"
    return f"the {fight.kind.capitalize()} enemy"


def tell(state: State, lines: Lines, text: str) -> State:
    lines.append(say(text))
    return note(state, text)


# --- moving cards --------------------------------------------------------------------------------


def set_row(state: State, side: int, cards: tuple[str, ...]) -> State:
    fight = combat(state)
    if is_party(state, side):
        return state.with_player(fight.seats[side], party=cards)
    return with_combat(state, enemy=cards)


def side_of(state: State, instance: str) -> int:
    for side in (0, 1):
        if instance in row(state, side):
            return side
    return -1


def discard(state: State, instance: str, by: str, direct: bool, lines: Lines) -> State:
    """Take `instance` out of its row at once; queue its on-discard trigger and justice."""
    side = side_of(state, instance)
    if side < 0:
        return state
    state = set_row(state, side, tuple(c for c in row(state, side) if c != instance))
    fight = combat(state)
    if is_party(state, side):
        seat = fight.seats[side]
        state = state.with_player(seat, discard=(*state.players[seat].discard, instance))
    else:
        state = with_combat(state, defeated=(*fight.defeated, instance))
    lost = list(combat(state).lost_this_settlement)
    lost[side] = True
    state = with_combat(
        state,
        lost_this_settlement=(lost[0], lost[1]),
        killers={**combat(state).killers, instance: by},
        direct=(*combat(state).direct, instance) if direct else combat(state).direct,
    )
    state = tell(state, lines, f"{card_name(instance)} ({side_name(state, side)}) falls.")
    triggers = []
    gone = card(instance)
    if gone.effect in ("avenge", "full_cube") and not _silenced_on_discard(state, side, by):
        triggers.append(Task("on_discard", side=side, arg=instance))
    for ally in row(state, side):
        if card(ally).effect == "justice" and by and side_of(state, by) == 1 - side:
            triggers.append(Task("justice", side=side, arg=f"{ally}|{by}"))
    return state.push(*triggers)


def _silenced_on_discard(state: State, side: int, by: str) -> bool:
    # A ユキミ who beat this card silences it even as it falls (she is its current opponent).
    if not by or by.startswith("item:"):
        return False
    return card(by).effect == "nullify_opponent" and side_of(state, by) == 1 - side


def hit(
    state: State, target: str, by: str, action: str, lines: Lines, direct: bool = False
) -> State:
    """An enemy ability discards ("discard") or moves ("swap:<other>") `target`; a 両性院 may
    counter it with a roll (counter), so the effect waits on the agenda."""
    if side_of(state, target) < 0:
        return state
    target_card = card(target)
    if target_card.effect == "counter" and not nullified(state, side_of(state, target)):
        return state.push(
            Task("counter", side=side_of(state, target), arg=f"{target}|{by}|{action}")
        )
    return apply_hit(state, target, by, action, lines, direct)


def apply_hit(
    state: State, target: str, by: str, action: str, lines: Lines, direct: bool = False
) -> State:
    if action == "discard":
        return discard(state, target, by, direct, lines)
    other = action.split(":", 1)[1]
    return swap(state, target, other, lines)


def swap(state: State, first: str, second: str, lines: Lines) -> State:
    side = side_of(state, first)
    if side < 0 or first == second or side_of(state, second) != side:
        return state
    if (
        "immune_swap" in (card(first).effect, card(second).effect)
        or card(first).params.get("immune_swap")
        or card(second).params.get("immune_swap")
    ):
        return tell(state, lines, "The swap fails: 流樹苗 cannot be moved.")
    cards = list(row(state, side))
    i, j = cards.index(first), cards.index(second)
    cards[i], cards[j] = cards[j], cards[i]
    state = set_row(state, side, tuple(cards))
    return tell(state, lines, f"{card_name(first)} and {card_name(second)} swap places.")


# --- starting and ending ------------------------------------------------------------------------


def start_combat(state: State, fight: Combat, then: Any) -> State:
    """Start `fight` (the ambush step, then 1-on-1s); `then` follows its end."""
    state = replace(state, combat=fight)
    if fight.kind == "final":
        return state.push(Task("duel"), then)
    return state.push(Task("ambush"), Task("duel"), then)


@automatic("ambush")
def _ambush(state: State, task: Task) -> tuple[State, Lines]:
    """The pre-combat step: every ambush ability fires, the active player's first."""
    tasks = []
    for side in (0, 1):
        for instance in row(state, side):
            if card(instance).timing == "ambush" and card(instance).effect in AMBUSH_EFFECTS:
                tasks.append(Task("ambush_fire", side=side, arg=instance))
        if is_party(state, side) and ambush_items(state, side):
            tasks.append(Task("ambush_item_menu", side=side))
    return state.push(*tasks), []


def ambush_items(state: State, side: int) -> tuple[str, ...]:
    seat = combat(state).seats[side]
    return tuple(
        item
        for item in state.players[seat].items
        if content().items[item].timing == "ambush" and content().items[item].effect == "snipe"
    )


def _ask_ambush_item(state: State, task: Task) -> Step:
    seat = combat(state).seats[task.side]
    target = row(state, 1 - task.side)
    options = tuple(
        Option(
            item,
            f"{content().items[item].name} {content().items[item].english}",
            content().items[item].text_en,
        )
        for item in ambush_items(state, task.side)
    )
    front_card = card_name(target[0]) if target else "nobody"
    prompt = f"Before the battle: use an item on {front_card}? (items are optional)"
    return ask_one(seat, "ambush-item", prompt, (*options, Option(NO, "No")))


@asking("ambush_item_menu", _ask_ambush_item)
def _ambush_item(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    if choice == NO or not row(state, 1 - task.side):
        return state, []
    item = content().items[str(choice)]
    owner = combat(state).seats[task.side]
    state = state.with_player(
        owner, items=tuple(i for i in state.players[owner].items if i != item.id)
    )
    lines: Lines = []
    # An item is not an ability: 白金 cannot reflect it, but 阿頼耶識's shield still guards.
    target = shielded(row(state, 1 - task.side))
    state = tell(
        state,
        lines,
        f"{state.names[owner]} uses {item.name} ({item.english}) on {card_name(target)}.",
    )
    roll = Task("item_snipe", side=task.side, arg=f"{item.id}|{target}")
    return state.push(roll, Task("ambush_item_menu_again", side=task.side)), lines


@automatic("ambush_item_menu_again")
def _ambush_item_again(state: State, task: Task) -> tuple[State, Lines]:
    if ambush_items(state, task.side) and row(state, 1 - task.side):
        return state.push(Task("ambush_item_menu", side=task.side)), []
    return state, []


def _ask_item_snipe(state: State, task: Task) -> Step:
    item = content().items[task.arg.split("|")[0]]
    return Step(chance=chance.dice(1, f"the {item.english} roll"))


@asking("item_snipe", _ask_item_snipe)
def _item_snipe(state: State, task: Task, outcome: Any, seat: int) -> tuple[State, Lines]:
    item_id, target = task.arg.split("|")
    item = content().items[item_id]
    lines: Lines = []
    boost, hinder = ambush_support(state, task.side)
    total = int(outcome[0]) + boost - hinder
    need = item.param("min_roll", 4)
    if total < need:
        return tell(state, lines, f"The roll is {total}: a miss (needs {need})."), lines
    state = tell(state, lines, f"The roll is {total}: a hit (needs {need}).")
    owner = combat(state).seats[task.side]
    return hit(state, target, f"item:{item_id}:{owner}", "discard", lines), lines


def ambush_support(state: State, side: int) -> tuple[int, int]:
    """What an ambush roll by `side` gains from its ambush_boost supporters and loses to the
    other side's ambush_hinder ones."""
    boost = sum(c.param("amount", 1) for c in supporters(state, side, "ambush_boost"))
    hinder = sum(c.param("amount", 1) for c in supporters(state, 1 - side, "ambush_hinder"))
    return boost, hinder


AMBUSH_EFFECTS = ("snipe", "snipe_sure", "swap_front_last")


def shielded(cards: tuple[str, ...]) -> str:
    """The card of a row an ambush hits: the front one, unless it shields the one behind."""
    if card(cards[0]).effect == "shield_front" and len(cards) > 1:
        return cards[1]
    return cards[0]


def ambush_target(state: State, side: int, instance: str) -> tuple[int, str | None]:
    """Which card an ambush from `instance` (on `side`) hits, after reflection and shields."""
    enemy = 1 - side
    if any(card(c).effect == "reflect_ambush" for c in row(state, enemy)):
        return side, instance
    cards = row(state, enemy)
    return enemy, shielded(cards) if cards else None


@automatic("ambush_fire")
def _ambush_fire(state: State, task: Task) -> tuple[State, Lines]:
    lines: Lines = []
    instance = task.arg
    if side_of(state, instance) != task.side:
        return state, lines  # it fell before its turn
    ambusher = card(instance)
    target_side, target = ambush_target(state, task.side, instance)
    if target is None:
        return state, lines
    ability = ambusher.ability or ambusher.english
    reflected = target_side == task.side
    text = f"Ambush: {card_name(instance)} uses {ability}"
    text += " — reflected by 白金翔一郎!" if reflected else f" on {card_name(target)}."
    state = tell(state, lines, text)
    if ambusher.effect == "snipe":
        return state.push(Task("ambush_roll", side=task.side, arg=f"{instance}|{target}")), lines
    if ambusher.effect == "snipe_sure":
        return hit(state, target, instance, "discard", lines), lines
    last = row(state, target_side)[-1]
    return hit(state, target, instance, f"swap:{last}", lines), lines


def _ask_ambush_roll(state: State, task: Task) -> Step:
    instance = task.arg.split("|")[0]
    return Step(chance=chance.dice(1, f"{card_name(instance)}'s ambush roll"))


@asking("ambush_roll", _ask_ambush_roll)
def _ambush_roll(state: State, task: Task, outcome: Any, seat: int) -> tuple[State, Lines]:
    instance, target = task.arg.split("|")
    lines: Lines = []
    face = int(outcome[0])
    boost, hinder = ambush_support(state, task.side)
    total = face + boost - hinder
    need = card(instance).param("min_roll", 4)
    shown = f"{face}" + (f" +{boost}" if boost else "") + (f" -{hinder}" if hinder else "")
    if total >= need:
        state = tell(state, lines, f"The ambush roll is {shown}: a hit (needs {need}).")
        return hit(state, target, instance, "discard", lines), lines
    state = tell(state, lines, f"The ambush roll is {shown}: a miss (needs {need}).")
    return state, lines


def _ask_counter(state: State, task: Task) -> Step:
    target = task.arg.split("|")[0]
    return Step(chance=chance.dice(1, f"{card_name(target)}'s counter roll"))


@asking("counter", _ask_counter)
def _counter(state: State, task: Task, outcome: Any, seat: int) -> tuple[State, Lines]:
    target, by, action = task.arg.split("|")
    lines: Lines = []
    need = card(target).param("min_roll", 4)
    if int(outcome[0]) >= need:
        state = tell(state, lines, f"{card_name(target)} counters ({outcome[0]}): no effect.")
        return state, lines
    state = tell(state, lines, f"{card_name(target)} fails to counter ({outcome[0]}).")
    return apply_hit(state, target, by, action, lines), lines


# --- one 1-on-1 ----------------------------------------------------------------------------------


@automatic("duel")
def _duel(state: State, task: Task) -> tuple[State, Lines]:
    if not row(state, 0) or not row(state, 1):
        fight = combat(state)
        if fight.kind in ("lv1", "lv2") and fight.defeated and not row(state, 1):
            # The enemy fell before any 1-on-1 (an ambush): it is still the player's to take,
            # or, with the party gone too, it goes to the discard pile (as in ruling R20).
            if row(state, 0):
                return state.push(Task("spoils")), []
            state = with_combat(state, defeated=())
            return take(state, fight.seats[0], fight.defeated, False)
        return state, []
    a, b = row(state, 0)[0], row(state, 1)[0]
    state = with_combat(
        state,
        duel=Duel(fighters=(a, b), curse=combat(state).curse),
        lost_this_settlement=(False, False),
        direct=(),
    )
    lines: Lines = []
    state = tell(
        state,
        lines,
        f"{card_name(a)} ({side_name(state, 0)}) faces {card_name(b)} ({side_name(state, 1)}).",
    )
    return state.push(
        Task("before_dice", side=0),
        Task("before_dice", side=1),
        Task("roll"),
        Task("after_dice", side=0),
        Task("after_dice", side=1),
        Task("resolve"),
        Task("on_win"),
        Task("settle"),
        Task("duel_next"),
    ), lines


def duel_broken(state: State) -> bool:
    """Has a fighter left before the dice (struck down), or has the turn ended?"""
    return combat(state).duel.winner >= 0 or front(state, 0) is None or front(state, 1) is None


@automatic("before_dice")
def _before_dice(state: State, task: Task) -> tuple[State, Lines]:
    if duel_broken(state):
        return state, []
    ability = active_effect(state, task.side, "before_dice")
    if ability is None:
        return state, []
    return state.push(Task("use_ability", side=task.side, arg=front(state, task.side) or "")), []


def _ask_use(state: State, task: Task) -> Step:
    instance = task.arg
    found = card(instance)
    seat = combat(state).seats[task.side]
    ability = found.ability or "ability"
    prompt = f"Use {card_name(instance)}'s {ability}? {found.text_en}"
    options = (Option(YES, f"Use {found.ability or 'it'}"), Option(NO, "Don't use it"))
    return ask_one(seat, "ability", prompt, options)


@asking("use_ability", _ask_use)
def _use_ability(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    if choice != YES:
        return state, []
    lines: Lines = []
    found = card(task.arg)
    state = tell(state, lines, f"{card_name(task.arg)} uses {found.ability or found.effect}.")
    label = f"{card_name(task.arg)}'s {found.ability or 'ability'}"
    return state.push(Task("ability_roll", side=task.side, arg=task.arg, num=1)), [
        *lines,
        *([] if found.effect in ROLLED else [say(label)]),
    ]


ROLLED = ("strike", "shove", "pierce")


def _ask_ability_roll(state: State, task: Task) -> Step:
    return Step(chance=chance.dice(task.num, f"{card_name(task.arg)}'s ability roll"))


@asking("ability_roll", _ask_ability_roll)
def _ability_roll(state: State, task: Task, outcome: Any, seat: int) -> tuple[State, Lines]:
    lines: Lines = []
    user = task.arg
    found = card(user)
    face = int(outcome[0])
    need = found.param("min_roll", 4)
    enemy = front(state, 1 - task.side)
    if side_of(state, user) != task.side or enemy is None:
        return state, lines
    if face < need:
        return tell(state, lines, f"The roll is {face}: it fails (needs {need})."), lines
    state = tell(state, lines, f"The roll is {face}: it works (needs {need}).")
    if found.effect == "strike":
        return hit(state, enemy, user, "discard", lines), lines
    cards = row(state, 1 - task.side)
    if found.effect == "pierce":
        if len(cards) > 1:
            state = _set_fighter(state, 1 - task.side, cards[1])
            state = tell(
                state, lines, f"{card_name(user)} breaks through to {card_name(cards[1])}."
            )
        return state, lines
    # shove: swap the opponent with the card behind it; in the final battle the turn ends.
    if len(cards) > 1:
        state = hit(state, enemy, user, f"swap:{cards[1]}", lines)
        state = state.push(Task("refront", side=1 - task.side))
    if combat(state).kind == "final":
        state = with_duel(state, winner=3)
        state = tell(state, lines, f"{state.names[combat(state).seats[task.side]]}'s turn ends.")
    return state, lines


def _set_fighter(state: State, side: int, instance: str) -> State:
    fighters = list(combat(state).duel.fighters)
    fighters[side] = instance
    return with_duel(state, fighters=(fighters[0], fighters[1]))


@automatic("refront")
def _refront(state: State, task: Task) -> tuple[State, Lines]:
    """After a swap before the dice, the card now at the front fights this 1-on-1."""
    cards = row(state, task.side)
    if cards and combat(state).duel.winner < 0:
        state = _set_fighter(state, task.side, cards[0])
    return state, []


def dice_count(state: State, side: int) -> int:
    fighter = front(state, side)
    assert fighter is not None
    found = card(fighter)
    fight = combat(state)
    if fight.kind == "final" and found.effect == "final_three" and not nullified(state, side):
        return 0
    count = found.dice
    if not nullified(state, side):
        if found.effect == "extra_dice":
            count += found.param("amount", 1)
        if found.effect == "extra_dice_first" and fight.fought[side] == 0:
            count += found.param("amount", 1)
    lock = active_effect(state, 1 - side, "dice")
    if lock is not None and lock.effect == "lock_dice":
        count = lock.param("count", 1)
    return count


@automatic("roll")
def _roll(state: State, task: Task) -> tuple[State, Lines]:
    if duel_broken(state):
        return state, []
    counts = (dice_count(state, 0), dice_count(state, 1))
    if sum(counts) == 0:
        return with_duel(state, rolled=True), []
    return state.push(Task("roll_dice", num=counts[0], side=counts[1])), []


def _ask_roll(state: State, task: Task) -> Step:
    return Step(chance=chance.dice(task.num + task.side, "the attack dice (both sides at once)"))


@asking("roll_dice", _ask_roll)
def _roll_dice(state: State, task: Task, outcome: Any, seat: int) -> tuple[State, Lines]:
    faces = tuple(int(face) for face in outcome)
    dice = (faces[: task.num], faces[task.num :])
    state = with_duel(state, dice=dice, rolled=True)
    lines: Lines = []
    parts = [f"{side_name(state, side)} {_faces(dice[side])}" for side in (0, 1)]
    return tell(state, lines, "Attack dice: " + "; ".join(parts) + "."), lines


def _faces(faces: tuple[int, ...]) -> str:
    if not faces:
        return "no dice (counts as 3)"
    return "[" + "][".join(map(str, faces)) + "]"


@automatic("after_dice")
def _after_dice(state: State, task: Task) -> tuple[State, Lines]:
    if duel_broken(state):
        return state, []
    if after_options(state, task.side):
        return state.push(Task("after_menu", side=task.side)), []
    return state, []


def after_options(state: State, side: int) -> list[Option]:
    options: list[Option] = []
    used = combat(state).duel.used
    ability = active_effect(state, side, "after_dice")
    fighter = front(state, side)
    if ability is not None and fighter is not None and fighter not in used:
        verb = (
            "reroll your attack dice"
            if ability.effect == "reroll"
            else f"+{ability.param('amount', 1)}"
        )
        options.append(
            Option(f"card:{fighter}", f"{ability.ability or card_name(fighter)}: {verb}")
        )
    if is_party(state, side) and combat(state).duel.rolled:
        seat = combat(state).seats[side]
        for item_id in state.players[seat].items:
            item = content().items[item_id]
            if item.timing == "after_dice" and item.effect in ("bump", "reroll", "support_minus"):
                options.append(
                    Option(f"item:{item_id}", f"{item.name} {item.english}", item.text_en)
                )
    return options


def _ask_after(state: State, task: Task) -> Step:
    seat = combat(state).seats[task.side]
    mine = _value_text(state, task.side)
    theirs = _value_text(state, 1 - task.side)
    prompt = f"After the dice: you have {mine}, they have {theirs}. Use an item or ability?"
    options = (*after_options(state, task.side), Option("done", "Done"))
    return ask_one(seat, "after-dice", prompt, options)


@asking("after_menu", _ask_after)
def _after_menu(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    if choice == "done":
        return state, []
    lines: Lines = []
    kind, _, ident = str(choice).partition(":")
    duel = combat(state).duel
    if kind == "item":
        item = content().items[ident]
        owner = combat(state).seats[task.side]
        items = list(state.players[owner].items)
        items.remove(ident)
        state = state.with_player(owner, items=tuple(items))
        effect, amount = item.effect, item.param("amount", 1)
        state = tell(state, lines, f"{state.names[owner]} uses {item.name} ({item.english}).")
    else:
        found = card(ident)
        effect, amount = found.effect, found.param("amount", 1)
        state = with_duel(state, used=(*duel.used, ident))
        state = tell(state, lines, f"{card_name(ident)} uses {found.ability or effect}.")
    if effect == "reroll":
        count = len(combat(state).duel.dice[task.side])
        state = state.push(Task("reroll_dice", side=task.side, num=max(count, 1)))
    elif effect == "support_minus":
        penalty = list(combat(state).duel.penalty)
        penalty[1 - task.side] += amount
        state = with_duel(state, penalty=(penalty[0], penalty[1]))
    else:
        bonus = list(combat(state).duel.bonus)
        bonus[task.side] += amount
        state = with_duel(state, bonus=(bonus[0], bonus[1]))
    return state.push(Task("after_dice", side=task.side)), lines


def _ask_reroll(state: State, task: Task) -> Step:
    return Step(chance=chance.dice(task.num, f"{side_name(state, task.side)}'s reroll"))


@asking("reroll_dice", _ask_reroll)
def _reroll_dice(state: State, task: Task, outcome: Any, seat: int) -> tuple[State, Lines]:
    faces = tuple(int(face) for face in outcome)
    dice = list(combat(state).duel.dice)
    dice[task.side] = faces
    state = with_duel(state, dice=(dice[0], dice[1]))
    lines: Lines = []
    return tell(state, lines, f"Reroll: {_faces(faces)}."), lines


def value(state: State, side: int) -> int:
    """The fighting card's result: its highest die (after support penalties) plus every bonus."""
    fight = combat(state)
    faces = fight.duel.dice[side]
    minus = sum(c.param("amount", 1) for c in supporters(state, 1 - side, "support_minus"))
    minus += fight.duel.penalty[side]
    highest = max((max(1, face - minus) for face in faces), default=3 if fight.duel.rolled else 0)
    plus = sum(c.param("amount", 1) for c in supporters(state, side, "support_plus"))
    total = highest + plus + fight.duel.bonus[side] - fight.duel.curse[side]
    if side == 0 and fight.kind != "final" and state.meeting is not None:
        total += state.meeting.count("combat", fight.seats[0])
    return total


def _value_text(state: State, side: int) -> str:
    if not combat(state).duel.rolled:
        return "not rolled"
    return str(value(state, side))


@automatic("resolve")
def _resolve(state: State, task: Task) -> tuple[State, Lines]:
    lines: Lines = []
    fight = combat(state)
    if fight.duel.winner >= 0:
        return state, lines
    present = (front(state, 0) is not None, front(state, 1) is not None)
    if not all(present):
        # A fighter left the game before the result: the one remaining wins (勝敗決定).
        winner = 0 if present[0] else 1 if present[1] else 2
        if winner < 2:
            state = tell(state, lines, f"{side_name(state, winner)}'s card wins by default.")
        return with_duel(state, winner=winner), lines
    results = (value(state, 0), value(state, 1))
    winner = 0 if results[0] > results[1] else 1 if results[1] > results[0] else 2
    for side in (0, 1):
        special = active_effect(state, side, "final_result")
        if (
            special is not None
            and special.effect == "final_high_kill"
            and winner == 2
            and results[side] >= special.param("target", 6)
        ):
            winner = side
            state = tell(
                state,
                lines,
                f"{card_name(front(state, side) or '')}'s {special.ability} decides the tie.",
            )
    state = with_duel(state, result=results, winner=winner)
    a, b = front(state, 0) or "", front(state, 1) or ""
    verdict = {0: f"{card_name(a)} wins", 1: f"{card_name(b)} wins", 2: "a mutual kill"}[winner]
    state = tell(state, lines, f"Final result {results[0]} against {results[1]}: {verdict}.")
    return state, lines


@automatic("on_win")
def _on_win(state: State, task: Task) -> tuple[State, Lines]:
    winner = combat(state).duel.winner
    if winner not in (0, 1):
        return state, []
    ability = active_effect(state, winner, "on_win")
    if ability is None:
        return state, []
    return state.push(Task("on_win_fire", side=winner, arg=front(state, winner) or "")), []


@automatic("on_win_fire")
def _on_win_fire(state: State, task: Task) -> tuple[State, Lines]:
    lines: Lines = []
    found = card(task.arg)
    loser_side = 1 - task.side
    state = tell(state, lines, f"{card_name(task.arg)}'s {found.ability or 'victory ability'}.")
    if found.effect == "on_win_capture_extra":
        owner = combat(state).seats[task.side]
        deck = state.decks.get("lv1", ())
        if is_party(state, task.side) and deck:
            state = state.with_player(owner, discard=(*state.players[owner].discard, deck[0]))
            state = replace(state, decks={**state.decks, "lv1": deck[1:]})
            state = tell(
                state,
                lines,
                f"{state.names[owner]} takes {card_name(deck[0])} into their discard pile.",
            )
        return state, lines
    if found.effect == "on_win_curse":
        curse = list(combat(state).curse)
        curse[loser_side] += found.param("amount", 1)
        return with_combat(state, curse=(curse[0], curse[1])), lines
    if found.effect in ("on_win_shove_six", "on_win_detective"):
        return state.push(Task("win_roll", side=task.side, arg=task.arg)), lines
    return state, lines


def _ask_win_roll(state: State, task: Task) -> Step:
    return Step(chance=chance.dice(1, f"{card_name(task.arg)}'s victory roll"))


@asking("win_roll", _ask_win_roll)
def _win_roll(state: State, task: Task, outcome: Any, seat: int) -> tuple[State, Lines]:
    lines: Lines = []
    face = int(outcome[0])
    enemy_side = 1 - task.side
    cards = row(state, enemy_side)
    found = card(task.arg)
    if found.effect == "on_win_detective":
        # Position `face` of the enemy party; 1 is the card just beaten, which falls anyway.
        if face == 1 or face > len(cards):
            return tell(state, lines, f"The roll is {face}: nobody else is hit."), lines
        state = tell(state, lines, f"The roll is {face}: the card in position {face} is hit.")
        return hit(state, cards[face - 1], task.arg, "discard", lines), lines
    # 鏡介: the card behind the beaten one swaps with the last card; on a 6 it is discarded.
    if len(cards) < 2:
        return tell(state, lines, f"The roll is {face}: no card is left to target."), lines
    target = cards[1]
    if len(cards) > 2:
        state = hit(state, target, task.arg, f"swap:{cards[-1]}", lines)
        target = row(state, enemy_side)[1]
    if face == 6:
        state = tell(state, lines, f"The roll is 6: {card_name(target)} is hit.")
        return hit(state, target, task.arg, "discard", lines), lines
    return tell(state, lines, f"The roll is {face}: no extra hit."), lines


@automatic("settle")
def _settle(state: State, task: Task) -> tuple[State, Lines]:
    """The settlement step: the loser (both, on a mutual kill) is discarded."""
    lines: Lines = []
    fight = combat(state)
    winner = fight.duel.winner
    if winner == 3:
        return state, lines  # the turn ended before the dice (小泉ヒズミ)
    fighters = (front(state, 0), front(state, 1))
    losers = {0: (1,), 1: (0,), 2: (0, 1)}.get(winner, ())
    # Follow-ups go on the agenda first: each discard below puts its own triggers in front of
    # them (on-discard abilities, justice), so revival comes after everything (FAQ ファーティマ).
    state = state.push(Task("revival", side=0), Task("revival", side=1), Task("spoils"))
    for side in losers:
        loser = fighters[side]
        beater = fighters[1 - side] or ""
        if loser is not None and side_of(state, loser) == side:
            state = discard(state, loser, beater if winner != 2 else "", True, lines)
    fought = list(fight.fought)
    for side in (0, 1):
        fought[side] += 1
    state = with_combat(state, fought=(fought[0], fought[1]), curse=_spent_curse(state))
    return state, lines


def _spent_curse(state: State) -> tuple[int, int]:
    """A curse is spent by the 1-on-1 that rolled with it; one set by this 1-on-1's on-win
    ability waits for the next."""
    fight = combat(state)
    if not fight.duel.rolled:
        return fight.curse
    return (fight.curse[0] - fight.duel.curse[0], fight.curse[1] - fight.duel.curse[1])


def _ask_on_discard(state: State, task: Task) -> Step:
    found = card(task.arg)
    return Step(
        chance=chance.dice(found.param("dice", 2), f"{card_name(task.arg)}'s {found.ability}")
    )


@automatic("on_discard")
def _on_discard(state: State, task: Task) -> tuple[State, Lines]:
    lines: Lines = []
    found = card(task.arg)
    fight = combat(state)
    if found.effect == "full_cube":
        return state.push(Task("full_cube", side=task.side, arg=task.arg)), lines
    # avenge (あげは): only the card that beat her in direct combat, or 鏡介's ability.
    killer = fight.killers.get(task.arg, "")
    direct = task.arg in fight.direct
    if not killer or killer.startswith("item:") or side_of(state, killer) < 0:
        return state, lines
    if not direct and card(killer).effect != "on_win_shove_six":
        return state, lines
    state = tell(
        state,
        lines,
        f"{card_name(task.arg)}'s {found.ability} strikes back at {card_name(killer)}.",
    )
    state = hit(state, killer, task.arg, "discard", lines)
    return _wipe_credit(state, task.side), lines


@asking("full_cube", _ask_on_discard)
def _full_cube(state: State, task: Task, outcome: Any, seat: int) -> tuple[State, Lines]:
    lines: Lines = []
    need = card(task.arg).param("min_roll", 5)
    faces = [int(face) for face in outcome]
    hits = sum(1 for face in faces if face >= need)
    state = tell(state, lines, f"{card_name(task.arg)} rolls {faces}: {hits} hit(s) on {need}+.")
    for _ in range(hits):
        for side in (0, 1):
            cards = row(state, side)
            if cards:
                state = discard(state, cards[0], task.arg, False, lines)
    return _wipe_credit(state, task.side), lines


def _wipe_credit(state: State, side: int) -> State:
    """If an on-discard ability leaves both sides empty, its side wins (FAQ: あげは, 小竹)."""
    if not row(state, 0) and not row(state, 1):
        return with_combat(state, wiped_by_ability=side)
    return state


def _ask_justice(state: State, task: Task) -> Step:
    ally = task.arg.split("|")[0]
    return Step(chance=chance.dice(1, f"{card_name(ally)}'s justice roll"))


@asking("justice", _ask_justice)
def _justice(state: State, task: Task, outcome: Any, seat: int) -> tuple[State, Lines]:
    ally, culprit = task.arg.split("|")
    lines: Lines = []
    if side_of(state, ally) != task.side or side_of(state, culprit) < 0:
        return state, lines
    need = card(ally).param("min_roll", 5)
    if int(outcome[0]) < need:
        return tell(state, lines, f"{card_name(ally)}'s judgement misses ({outcome[0]})."), lines
    state = tell(
        state, lines, f"{card_name(ally)} passes judgement ({outcome[0]}) on {card_name(culprit)}."
    )
    return hit(state, culprit, ally, "discard", lines), lines


@automatic("revival")
def _revival(state: State, task: Task) -> tuple[State, Lines]:
    fight = combat(state)
    if not is_party(state, task.side) or fight.revived[task.side]:
        return state, []
    if not fight.lost_this_settlement[task.side]:
        return state, []
    if not any(card(c).effect == "insurance" for c in row(state, task.side)):
        return state, []
    if not state.players[fight.seats[task.side]].discard:
        return state, []
    return state.push(Task("revive", side=task.side)), []


def _ask_revive(state: State, task: Task) -> Step:
    seat = combat(state).seats[task.side]
    options = tuple(Option(c, card_name(c)) for c in dict.fromkeys(state.players[seat].discard))
    prompt = "Insurance: bring one card back from your discard pile to the end of your party?"
    return ask_one(seat, "revive", prompt, (*options, Option(NO, "No")))


@asking("revive", _ask_revive)
def _revive(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    fight = combat(state)
    revived = list(fight.revived)
    revived[task.side] = True
    state = with_combat(state, revived=(revived[0], revived[1]))
    if choice == NO:
        return state, []
    owner = fight.seats[task.side]
    pile = list(state.players[owner].discard)
    pile.remove(str(choice))
    state = state.with_player(
        owner, discard=tuple(pile), party=(*state.players[owner].party, str(choice))
    )
    lines: Lines = []
    return tell(
        state, lines, f"{card_name(str(choice))} returns to {state.names[owner]}'s party."
    ), lines


@automatic("spoils")
def _spoils(state: State, task: Task) -> tuple[State, Lines]:
    """Exploration only: what the active player does with enemy cards just defeated."""
    fight = combat(state)
    if fight.kind in ("final", "boss") or not fight.defeated:
        return state, []
    if fight.duel.winner == 2:
        # A mutual kill: the enemy card goes into the hand (rulebook §5, 相討ちの場合) -- unless
        # that was the last card: wiped out, the card goes to the discard pile (ruling R20).
        state = with_combat(state, defeated=())
        standing = bool(state.players[fight.seats[0]].party)
        return take(state, fight.seats[0], (fight.defeated[-1],), standing)
    return state.push(Task("capture", arg=fight.defeated[-1])), []


def _ask_capture(state: State, task: Task) -> Step:
    seat = combat(state).seats[0]
    prompt = (
        f"You defeated {card_name(task.arg)}. Take it into your party, or to your discard pile?"
    )
    options = (Option("party", "Into my party"), Option("discard", "To my discard pile"))
    return ask_one(seat, "capture", prompt, options)


@asking("capture", _ask_capture)
def _capture(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    owner = combat(state).seats[0]
    state = with_combat(state, defeated=())
    return take(state, owner, (task.arg,), str(choice) == "party")


def take(state: State, owner: int, cards: tuple[str, ...], to_party: bool) -> tuple[State, Lines]:
    lines: Lines = []
    player = state.players[owner]
    names = join([card_name(c) for c in cards])
    if to_party:
        state = state.with_player(owner, party=(*player.party, *cards))
        lines.append(say(f"{state.names[owner]} takes {names} into the party."))
    else:
        state = state.with_player(owner, discard=(*player.discard, *cards))
        lines.append(say(f"{state.names[owner]} puts {names} in the discard pile."))
    if len(state.players[owner].party) > HAND_LIMIT:
        state = state.push(Task("hand_limit", seat=owner))
    return state, lines


def _ask_hand_limit(state: State, task: Task) -> Step:
    party = state.players[task.seat].party
    extra = len(party) - HAND_LIMIT
    options = tuple(Option(c, card_name(c)) for c in party)
    prompt = f"Your party holds more than {HAND_LIMIT}: choose {extra} for your discard pile."
    return Step(decisions=(choose_several(task.seat, "hand-limit", prompt, options, extra, extra),))


@asking("hand_limit", _ask_hand_limit)
def _hand_limit(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    dropped = tuple(str(c) for c in choice)
    player = state.players[task.seat]
    state = state.with_player(
        task.seat,
        party=tuple(c for c in player.party if c not in dropped),
        discard=(*player.discard, *dropped),
    )
    names = join([card_name(c) for c in dropped])
    return state, [say(f"{state.names[task.seat]} puts {names} in the discard pile (hand limit).")]


@automatic("duel_next")
def _duel_next(state: State, task: Task) -> tuple[State, Lines]:
    """After a settlement: flee, fight on, or stop (a side is empty)."""
    fight = combat(state)
    if fight.kind == "final" or not row(state, 0) or not row(state, 1):
        return state, []
    if fight.lost_this_settlement[0]:
        return state.push(Task("flee"), Task("duel_again")), []
    return state.push(Task("duel")), []


@automatic("duel_again")
def _duel_again(state: State, task: Task) -> tuple[State, Lines]:
    if combat(state).duel.winner == 4:  # fled
        return state, []
    return state.push(Task("duel")), []


def _ask_flee(state: State, task: Task) -> Step:
    seat = combat(state).seats[0]
    enemy = row(state, 1)
    prompt = f"Your card fell. Fight on against {card_name(enemy[0])}, or flee (always succeeds)?"
    options = (Option("fight", "Fight on"), Option("flee", "Flee"))
    return ask_one(seat, "flee", prompt, options)


@asking("flee", _ask_flee)
def _flee(state: State, task: Task, choice: Any, seat: int) -> tuple[State, Lines]:
    if choice != "flee":
        return state, []
    lines: Lines = []
    state = with_duel(state, winner=4)
    return tell(state, lines, f"{state.names[combat(state).seats[0]]} flees."), lines
