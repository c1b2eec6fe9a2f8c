"""Sudden death between tied leaders (line 183, ruling R13): 2d6 HP each, one volley, then
one-die roll-offs among those still level; the house rule `repeat_volleys` volleys again."""

from __future__ import annotations

import pytest
from ldkit import GAME, Script

from core.chance import ChanceKind
from core.games.light_and_dark.state import Phase
from core.table import LogError


def three_way_tie(repeat_volleys: bool = False) -> Script:
    """Three players who all give up once: -1 each, a three-way tie."""
    s = Script(3, repeat_volleys=repeat_volleys)
    s.setup(parent=0)
    for _ in range(3):
        s.give_up_turn()
    assert s.scores() == (-1, -1, -1)
    return s


def two_way_tie() -> Script:
    """Aki and Bea give up; Chi goes alone and loses 3: Aki and Bea tie on -2."""
    s = Script(3)
    s.setup(parent=0)
    s.give_up_turn()
    s.give_up_turn()
    s.start_turn((1, 2), "light-hero")
    s.claims()
    s.party()
    s.dice(1, 1)
    assert s.scores() == (-2, -2, -3)
    return s


def winner(s: Script) -> tuple[int, ...]:
    result = s.table.result()
    assert result is not None and s.table.over
    return result.winners


def hp(s: Script, *pairs: tuple[int, int]) -> None:
    for pair in pairs:
        s.dice(*pair)


def test_each_tied_player_rolls_two_dice_in_their_own_entry() -> None:
    s = three_way_tie()
    assert str(s.view().phase) == Phase.SUDDEN_HP.value
    labels = []
    for seat, pair in enumerate([(1, 2), (3, 4), (5, 6)]):
        request = s.table.step.chance
        assert request is not None and request.kind is ChanceKind.DICE and request.count == 2
        labels.append(str(request.label))
        before = len(s.table)
        s.dice(*pair)
        assert len(s.table) == before + 1
        assert s.view(seat).board.sudden is not None
    assert labels == [
        "Aki's sudden-death HP",
        "Bea's sudden-death HP",
        "Chi's sudden-death HP",
    ]
    sudden = s.view(0).board.sudden
    assert sudden is not None and sudden.hp == (3, 7, 11) and sudden.alive == (0, 1, 2)
    request = s.table.step.chance
    assert request is not None and request.count == 3  # one die per living player


def test_only_the_tied_leaders_play_sudden_death() -> None:
    s = two_way_tie()
    sudden = s.view().board.sudden
    assert sudden is not None and sudden.seats == (0, 1)
    hp(s, (1, 1), (1, 1))
    request = s.table.step.chance
    assert request is not None and request.count == 2
    s.dice(1, 2)  # Aki loses 2 -> 0, Bea loses 1 -> 1: Bea survives alone
    assert winner(s) == (1,)


def test_a_single_survivor_wins_and_zero_hp_is_dead() -> None:
    s = three_way_tie()
    hp(s, (6, 6), (1, 1), (1, 1))
    s.dice(1, 1, 1)  # each loses 2: 10, 0, 0
    assert winner(s) == (0,)
    assert s.view().board.sudden is not None
    assert s.view().board.sudden.hp == (10, 0, 0)


def test_one_volley_only_several_survivors_roll_off() -> None:
    """Line 183 has one volley; survivors still level roll one die each, highest wins (R13)."""
    s = three_way_tie()
    hp(s, (6, 6), (6, 6), (6, 6))
    s.dice(6, 6, 1)  # Aki and Bea lose 7 -> 5, Chi loses 12 -> 0
    assert not s.table.over
    assert str(s.view().phase) == Phase.SUDDEN_ROLLOFF.value
    sudden = s.view().board.sudden
    assert sudden is not None and sudden.hp == (5, 5, 0) and sudden.rolloff == (0, 1)
    request = s.table.step.chance
    assert request is not None and str(request.label) == "the sudden-death roll-off"
    assert request.count == 2  # Chi, out, does not roll
    lines = [line for _, line in s.table.narration(2)]
    assert "Aki and Bea survive: a one-die roll-off between them." in lines
    with pytest.raises(LogError, match="expected 2 dice, found 3"):
        s.dice(1, 1, 1)
    s.dice(2, 5)  # a roll-off, not a volley: the higher die wins, nobody loses HP
    assert winner(s) == (1,)
    assert s.view().board.sudden is not None and s.view().board.sudden.hp == (5, 5, 0)


