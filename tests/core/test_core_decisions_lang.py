"""Why an answer is illegal reads in the reader's language (issue 12: every refusal a player
reads is in their language): a person reaches these through the prompt (too few or too many
chosen, amounts that do not add up) and through a save that does not load. str() stays the
English line, as the logs and --json have it."""

from __future__ import annotations

import pytest

from core.decisions import IllegalAction, Option, allocate, choose_one, choose_several, order
from core.i18n import translator
from core.narration import Message

OPTIONS = (Option("a", "A"), Option("b", "B"), Option(3, "Three"))
PICK = choose_one(0, "pick", "Pick one", OPTIONS)
CREW = choose_several(0, "crew", "Pick 1-2", OPTIONS, 1, 2)
LINE = order(0, "line", "Order them", OPTIONS)
SPEND = allocate(0, "spend", "Spend 5", OPTIONS, 5, max_each=3)


@pytest.mark.parametrize(
    ("decision", "choice", "english"),
    [
        (PICK, "z", "pick: 'z' is not one of 'a', 'b', 3"),
        (PICK, None, "pick: expected one option, got None"),
        (CREW, "a", "crew: expected a list, got 'a'"),
        (CREW, [None], "crew: None is not an option id"),
        (CREW, ["x"], "crew: 'x' is not one of 'a', 'b', 3"),
        (CREW, ["a", "a"], "crew: an option is chosen twice"),
        (CREW, [], "crew: choose between 1 and 2, not 0"),
        (LINE, ["a"], "line: list every one of 'a', 'b', 3 exactly once"),
        (SPEND, [1], "spend: give 3 whole numbers"),
        (SPEND, [6, -1, 0], "spend: amounts cannot be negative"),
        (SPEND, [4, 1, 0], "spend: at most 3 on one option"),
        (SPEND, [1, 1, 1], "spend: the amounts must add up to 5"),
    ],
)
def test_an_illegal_answer_reads_in_each_language(
    decision: object, choice: object, english: str
) -> None:
    with pytest.raises(IllegalAction) as caught:
        decision.normalise(choice)  # type: ignore[attr-defined]
    reason = caught.value.reason
    assert isinstance(reason, Message)
    assert str(caught.value) == english == translator("en").text(reason)
    japanese = translator("ja").text(reason)
    assert japanese != english and japanese.startswith(english.split(":")[0] + ": ")
