"""Conformance: every registered game, through the same properties, for free.

Each property runs for every game in core.games.REGISTRY, every player count it declares and
every bot kind that plays it, over seeds and table options hypothesis draws (a boolean option
on or off, a choice among its choices; other options keep their defaults):

- every game ends, with a result that names its winners; states before the end have none;
- the declaration is kept: the game loaded is the one declared, no secret simultaneous choice
  in a game that declares none, and every task on an agenda is of a concrete core kind (so the
  engine has a handler for it);
- the log replays to the same game (the pure functions alone, twice, and a fresh table);
- save -> load -> save gives the same text, at the end and at any point of the game;
- undo and redo by seat round-trip, and a seat never takes back another's decision;
- non-interference: no view, decision or narration shown to a seat changes when another
  seat's secrets change (the game's disguise in disguises.py, or, for simultaneous choices,
  another answer from the seat that chose; a game without hidden information shows every seat
  the same).

Game-specific properties stay with their games (test_core_properties.py for Light and Dark,
test_dg_properties.py for Dangerous).
"""

from __future__ import annotations

import dataclasses
import inspect
import random
from typing import Any

import pytest
from disguises import DISGUISES, NOTABLE, Notable
from hypothesis import Phase, given, settings
from hypothesis import strategies as st
from profiles import examples
from tablekit import bot_played, bots_for, fold, same_game, seats

from core import chance, saves
from core.agenda import Asking, Automatic, Gather, Menu
from core.bots import bot_kinds
from core.bots.random_bot import random_choice
from core.chance import ImpossibleOutcome
from core.decisions import IllegalAction
from core.games import REGISTRY, get_game
from core.games.base import Game, GameInfo, GameOption, Step, View
from core.log import ChanceEntry, DecisionEntry, Entry
from core.table import Table, replay


@dataclasses.dataclass(frozen=True)
class Case:
    game: str
    players: int
    bot: str

    @property
    def info(self) -> GameInfo:
        return REGISTRY[self.game]


CASES = [
    pytest.param(Case(info.id, players, bot), id=f"{info.id}-{players}p-{bot}")
    for info in REGISTRY.values()
    for players in info.players
    for bot in bot_kinds(info.id)
]

seeds = st.integers(0, 2**31)


def runs(count: int) -> settings:
    """`count` examples per case (more in the deep profile), never shrunk: a smaller seed is
    no simpler a game, and each try plays a whole one (a failure reports the example drawn)."""
    return settings(
        max_examples=examples(count), phases=(Phase.explicit, Phase.reuse, Phase.generate)
    )


@st.composite
def options(draw: st.DrawFn, case: Case) -> dict[str, Any]:
    return {option.name: draw(option_values(option)) for option in case.info.options}


def option_values(option: GameOption) -> st.SearchStrategy[Any]:
    if isinstance(option.default, bool):
        return st.booleans()
    if option.choices:
        return st.sampled_from(option.choices)
    # Bots' games take the value the declaration gives them (a house-rule limit that ends them).
    return st.just(option.default if option.simulate is None else option.simulate)


def play(case: Case, seed: int, chosen: dict[str, Any], practice: bool = False) -> Table:
    """A finished game: every seat human (undo is for people; in practice mode only seat 0 is),
    every decision made by `case.bot` bots."""
    bots = range(1, case.players) if practice else ()
    table = Table(get_game(case.game), seats(case.players, bots, case.bot), chosen, seed, practice)
    return bot_played(table, case.bot)


def played(
    data: st.DataObject, case: Case, seed: int, practice: bool = False
) -> tuple[Table, dict[str, Any]]:
    chosen = data.draw(options(case), label="options")
    return play(case, seed, chosen, practice), chosen


def viewers(table: Table) -> tuple[int | None, ...]:
    return (None, *range(len(table.seats)))


# --- every game ends, as declared -------------------------------------------------------------


@pytest.mark.parametrize("case", CASES)
@runs(3)
@given(seed=seeds, data=st.data())
def test_every_game_ends_as_declared(case: Case, seed: int, data: st.DataObject) -> None:
    table, _ = played(data, case, seed)
    assert table.over and table.decisions() == () and table.step.chance is None
    result = table.result()
    assert result is not None and len(result.scores) == case.players
    assert result.winners and set(result.winners) <= set(range(case.players))
    # Scores are what each game counts (points, boss tokens): not always what decides the win.
    assert all(isinstance(score, int) for score in result.scores)
    game = table.game
    states = fold(table)
    for state in states[:-1]:
        step = game.pending(state)
        assert game.result(state) is None and not step.over
        assert case.info.simultaneous or not step.simultaneous, "undeclared secret choices"
        for task in getattr(state, "agenda", ()):
            assert isinstance(task, Automatic | Asking | Menu | Gather), task
            assert not inspect.isabstract(type(task)), task


@pytest.mark.parametrize("info", REGISTRY.values(), ids=list(REGISTRY))
def test_the_game_loaded_is_the_one_declared(info: GameInfo) -> None:
    game = get_game(info.id)
    assert get_game(info.id) is game  # loaded once
    declared = (info.id, info.title, info.min_players, info.max_players, info.options)
    assert (game.id, game.title, game.min_players, game.max_players, game.options) == declared
    assert not info.hidden_information or info.id in DISGUISES, "add its disguise to disguises.py"


