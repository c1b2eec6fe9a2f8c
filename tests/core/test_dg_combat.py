"""Battles in exploration (rulebook §5, §6, docs/rules/dangerous.md "Combat" and "Wipe-out"):
winner stays on, highest die, mutual kills, capture, the hand limit, items, fleeing, where enemy
cards go, boss fights and rewards, wipe-outs with corpse theft and the redraw."""

from __future__ import annotations

from dgkit import PLAIN, Dg, boss_rush

BEA = ("otoshiana-gonzou", "arijigoku-tamako", "nukemichi-wataru")


def lv1_fight(g: Dg, seat: int = 0) -> str:
    top = g.board.lv1_top
    assert top is not None
    g.move(seat, "statue")
    return top


def test_highest_die_wins_and_the_winner_stays_on() -> None:
    g = Dg(2)
    g.setup()
    g.meeting(PLAIN)
    enemy = lv1_fight(g)
    # The enemy's 4 beats our 3; then our second card fights the same enemy.
    g.attack([3], [4])
    assert g.discard(0) == ("idaten-koharu",)
    g.decide(0, "flee", "fight")
    fight = g.state.combat
    assert fight is not None and fight.enemy == (enemy,)
    assert fight.duel.fighters == ("idaten-koharu#2", enemy)
    g.attack([5], [2])
    g.expect("capture")
    g.decide(0, "capture", "party")
    assert g.party(0) == ("idaten-koharu#2", "rindou", enemy)
    assert "Final result 3 against 4" in g.text() and "Final result 5 against 2" in g.text()


def test_a_boss_rolls_its_level_in_dice_and_keeps_its_highest() -> None:
    g = Dg(2)
    g.setup(bosses={"forest": ["toomi-senri"]}, start=0)
    g.meeting(PLAIN)
    g.move(0, "forest")
    g.expect("chance:ambush roll")  # 遠見センリ's ambush (needs 5)
    g.dice(1)
    request = g.table.step.chance
    assert request is not None and request.count == 1 + 3
    g.attack([5], [1, 6, 2])
    assert g.discard(0) == ("idaten-koharu",)
    g.decide(0, "flee", "flee")


def test_a_tie_is_a_mutual_kill_and_the_enemy_joins_the_party() -> None:
    g = Dg(2)
    g.setup()
    g.meeting(PLAIN)
    enemy = lv1_fight(g)
    g.attack([4], [4])
    assert g.party(0) == ("idaten-koharu#2", "rindou", enemy)
    assert g.discard(0) == ("idaten-koharu",)
    assert g.state.combat is None
    assert "a mutual kill" in g.text()


def test_a_mutual_kill_on_the_last_card_is_a_wipe_out_and_the_enemy_goes_to_the_pile() -> None:
    g = Dg(2)
    g.setup()
    g.meeting(PLAIN)
    enemy = lv1_fight(g)
    g.attack([1], [6])
    g.decide(0, "flee", "fight")
    g.attack([1], [6])
    g.decide(0, "flee", "fight")
    g.attack([2], [2])
    # Ruling R20: wiped out; the enemy card goes to the discard pile (4 cards, so a theft).
    assert set(g.discard(0)) == {"idaten-koharu", "idaten-koharu#2", "rindou", enemy}
    g.expect("chance:takes from the corpse")
    g.pick(enemy)
    assert g.discard(1) == (enemy,)
    g.expect("chance:Aki's discard pile")
    g.shuffle(["rindou", "idaten-koharu", "idaten-koharu#2"])
    assert g.party(0) == ("rindou", "idaten-koharu", "idaten-koharu#2")
    assert g.state.players[0].space == "spring"


def test_capture_to_the_discard_pile_and_the_hand_limit() -> None:
    g = Dg(2)
    g.setup()
    g.meeting(PLAIN)
    first = lv1_fight(g)
    g.attack([6], [1])
    g.decide(0, "capture", "discard")
    assert g.discard(0) == (first,) and len(g.party(0)) == 3
    g.rest(1)
    for _ in range(2):
        g.meeting(PLAIN)
        g.decide(0, "move", "statue")
        g.attack([6], [1])
        g.decide(0, "capture", "party")
        g.rest(1)
    assert len(g.party(0)) == 5
    g.meeting(PLAIN)
    sixth = g.board.lv1_top
    g.decide(0, "move", "statue")
    g.attack([6], [1])
    g.decide(0, "capture", "party")
    decision = g.expect("hand-limit")
    assert decision is not None and len(decision.options) == 6
    assert decision.min_count == decision.max_count == 1
    g.decide(0, "hand-limit", ("rindou",))
    assert len(g.party(0)) == 5 and sixth in g.party(0)
    assert g.discard(0) == (first, "rindou")


