"""Decisions: every kind's normalise() accepts legal answers and rejects the rest with a reason;
the table turns illegal actions into IllegalAction and changes nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ldkit import Script, bot_game
from profiles import examples

from core.bots.random_bot import random_choice
from core.decisions import (
    Decision,
    DecisionKind,
    IllegalAction,
    Option,
    allocate,
    choose_one,
    choose_several,
    confirm,
    order,
)
from core.i18n import translator

OPTIONS = (Option("a", "A"), Option("b", "B"), Option(3, "Three"), Option("d", "D"))


def test_choose_one() -> None:
    decision = choose_one(0, "pick", "Pick one", OPTIONS)
    assert decision.kind is DecisionKind.CHOOSE_ONE
    assert decision.normalise("a") == "a"
    assert decision.normalise(3) == 3
    for bad, reason in [
        ("z", "pick: 'z' is not one of 'a', 'b', 3, 'd'"),
        ("3", "pick: '3' is not one of"),
        (True, "pick: expected one option, got True"),
        (None, "pick: expected one option, got None"),
        (3.0, "pick: expected one option, got 3.0"),
        (["a"], "pick: expected one option, got ['a']"),
    ]:
        with pytest.raises(IllegalAction, match=reason.replace("[", r"\[").replace("]", r"\]")):
            decision.normalise(bad)


def test_confirm() -> None:
    decision = confirm(2, "ready", "Ready?", "Go")
    assert decision.kind is DecisionKind.CONFIRM
    assert decision.options == (Option("ok", "Go"),)
    assert decision.normalise("ok") == "ok"
    with pytest.raises(IllegalAction, match="ready: 'no' is not one of 'ok'"):
        decision.normalise("no")


def test_choose_several() -> None:
    decision = choose_several(0, "crew", "Pick 1-3", OPTIONS, 1, 3)
    assert decision.normalise(["d", "a"]) == ("a", "d")  # canonical: option order
    assert decision.normalise(("b",)) == ("b",)
    assert decision.normalise([3, "b", "a"]) == ("a", "b", 3)
    for bad, reason in [
        ([], "crew: choose between 1 and 3, not 0"),
        (["a", "b", 3, "d"], "crew: choose between 1 and 3, not 4"),
        (["a", "a"], "crew: an option is chosen twice"),
        (["a", "x"], "crew: 'x' is not one of"),
        ("a", "crew: expected a list, got 'a'"),
        ({"a": 1}, "crew: expected a list"),
        ([True], "crew: True is not an option id"),
        ([None], "crew: None is not an option id"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            decision.normalise(bad)


def test_choose_several_zero_allowed() -> None:
    decision = choose_several(0, "crew", "Pick any", OPTIONS, 0, 4)
    assert decision.normalise([]) == ()
    assert decision.normalise(["d", 3, "b", "a"]) == ("a", "b", 3, "d")


def test_order_hand_made() -> None:
    decision = order(1, "line", "Line them up", OPTIONS)
    assert decision.kind is DecisionKind.ORDER
    assert decision.normalise(["d", 3, "a", "b"]) == ("d", 3, "a", "b")  # the order is the answer
    for bad in (["a", "b", 3], ["a", "b", 3, "d", "a"], ["a", "a", 3, "d"], ["a", "b", 3, "x"]):
        with pytest.raises(IllegalAction, match=r"line: list every one of 'a', 'b', 3, 'd'"):
            decision.normalise(bad)
    with pytest.raises(IllegalAction, match="line: expected a list"):
        decision.normalise("abcd")


def test_allocate_hand_made() -> None:
    decision = allocate(0, "spend", "Spend 5 points", OPTIONS[:3], total=5, max_each=3)
    assert decision.kind is DecisionKind.ALLOCATE
    assert decision.normalise([3, 2, 0]) == (3, 2, 0)
    assert decision.normalise((0, 2, 3)) == (0, 2, 3)
    for bad, reason in [
        ([3, 2], "spend: give 3 whole numbers"),
        ([3, 2, 0, 0], "spend: give 3 whole numbers"),
        ([3, "2", 0], "spend: give 3 whole numbers"),
        ([6, -1, 0], "spend: amounts cannot be negative"),
        ([4, 1, 0], "spend: at most 3 on one option"),
        ([1, 1, 1], "spend: the amounts must add up to 5"),
        ([True, 2, 2], "spend: True is not an option id"),
        (5, "spend: expected a list"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            decision.normalise(bad)


def test_allocate_without_a_cap() -> None:
    decision = allocate(0, "spend", "Spend 5", OPTIONS[:2], total=5)
    assert decision.normalise([5, 0]) == (5, 0)


def test_a_decision_needs_options_and_lists_at_most_eight_in_a_refusal() -> None:
    with pytest.raises(ValueError, match="has no options"):
        choose_one(0, "empty", "Nothing", ())
    many = choose_one(0, "many", "Many", tuple(Option(i, str(i)) for i in range(12)))
    with pytest.raises(IllegalAction, match=r"0, 1, 2, 3, 4, 5, 6, 7, \.\.\."):
        many.normalise(99)


def test_decision_is_plain_frozen_data() -> None:
    decision = Decision(0, "x", DecisionKind.CONFIRM, "x", (Option("ok", "OK"),))
    with pytest.raises(AttributeError):
        decision.seat = 1  # type: ignore[misc]


# --- the table: illegal actions change nothing ----------------------------------------------------


def frozen(s: Script) -> tuple[Any, ...]:
    table = s.table
    return (
        table.log,
        table.step,
        tuple(table.can_undo(seat) for seat in range(len(table.seats))),
        tuple(table.can_redo(seat) for seat in range(len(table.seats))),
        tuple(table.view(v) for v in (None, *range(len(table.seats)))),
        tuple(tuple(table.narration(v)) for v in (None, *range(len(table.seats)))),
    )


def claims_due() -> Script:
    s = Script(3)
    s.setup(top=("devil", "mage"), parent=0)
    s.start_turn((2, 2), "light-hero")
    return s


@pytest.mark.parametrize(
    ("seat", "choice", "reason"),
    [
        (2, "warrior", "it is not Chi's turn; waiting for Bea (claim a role or stay silent)"),
        (0, "light-hero", "it is not Aki's turn; waiting for Bea (claim a role or stay silent)"),
        (7, "warrior", "it is not seat 7's turn"),
        (-1, "warrior", "it is not seat -1's turn"),
        ("1", "warrior", "'1' is not a seat number"),
        (True, "warrior", "True is not a seat number"),
        (1.0, "warrior", "1.0 is not a seat number"),
        (None, "warrior", "None is not a seat number"),
        (
            1,
            "knight",
            "Bea (claim a role or stay silent): 'knight' is not one of 'silent', 'warrior'",
        ),
        (1, "light-hero", "Bea (claim a role or stay silent): 'light-hero' is not one of"),
        (1, None, "Bea (claim a role or stay silent): expected one option, got None"),
        (1, ["warrior"], "Bea (claim a role or stay silent): expected one option, got ['warrior']"),
        (1, 3, "Bea (claim a role or stay silent): 3 is not one of"),
    ],
)
def test_illegal_claims(seat: Any, choice: Any, reason: str) -> None:
    s = claims_due()
    before = frozen(s)
    with pytest.raises(IllegalAction) as caught:
        s.table.decide(seat, choice)
    assert reason in str(caught.value)
    assert frozen(s) == before


@pytest.mark.parametrize(
    ("seat", "choice", "japanese"),
    [
        (1, "knight", "Bea（役職を宣言するか黙る）: 'knight' は 'silent', 'warrior'"),
        (1, None, "Bea（役職を宣言するか黙る）: 選択肢1つが必要ですが、None でした"),
        (2, "warrior", "Chi の番ではありません。Bea（役職を宣言するか黙る） を待っています"),
    ],
)
def test_a_refused_answer_names_the_question_as_the_screen_does(
    seat: int, choice: Any, japanese: str
) -> None:
    """A person reads these (a save that does not load, a server's refusal): the question is
    named by who is asked and what they are doing, in the reader's language, as the game
    screen's "Waiting for Bea to claim a role or stay silent"; not by the save's 'claim'."""
    s = claims_due()
    with pytest.raises(IllegalAction) as caught:
        s.table.decide(seat, choice)
    said = translator("ja").text(caught.value.reason)
    assert said.startswith(japanese), said
    assert "claim" not in said.replace("'", " ").split()


@pytest.mark.parametrize(
    ("choice", "reason"),
    [
        ([0], "Aki (choose the party): 0 is not one of 1, 2"),
        ([1, 1], "Aki (choose the party): an option is chosen twice"),
        ([1, 2, 5], "Aki (choose the party): 5 is not one of"),
        (1, "Aki (choose the party): expected a list, got 1"),
        ("1, 2", "Aki (choose the party): expected a list"),
        (["1"], "Aki (choose the party): '1' is not one of 1, 2"),
        ([1.0], "Aki (choose the party): 1.0 is not an option id"),
    ],
)
def test_illegal_parties(choice: Any, reason: str) -> None:
    s = claims_due()
    s.claims()
    s.table.decide(0, "party")
    before = frozen(s)
    with pytest.raises(IllegalAction) as caught:
        s.table.decide(0, choice)
    assert reason in str(caught.value)
    assert frozen(s) == before
    s.table.decide(0, [2, 1])
    assert s.state.party == (0, 1, 2)


def test_no_decision_while_chance_is_due_or_after_the_end() -> None:
    s = Script(3)
    s.setup(parent=0)
    before = frozen(s)
    with pytest.raises(IllegalAction, match="it is not Aki's turn; waiting for the boss's HP"):
        s.table.decide(0, "party")
    assert frozen(s) == before
    table = bot_game(3, 8)
    with pytest.raises(IllegalAction, match="the game is over"):
        table.decide(0, "silent")


# --- unavailable options: offered in their place, never a legal answer ---------------------------


@st.composite
def with_unavailable(draw: st.DrawFn) -> Decision:
    """A choose-one, choose-several or allocate decision with some options unavailable (and
    enough left to answer it)."""
    count = draw(st.integers(2, 12))
    closed = draw(st.sets(st.integers(0, count - 1), min_size=1, max_size=count - 1))
    options = tuple(
        Option(f"o{i}", f"Option {i}", unavailable=f"closed {i}" if i in closed else "")
        for i in range(count)
    )
    kind = draw(st.sampled_from(["one", "several", "allocate"]))
    if kind == "one":
        return choose_one(0, "pick", "Pick", options)
    if kind == "several":
        high = count - len(closed)
        low = draw(st.integers(0, high))
        return choose_several(0, "crew", "Pick", options, low, high)
    return allocate(0, "share", "Share", options, draw(st.integers(1, 6)))


@settings(max_examples=examples(200))
@given(with_unavailable(), st.randoms(use_true_random=False))
def test_an_unavailable_option_is_refused_with_its_reason(
    decision: Decision, rng: random.Random
) -> None:
    closed = [option for option in decision.options if option.unavailable]
    for option in closed:
        if decision.kind is DecisionKind.CHOOSE_ONE:
            answer: Any = option.id
        elif decision.kind is DecisionKind.CHOOSE_SEVERAL:
            answer = (option.id,)
        else:
            answer = tuple(decision.total if o is option else 0 for o in decision.options)
        with pytest.raises(IllegalAction) as refused:
            decision.normalise(answer)
        assert str(refused.value) == f"{option.label}: {option.unavailable}"
        assert "\n" not in str(refused.value)
    # The random bot (and every bot: they choose from `choosable()`) never picks one, and
    # what it picks is legal.
    choice = random_choice(decision, rng)
    decision.normalise(choice)
    picked = choice if isinstance(choice, tuple) else (choice,)
    if decision.kind is DecisionKind.ALLOCATE:
        assert all(not amount for amount, o in zip(picked, decision.options) if o.unavailable)
    else:
        assert not {o.id for o in closed} & set(picked)
    assert decision.choosable().options == decision.available or (
        decision.kind is DecisionKind.ALLOCATE and decision.choosable() is decision
    )


def test_a_decision_must_leave_something_to_choose() -> None:
    closed = (Option("a", "A", unavailable="full"), Option("b", "B", unavailable="full"))
    with pytest.raises(ValueError, match="no option is available"):
        choose_one(0, "pick", "Pick", closed)
    with pytest.raises(ValueError, match="an order cannot have unavailable options"):
        order(0, "line", "Order", (Option("a", "A"), *closed[1:]))
    with pytest.raises(ValueError, match="fewer available options than min_count"):
        choose_several(0, "crew", "Pick", (Option("c", "C"), *closed), 2, 2)


def test_every_option_available_still_needs_min_count_of_them() -> None:
    both = (Option("a", "A"), Option("b", "B"))
    with pytest.raises(ValueError, match="fewer available options than min_count"):
        choose_several(0, "crew", "Pick", both, 3, 3)
    assert choose_several(0, "crew", "Pick", both, 2, 2).available == both
    assert choose_one(0, "pick", "Pick", both).available == both