# --- the log is the game ------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES)
@runs(3)
@given(seed=seeds, data=st.data())
def test_the_log_replays_to_the_same_game(case: Case, seed: int, data: st.DataObject) -> None:
    table, chosen = played(data, case, seed)
    game = table.game
    assert fold(table) == fold(table)  # the rules alone, twice: nothing but the log decides
    again = replay(Table(game, table.seats, chosen, seed), table.log)
    same_game(table, again)
    assert again.result() == table.result()
    state = game.initial_state(table.names, chosen)
    for index, entry in enumerate(table.log):
        applied = apply(game, state, entry)
        for viewer in viewers(table):
            told = [line.for_viewer(viewer) for line in applied.narration]
            assert told == table.entry_narration(index, viewer), (index, viewer)
        state = applied.state
    for viewer in viewers(table):
        assert game.view(state, viewer) == table.view(viewer)


def apply(game: Game[Any], state: Any, entry: Entry) -> Any:
    if isinstance(entry, ChanceEntry):
        return game.apply_chance(state, entry.values)
    return game.apply_decision(state, entry.seat, entry.choice)


@pytest.mark.parametrize("case", CASES)
@runs(3)
@given(seed=seeds, data=st.data(), where=st.floats(0, 1))
def test_save_load_save_is_identical(
    case: Case, seed: int, data: st.DataObject, where: float
) -> None:
    table, chosen = played(data, case, seed)
    cut = int(where * len(table))
    partial = replay(Table(table.game, table.seats, chosen, seed), table.log[:cut])
    for game, continued in ((table, True), (partial, False)):
        text = saves.dumps(game, "2026-01-02T03:04:05+00:00")
        loaded = saves.loads(text, continue_chance=continued)
        assert saves.dumps(loaded.table, loaded.created) == text
        same_game(game, loaded.table)
    for viewer in viewers(table):
        assert partial.view(viewer) == table.view_at(cut, viewer)


# --- undo and redo belong to a seat -------------------------------------------------------------


@pytest.mark.parametrize("case", CASES)
@runs(3)
@given(seed=seeds, data=st.data(), practice=st.booleans())
def test_undo_then_redo_by_seat_round_trips(
    case: Case, seed: int, data: st.DataObject, practice: bool
) -> None:
    chosen = data.draw(options(case), label="options")
    bots = range(1, case.players) if practice else ()
    table = Table(get_game(case.game), seats(case.players, bots, case.bot), chosen, seed, practice)
    table.resolve_chance()
    driver = bots_for(table, case.bot)
    undone = checked = 0
    while driver.play_one():
        seat = 0 if practice else last_decider(table)
        if not practice:
            others = [other for other in range(case.players) if other != seat]
            assert not any(table.can_undo(other) for other in others)  # nor anyone's but its own
        if table.step.simultaneous and any(d.seat != seat for d in table.decisions()):
            assert not table.can_undo(seat)  # another seat's secret choice is open
        if not table.can_undo(seat):
            continue
        before = outputs(table)
        log = table.log
        table.undo(seat)
        undone += 1
        point = len(table)
        assert table.log == log[:point] and point < len(log)
        first = log[point]
        assert isinstance(first, DecisionEntry) and first.seat == seat
        if not practice:
            assert point == len(log) - 1
        if checked < 3:  # rebuilding from the log is slow: check the first few undos only
            checked += 1
            state = fold(table)[-1]
            for viewer in viewers(table):
                assert table.view(viewer) == table.game.view(state, viewer)
        table.redo(seat)
        assert outputs(table) == before
    assert table.over and undone > 0


def outputs(table: Table) -> tuple[Any, ...]:
    """The log, the step, and every view and narration."""
    looks = tuple((table.view(v), tuple(table.narration(v))) for v in viewers(table))
    return table.log, table.step, looks


def last_decider(table: Table) -> int:
    """The seat of the last decision in the log (-1 before any)."""
    return next((e.seat for e in reversed(table.log) if isinstance(e, DecisionEntry)), -1)


# --- non-interference -----------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES)
@runs(3)
@given(seed=seeds, data=st.data())
def test_no_seat_is_shown_another_seats_secrets(case: Case, seed: int, data: st.DataObject) -> None:
    table, _ = played(data, case, seed)
    if case.info.hidden_information:
        check_non_interference(table, DISGUISES[case.game], random.Random(seed))
    else:
        check_no_hidden_information(table)


NOTABLE_CASES = [
    pytest.param(game_id, notable, id=f"{game_id}-{notable.seed}")
    for game_id, listed in NOTABLE.items()
    for notable in listed
]


@pytest.mark.parametrize(("game_id", "notable"), NOTABLE_CASES)
def test_no_seat_is_shown_another_seats_secrets_in_notable_games(
    game_id: str, notable: Notable
) -> None:
    case = Case(game_id, notable.players, notable.bot)
    table = play(case, notable.seed, dict(notable.options))
    check_non_interference(table, DISGUISES[game_id], random.Random(notable.seed))


