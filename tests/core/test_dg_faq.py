"""The rulebook's FAQ (seed lines 136-246), one test per answer, as docs/rules/dangerous.md
"FAQ answers" says Partyline honours it. Cards are won in play first (a Lv2 token, a boss), so
every test is a game scripted through the log."""

from __future__ import annotations

from dgkit import Dg

PLAIN = {0: ["move", "move", "item"], 1: ["move", "move", "item"]}
FAST = {0: ["move", "move", "move"], 1: ["move", "next_ap", "next_ap"]}
SLOW = {0: ["next_ap", "next_ap", "next_start"], 1: ["move", "move", "item"]}
BEA = ("otoshiana-gonzou", "arijigoku-tamako", "nukemichi-wataru")


def take_gym(g: Dg, mine: list[int] | None = None) -> None:
    """Turn 1: Aki wins the Lv2 card on top at the gym (4 steps) and keeps it; Bea rests."""
    g.meeting(FAST)
    g.win(0, "gym", mine or [6], [1, 1])
    g.rest(1)


def take_forest(g: Dg, card: str) -> None:
    """Turn 1: Aki beats the forest boss (3 steps) and keeps it; Bea rests."""
    g.meeting(PLAIN)
    g.move(0, "forest")
    g.attack([6], [1, 1, 1])
    g.decide(0, "boss-card", card)
    g.dice(1)  # the reward roll: 1 + 1, the katana
    g.rest(1)


def front(g: Dg, seat: int, card: str) -> None:
    """Put `card` first in the party (a reorder during one's own exploration turn)."""
    g.decide(seat, "move", "reorder")
    party = g.party(seat)
    g.decide(seat, "order", (card, *(c for c in party if c != card)))


def chance_count(g: Dg) -> int:
    request = g.table.step.chance
    assert request is not None, g.waiting()
    return request.count


# --- 両性院男女 (line 136) ------------------------------------------------------------------------


def test_faq_ryouseiin_beaten_by_tomozuri_cannot_counter() -> None:
    g = Dg(2)
    g.setup(lv2=["tomozuri-ayu", "ryouseiin-danjo"])
    take_gym(g)
    g.meeting({0: ["lv2", "move", "move"], 1: ["move", "move", "item"]})
    g.token(0, 1, "science-lab")  # next to the gym
    front(g, 0, "tomozuri-ayu")
    extra = g.board.lv1_top
    g.move(0, "science-lab")
    g.attack([6, 1], [2, 2])
    # 友釣's on-win takes the Lv1 top into Aki's pile; 両性院 rolls no counter.
    g.expect("capture")
    assert g.discard(0) == (extra,)
    assert "counter" not in g.text()
    g.decide(0, "capture", "party")
    assert g.party(0)[-1] == "ryouseiin-danjo"


# --- 静夜宮夢路 (line 140) ------------------------------------------------------------------------


def test_faq_seiyamiya_beats_every_dice_adding_ability() -> None:
    g = Dg(2)
    g.setup(lv2=["seiyamiya-yumeji"], bosses={"banchou": ["ittou-ryoudan", "ikematsu-murakumo"]})
    take_gym(g)
    g.meeting(FAST)
    front(g, 0, "seiyamiya-yumeji")
    g.decide(0, "move", "card:rindou")
    g.move(0, "banchou")
    # 静夜宮 rolls 2; 一刀両断 (first to fight: 3 + 2) and 池松叢雲 (3 + 1) roll exactly 1.
    assert chance_count(g) == 2 + 1
    g.attack([6, 1], [5])
    assert chance_count(g) == 2 + 1
    g.attack([6, 1], [5])
    g.expect("boss-card")


# --- ファーティマ・アズライール (line 144) -------------------------------------------------------


