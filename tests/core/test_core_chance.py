"""Chance outcomes in the log: honoured when possible, rejected with their entry number when not;
replay never draws."""

from __future__ import annotations

from typing import Any

import pytest
from ldkit import GAME, ROLE_DECK, Script, bot_game, bot_players, deck_order, seats

from core import chance, saves
from core.chance import ChanceKind, ImpossibleOutcome, check_outcome
from core.log import ChanceEntry, DecisionEntry
from core.runner import BotDriver
from core.table import LogError, Table


def frozen(s: Script) -> tuple[Any, ...]:
    return (s.table.log, s.table.step, tuple(s.view(v) for v in (None, 0, 1, 2)))


# --- check_outcome --------------------------------------------------------------------------------


def test_dice_outcomes() -> None:
    request = chance.dice(3, "the boss's HP")
    assert check_outcome(request, [1, 6, 3]) == (1, 6, 3)
    with pytest.raises(ImpossibleOutcome, match="a 6-sided die cannot show 9"):
        check_outcome(request, [1, 9, 3])
    with pytest.raises(ImpossibleOutcome, match="cannot show 0"):
        check_outcome(request, [0, 1, 1])
    with pytest.raises(ImpossibleOutcome, match="expected 3 dice, found 2"):
        check_outcome(request, [1, 2])
    with pytest.raises(ImpossibleOutcome, match="'6' is not a die face"):
        check_outcome(request, [1, 2, "6"])
    with pytest.raises(ImpossibleOutcome, match="True is not a die face"):
        check_outcome(request, [1, 2, True])
    with pytest.raises(ImpossibleOutcome, match="expected a list"):
        check_outcome(request, 6)


def test_dice_rolled_at_once_for_several_owners_say_whose_they_are() -> None:
    request = chance.dice(3, "the attack dice", parts=(("Aki", 2), ("the Lv1 enemy", 1)))
    assert check_outcome(request, [1, 6, 3]) == (1, 6, 3)
    with pytest.raises(ImpossibleOutcome) as caught:
        check_outcome(request, [1, 2])
    assert str(caught.value) == (
        "the attack dice: expected 3 dice (2 for Aki, then 1 for the Lv1 enemy), found 2"
    )
    with pytest.raises(ValueError, match="do not add up to 4 dice"):
        chance.dice(4, "the attack dice", parts=(("Aki", 2), ("Bea", 1)))


def test_shuffle_outcomes() -> None:
    request = chance.shuffle(ROLE_DECK, "the role deck")
    order = list(reversed(ROLE_DECK))
    assert check_outcome(request, order) == tuple(order)
    for bad in (order[:-1], [*order, "devil"], [*order[:-1], "dark-hero"], [1] * 14):
        with pytest.raises(ImpossibleOutcome, match="not an order of the 14 cards"):
            check_outcome(request, bad)


def test_pick_outcomes() -> None:
    request = chance.pick((0, 1, 2, 3), "the first parent")
    assert check_outcome(request, [3]) == (3,)
    for bad in ([4], [-1], [0, 1], ["0"], [True]):
        with pytest.raises(ImpossibleOutcome, match="expected one of 0, 1, 2, 3"):
            check_outcome(request, bad)


def test_draw_is_seeded_by_seed_and_position_and_always_possible() -> None:
    requests = [
        chance.dice(5, "d"),
        chance.shuffle(ROLE_DECK, "s"),
        chance.pick((0, 1, 2), "p"),
        chance.dice(2, "d8", sides=8),
    ]
    for request in requests:
        for position in range(20):
            outcome = chance.draw(request, 99, position)
            assert outcome == chance.draw(request, 99, position)
            assert check_outcome(request, list(outcome)) == outcome
    rolls = {chance.draw(requests[0], 99, position) for position in range(20)}
    assert len(rolls) > 15  # positions draw independently
    assert chance.draw(requests[1], 1, 0) != chance.draw(requests[1], 2, 0)


# --- the table honours scripted chance, and rejects the impossible --------------------------------


def test_an_impossible_die_names_its_entry_and_changes_nothing() -> None:
    s = Script(3)
    s.setup(parent=0)
    before = frozen(s)
    with pytest.raises(LogError) as caught:
        s.dice(9, 1)
    assert str(caught.value) == "entry 3: the boss's HP: a 6-sided die cannot show 9"
    assert caught.value.number == 3
    assert frozen(s) == before
    s.dice(6, 1)  # and the table goes on
    assert s.view(0).board.boss_hp == 7


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"chance": "dice", "values": [1, 1, 1]},
            "entry 3: the boss's HP: expected 2 dice, found 3",
        ),
        ({"chance": "dice", "values": [1]}, "entry 3: the boss's HP: expected 2 dice, found 1"),
        (
            {"chance": "shuffle", "values": ["light-hero", "dark-hero"]},
            "entry 3: expected dice for the boss's HP, found shuffle",
        ),
        (
            {"seat": 0, "decision": "claim", "choice": "silent"},
            "entry 3: expected a chance outcome",
        ),
    ],
)
def test_wrong_chance_entries_are_rejected(data: dict[str, Any], message: str) -> None:
    s = Script(3)
    s.setup(parent=0)
    before = frozen(s)
    with pytest.raises(LogError, match=message):
        s.put(data)
    assert frozen(s) == before