def check_non_interference(table: Table, disguise: Any, rng: random.Random) -> None:
    """At every position the disguise offers, the viewer's view and decision, what the waiting
    line says (who decides what, or that chance is next) and, when the next entry leaves the two
    states alike to the viewer, that entry's narration, are the same in the disguised state."""
    game = table.game
    states = fold(table)
    for viewer in range(len(table.seats)):
        for position, other in disguise(table, states, viewer, rng):
            state = states[position]
            where = (position, viewer)
            assert game.view(other, viewer) == game.view(state, viewer), where
            assert shown_step(game.pending(other), viewer) == shown_step(
                game.pending(state), viewer
            ), where
            if position < len(table):
                check_next_entry(game, state, other, table.log[position], viewer)


def shown_step(step: Step, viewer: int) -> tuple[Any, ...]:
    """What the screen of `viewer` shows of a step: its own decision, who else decides what,
    and whether chance is next."""
    own = tuple(decision for decision in step.decisions if decision.seat == viewer)
    others = tuple((d.seat, d.name) for d in step.decisions if d.seat != viewer)
    return own, others, step.chance is not None, step.simultaneous


def check_next_entry(game: Game[Any], state: Any, other: Any, entry: Entry, viewer: int) -> None:
    """If `entry` is legal in the disguised state too and leaves the viewer's view the same in
    both, it must read the same to the viewer in both (narration says no more than views)."""
    if not legal(game.pending(other), entry):
        return
    real, disguised = apply(game, state, entry), apply(game, other, entry)
    if game.view(real.state, viewer) != game.view(disguised.state, viewer):
        return  # the entry showed the viewer something: the two states are told apart now
    said = [line.for_viewer(viewer) for line in real.narration]
    assert [line.for_viewer(viewer) for line in disguised.narration] == said, (entry, viewer)


def legal(step: Step, entry: Entry) -> bool:
    try:
        if isinstance(entry, ChanceEntry):
            if step.chance is None or step.chance.kind is not entry.chance:
                return False
            chance.check_outcome(step.chance, entry.values)
            return True
        for decision in step.decisions:
            if decision.seat == entry.seat and decision.name == entry.decision:
                decision.normalise(entry.choice)
                return True
    except (IllegalAction, ImpossibleOutcome):
        return False
    return False


def check_no_hidden_information(table: Table) -> None:
    """A game declared without hidden information shows every seat the same."""
    game = table.game
    for position, state in enumerate(fold(table)):
        views = [game.view(state, viewer) for viewer in range(len(table.seats))]
        assert all(unseated(view) == unseated(views[0]) for view in views), position
    told = [table.narration(viewer) for viewer in range(len(table.seats))]
    assert all(lines == told[0] for lines in told)


def unseated(view: View) -> View:
    return dataclasses.replace(view, viewer=0)


def test_the_check_for_no_hidden_information_sees_hidden_cards() -> None:
    """Light and Dark hides role cards: the check a game without hidden information gets fails."""
    table = play(Case("light-and-dark", 3, "random"), 1, {})
    with pytest.raises(AssertionError):
        check_no_hidden_information(table)


@pytest.mark.parametrize("case", [c for c in CASES if c.values[0].info.simultaneous])
@runs(3)
@given(seed=seeds, data=st.data())
def test_a_secret_answer_is_shown_to_nobody_else_before_the_reveal(
    case: Case, seed: int, data: st.DataObject
) -> None:
    """Wherever seats choose at once and one answers while others still choose, that seat's
    other legal answers change nothing another seat is shown (view, decision, narration)."""
    table, _ = played(data, case, seed)
    game = table.game
    rng = random.Random(seed)
    states = fold(table)
    for position, entry in enumerate(table.log):
        state = states[position]
        step = game.pending(state)
        if not step.simultaneous or not isinstance(entry, DecisionEntry):
            continue
        decision = next(d for d in step.decisions if d.seat == entry.seat)
        real = game.apply_decision(state, entry.seat, entry.choice)
        if not still_choosing(step, game.pending(real.state), entry.seat):
            continue  # the last answer: the reveal shows them all
        for _ in range(3):
            answer = decision.normalise(random_choice(decision, rng))
            disguised = game.apply_decision(state, entry.seat, answer)
            for viewer in range(len(table.seats)):
                if viewer == entry.seat:
                    continue
                where = (position, viewer, answer)
                assert game.view(disguised.state, viewer) == game.view(real.state, viewer), where
                assert shown_step(game.pending(disguised.state), viewer) == shown_step(
                    game.pending(real.state), viewer
                ), where
                told = [line.for_viewer(viewer) for line in disguised.narration]
                assert told == [line.for_viewer(viewer) for line in real.narration], where


def still_choosing(before: Step, after: Step, seat: int) -> bool:
    """After `seat` answered, the others are still making the same secret choice."""
    waiting = {decision.seat for decision in before.decisions} - {seat}
    return after.simultaneous and {decision.seat for decision in after.decisions} == waiting
