"""Errors in a save name whose answer or whose dice they are when that is not plain: a decision
several seats answer at once (Dangerous's secret final party) names the seat; dice both sides
roll at once (Dangerous's attack dice) say how many belong to each."""

from __future__ import annotations

import re
from typing import Any

import pytest
import tomli_w

from core import saves
from core.games import get_game
from core.simulate import play_one
from core.table import Table


def edited(table: Table, index: int, **changes: Any) -> str:
    """`table`'s save with log entry `index` (0-based) changed."""
    data = saves.to_data(table)
    data["log"][index].update(changes)
    return tomli_w.dumps(data)


def failure(text: str) -> str:
    with pytest.raises(saves.SaveError) as caught:
        saves.loads(text, "hand.toml")
    return str(caught.value)


def test_a_wrong_secret_final_party_names_the_seat_it_belongs_to() -> None:
    table = play_one("dangerous", 3, 31, "heuristic")
    parties = [
        (index, entry)
        for index, entry in enumerate(table.log)
        if getattr(entry, "decision", "") == "final-party"
    ]
    assert len(parties) == 3  # everyone answers at once, in secret
    for index, entry in (parties[0], parties[-1]):  # the first and the last seat to answer
        name = table.names[entry.seat]
        size = len(entry.choice)
        message = failure(edited(table, index, choice=list(entry.choice[:-1])))
        assert message == (
            f"hand.toml: entry {index + 1}: {name} (choose the final party): choose between "
            f"{size} and {size}, not {size - 1}"
        )


def test_a_decision_of_one_seat_alone_is_named_the_same_way() -> None:
    """By the seat and what it is doing, as the game screen says it ("Waiting for Aki to claim
    a role or stay silent"), not by the decision's name in the save."""
    table = play_one("light-and-dark", 3, 2, "heuristic")
    index = next(i for i, e in enumerate(table.log) if getattr(e, "decision", "") == "claim")
    name = table.names[table.log[index].seat]
    message = failure(edited(table, index, choice="king"))
    assert message.startswith(
        f"hand.toml: entry {index + 1}: {name} (claim a role or stay silent): 'king' is not one of "
    )


def test_attack_dice_with_a_die_missing_say_how_many_each_side_rolls() -> None:
    table = play_one("dangerous", 2, 21, "heuristic")
    game = get_game("dangerous")
    again = Table(game, table.seats, table.options, table.seed)
    for entry in table.log:  # replay up to the first attack dice
        request = again.step.chance
        if request is not None and str(request.label).startswith("the attack dice"):
            break
        again.apply(entry)
    else:
        raise AssertionError("no attack dice in this game")
    index = len(again)
    values = list(table.log[index].values)
    message = failure(edited(table, index, values=values[:-1]))
    match = re.fullmatch(
        rf"hand\.toml: entry {index + 1}: the attack dice \(both sides at once\): expected "
        rf"{len(values)} dice \((\d+) for (.+), then (\d+) for (.+)\), found {len(values) - 1}",
        message,
    )
    assert match, message
    attacker, first, defender, second = match.groups()
    assert int(attacker) + int(defender) == len(values)
    fight = again._state.combat
    assert first == table.names[fight.seats[0]]  # the exploring player's party rolls first
    assert second.startswith("the ")  # then the enemy (a Lv1, Lv2 or boss card)