def test_faq_insurance_revives_after_every_win_and_discard_ability() -> None:
    # 癒月イヤシ carries the same `insurance` ability as ファーティマ; the revival is the very
    # last step of the settlement, after the winner's on-win and the loser's on-discard.
    g = Dg(2)
    g.setup(lv2=["yuzuki-iyashi", "tatarime-tatari"])
    take_gym(g)
    g.meeting({0: ["lv2", "move", "move"], 1: ["move", "move", "item"]})
    g.token(0, 1, "science-lab")
    g.move(0, "science-lab")
    g.attack([1], [6, 1])  # 祟目タタリ beats Aki's front: its on-win curses Aki's next card
    decision = g.expect("revive")
    assert decision is not None and decision.seat == 0
    text = g.text()
    assert text.index("祟り目") < text.index("韋駄天コハル (Lv1) (Aki) falls.")
    g.decide(0, "revive", "idaten-koharu")
    assert g.party(0)[-1] == "idaten-koharu" and g.discard(0) == ()
    # Once per combat: the next loss offers no revival.
    g.decide(0, "flee", "fight")
    g.attack([6], [6, 1])  # 6 - 1 (the curse) against 6
    g.expect("flee")


# --- 黒凪朱里 (line 148) --------------------------------------------------------------------------


def test_faq_kuronagi_token_not_on_spring_boss_piece_or_token() -> None:
    g = Dg(2)
    g.setup(start=1, parties=[("kuronagi-akari", "rindou", "tigris"), BEA])
    g.meeting({1: ["move", "move", "item"], 0: ["move", "move", "item"]})
    g.move(1, "statue")
    g.attack([6], [1])
    g.decide(1, "capture", "discard")
    g.rest(0)
    g.expect("meeting-ability")
    g.decide(0, "meeting-ability", "kuronagi-akari")
    spaces = set(g.options()) - {"done"}
    assert spaces
    assert not {"spring", "forest", "classroom", "banchou", "old-building"} & spaces
    assert not {"statue", "gym", "shop"} & spaces  # Bea's piece, and the two tokens
    assert "courtyard" in spaces
    g.decide(0, "token", "courtyard")
    assert g.board.tokens == ("gym", "shop", "courtyard")


# --- 服部明日香 (line 152) ------------------------------------------------------------------------


def test_faq_hattori_asuka_jumps_where_a_normal_move_could_stop() -> None:
    g = Dg(2)
    g.setup(start=1, parties=[("hattori-asuka", "rindou", "tigris"), BEA])
    g.meeting({1: ["move", "move", "item"], 0: ["next_ap", "next_ap", "next_start"]})
    g.move(1, "courtyard")
    g.attack([6], [1])
    g.decide(1, "capture", "discard")
    g.decide(0, "move", "card:hattori-asuka")
    spaces = set(g.options())
    # Within 4 steps: the spring and the forest boss; not Bea's square (the courtyard).
    assert {"spring", "forest", "classroom", "gym", "shop"} <= spaces
    assert "courtyard" not in spaces and "banchou" not in spaces
    g.decide(0, "teleport", "forest")
    assert g.state.players[0].space == "forest"
    assert g.state.combat is not None and g.state.combat.kind == "boss"


# --- バル (line 156) ------------------------------------------------------------------------------


def test_faq_bal_rolls_normally_in_exploration() -> None:
    g = Dg(2)
    g.setup(parties=[("bal", "rindou", "tigris"), BEA])
    g.meeting(PLAIN)
    g.move(0, "statue")
    assert chance_count(g) == 2
    g.attack([2], [1])
    assert "Final result 2 against 1" in g.text()


def test_faq_bal_counts_three_in_the_final_battle_and_items_raise_it() -> None:
    g = Dg(2, turn_limit=1)
    g.setup(parties=[("bal", "rindou", "tigris"), BEA], items=(1, 5))  # Aki: knife
    g.meeting(SLOW)
    g.rest(0)
    g.rest(1)
    g.decide(0, "final-party", ("bal", "rindou", "tigris"))
    g.decide(1, "final-party", BEA)
    g.decide(0, "final-order", ("bal", "rindou", "tigris"))
    g.decide(1, "final-order", BEA)
    g.decide(0, "target", 1)
    assert chance_count(g) == 1  # only Bea's card rolls
    g.dice(4)
    g.decide(0, "after-dice", "item:knife")
    assert "Final result 4 against 4: a mutual kill." in g.text()


