"""The public eyes (core.viewer.PUBLIC, a spectator's): across whole bot games of every registered
game (scripted seeds), at every position, what the public is shown is what every seat is shown,
and nothing any seat holds secret.

- Against each seat's own view: whatever the public view shows (anything but a blank, None), every
  seat's view shows the same; and whatever every seat's view shows alike, the public view shows
  too (it is the board, not an empty one). A seat's notes (the players panel) are compared as
  sets: the public's are those every seat is shown.
- Non-interference: a state a seat cannot tell from the real one (the game's disguise,
  disguises.py: everything hidden from that seat moved around) shows the public the same view
  and the same "who decides what", and the next entry reads the same to it in both; and so for
  every seat, so the public knows no more than any of them.
- Secret answers made at once (the Dangerous draft and final parties): another legal answer of
  the seat that chose changes nothing the public is shown before the reveal.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest
from disguises import DISGUISES, NOTABLE
from tablekit import bot_played, fold, seats
from test_conformance import apply, legal, still_choosing

from core.bots import bot_kinds
from core.bots.random_bot import random_choice
from core.games import REGISTRY, get_game
from core.games.base import PUBLIC, Game, Step, View
from core.log import DecisionEntry, Entry
from core.table import Table

Path = tuple[object, ...]


@dataclasses.dataclass(frozen=True)
class Played:
    game: str
    players: int
    bot: str
    seed: int
    options: tuple[tuple[str, object], ...] = ()

    def table(self) -> Table:
        info = REGISTRY[self.game]
        chosen = {o.name: o.default if o.simulate is None else o.simulate for o in info.options}
        chosen.update(self.options)
        table = Table(get_game(self.game), seats(self.players), chosen, self.seed)
        return bot_played(table, self.bot)


def scripted() -> Iterator[Played]:
    """For every registered game, twice: its fewest, a middling and its most players, each game
    with its own seed, the bot kinds and the boolean options (variants, the Dangerous draft) on
    and off in turn."""
    for info in REGISTRY.values():
        kinds = bot_kinds(info.id)
        counts = sorted({info.min_players, (info.min_players + info.max_players) // 2})
        for round_ in (0, 1):
            for number, players in enumerate((*counts, info.max_players), start=round_):
                flags = tuple(
                    (option.name, number % 2 == 0)
                    for option in info.options
                    if isinstance(option.default, bool)
                )
                kind = kinds[-1 - number % len(kinds)]  # the game's own bot first
                yield Played(info.id, players, kind, 11 + number + 20 * round_, flags)
    for game, notables in NOTABLE.items():  # the corners the disguises must handle
        for notable in notables:
            yield Played(game, notable.players, notable.bot, notable.seed, notable.options)


GAMES = list(scripted())
CASES = [pytest.param(p, id=f"{p.game}-{p.players}p-{p.bot}-{p.seed}") for p in GAMES]


@pytest.fixture(scope="module", params=CASES)
def played(request: pytest.FixtureRequest) -> tuple[Table, list[Any]]:
    """A whole bot game and every state of it (played once for the tests of this module)."""
    table = request.param.table()
    assert table.over
    return table, fold(table)


# --- the public view against each seat's view ---------------------------------------------------


def leaves(value: object, path: Path = ()) -> Iterator[tuple[Path, object]]:
    """Every plain value inside a view, with where it is; a seat's notes as one set."""
    if path and path[-1] == "notes" and isinstance(value, tuple):
        yield path, frozenset(value)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            if not (isinstance(value, View) and field.name == "viewer"):  # whose eyes, no news
                yield from leaves(getattr(value, field.name), (*path, field.name))
    elif isinstance(value, tuple | list):
        for index, item in enumerate(value):
            yield from leaves(item, (*path, index))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, (*path, key))
    else:
        yield path, value


def public_within_every_seat(public: View, own: list[View]) -> list[str]:
    """Where the public view shows what some seat is not shown, or hides what every seat is
    shown (empty: none)."""
    shown = dict(leaves(public))
    theirs = [dict(leaves(view)) for view in own]
    wrong: list[str] = []
    for path, value in shown.items():
        if isinstance(value, frozenset):
            if any(not value <= seat.get(path, frozenset()) for seat in theirs):
                wrong.append(f"{path}: {set(value)} is more than a seat's notes")
        elif value is not None and any(seat.get(path, None) != value for seat in theirs):
            wrong.append(f"{path}: {value!r} is not what every seat is shown")
    for path, value in theirs[0].items():
        alike = all(path in seat and seat[path] == value for seat in theirs[1:])
        if isinstance(value, frozenset):
            common = frozenset.intersection(*(seat.get(path, frozenset()) for seat in theirs))
            if not common <= shown.get(path, frozenset()):
                wrong.append(f"{path}: the notes every seat is shown are missing")
        elif alike and shown.get(path) != value:
            wrong.append(f"{path}: every seat is shown {value!r}, the public is not")
    return wrong


