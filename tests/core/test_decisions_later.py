"""Decisions whose options are built only when read (`choose_one_later`, `Menu.offer`): a logged
answer is checked against the ids the question is sure of, and everything else (the options,
a refusal) is what `choose_one` would have made, built at first read."""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable

import pytest

from core.agenda import Agenda
from core.decisions import Decision, IllegalAction, Option, OptionId, choose_one, choose_one_later
from core.simulate import play_one

OPTIONS = (
    Option("a", "A"),
    Option("b", "B", unavailable="taken"),
    Option(3, "Three"),
)


def counted(options: tuple[Option, ...]) -> tuple[Callable[[], tuple[Option, ...]], list[int]]:
    """A builder of `options` and how many times it ran."""
    runs = [0]

    def build() -> tuple[Option, ...]:
        runs[0] += 1
        return options

    return build, runs


def refusal(decision: Decision, choice: object) -> str:
    with pytest.raises(IllegalAction) as caught:
        decision.normalise(choice)
    return str(caught.value)


def test_an_answer_it_is_sure_of_is_legal_without_building_the_options() -> None:
    build, runs = counted(OPTIONS)
    decision = choose_one_later(0, "pick", "Pick", {"a"}, build)
    assert decision.normalise("a") == "a"
    assert runs == [0]


def test_once_read_it_is_the_decision_choose_one_makes() -> None:
    build, runs = counted(OPTIONS)
    later = choose_one_later(1, "pick", "Pick", {"a"}, build, help="why")
    eager = choose_one(1, "pick", "Pick", OPTIONS, help="why")
    assert later.available == eager.available
    assert later == eager and later.choosable() == eager.choosable()
    assert runs == [1]  # built once, kept


@pytest.mark.parametrize("choice", ["b", "z", 4, True, "3", ("a",)])
def test_other_answers_are_refused_as_choose_one_refuses_them(choice: object) -> None:
    eager = choose_one(0, "pick", "Pick", OPTIONS)
    later = choose_one_later(0, "pick", "Pick", {"a"}, counted(OPTIONS)[0])
    assert refusal(later, choice) == refusal(eager, choice)


def test_an_available_answer_it_is_not_sure_of_is_checked_against_the_options() -> None:
    build, runs = counted(OPTIONS)
    decision = choose_one_later(0, "pick", "Pick", {"a"}, build)
    assert decision.normalise(3) == 3
    assert runs == [1]


@pytest.mark.parametrize("read", ["options", "available"])
def test_a_build_that_fails_leaves_it_unbuilt_and_fails_again_the_same(read: str) -> None:
    def broken() -> tuple[Option, ...]:
        raise RuntimeError("the rules broke")

    for build, error in ((broken, RuntimeError), (lambda: (), ValueError)):
        decision = choose_one_later(0, "pick", "Pick", {"a"}, build)
        with pytest.raises(error) as first:
            getattr(decision, read)
        with pytest.raises(error) as again:
            getattr(decision, read)
        assert str(again.value) == str(first.value)
        assert decision.normalise("a") == "a"  # (still asked as it was)


def ids_to_try(decision: Decision) -> Iterable[object]:
    yield from (option.id for option in decision.options)
    yield from ("nowhere", "card:nobody", 99, "reorder", "done")


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_what_a_dangerous_question_is_sure_of_is_always_an_available_option(
    players: int, seed: int
) -> None:
    # Every decision of whole bot games asked afresh: each id that the question is sure of
    # (checked without its options) is an available option, and every answer is normalised or
    # refused exactly as the options say.
    table = play_one("dangerous", players, seed, "random", None, 1500)
    engine: Agenda[object] = Agenda("dangerous")
    later = 0
    for position in range(len(table)):
        for decision in engine.pending(table._state_at(position)).decisions:
            sure, build = decision.__dict__.get("_sure"), decision.__dict__.get("_build")
            if sure is None or build is None:
                continue
            later += 1
            d = decision
            built = choose_one(d.seat, d.name, d.prompt, build(), d.help, d.acting_for)
            available = {option.id for option in built.available}
            for choice in ids_to_try(built):
                if choice in sure:
                    assert choice in available, (decision.name, choice)
                fresh = unbuilt(decision, sure, build)  # as a replay finds it
                if choice in available:
                    assert fresh.normalise(choice) == choice
                else:
                    assert refusal(fresh, choice) == refusal(built, choice)
            assert unbuilt(decision, sure, build) == built
            assert all(choice in available for choice in _members(sure)), decision.name
    assert later > 100


def unbuilt(
    d: Decision, sure: Container[OptionId], build: Callable[[], tuple[Option, ...]]
) -> Decision:
    """`d` as it was asked, its options not yet built."""
    return choose_one_later(d.seat, d.name, d.prompt, sure, build, d.help, d.acting_for)


def _members(sure: object) -> Iterable[OptionId]:
    """The ids of a `sure` that can be listed (a dict or a tuple; others are only asked)."""
    return list(sure) if isinstance(sure, dict | tuple | set | frozenset) else []