def test_any_number_of_items_after_the_roll() -> None:
    g = Dg(2)
    g.setup(start=1, items=(3, 1))  # Bea rolls first: Bea curry, Aki knife
    g.meeting({0: ["move", "move", "item"], 1: ["item", "item", "move"]})
    g.dice(2)  # Bea's item roll: the katana
    assert g.state.players[1].items == ("curry", "katana")
    g.move(1, "statue")
    g.attack([1], [6])
    # Bea's card has 1 against 6: the katana (+2) and the curry (+3) make 6: a mutual kill.
    g.expect("after-dice")
    assert set(g.options()) == {"item:curry", "item:katana", "done"}
    g.decide(1, "after-dice", "item:katana")
    g.decide(1, "after-dice", "item:curry")
    assert g.state.players[1].items == ()  # nothing left to use: the menu closes
    # The result says where each point comes from.
    bea = "Bea 1 +2 刀 Katana +3 激辛カレー Extra-hot Curry = 6"
    assert f"Final result 6 against 6 ({bea}; the Lv1 enemy 6): a mutual kill." in g.text()


def test_items_are_offered_only_after_the_dice_and_enemies_have_none() -> None:
    g = Dg(2)
    g.setup(items=(1, 2))  # Aki knife, Bea katana
    g.meeting(PLAIN)
    lv1_fight(g)
    g.expect("chance:attack dice")
    g.attack([2], [5])
    # Aki (the active player) may use the knife; Bea controls the enemy but it has no items.
    decision = g.expect("after-dice")
    assert decision is not None and decision.seat == 0
    g.decide(0, "after-dice", "done")
    g.expect("flee")


def test_no_flight_after_a_win_only_after_a_loss() -> None:
    g = boss_rush("old-building", ["arnie", "ittou-ryoudan", "izana"])
    g.expect("ability")  # 剛腕のアーニー may strike before the dice: Bea decides
    g.decide(1, "ability", "no")
    g.attack([6], [1, 1, 1])
    # A win: the next 1-on-1 follows at once.
    g.expect("chance:attack dice")
    g.attack([1], [6, 1, 1])  # 一刀両断 is not the first of its side to fight: 3 dice
    g.expect("flee")
    g.decide(0, "flee", "flee")
    assert g.state.bosses["old-building"] == ("ittou-ryoudan", "izana")
    assert g.discard(0) == ("idaten-koharu", "arnie")  # the beaten boss card is Aki's
    assert g.state.players[0].space == "old-building" and g.state.phase == "exploration"


def test_fled_lv1_and_lv2_cards_go_to_the_bottom_of_their_decks() -> None:
    g = Dg(2)
    g.setup(lv2=["tokeitou-tokiko"])
    g.meeting({0: ["move", "move", "move"], 1: ["move", "next_ap", "next_ap"]})
    g.move(0, "gym")
    g.attack([1], [6, 1])
    g.decide(0, "flee", "flee")
    assert g.state.decks["lv2"][-1] == "tokeitou-tokiko"
    assert g.board.tokens == ("shop",)  # the token stays removed
    enemy = g.board.lv1_top
    g.move(1, "statue")
    g.attack([1], [6])
    g.decide(1, "flee", "flee")
    assert g.state.decks["lv1"][-1] == enemy
    assert g.board.lv1_top != enemy


def test_a_full_boss_win_one_card_the_token_and_the_reward() -> None:
    g = Dg(2)
    g.setup(bosses={"forest": ["onigawara-gondo"]})
    g.meeting(PLAIN)
    g.move(0, "forest")
    g.attack([6], [1, 1, 1])
    decision = g.expect("boss-card")
    assert decision is not None and [o.id for o in decision.options] == ["onigawara-gondo"]
    g.decide(0, "boss-card", "onigawara-gondo")
    assert g.party(0)[-1] == "onigawara-gondo"
    assert g.state.players[0].tokens == ("forest",)
    g.expect("chance:reward roll (+1)")
    g.dice(6)  # 6 + 1: item 7, the first-aid kit, only a boss can give
    assert g.state.players[0].items == ("first-aid-kit",)
    assert g.board.bosses[0].cleared_by == 0 and g.board.bosses[0].cards == ()


def test_a_two_card_boss_gives_one_card_the_rest_to_the_pile() -> None:
    g = boss_rush("banchou", ["onigawara-gondo", "teppeki-tateko"])
    g.attack([6], [1, 1, 1])
    g.attack([6], [1, 1, 1])
    g.decide(0, "boss-card", "teppeki-tateko")
    assert g.party(0)[-1] == "teppeki-tateko" and g.discard(0) == ("onigawara-gondo",)
    g.dice(6)  # 6 + 3, capped at 10: the legendary wooden sword is 9
    assert g.state.players[0].items == ("legendary-bokutou",)


