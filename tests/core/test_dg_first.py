"""Who acts first when both sides of a battle can act in the same window (rulebook line 103:
両者共に先に使いたい場合、もしくは両者共に先に使いたくない場合はダイスを振って決めて下さい;
docs/rules/dangerous.md ruling R15). Both players answer at once, in secret; a die roll settles
a tie, as its own entry in the log."""

from __future__ import annotations

import pytest
from dgkit import FAST, PLAIN, Dg

from core.decisions import ActingFor

BEA = ("otoshiana-gonzou", "arijigoku-tamako", "nukemichi-wataru")


def asked_who_goes_first(g: Dg) -> None:
    step = g.table.step
    assert step.simultaneous, g.waiting()
    assert sorted((d.seat, d.name) for d in step.decisions) == [(0, "act-first"), (1, "act-first")]


def answer(g: Dg, aki: str, bea: str) -> None:
    g.decide(0, "act-first", aki)
    g.decide(1, "act-first", bea)


def gym_fight(front: str, enemy: str, mine: list[int], theirs: list[int]) -> Dg:
    """Aki, with the Lv1 card `front` at the front, fights the Lv2 card `enemy` at the gym."""
    g = Dg(2)
    g.setup(parties=[(front, "rindou", "tigris"), BEA], lv2=[enemy])
    g.meeting(FAST)
    g.move(0, "gym")
    g.attack(mine, theirs)
    return g


def next_seat(g: Dg) -> int:
    decision = g.pending()
    assert decision is not None, g.waiting()
    return decision.seat


# --- before the dice: 猫騙しのネネ against an enemy 押出リキヤ -----------------------------------


def before_dice_standoff() -> Dg:
    g = Dg(2)
    g.setup(parties=[("nekodamashi-nene", "rindou", "tigris"), BEA], lv1=["oshidashi-rikiya"])
    g.meeting(PLAIN)
    g.move(0, "statue")
    asked_who_goes_first(g)
    return g


def test_the_one_side_that_wants_to_act_first_does() -> None:
    g = before_dice_standoff()
    answer(g, "first", "later")
    g.expect("ability")
    assert next_seat(g) == 0
    g.decide(0, "ability", "yes")
    g.dice(6)  # 猫騙し strikes リキヤ down before it can shove
    g.expect("capture")
    assert "押し出し" not in g.text()


def test_both_want_to_act_first_a_roll_decides_and_the_enemy_may_win_it() -> None:
    g = before_dice_standoff()
    answer(g, "first", "first")
    assert "Aki and the Lv1 enemy want to act first: a die roll decides." in g.text()
    g.expect("chance:who acts first")
    g.dice(1, 4)
    assert "Aki 1, the Lv1 enemy 4." in g.text()
    g.expect("ability")
    assert next_seat(g) == 1  # Bea plays the enemy: リキヤ's shove comes first
    g.decide(1, "ability", "yes")
    g.dice(5)
    assert g.party(0) == ("rindou", "nekodamashi-nene", "tigris")
    g.expect("chance:attack dice")  # リンドウ fights now: no before-dice ability to ask


def test_neither_wants_to_act_first_a_tied_roll_is_rolled_again() -> None:
    g = before_dice_standoff()
    answer(g, "later", "later")
    assert "would rather wait: a die roll decides." in g.text()
    g.dice(5, 5)
    g.expect("chance:who acts first")
    g.dice(6, 1)
    g.expect("ability")
    assert next_seat(g) == 0


# --- after the dice: Aki's knife against an enemy 根津ツヨシ -------------------------------------


def test_after_the_dice_the_side_that_waits_sees_the_others_bonus() -> None:
    g = Dg(2)
    g.setup(lv1=["nezu-tsuyoshi"], items=(1, 5))  # Aki holds the knife
    g.meeting(PLAIN)
    g.move(0, "statue")
    g.attack([4], [3])
    asked_who_goes_first(g)
    answer(g, "later", "first")
    g.expect("after-dice")
    assert next_seat(g) == 1
    g.decide(1, "after-dice", "card:nezu-tsuyoshi")  # 3 + 1: a tie at 4
    g.expect("after-dice")
    assert next_seat(g) == 0
    g.decide(0, "after-dice", "item:knife")  # her last option: the menu closes itself
    assert "Final result 5 against 4" in g.text()


# --- the final result: 六道ムツミ against an enemy 満月ツキミ, tied at 6 -------------------------


@pytest.mark.parametrize("first", [0, 1])
def test_a_tie_both_fighters_can_decide_goes_to_the_one_that_acts_first(first: int) -> None:
    g = gym_fight("rokudou-mutsumi", "mangetsu-tsukimi", [6], [6, 1])
    assert "Final result 6 against 6: a tie." in g.text()
    asked_who_goes_first(g)
    answer(g, "first", "first")
    g.dice(6, 2) if first == 0 else g.dice(2, 6)
    if first == 0:
        assert "六の目の理 decides the tie: 六道ムツミ (Lv1) wins." in g.text()
        assert "望月の理" not in g.text()
        g.expect("capture")
    else:
        assert "望月の理 decides the tie: 満月ツキミ (Lv2) wins." in g.text()
        assert "六の目の理" not in g.text()
        assert g.discard(0) == ("rokudou-mutsumi",)


# --- the settlement: two フルキューブ cards kill each other --------------------------------------


@pytest.mark.parametrize("first", [0, 1])
def test_two_on_discard_abilities_in_a_mutual_kill_fire_in_the_order_settled(first: int) -> None:
    # A mutual kill: 化野ウツロ's 道連れ and 火薬庫ハナビ's 自爆花火 both fire.
    g = gym_fight("adashino-utsuro", "kayakuko-hanabi", [3], [3, 1])
    asked_who_goes_first(g)
    answer(g, *(("first", "later") if first == 0 else ("later", "first")))
    labels = ("化野ウツロ (Lv1)'s 道連れ", "火薬庫ハナビ (Lv2)'s 自爆花火")
    g.expect(f"chance:{labels[first]}")
    g.dice(*(1,) * (1 if first == 0 else 2))
    g.expect(f"chance:{labels[1 - first]}")


def test_the_player_of_an_enemy_is_asked_for_the_enemy() -> None:
    g = before_dice_standoff()
    decisions = {d.seat: d for d in g.table.decisions()}
    assert str(decisions[0].prompt).endswith("Both sides can act now: do you want to act first?")
    assert "do you want the Lv1 enemy (you play it) to act first?" in str(decisions[1].prompt)
    assert decisions[0].acting_for is None
    assert decisions[1].acting_for == ActingFor("enemy", against=0)
