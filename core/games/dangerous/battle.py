"""The battle in progress, read and lightly edited: the two rows, the cards fighting, which
abilities are live, the battle's own log.

Side 0 is the active player's party; side 1 is the enemy row (controlled by the next player) or,
in the final battle, the target player's party.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from core.decisions import ActingFor
from core.frozen import replace, with_field
from core.games.dangerous.content import Card, card, content
from core.games.dangerous.state import Combat, State
from core.i18n import N_
from core.narration import Lines, Message, Text, say

DICE_EFFECTS = ("extra_dice", "extra_dice_first", "lock_dice", "final_three")


def combat(state: State) -> Combat:
    assert state.combat is not None
    return state.combat


def row(state: State, side: int) -> tuple[str, ...]:
    fight = state.combat
    assert fight is not None
    if side == 0 or fight.kind == "final":
        return state.players[fight.seats[side]].party
    return fight.enemy


def is_party(state: State, side: int) -> bool:
    fight = state.combat
    assert fight is not None
    return side == 0 or fight.kind == "final"


def side_of(state: State, instance: str) -> int:
    for side in (0, 1):
        if instance in row(state, side):
            return side
    return -1


def front(state: State, side: int) -> str | None:
    """The card of `side` in the current 1-on-1 (or at the front, between 1-on-1s); None if that
    card has left its row."""
    last_state, fronts = _last_fronts[0]
    if last_state is not state:
        fronts = (_front(state, 0), _front(state, 1))
        _last_fronts[0] = (state, fronts)
    return fronts[side]


_last_fronts: list[tuple[State | None, tuple[str | None, str | None]]] = [(None, (None, None))]
"""The last state `front` was asked about, and both its fronts: the steps of a 1-on-1 ask
several times about each state. States are immutable, so a state's fronts stay what they were;
the state is held here, so no other state can take its identity. (One tuple, replaced whole.)"""


def _front(state: State, side: int) -> str | None:
    cards = row(state, side)
    fight = state.combat
    assert fight is not None
    fighter = fight.duel.fighters[side]
    if fighter:
        return fighter if fighter in cards else None
    return cards[0] if cards else None


def nullified(state: State, side: int) -> bool:
    """Is the fighting card of `side` silenced by a ユキミ it is fighting (nullify_opponent)?
    A ユキミ who has just lost the 1-on-1 silences nobody (FAQ: 敗北して倒れてるため)."""
    enemy = front(state, 1 - side)
    if enemy is None or card(enemy).effect != "nullify_opponent":
        return False
    return combat(state).duel.winner != side


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


def supporting(state: State, side: int, effect: str) -> list[str]:
    """The cards (instances) of `side` that are not fighting and have the support `effect`."""
    fighter = front(state, side)
    return [c for c in row(state, side) if c != fighter and card(c).effect == effect]


def supporters(state: State, side: int, effect: str) -> list[Card]:
    return [card(c) for c in supporting(state, side, effect)]


def deciding_for(state: State, side: int) -> ActingFor | None:
    """Whose behalf the seat choosing for `side` decides on: the enemy row is played by the
    next player, against the active player (None for a party: its owner decides for it)."""
    if is_party(state, side):
        return None
    return ActingFor(ENEMY_SIDE, against=combat(state).seats[0])


ENEMY_SIDE = N_("enemy")
"""The side the next player plays in a battle (the prompt's banner translates the word)."""


def side_name(state: State, side: int) -> Text:
    fight = combat(state)
    if side == 0 or fight.kind == "final":  # a party: its owner's name
        return state.names[fight.seats[side]]
    return _enemy_name(fight.kind, fight.boss)


@cache  # a handful of kinds and bosses; a battle's lines name its sides again and again
def _enemy_name(kind: str, boss: str) -> Text:
    if kind == "boss":
        site = content().board.boss(boss)
        return Message("the {boss} boss", boss=site.title)
    if kind == "lv1":
        return Message("the Lv1 enemy")
    if kind == "lv2":
        return Message("the Lv2 enemy")
    return Message("the {kind} enemy", kind=kind.capitalize())


# --- small edits ---------------------------------------------------------------------------------


def with_combat(state: State, **changes: Any) -> State:
    return with_field(state, "combat", replace(combat(state), **changes))


def with_duel(state: State, **changes: Any) -> State:
    fight = combat(state)
    return with_field(state, "combat", with_field(fight, "duel", replace(fight.duel, **changes)))


def set_row(state: State, side: int, cards: tuple[str, ...]) -> State:
    fight = combat(state)
    if is_party(state, side):
        return state.with_player(fight.seats[side], party=cards)
    return with_combat(state, enemy=cards)


def set_fighter(state: State, side: int, instance: str) -> State:
    fighters = list(combat(state).duel.fighters)
    fighters[side] = instance
    return with_duel(state, fighters=(fighters[0], fighters[1]))


def tell(state: State, lines: Lines, template: Text, /, **params: object) -> State:
    """Say `template` (filled with `params` when read) in the game's log and in this battle's
    own log (the battle-log panel)."""
    fight = combat(state)
    return with_field(
        state, "combat", with_field(fight, "log", told(fight, lines, template, **params))
    )


def told(fight: Combat, lines: Lines, template: Text, /, **params: object) -> tuple[Text, ...]:
    """`fight`'s log with `template` said (as `tell` says it), for a change of the battle that
    says a line as it happens: `with_combat(state, ..., log=told(...))` copies the state once,
    not twice."""
    narration = say(template, **params)
    lines.append(narration)
    return (*fight.log, narration.message_for(None))