def test_a_hero_shuffle_must_be_the_two_heroes() -> None:
    s = Script(3)
    s.setup(parent=0)
    s.dice(1, 1)
    with pytest.raises(LogError, match=r"entry 4: the hero deck: not an order of the 2 cards"):
        s.shuffle(["light-hero", "light-hero"])
    with pytest.raises(LogError, match="entry 4"):
        s.shuffle(["light-hero", "dark-hero", "devil"])


def test_a_role_shuffle_must_be_a_permutation() -> None:
    s = Script(4)
    with pytest.raises(LogError, match="entry 1: the role deck: not an order of the 14 cards"):
        s.shuffle([*ROLE_DECK[:-1], "mage"])
    assert len(s.table) == 0
    s.shuffle(deck_order("witch"))
    assert len(s.table) == 1


@pytest.mark.parametrize("value", [4, -1, 10])
def test_a_first_parent_pick_out_of_range(value: int) -> None:
    s = Script(4)
    s.shuffle(deck_order())
    with pytest.raises(LogError, match=r"entry 2: the first parent: expected one of 0, 1, 2, 3"):
        s.pick(value)
    s.pick(3)
    assert s.parent == 3


def test_chance_when_a_decision_is_due_is_rejected() -> None:
    s = Script(3)
    s.setup(parent=0)
    s.start_turn((1, 1), "light-hero")
    with pytest.raises(LogError, match=r"entry 5: no chance outcome is due here; waiting for Bea"):
        s.dice(1)


def test_chance_after_the_game_is_over_is_rejected() -> None:
    table = bot_game(3, 5)
    assert table.over
    with pytest.raises(LogError, match=f"entry {len(table) + 1}: .*the game is over"):
        table.apply(ChanceEntry(ChanceKind.DICE, (1,)))


def test_scripted_dice_are_used_as_written() -> None:
    s = Script(3)
    s.setup(top=("sage", "priest"), parent=1)
    s.start_turn((6, 5), "dark-hero")
    assert s.view(1).board.boss_dice == (6, 5)
    assert s.view(1).board.roles[1] == "dark-hero"
    assert s.view(None).board.roles == ("priest", "dark-hero", "sage")


# --- replay never draws ---------------------------------------------------------------------------


def test_replay_never_calls_the_rng(monkeypatch: pytest.MonkeyPatch) -> None:
    games = [
        bot_game(players, 40 + players, keep_cards=players % 2 == 0) for players in (3, 4, 5, 6)
    ]
    texts = [saves.dumps(table) for table in games]

    def refuse(*args: object, **kwargs: object) -> Any:
        raise AssertionError("replay called the RNG")

    monkeypatch.setattr(chance, "draw", refuse)
    for table, text in zip(games, texts):
        fresh = Table(GAME, table.seats, table.options, table.seed)
        for entry in table.log:
            fresh.apply(entry)
        assert fresh.log == table.log and fresh.over
        loaded = saves.loads(text).table  # continue_chance: nothing is due in a finished game
        assert loaded.log == table.log
        assert loaded.view(None) == table.view(None)


def test_a_partial_game_continued_draws_what_the_original_drew() -> None:
    whole = bot_game(4, 77)
    cut = next(
        index
        for index, entry in enumerate(whole.log)
        if isinstance(entry, DecisionEntry) and index > len(whole.log) // 2
    )
    table = Table(GAME, seats(4), {}, 77)
    for entry in whole.log[:cut]:
        table.apply(entry)
    table = saves.loads(saves.dumps(table)).table
    BotDriver(table, bots=bot_players(4, "random")).play_until_human()
    assert table.log == whole.log


# --- seeded ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["partyline:1:0", "partyline:123456789:4321", "bot:7:55:3", ""])
def test_seeded_is_the_generator_random_random_makes_from_the_same_text(text: str) -> None:
    import random

    ours, theirs = chance.seeded(text), random.Random(text)
    assert ours.getstate() == theirs.getstate()
    assert [ours.randint(1, 6) for _ in range(20)] == [theirs.randint(1, 6) for _ in range(20)]
    assert ours.gauss(0, 1) == theirs.gauss(0, 1)


@pytest.mark.parametrize("sides", [1, 2, 3, 4, 6, 8, 10, 12, 20, 100])
def test_roll_draws_what_randint_draws(sides: int) -> None:
    import random

    for seed in range(30):
        ours, theirs = random.Random(seed), random.Random(seed)
        assert chance.roll(ours, 7, sides) == tuple(theirs.randint(1, sides) for _ in range(7))
        assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("size", [0, 1, 2, 3, 5, 17, 40, 129])
def test_shuffled_orders_as_random_shuffle_does(size: int) -> None:
    import random

    items = tuple(f"card{index % 9}" for index in range(size))
    for seed in range(30):
        ours, theirs = random.Random(seed), random.Random(seed)
        expected = list(items)
        theirs.shuffle(expected)
        assert chance.shuffled(ours, items) == expected
        assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("count", [1, 2, 3, 7, 8, 9, 33])
def test_below_picks_what_random_choice_picks(count: int) -> None:
    import random

    items = list(range(count))
    for seed in range(30):
        ours, theirs = random.Random(seed), random.Random(seed)
        assert [chance.below(ours, count) for _ in range(5)] == [
            theirs.choice(items) for _ in range(5)
        ]
        assert ours.getstate() == theirs.getstate()


def test_below_nothing_is_an_index_error() -> None:
    import random

    with pytest.raises(IndexError):
        chance.below(random.Random(1), 0)
