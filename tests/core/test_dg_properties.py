"""Dangerous properties over bot games (2-4 players, random and heuristic bots): every game ends,
every card is in exactly one place at every step, no view leaks hidden cards, saves reload the
same game and undo/redo round-trips in practice mode."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from dgkit import ALL_CARDS, DECKS, GAME, fold, places, seats, strings
from hypothesis import example, given, settings
from hypothesis import strategies as st
from profiles import examples

from core import saves
from core.agenda import pending_gather
from core.bots import make_bot
from core.games.dangerous.board import fightable_bosses
from core.games.dangerous.content import content
from core.games.dangerous.final import FinalOrder, FinalPick
from core.games.dangerous.setup import DraftPick
from core.games.dangerous.state import State
from core.log import DecisionEntry, Entry
from core.runner import BotDriver
from core.simulate import bot_options, play_one
from core.table import Table

SETTINGS = settings(max_examples=examples(6))

games = st.fixed_dictionaries(
    {
        "players": st.integers(2, 4),
        "seed": st.integers(0, 2**31),
        "bot": st.sampled_from(["random", "heuristic"]),
        "draft": st.booleans(),
    }
)


def play(game: dict[str, Any]) -> Table:
    options = {"draft": True} if game["draft"] else {}
    return play_one("dangerous", game["players"], game["seed"], game["bot"], options)


@SETTINGS
@given(games)
def test_every_game_ends_with_winners(game: dict[str, Any]) -> None:
    table = play(game)
    assert table.over
    result = table.result()
    assert result is not None and result.winners
    assert all(0 <= seat < game["players"] for seat in result.winners)
    assert table.decisions() == () and table.step.chance is None
    state = fold(table)[-1]
    assert state.phase == "over" and state.final is not None
    # Bots play with the house-rule turn limit on (simulate's value of the option, R23).
    limit = table.options["turn_limit"]
    assert limit == next(o.simulate for o in GAME.options if o.name == "turn_limit")
    assert 1 <= state.turn <= limit


def check_cards(state: State) -> None:
    found = places(state)
    assert found == ALL_CARDS, (found - ALL_CARDS, ALL_CARDS - found, state.agenda[:3])


@SETTINGS
@given(games)
def test_cards_are_conserved_at_every_step(game: dict[str, Any]) -> None:
    table = play(game)
    states = fold(table)
    assert states[-1] == table._state_at(len(table))
    started = False
    for state in states:
        started = started or ("transfer" in state.decks and "lv2" in state.decks)
        if started:
            check_cards(state)
    assert started


GAME_LV3 = set(DECKS["lv3"])
SPACES = set(content().board.spaces)


def disguise(state: State, viewer: int, rng: random.Random, seen: set[str]) -> State:
    """Another state `viewer` cannot tell apart: every hidden card moved around."""
    decks = dict(state.decks)
    for name in ("lv1", "lv2"):
        if name not in decks:
            continue
        cards = list(decks[name])
        rest = cards[1:]
        rng.shuffle(rest)
        decks[name] = tuple(cards[:1] + rest)
    # The face-down decks and face-down bosses: one pool, dealt again by size.
    bosses = dict(state.bosses)
    pools = {"lv3": list(decks.get("lv3", ())), "transfer": list(decks.get("transfer", ()))}
    standing = [boss for boss, cards in bosses.items() if cards and boss not in seen]
    for boss in standing:
        for card in bosses[boss]:
            pools["lv3" if card in GAME_LV3 else "transfer"].append(card)
    for pool in pools.values():
        rng.shuffle(pool)
    for boss in standing:
        bosses[boss] = tuple(
            pools["lv3" if card in GAME_LV3 else "transfer"].pop() for card in bosses[boss]
        )
    for name in ("lv3", "transfer"):
        if name in decks:
            decks[name] = tuple(pools[name])
    draft = tuple(
        packet if seat == viewer else tuple(rng.sample(packet, len(packet)))
        for seat, packet in enumerate(state.draft)
    )
    agenda = state.agenda
    picking = pending_gather(state, DraftPick)
    if picking is not None:  # the cards others keep this round: any of their packets
        answers = tuple(
            (seat, pick if seat == viewer else rng.choice(state.draft[seat]))
            for seat, pick in picking.answers
        )
        agenda = (dataclasses.replace(picking, answers=answers), *agenda[1:])
    for kind in (FinalPick, FinalOrder):  # the parties others have chosen or ordered
        building = pending_gather(state, kind)
        if building is not None:
            answers = tuple(
                (seat, choice if seat == viewer or not isinstance(choice, tuple) else choice[::-1])
                for seat, choice in building.answers
            )
            agenda = (dataclasses.replace(building, answers=answers), *agenda[1:])
    final = state.final
    if final is not None and not final.revealed:
        built = tuple(
            cards if seat == viewer or cards is None else tuple(reversed(cards))
            for seat, cards in enumerate(final.built)
        )
        final = dataclasses.replace(final, built=built)
    return dataclasses.replace(
        state, decks=decks, bosses=bosses, draft=draft, final=final, agenda=agenda
    )


def battles_opened(before: State, entry: Entry) -> set[str]:
    """The bosses whose battle `entry` opens, turning their cards face up for good.

    A party that moves, jumps or stays on a boss's square fights it; at the classroom, where two
    bosses may stand, the player then chooses one. The battle may end within the same entry (an
    ambush wipes the party out), so it is the move that counts, not a battle seen in a state.
    """
    if not isinstance(entry, DecisionEntry):
        return set()
    if entry.decision == "boss":
        return {str(entry.choice)}
    if entry.decision in ("move", "teleport") and entry.choice in SPACES:
        bosses = fightable_bosses(before, entry.seat, str(entry.choice))
        return set(bosses) if len(bosses) == 1 else set()
    return set()


@SETTINGS
@example({"players": 4, "seed": 22398, "bot": "random", "draft": False})  # an ambush wipe-out
@given(games)
def test_no_view_shows_hidden_cards(game: dict[str, Any]) -> None:
    table = play(game)
    players = game["players"]
    rng = random.Random(game["seed"])
    seen: set[str] = set()  # bosses already fought: their survivors have been seen
    states = fold(table)
    for position, state in enumerate(states):
        if position:
            seen |= battles_opened(states[position - 1], table.log[position - 1])
        if not state.decks:
            continue
        for viewer in range(players):
            view = GAME.view(state, viewer)
            shown = strings(view.board)
            # The order below the top of a deck: those cards are named nowhere.
            for name, cards in state.decks.items():
                below = cards[1:] if name in ("lv1", "lv2") else cards
                assert not shown & set(below), (position, name)
            for boss, cards in state.bosses.items():
                if boss not in seen:
                    assert not shown & set(cards), position
            for seat, packet in enumerate(state.draft):
                if seat != viewer:
                    assert view.board.draft != packet or not packet
            final = state.final
            if final is not None and not final.revealed:
                assert view.board.final is not None
                assert view.board.final.own == own_final_party(state, viewer)
            assert GAME.view(disguise(state, viewer, rng, seen), viewer) == view, position


def own_final_party(state: State, viewer: int) -> tuple[str, ...] | None:
    """The final party `viewer` has chosen (and maybe ordered): in the gather under way while
    others still choose, else in the state."""
    assert state.final is not None
    for kind in (FinalOrder, FinalPick):
        building = pending_gather(state, kind)
        answer = building.answer_of(viewer) if building is not None else None
        if isinstance(answer, tuple):
            return tuple(str(card) for card in answer)
    return state.final.built[viewer]


def same(a: Table, b: Table) -> None:
    assert a.log == b.log
    for viewer in (None, *range(len(a.seats))):
        assert a.view(viewer) == b.view(viewer)
        assert a.narration(viewer) == b.narration(viewer)
    assert a.decisions() == b.decisions() and a.step == b.step


@SETTINGS
@given(games, st.floats(0, 1))
def test_save_and_load_reproduce_the_game(game: dict[str, Any], where: float) -> None:
    table = play(game)
    same(table, saves.loads(saves.dumps(table)).table)
    cut = int(where * len(table))
    partial = Table(GAME, table.seats, table.options, table.seed)
    for entry in table.log[:cut]:
        partial.apply(entry)
    loaded = saves.loads(saves.dumps(partial), continue_chance=False).table
    same(partial, loaded)
    for viewer in (None, *range(game["players"])):
        assert loaded.view(viewer) == table.view_at(cut, viewer)


@settings(max_examples=examples(4))
@given(games)
def test_undo_then_redo_round_trips_in_practice_mode(game: dict[str, Any]) -> None:
    players = game["players"]
    options, _ = bot_options(GAME, {"draft": True} if game["draft"] else {})
    table = Table(GAME, seats(players, range(1, players)), options, game["seed"], True)
    table.resolve_chance()
    driver = BotDriver(table, bots={s: make_bot(game["bot"], "dangerous") for s in range(players)})
    undone = 0
    while driver.play_one():
        if not table.can_undo(0) or rng_skip(len(table)):
            continue
        viewers = (None, *range(players))
        before = (table.log, table.step, tuple(table.view(v) for v in viewers))
        table.undo(0)
        undone += 1
        if undone <= 3:  # rebuilding from the log is slow: check the first few only
            for viewer in viewers:
                assert table.view(viewer) == GAME.view(fold(table)[-1], viewer)
        table.redo(0)
        assert (table.log, table.step, tuple(table.view(v) for v in viewers)) == before
    assert table.over and undone > 0


def rng_skip(length: int) -> bool:
    """Undo at about one human decision in five, to keep the test quick."""
    return length % 5 != 0
