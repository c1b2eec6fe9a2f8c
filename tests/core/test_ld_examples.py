"""The rulebook's four worked battles (seed 002, 決戦の結果例), scripted through the log.

Each example is played with exactly the party's players so nobody is left out, and is judged by
outcome and scores (rules-analysis C.3 "Scoring of the examples").
"""

from __future__ import annotations

from ldkit import Script, deck_order

from core.games.light_and_dark.state import Phase
from core.saves import loads


def last_turn(script: Script):  # type: ignore[no-untyped-def]
    return script.view().board.history[-1]


def test_example_1_light_hero_warrior_mage_devil_wins_13_against_12() -> None:
    s = Script(4)
    s.setup(top=("warrior", "mage", "devil"), parent=0)
    s.start_turn((4, 4, 4), "light-hero")
    s.claims()
    s.party(1, 2, 3)
    s.dice(4, 3)  # Light Hero: 4 and 3 make 7
    s.dice(3)  # Warrior: 3, kept
    s.decide(1, "reroll", "keep")
    s.dice(4, 5)  # Mage: 4 and 5, picks 5
    s.decide(2, "choose", 5)
    s.dice(1)  # Devil: 1, rerolled to 2
    s.decide(3, "reroll", "reroll")
    s.dice(2)
    turn = last_turn(s)
    assert turn.boss_hp == 12
    assert [roll.value for roll in turn.rolls] == [7, 3, 5, 2]
    assert turn.total == 7 + 3 + 5 - 2 == 13
    assert turn.won is True
    assert turn.deltas == (3, 3, 3, -3)
    assert s.scores() == (3, 3, 3, -3)


def test_example_2_dark_hero_devil_warrior_loses_4_against_8() -> None:
    s = Script(3)
    s.setup(top=("devil", "warrior"), parent=0)
    s.start_turn((4, 4), "dark-hero")
    s.claims()
    s.party(1, 2)
    s.dice(2, 4)  # Dark Hero: 6
    s.dice(4)  # Devil: 4, rerolled to 3
    s.decide(1, "reroll", "reroll")
    s.dice(3)
    s.dice(3)  # Warrior: 3, rerolled to 5
    s.decide(2, "reroll", "reroll")
    s.dice(5)
    turn = last_turn(s)
    assert [roll.value for roll in turn.rolls] == [6, 3, 5]
    assert turn.total == 6 + 3 - 5 == 4
    assert turn.won is False
    # 8 / 3 = 2 remainder 2: the parent alone loses one more.
    assert s.scores() == (-3, -2, 2)


def test_example_3_gambler_odd_die_is_subtracted_for_blue() -> None:
    s = Script(3)
    s.setup(top=("warrior", "gambler"), parent=0)
    s.start_turn((3, 4), "light-hero")
    s.claims()
    s.party(1, 2)
    s.dice(1, 1)  # Light Hero: 2
    s.dice(3)  # Warrior: 3, rerolled to 4
    s.decide(1, "reroll", "reroll")
    s.dice(4)
    s.dice(2, 5)  # Gambler: +2 - 5 = -3; no decision to make
    turn = last_turn(s)
    assert [roll.value for roll in turn.rolls] == [2, 4, -3]
    assert turn.total == 2 + 4 + (-3) == 3
    assert turn.won is False
    assert s.scores() == (-3, -2, -2)


def test_example_4_uses_post_reroll_values_and_still_wins() -> None:
    """The rulebook prints 20; with the Devil's reroll the total is 7 + 3 + 1 - (-6) = 17 (R4)."""
    s = Script(4)
    s.setup(top=("half-devil", "devil", "gambler"), parent=0)
    s.start_turn((4, 5, 5), "dark-hero")
    s.claims()
    s.party(1, 2, 3)
    s.dice(3, 4)  # Dark Hero: 7
    s.dice(3)  # Half-devil: 3
    s.dice(3)  # Devil: 3, rerolled to 1
    s.decide(2, "reroll", "reroll")
    s.dice(1)
    s.dice(3, 3)  # Gambler: -6, subtracted for a red parent
    turn = last_turn(s)
    assert turn.boss_hp == 14
    assert [roll.value for roll in turn.rolls] == [7, 3, 1, -6]
    assert turn.total == 17
    assert turn.won is True
    # 14 / 4 = 3 remainder 2: parent +4; the Gambler (blue) loses though the party won.
    assert s.scores() == (4, 3, 3, -3)


EXAMPLE_2_SAVE = f"""
format = "partyline-save"
format_version = 1
game = "light-and-dark"
seed = 7
entries = 16

[options]
players = 3

[[seats]]
name = "Aki"
kind = "human"

[[seats]]
name = "Bea"
kind = "bot"
bot = "random"

[[seats]]
name = "Chi"
kind = "human"

[[log]]
chance = "shuffle"
values = {deck_order("devil", "warrior")!r}

[[log]]
chance = "pick"
values = [0]

[[log]]
chance = "dice"
values = [4, 4]

[[log]]
chance = "shuffle"
values = ["dark-hero", "light-hero"]

[[log]]
seat = 1
decision = "claim"
choice = "warrior"

[[log]]
seat = 2
decision = "claim"
choice = "warrior"

[[log]]
seat = 0
decision = "claim"
choice = "light-hero"

[[log]]
seat = 0
decision = "verdict"
choice = "party"

[[log]]
seat = 0
decision = "party"
choice = [2, 1]

[[log]]
chance = "dice"
values = [2, 4]

[[log]]
chance = "dice"
values = [4]

[[log]]
seat = 1
decision = "reroll"
choice = "reroll"

[[log]]
chance = "dice"
values = [3]

[[log]]
chance = "dice"
values = [3]

[[log]]
seat = 2
decision = "reroll"
choice = "reroll"

[[log]]
chance = "dice"
values = [5]
""".replace("'", '"')


def test_a_hand_written_save_scripts_example_2() -> None:
    loaded = loads(EXAMPLE_2_SAVE, "example-2.toml", continue_chance=False)
    table = loaded.table
    board = table.view(None).board
    turn = board.history[-1]
    assert turn.roles == ("dark-hero", "devil", "warrior")
    assert turn.party == (0, 1, 2)
    assert turn.total == 4 and turn.won is False
    assert tuple(seat.score for seat in table.view(None).seats) == (-3, -2, 2)
    # The claims were lies, and stay on the record as said.
    assert len(table) == 16
    # The next turn waits for its boss HP dice: Bea is the new parent.
    assert board.parent == 1
    assert table.step.chance is not None and table.step.chance.count == 2


def test_examples_end_at_their_turn_with_the_next_parent_to_the_left() -> None:
    s = Script(4)
    s.setup(top=("warrior", "mage", "devil"), parent=2)
    s.start_turn((4, 4, 4), "light-hero")
    s.claims()
    s.party()
    s.dice(6, 6)  # the parent alone: 12 against 12 HP wins, and takes all 12 points
    assert s.view().board.history[-1].won is True
    assert s.scores() == (-1, -1, 12, -1)
    assert s.view().board.parent == 3
    assert str(s.view().phase) == Phase.BOSS_HP.value