def test_faq_bal_rolls_against_yukimi() -> None:
    g = Dg(2, turn_limit=1)
    g.setup(parties=[BEA, ("bal", "rindou", "tigris")], bosses={"forest": ["yukimi"]})
    take_forest(g, "yukimi")
    aki = ("yukimi", "otoshiana-gonzou", "arijigoku-tamako", "nukemichi-wataru")  # 3 + 1 token
    g.decide(0, "final-party", aki)
    g.decide(1, "final-party", ("bal", "rindou", "tigris"))
    g.decide(0, "final-order", aki)
    g.decide(1, "final-order", ("bal", "rindou", "tigris"))
    g.decide(0, "target", 1)
    assert chance_count(g) == 3 + 1  # バル rolls her one die against ユキミ
    g.attack([2, 2, 2], [5])
    g.done_after_dice()
    assert "Final result 2 against 5" in g.text()


# --- 服部産蔵 (line 166) --------------------------------------------------------------------------


def test_faq_hattori_sanzou_breaks_through_in_the_final_battle() -> None:
    g = Dg(2, turn_limit=1)
    g.setup(bosses={"forest": ["hattori-sanzou"]})
    g.meeting(PLAIN)
    g.move(0, "forest")
    g.expect("ability")  # the boss's 妊娠眼, Bea's to use
    g.decide(1, "ability", "no")
    g.attack([6], [1, 1, 1])
    g.decide(0, "boss-card", "hattori-sanzou")
    g.dice(1)
    g.rest(1)
    aki = ("hattori-sanzou", "rindou", "idaten-koharu", "idaten-koharu#2")
    g.decide(0, "final-party", aki)
    g.decide(1, "final-party", BEA)
    g.decide(0, "final-order", aki)
    g.decide(1, "final-order", BEA)
    g.decide(0, "target", 1)
    g.decide(0, "ability", "yes")
    g.dice(4)
    g.attack([6, 1, 1], [1])
    g.done_after_dice()
    # The card behind Bea's front fell; her front still stands.
    assert g.party(1) == ("otoshiana-gonzou", "nukemichi-wataru")
    assert g.discard(1) == ("arijigoku-tamako",)


# --- 小泉ヒズミ (line 170) ------------------------------------------------------------------------


def test_faq_koizumi_against_ryuuju_is_a_pass() -> None:
    g = Dg(2, turn_limit=2)
    g.setup(lv2=["koizumi-hizumi", "ryuuju-nae"])
    g.meeting(FAST)
    g.win(0, "gym", [6], [1, 1])
    g.rest(1)
    g.meeting({0: ["next_start"] * 3, 1: ["move", "move", "move", "item", "combat"]})
    g.decide(0, "move", "gym")  # Aki stays: a Lv1 fight on the gym, now without its token
    g.attack([6], [1])
    g.decide(0, "capture", "discard")
    g.win(1, "shop", [6], [1, 1, 1])  # 流樹苗 rolls 3
    aki = ("koizumi-hizumi", "rindou", "idaten-koharu")
    bea = ("otoshiana-gonzou", "ryuuju-nae", "arijigoku-tamako")
    g.decide(1, "final-party", tuple(sorted(bea)))
    g.decide(0, "final-party", tuple(sorted(aki)))
    g.decide(1, "final-order", bea)
    g.decide(0, "final-order", aki)
    # Aki holds the start chip; her 小泉 shoves: a success, but 流樹苗 cannot be moved.
    g.decide(0, "target", 1)
    g.decide(0, "ability", "yes")
    g.dice(4)
    assert g.party(1) == bea
    assert "The swap fails" in g.text() and "Aki's turn ends." in g.text()
    decision = g.expect("target")
    assert decision is not None and decision.seat == 1  # no dice were rolled: a pass