def test_the_public_view_shows_what_every_seat_sees_and_nothing_more(
    played: tuple[Table, list[Any]],
) -> None:
    table, states = played
    game = table.game
    secrets_hidden = 0
    for position, state in enumerate(states):
        public = game.view(state, PUBLIC)
        assert public.viewer is PUBLIC and public.seat is None
        own = [game.view(state, seat) for seat in range(len(table.seats))]
        assert public_within_every_seat(public, own) == [], position
        secrets_hidden += any(view != own[0] for view in own)  # seats saw different things
    if REGISTRY[game.id].hidden_information:
        assert secrets_hidden > len(states) // 4  # the game had secrets to keep


def test_the_check_sees_a_seats_secret_in_a_view() -> None:
    """The comparison is not blind: a seat's own view, offered as the public one, shows what
    the others are not shown."""
    table = Played("light-and-dark", 3, "random", 1).table()
    state = fold(table)[5]
    own = [table.game.view(state, seat) for seat in range(3)]
    wrong = public_within_every_seat(own[1], own)
    assert any("roles" in line for line in wrong), wrong


# --- non-interference: the public is shown nothing any seat may not see -------------------------


def public_step(step: Step) -> tuple[object, ...]:
    """What a spectator is told of a step: who decides what, and whether chance is next."""
    return tuple((d.seat, d.name) for d in step.decisions), step.chance is not None


def read(game: Game[Any], state: Any, entry: Entry) -> tuple[Any, list[str]]:
    """The state after `entry` and how it reads to the public."""
    applied = apply(game, state, entry)
    return applied.state, [line.for_viewer(PUBLIC) for line in applied.narration]


def test_no_seats_secret_changes_what_the_public_is_shown(
    played: tuple[Table, list[Any]],
) -> None:
    table, states = played
    game = table.game
    disguise = DISGUISES.get(game.id)
    if disguise is None:  # nothing hidden: the view test above finds the public's the seats'
        assert not REGISTRY[game.id].hidden_information
        return
    rng = random.Random(table.seed)
    checked = 0
    for seat in range(len(table.seats)):
        for position, other in disguise(table, states, seat, rng):
            state = states[position]
            where = (position, seat)
            assert game.view(other, PUBLIC) == game.view(state, PUBLIC), where
            assert public_step(game.pending(other)) == public_step(game.pending(state)), where
            if position == len(table):
                continue
            entry = table.log[position]
            if not legal(game.pending(other), entry):
                continue  # the disguised state cannot take it: nothing to compare
            real, disguised = read(game, state, entry), read(game, other, entry)
            if game.view(real[0], PUBLIC) == game.view(disguised[0], PUBLIC):
                assert disguised[1] == real[1], (*where, entry)
                checked += 1
    assert checked > len(states)


def test_a_secret_answer_is_shown_to_the_public_only_at_the_reveal(
    played: tuple[Table, list[Any]],
) -> None:
    table, states = played
    game = table.game
    rng = random.Random(table.seed)
    answers = 0
    for position, entry in enumerate(table.log):
        step = game.pending(states[position])
        if not step.simultaneous or not isinstance(entry, DecisionEntry):
            continue
        real = game.apply_decision(states[position], entry.seat, entry.choice)
        if not still_choosing(step, game.pending(real.state), entry.seat):
            continue  # the last answer: the reveal shows them all
        decision = next(d for d in step.decisions if d.seat == entry.seat)
        for _ in range(3):
            answer = decision.normalise(random_choice(decision, rng))
            other = game.apply_decision(states[position], entry.seat, answer)
            where = (position, answer)
            assert game.view(other.state, PUBLIC) == game.view(real.state, PUBLIC), where
            told = [line.for_viewer(PUBLIC) for line in other.narration]
            assert told == [line.for_viewer(PUBLIC) for line in real.narration], where
            answers += 1
    if REGISTRY[table.game.id].simultaneous:
        assert answers > 0