def test_everyone_surviving_the_volley_rolls_off() -> None:
    s = three_way_tie()
    hp(s, (6, 6), (6, 6), (6, 6))
    s.dice(1, 1, 1)  # everyone loses 2: 10 each, all alive
    sudden = s.view().board.sudden
    assert sudden is not None and sudden.rolloff == (0, 1, 2) and sudden.hp == (10, 10, 10)
    s.dice(3, 3, 1)  # Aki and Bea tie on the highest die: they roll again
    sudden = s.view().board.sudden
    assert sudden is not None and sudden.rolloff == (0, 1)
    s.dice(4, 2)
    assert winner(s) == (0,)


# --- the house rule: repeated volleys -------------------------------------------------------------


def test_repeat_volleys_is_an_option_off_by_default() -> None:
    option = {option.name: option for option in GAME.options}["repeat_volleys"]
    assert option.default is False and "house rule" in str(option.label).lower()


def test_house_rule_several_survivors_volley_again_among_themselves() -> None:
    s = three_way_tie(repeat_volleys=True)
    hp(s, (6, 6), (6, 6), (6, 6))
    s.dice(6, 6, 1)  # Aki and Bea lose 7 -> 5, Chi loses 12 -> 0
    assert not s.table.over
    sudden = s.view().board.sudden
    assert sudden is not None and sudden.alive == (0, 1) and sudden.hp == (5, 5, 0)
    assert str(s.view().phase) == Phase.SUDDEN_VOLLEY.value
    with pytest.raises(LogError, match="expected 2 dice, found 3"):
        s.dice(1, 1, 1)
    s.dice(6, 6)  # both lose 6: -1, -1 -> nobody survives, tied: roll-off between them
    assert str(s.view().phase) == Phase.SUDDEN_ROLLOFF.value
    s.dice(2, 3)
    assert winner(s) == (1,)


def test_house_rule_several_survivors_then_one() -> None:
    s = three_way_tie(repeat_volleys=True)
    hp(s, (6, 6), (6, 6), (6, 6))
    s.dice(1, 1, 1)  # everyone loses 2: 10 each, all alive
    s.dice(1, 1, 1)  # 8 each
    sudden = s.view().board.sudden
    assert sudden is not None and sudden.alive == (0, 1, 2) and sudden.hp == (8, 8, 8)
    s.dice(6, 1, 1)  # Aki loses 2 -> 6; Bea and Chi lose 7 -> 1
    s.dice(6, 1, 1)  # Aki 4; Bea and Chi -6
    assert winner(s) == (0,)


def test_nobody_survives_and_the_closest_to_zero_wins() -> None:
    s = three_way_tie()
    hp(s, (1, 1), (1, 1), (1, 2))
    s.dice(6, 6, 6)  # each loses 12: -10, -10, -9
    assert winner(s) == (2,)
    lines = [line for _, line in s.table.narration(0)]
    assert "Nobody survives; the one closest to 0 wins." in lines


def test_nobody_survives_tied_closest_roll_off_until_one_is_highest() -> None:
    s = three_way_tie()
    hp(s, (1, 2), (2, 1), (1, 1))
    s.dice(6, 6, 6)  # -9, -9, -10: Aki and Bea tie closest
    assert str(s.view().phase) == Phase.SUDDEN_ROLLOFF.value
    sudden = s.view().board.sudden
    assert sudden is not None and sudden.rolloff == (0, 1)
    request = s.table.step.chance
    assert request is not None and request.count == 2  # Chi does not roll
    s.dice(4, 4)  # tied again
    assert not s.table.over
    s.dice(5, 2)
    assert winner(s) == (0,)


def test_a_roll_off_narrows_to_the_highest_rollers() -> None:
    s = three_way_tie()
    hp(s, (1, 1), (1, 1), (1, 1))
    s.dice(6, 6, 6)  # all -10
    s.dice(5, 5, 1)  # Chi is out; Aki and Bea roll again
    sudden = s.view().board.sudden
    assert sudden is not None and sudden.rolloff == (0, 1)
    request = s.table.step.chance
    assert request is not None and request.count == 2
    s.dice(2, 3)
    assert winner(s) == (1,)
    result = s.table.result()
    assert result is not None and result.scores == (-1, -1, -1)
    assert "Bea wins" in str(result.summary)


def test_no_sudden_death_without_a_tie_for_the_lead() -> None:
    s = Script(3)
    s.setup(parent=0)
    s.give_up_turn()
    s.give_up_turn()
    s.start_turn((1, 1), "light-hero")
    s.claims()
    s.party()
    s.dice(1, 1)  # Chi alone: 2 >= 2 HP, +2; Aki and Bea -1 -1 = -2
    assert s.scores() == (-2, -2, 2)
    assert winner(s) == (2,)
    assert s.view().board.sudden is None