def test_faq_koizumi_against_a_one_card_party_is_a_pass() -> None:
    g = Dg(2, turn_limit=1)
    g.setup(lv2=["koizumi-hizumi"])
    g.meeting(FAST)
    g.win(0, "gym", [6], [1, 1])
    g.rest(1)
    aki = ("rindou", "idaten-koharu", "koizumi-hizumi")
    g.decide(0, "final-party", tuple(sorted(aki)))
    g.decide(1, "final-party", tuple(sorted(BEA)))
    g.decide(0, "final-order", aki)
    g.decide(1, "final-order", BEA)
    for _ in range(2):  # Aki's first two cards each beat one of Bea's, and fall next turn
        g.decide(0, "target", 1)
        g.attack([6], [1])
        g.decide(1, "target", 0)
        g.attack([6], [1])
    assert g.party(0) == ("koizumi-hizumi",) and len(g.party(1)) == 1
    g.decide(0, "target", 1)
    g.decide(0, "ability", "yes")
    g.dice(6)
    assert len(g.party(1)) == 1 and "Aki's turn ends." in g.text()
    g.expect("target")
    assert g.pending().seat == 1  # type: ignore[union-attr]


# --- 白金翔一郎 (line 178) ------------------------------------------------------------------------


def test_faq_shirogane_does_not_stop_arnie() -> None:
    g = Dg(2)
    g.setup(lv2=["shirogane-shouichirou"], bosses={"forest": ["arnie"]})
    take_gym(g)
    g.meeting(PLAIN)
    g.move(0, "forest")  # 3 steps from the gym
    g.expect("ability")
    g.decide(1, "ability", "yes")  # Bea plays the boss: 剛腕ラリアット
    g.dice(5)
    assert g.discard(0) == ("idaten-koharu",)  # not reflected
    assert "reflected" not in g.text()


def test_faq_ambush_against_shirogane_is_not_optional_and_bounces() -> None:
    g = Dg(2)
    g.setup(lv2=["shirogane-shouichirou"], bosses={"forest": ["poison-giant-panda"]})
    take_gym(g)
    g.meeting(PLAIN)
    g.move(0, "forest")
    # Nobody is asked: the ambush fires, and 白金 turns it onto the panda itself.
    g.expect("chance:ambush roll")
    g.dice(4)
    assert "reflected by 白金翔一郎" in g.text()
    g.expect("boss-card")
    assert g.options() == ["poison-giant-panda"] and len(g.party(0)) == 4


def test_faq_shirogane_does_not_stop_an_ero_hon() -> None:
    g = Dg(2)
    g.setup(lv2=["shirogane-shouichirou"], items=(5, 4), start=1)  # Aki: ero-hon
    g.meeting({1: ["move", "next_ap", "next_ap"], 0: ["move", "move", "move"]})
    g.rest(1)
    g.move(0, "gym")
    g.attack([3], [4, 4])
    g.decide(0, "after-dice", "item:ero-hon")  # 白金 is the enemy here: still 4 - 2
    assert "Final result 3 against 2" in g.text()


# --- 一刀両断 (line 185) --------------------------------------------------------------------------


def test_faq_ittou_ryoudan_swapped_to_the_front_is_the_first_card() -> None:
    g = Dg(2)
    g.setup(lv2=["onjouji-sakana"], bosses={"banchou": ["onigawara-gondo", "ittou-ryoudan"]})
    take_gym(g)
    g.meeting(FAST)
    g.decide(0, "move", "card:rindou")
    g.move(0, "banchou")  # 6 steps from the gym
    # サカナ's ambush swapped the boss: 一刀両断 fights first with 3 + 2 dice.
    assert g.state.combat is not None and g.state.combat.enemy[0] == "ittou-ryoudan"
    assert chance_count(g) == 1 + 5
    g.attack([6], [1, 1, 1, 1, 1])
    assert chance_count(g) == 1 + 3  # then 鬼瓦ゴンド, no longer the first: 3 dice
