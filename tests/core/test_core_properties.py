"""Light and Dark's own properties over many bot games, every player count, both bots, with and
without the variant. What every game must do (end, replay, save and load, undo and redo by seat,
show no seat another's secrets) is checked for every registered game in test_conformance.py."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from ldkit import GAME, ROLE_DECK, bot_game, fold
from profiles import examples

from core.games.light_and_dark.content import Effect, content
from core.games.light_and_dark.state import State, TurnRecord
from core.log import DecisionEntry
from core.narration import Message
from core.table import Table

SETTINGS = settings(max_examples=examples(40))

games = st.fixed_dictionaries(
    {
        "players": st.integers(3, 6),
        "seed": st.integers(0, 2**31),
        "bot": st.sampled_from(["random", "heuristic"]),
        "keep_cards": st.booleans(),
    }
)

ROLES = content().roles
HERO_CARDS = Counter(content().deck("hero"))


def play(game: dict[str, Any], **kwargs: Any) -> Table:
    return bot_game(
        game["players"], game["seed"], bot=game["bot"], keep_cards=game["keep_cards"], **kwargs
    )


# --- every game ends when it should -------------------------------------------------------------


@SETTINGS
@given(games)
def test_every_game_ends_when_it_should(game: dict[str, Any]) -> None:
    table = play(game)
    players = game["players"]
    result = table.result()
    assert result is not None and len(result.winners) == 1
    turns = len(table.view(None).board.history)
    if game["keep_cards"]:
        assert min(players, 14 // (players - 1)) <= turns <= players
    else:
        assert turns == min(players, 14 // (players - 1))


# --- the 14 role cards and 2 heroes are conserved at every step -----------------------------------


def check_cards(state: State) -> None:
    roles: Counter[str] = Counter(state.role_deck) + Counter(state.discard)
    heroes: Counter[str] = Counter(state.hero_deck)
    for card in state.hands:
        if card is None:
            continue
        if ROLES[card].deck == "hero":
            heroes[card] += 1
        else:
            roles[card] += 1
    assert roles == Counter(ROLE_DECK), state
    assert heroes == HERO_CARDS, state
    if state.hands[state.parent] is not None:
        assert ROLES[state.hands[state.parent] or ""].deck == "hero"


@SETTINGS
@given(games)
def test_cards_are_conserved_at_every_step(game: dict[str, Any]) -> None:
    table = play(game)
    states = fold(table)
    assert states[-1] == table._state_at(len(table))  # the fold is the table's state
    for state in states[1:]:  # states[0] is before the role deck is shuffled
        check_cards(state)


# --- scores change only as the rules say ----------------------------------------------------------


def roll_value(effect: Effect, dice: tuple[int, ...], reroll: int | None, value: int) -> int:
    if effect is Effect.REROLL:
        assert len(dice) == 1
        return dice[0] if reroll is None else reroll
    if effect is Effect.CHOOSE:
        assert len(dice) == 2 and value in dice and reroll is None
        return value
    if effect is Effect.GAMBLER:
        return sum(face if face % 2 == 0 else -face for face in dice)
    return sum(dice)


def expected_deltas(record: TurnRecord, players: int) -> tuple[int, ...]:
    deltas = [0] * players
    if record.gave_up:
        deltas[record.parent] = -1
        assert record.party == () and record.rolls == ()
        return tuple(deltas)
    assert record.party[0] == record.parent
    order = [(record.parent + step) % players for step in range(players)]
    assert list(record.party) == [seat for seat in order if seat in record.party]
    assert [roll.seat for roll in record.rolls] == list(record.party)
    parent_colour = ROLES[record.roles[record.parent]].colour
    total = 0
    for roll in record.rolls:
        card = ROLES[roll.role]
        assert roll.role == record.roles[roll.seat]
        assert len(roll.dice) == card.dice
        assert all(1 <= face <= 6 for face in roll.dice)
        assert roll.value is not None
        assert roll.value == roll_value(card.effect, roll.dice, roll.reroll, roll.value)
        total += roll.value if card.colour is parent_colour else -roll.value
    assert record.total == total
    assert record.won == (total >= record.boss_hp)
    points, remainder = divmod(record.boss_hp, len(record.party))
    for seat in range(players):
        if seat not in record.party:
            deltas[seat] = -1
            continue
        same = ROLES[record.roles[seat]].colour is parent_colour
        gains = same == record.won
        deltas[seat] = points if gains else -points
        if seat == record.parent and remainder:
            deltas[seat] += 1 if gains else -1
    return tuple(deltas)


@SETTINGS
@given(games)
def test_scores_change_only_as_the_rules_say(game: dict[str, Any]) -> None:
    table = play(game)
    players = game["players"]
    history = table.view(None).board.history
    totals = [0] * players
    for number, record in enumerate(history, start=1):
        assert record.number == number
        assert record.deltas == expected_deltas(record, players), record
        totals = [a + b for a, b in zip(totals, record.deltas)]
    result = table.result()
    assert result is not None and list(result.scores) == totals
    # Scores move only when a turn ends or a party is chosen (the left-out -1).
    states = fold(table)
    for before, after in itertools.pairwise(states):
        if before.scores != after.scores:
            changed_turn = len(after.history) == len(before.history) + 1
            left_out = after.party and not before.party
            assert changed_turn or left_out


# --- hidden information ---------------------------------------------------------------------------


@SETTINGS
@given(games)
def test_no_view_shows_another_seats_hidden_card(game: dict[str, Any]) -> None:
    table = play(game)
    players = game["players"]
    for state in fold(table):
        for viewer in range(players):
            view = GAME.view(state, viewer)
            for seat in range(players):
                card = state.hands[seat]
                secret = card is not None and seat != viewer and not state.public[seat]
                if secret:
                    assert view.board.roles[seat] is None
                    # The card's name in any note but the seat's own public claim (which may be
                    # true), in either language's form of the note.
                    hidden = ROLES[str(card)].label.ja
                    notes = [note for note in view.seats[seat].notes if not _is_claim(note)]
                    assert not any(hidden in str(note) for note in notes)
                else:
                    assert view.board.roles[seat] == card


def _is_claim(note: object) -> bool:
    return isinstance(note, Message) and note.template == "claims {role}"


def drew(table: Table, states: list[State], index: int, viewer: int) -> bool:
    """Whether entry `index` dealt `viewer` a card from the role deck."""
    before, after = states[index], states[index + 1]
    if len(after.role_deck) >= len(before.role_deck) or after.hands[viewer] is None:
        return False
    entry = table.log[index]
    swapped = isinstance(entry, DecisionEntry) and entry.seat == viewer and entry.choice == "draw"
    return before.hands[viewer] is None or swapped


@SETTINGS
@given(games)
def test_the_log_tells_each_seat_only_its_own_draws(game: dict[str, Any]) -> None:
    table = play(game)
    players = game["players"]
    states = fold(table)
    for viewer in range(players):
        for index in range(len(table)):
            before, after = states[index], states[index + 1]
            lines = table.entry_narration(index, viewer)
            private = [line for line in lines if "You draw the " in line]
            for line in lines:
                assert " draws the " not in line, line  # the "everyone" wording
            hero = after.hands[viewer] is not None and before.hands[viewer] is None
            hero = hero and viewer == after.parent and len(after.hero_deck) == 1
            if drew(table, states, index, viewer) or hero:
                card = after.hands[viewer]
                assert card is not None
                assert len(private) == 1 and private[0].endswith(
                    f"You draw the {ROLES[card].sided}."
                ), (index, viewer, lines)
            else:
                assert private == [], (index, viewer, lines)