def test_reward_is_capped_at_the_highest_item() -> None:
    g = boss_rush("old-building", ["onigawara-gondo", "teppeki-tateko", "izana"])
    g.attack([6], [1, 1, 1])
    g.attack([6], [1, 1, 1])
    g.attack([6], [1, 1, 1, 1, 1])
    g.decide(0, "boss-card", "izana")
    g.dice(6)  # 6 + 4 = 10
    assert g.state.players[0].items == ("sniper-rifle",)


def test_the_classroom_asks_which_boss_and_nobody_takes_both() -> None:
    g = Dg(2)
    g.setup(bosses={"classroom_a": ["onigawara-gondo"], "classroom_b": ["teppeki-tateko"]})
    g.meeting({0: ["move", "move", "move"], 1: ["move", "next_ap", "next_ap"]})
    g.move(0, "classroom")
    decision = g.expect("boss")
    assert decision is not None and g.options() == ["classroom-a", "classroom-b"]
    g.decide(0, "boss", "classroom-a")
    g.attack([6], [1, 1, 1])
    g.decide(0, "boss-card", "onigawara-gondo")
    g.dice(1)
    g.rest(1)
    g.meeting(PLAIN)
    detail = [str(o.detail) for o in g.pending().options if o.id == "classroom"]  # type: ignore[union-attr]
    assert detail == ["no boss you may fight"]
    g.move(0, "classroom")
    assert "Nothing happens here." in g.text() and g.state.combat is None
    assert g.state.bosses["classroom-b"] == ("teppeki-tateko",)


def test_wipe_out_corpse_theft_only_above_three_and_random_redraw() -> None:
    g = Dg(2)
    g.setup()
    g.meeting(PLAIN)
    enemy = lv1_fight(g)
    for _ in range(2):
        g.attack([1], [6])
        g.decide(0, "flee", "fight")
    g.attack([1], [6])
    # Three cards in the pile: no corpse theft; the redraw is the whole pile, at random.
    assert g.discard(0) == ("idaten-koharu", "idaten-koharu#2", "rindou")
    g.expect("chance:Aki's discard pile")
    g.shuffle(["rindou", "idaten-koharu#2", "idaten-koharu"])
    assert g.party(0) == ("rindou", "idaten-koharu#2", "idaten-koharu")
    assert g.state.players[0].space == "spring"
    assert g.state.decks["lv1"][-1] == enemy  # the enemy goes to the bottom
    assert "takes" not in g.text().split("wiped out")[-1].split("\n")[1]


def test_wipe_out_with_four_in_the_pile_lets_the_next_player_steal_one() -> None:
    g = Dg(2)
    g.setup()
    g.meeting(PLAIN)
    first = lv1_fight(g)
    g.attack([6], [1])
    g.decide(0, "capture", "discard")
    g.rest(1)
    g.meeting(PLAIN)
    g.decide(0, "move", "statue")
    for _ in range(2):
        g.attack([1], [6])
        g.decide(0, "flee", "fight")
    g.attack([1], [6])
    assert len(g.discard(0)) == 4
    g.expect("chance:the card Bea takes from the corpse")
    g.pick(first)
    assert g.discard(1) == (first,) and first not in g.discard(0)
    g.shuffle(list(g.discard(0)))
    assert len(g.party(0)) == 3 and g.discard(0) == ()
    # Items and AP carried over are kept; the piece is on the spring.
    assert g.state.players[0].space == "spring"


def test_a_boss_partly_beaten_before_a_wipe_out_gives_its_beaten_cards_to_the_pile() -> None:
    g = boss_rush("banchou", ["onigawara-gondo", "teppeki-tateko"])
    g.attack([6], [1, 1, 1])
    for _ in range(2):
        g.attack([1], [6, 1, 1])
        g.decide(0, "flee", "fight")
    g.attack([1], [6, 1, 1])
    # The boss keeps its survivor; the beaten card joined the pile before the theft.
    assert g.state.bosses["banchou"] == ("teppeki-tateko",)
    g.expect("chance:the card Bea takes from the corpse")
    assert "onigawara-gondo" in g.discard(0) and len(g.discard(0)) == 4
    g.pick("onigawara-gondo")
    assert g.discard(1) == ("onigawara-gondo",)


def test_an_enemy_shot_down_in_the_ambush_can_still_be_taken() -> None:
    g = Dg(2)
    g.setup(
        parties=[("wagomu-tetsu", "rindou", "tigris"), ("hattori-asuka", "bal", "otoshiana-gonzou")]
    )
    g.meeting(PLAIN)
    enemy = lv1_fight(g)
    g.expect("chance:輪ゴムのテツ (Lv1)'s ambush roll")
    g.dice(6)
    # No 1-on-1 is fought, but the enemy fell to Aki's card: capture it.
    g.expect("capture")
    g.decide(0, "capture", "party")
    assert g.party(0) == ("wagomu-tetsu", "rindou", "tigris", enemy)
    assert g.state.combat is None and enemy not in g.state.decks["lv1"]


