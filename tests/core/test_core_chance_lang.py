"""Why a chance outcome is impossible reads in the reader's language: a hand-edited or damaged
save reaches a person with `file: entry N: why` (verify, continue, the saves screen, a replay),
and the why is core.chance's. str() stays the English line, as the logs and --json have it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from core.chance import (
    REST,
    ImpossibleOutcome,
    check_outcome,
    complete_shuffle,
    dice,
    pick,
    shuffle,
)
from core.errors import reason_of
from core.i18n import translator
from core.narration import Message

BOSS = dice(2, "the boss's HP")
DUEL = dice(3, "the duel", parts=(("Aki", 2), ("the Lv1 enemy", 1)))
DECK = shuffle(("a", "b", "b"), "the deck")
FIRST = pick((0, 1, 2), "the first parent")


def checked(request: object, values: object) -> Callable[[], object]:
    return lambda: check_outcome(request, values)  # type: ignore[arg-type]


def completed(values: tuple[object, ...]) -> Callable[[], object]:
    return lambda: complete_shuffle(DECK, values, 2, 0)


@pytest.mark.parametrize(
    ("impossible", "english"),
    [
        (checked(BOSS, "x"), "the boss's HP: expected a list of values, got 'x'"),
        (checked(BOSS, ["1", 2]), "the boss's HP: '1' is not a die face"),
        (checked(BOSS, [1, 2, 3]), "the boss's HP: expected 2 dice, found 3"),
        (
            checked(DUEL, [1]),
            "the duel: expected 3 dice (2 for Aki, then 1 for the Lv1 enemy), found 1",
        ),
        (checked(BOSS, [1, 9]), "the boss's HP: a 6-sided die cannot show 9"),
        (checked(DECK, ["a", "b"]), "the deck: not an order of the 3 cards (a, b)"),
        (checked(FIRST, [5]), "the first parent: expected one of 0, 1, 2, found [5]"),
        (completed(("a",)), "the deck: '...' stands for the rest, at the end, once"),
        (completed(("z", REST)), "the deck: 'z' is not one of its cards (a, b)"),
        (
            completed(("a", "a", REST)),
            "the deck: 'a' is given more times than the deck holds it (1)",
        ),
    ],
)
def test_an_impossible_outcome_reads_in_each_language(
    impossible: Callable[[], object], english: str
) -> None:
    with pytest.raises(ImpossibleOutcome) as caught:
        impossible()
    reason = reason_of(caught.value)
    assert isinstance(reason, Message)
    assert str(caught.value) == english == translator("en").text(reason)
    japanese = translator("ja").text(reason)
    label = english.split(":")[0]
    assert japanese != english and japanese.startswith(label + ": ")
    assert english.removeprefix(label) not in japanese


def test_whose_dice_are_told_in_each_language() -> None:
    with pytest.raises(ImpossibleOutcome) as caught:
        check_outcome(DUEL, [1])
    japanese = translator("ja").text(reason_of(caught.value))
    assert "Aki" in japanese and "the Lv1 enemy" in japanese
    assert " for " not in japanese and ", then " not in japanese


def test_parts_that_do_not_add_up_read_in_each_language() -> None:
    with pytest.raises(ValueError, match=r"^x: the parts \(\('A', 1\),\) do not add up to 2 dice$"):
        dice(2, "x", parts=(("A", 1),))
    try:
        dice(2, "x", parts=(("A", 1),))
    except ValueError as error:
        japanese = translator("ja").text(reason_of(error))
    assert japanese.startswith("x: ") and "do not add up" not in japanese