# --- support in the ambush step (line 115: 鏡子とマゆゆは例外的に関与できます) ------------------


def test_kyouko_lowers_enemy_ambush_rolls_and_enemy_dice() -> None:
    g = Dg(2)
    g.setup(lv2=["kyouko"], bosses={"forest": ["poison-giant-panda"]})
    g.meeting({0: ["move", "move", "move"], 1: ["move", "next_ap", "next_ap"]})
    g.win(0, "gym", [6], [1, 1])
    g.rest(1)
    assert g.party(0)[-1] == "kyouko"
    g.meeting(PLAIN)
    g.move(0, "forest")  # 3 steps from the gym
    g.expect("chance:ambush roll")
    g.dice(4)  # the panda needs 4: 鏡子 behind Aki's front makes it 3
    assert "The ambush roll is 4 -1 = 3: a miss (needs 4)." in g.text()
    assert len(g.party(0)) == 4
    g.attack([3], [3, 1, 1])  # and her usual support: each enemy die -1
    assert "Final result 3 against 2" in g.text()


def test_mayuyu_raises_her_sides_ambush_rolls_and_supports_the_fighting_card() -> None:
    g = Dg(2)
    g.setup(
        lv2=["mayuyu"],
        parties=[
            ("wagomu-tetsu", "rindou", "tigris"),
            ("bal", "hattori-asuka", "otoshiana-gonzou"),
        ],
    )
    g.meeting({0: ["move", "move", "move"], 1: ["move", "next_ap", "next_ap"]})
    g.move(0, "gym")
    g.dice(1)  # 輪ゴムのテツ misses the enemy マゆゆ
    g.attack([6], [1, 1])
    g.decide(0, "capture", "party")
    g.rest(1)
    assert g.party(0) == ("wagomu-tetsu", "rindou", "tigris", "mayuyu")
    # Turn 2: a Lv1 fight where Aki stands. テツ needs 6: 5 + 1 (マゆゆ) hits.
    g.meeting(PLAIN)
    enemy = g.board.lv1_top
    g.decide(0, "move", "gym")
    g.dice(5)
    assert "The ambush roll is 5 +1 = 6: a hit (needs 6)." in g.text()
    g.decide(0, "capture", "discard")
    assert g.discard(0) == (enemy,)
    g.rest(1)
    # Turn 3 (Bea's AP on the start player made her start): the ambush misses; in the 1-on-1
    # her usual support adds 1 to テツ's highest die.
    g.meeting(PLAIN)
    g.rest(1)
    g.decide(0, "move", "gym")
    g.dice(1)
    g.attack([3], [3])
    assert "Final result 4 against 3" in g.text()


# --- 戦闘力 AP (line 49) and on-win abilities on a mutual kill (line 98, 118) ---------------


def test_combat_ap_add_one_to_the_highest_die_per_ap_this_turn_only() -> None:
    g = Dg(2)
    g.setup()
    g.meeting({0: ["combat", "combat", "move"], 1: ["move", "move", "item"]})
    lv1_fight(g)
    g.attack([3], [4])  # 3 + 2 AP against 4: Aki's card wins
    assert "Final result 5 against 4" in g.text()
    g.decide(0, "capture", "discard")
    g.rest(1)
    g.meeting(PLAIN)  # no AP on 戦闘力 this turn: the bonus is gone (このターン)
    g.decide(0, "move", "statue")
    g.attack([3], [4])
    assert "Final result 3 against 4" in g.text()


def test_no_on_win_ability_fires_on_a_mutual_kill() -> None:
    # 怨み崎Death子 and Aki's front kill each other: 怨み節 (-2 on Aki's next 1-on-1) would fire
    # only on a win (相討ちは勝利ではないので発生しません).
    g = boss_rush("banchou", ["uramisaki-deathko", "teppeki-tateko"])
    g.attack([3], [3, 1, 1])
    assert "Final result 3 against 3: a mutual kill." in g.text()
    assert "怨み節" not in g.text()
    g.decide(0, "flee", "fight")
    g.attack([3], [3, 1, 1])
    assert "Final result 3 against 3" in g.text().rpartition("faces")[2]


def test_other_support_cards_have_no_part_in_the_ambush_step() -> None:
    # Line 115: 通常は<奇襲能力>には関与できません -- 清水一物's +1 is for the 1-on-1s only.
    g = Dg(2)
    g.setup(parties=[("wagomu-tetsu", "shimizu-ichimotsu", "rindou"), BEA])
    g.meeting(PLAIN)
    lv1_fight(g)
    g.dice(5)
    assert "The ambush roll is 5: a miss (needs 6)." in g.text()
    g.attack([3], [3])
    assert "Final result 4 against 3" in g.text()
