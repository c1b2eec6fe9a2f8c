"""The rulebook's FAQ (seed lines 136-246), one test per answer, as docs/rules/dangerous.md
"FAQ answers" says Partyline honours it. Cards are won in play first (a Lv2 token, a boss), so
every test is a game scripted through the log."""

from __future__ import annotations

from dgkit import FAST, PLAIN, Dg, boss_rush

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
    g.dice(4)  # the reward roll: 4 + 1, the skateboard (no after-dice item to offer)
    g.rest(1)


def second_lv2(first: str, second: str, front_card: str | None = None) -> Dg:
    """Turn 1: Aki takes the Lv2 card `first` at the gym. Turn 2: she calls the next, `second`,
    onto the science lab next door with her Lv2 AP and fights it (with `front_card` in front)."""
    g = Dg(2)
    g.setup(lv2=[first, second])
    take_gym(g)
    g.meeting({0: ["lv2", "move", "move"], 1: ["move", "move", "item"]})
    g.token(0, 1, "science-lab")
    if front_card is not None:
        front(g, 0, front_card)
    g.move(0, "science-lab")
    return g


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
    # 友釣り takes the card it beat into Aki's party: an enemy ability moving 両性院, which he
    # would counter on 4+ -- but he has lost, so he rolls nothing.
    g = second_lv2("tomozuri-ayu", "ryouseiin-danjo", front_card="tomozuri-ayu")
    g.attack([6, 1], [2, 2])
    assert "友釣り" in g.text() and "counter" not in g.text()
    assert g.party(0)[-1] == "ryouseiin-danjo" and g.discard(0) == ()
    g.expect("move")  # nothing to capture: he is Aki's already; Bea's turn


def test_tomozuri_takes_the_beaten_card_in_the_final_battle_and_does_nothing_as_an_enemy() -> None:
    g = Dg(2, turn_limit=1)
    g.setup(lv2=["tomozuri-ayu"])
    g.meeting(FAST)
    g.move(0, "gym")
    g.attack([1], [6, 1])  # the enemy 友釣 wins: Aki's card is simply discarded (R26)
    assert g.discard(0) == ("idaten-koharu",) and "友釣り" not in g.text()
    g.decide(0, "flee", "fight")
    g.attack([6], [1, 1])
    g.decide(0, "capture", "party")
    g.rest(1)
    aki = ("tomozuri-ayu", "idaten-koharu#2", "rindou")
    g.build({0: aki, 1: BEA})
    g.decide(0, "target", 1)
    g.attack([6, 1], [1])
    # Bea's beaten front joins Aki's party instead of Bea's discard pile.
    assert g.party(0) == (*aki, "otoshiana-gonzou") and g.discard(1) == ()
    assert g.party(1) == BEA[1:]


def test_tomozuri_over_the_hand_limit_discards_once_the_battle_is_over() -> None:
    g = Dg(2)
    g.setup(lv2=["tomozuri-ayu"])
    take_gym(g)
    g.meeting(PLAIN)
    g.win(0, "gym", [6], [1])  # a Lv1 card where Aki stands: five cards
    g.rest(1)
    g.meeting(PLAIN)
    g.rest(1)  # Bea's spare AP from turn 1 made her the start player
    front(g, 0, "tomozuri-ayu")
    enemy = g.board.lv1_top
    g.decide(0, "move", "gym")
    g.attack([6, 1], [1])
    assert g.party(0)[-1] == enemy and len(g.party(0)) == 6
    decision = g.expect("hand-limit")  # no capture question: the card is Aki's already
    assert decision is not None and decision.min_count == 1
    assert g.state.combat is None


def test_a_ryouseiin_who_has_not_lost_still_counters() -> None:
    # The same ability against a card that has not lost: 鏡介's 合わせ鏡 swaps 両性院乙女 (behind
    # the card it beat), and she rolls her counter (5+) -- the rule above is about the loser.
    g = Dg(2)
    g.setup(
        parties=[("ryouseiin-otome", "rindou", "tigris"), BEA],
        bosses={"banchou": ["kyousuke", "ikematsu-murakumo"]},
    )
    g.meeting(FAST)
    g.decide(0, "move", "reorder")
    g.decide(0, "order", ("rindou", "ryouseiin-otome", "tigris"))
    g.decide(0, "move", "card:rindou")
    g.move(0, "banchou")
    g.attack([1], [6, 1, 1])  # 鏡介 beats リンドウ: 乙女 (behind it) is swapped with the last card
    g.dice(1)
    g.expect("chance:両性院乙女 (Lv1)'s counter roll")


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


def test_faq_seiyamiya_beats_ryuuju_naes_extra_die() -> None:
    g = second_lv2("seiyamiya-yumeji", "ryuuju-nae", front_card="seiyamiya-yumeji")
    assert chance_count(g) == 2 + 1  # 流樹苗 (2 + 1 dice) rolls exactly 1 against 静夜宮
    g.attack([6, 1], [5])
    g.expect("capture")


# --- ファーティマ・アズライール (line 144) -------------------------------------------------------


def test_faq_fatima_revives_after_every_win_and_discard_ability() -> None:
    # Three players, Bea first: she stops on the shop's token, so Aki can cross her square to
    # the 生徒会室 and take ファーティマ from its boss party.
    g = Dg(3)
    g.setup(
        start=1,
        parties=[
            ("rindou", "adashino-utsuro", "idaten-koharu"),
            BEA,
            ("hattori-asuka", "tigris", "bal"),
        ],
        lv2=["tokeitou-tokiko", "tatarime-tatari"],
        bosses={"council": ["teppeki-tateko", "fatima-azrael"]},
    )
    g.meeting({1: ["move"] * 3, 2: ["combat"] * 3, 0: ["move"] * 3})
    g.move(1, "shop")
    g.attack([6], [1, 1])
    g.decide(1, "capture", "discard")
    g.rest(2)
    g.decide(0, "move", "card:rindou")
    g.move(0, "council")
    g.attack([6], [1, 1, 1])
    g.attack([6], [1, 1, 1, 1])
    g.decide(0, "boss-card", "fatima-azrael")
    g.dice(4)  # the reward roll: 4 + 3, the first-aid kit (a field item)
    # Turn 2: Aki calls the next Lv2 card (祟目タタリ) next door and fights it with 化野ウツロ.
    g.meeting({1: ["move"] * 3, 2: ["combat"] * 3, 0: ["lv2", "move", "move"]})
    g.token(0, 3, "broadcast-room")
    g.rest(1)
    g.rest(2)
    front(g, 0, "adashino-utsuro")
    g.move(0, "broadcast-room")
    g.attack([1], [6, 1])  # 祟目タタリ wins: its 祟り目 (on win)...
    g.expect("chance:化野ウツロ (Lv1)'s 道連れ")
    g.dice(6)  # ...then 化野ウツロ's 道連れ as she is discarded: リンドウ and タタリ fall too
    decision = g.expect("revive")  # ...and the revival last of all
    assert decision is not None and decision.seat == 0
    text = g.text()
    assert (
        text.index("祟り目")
        < text.index("化野ウツロ (Lv1) rolls [6]")
        < text.index("リンドウ (Lv1) (Aki) falls.")
    )
    # The card the on-discard ability felled is already in the pile: it can come back.
    assert {"adashino-utsuro", "rindou"} <= set(g.options())
    g.decide(0, "revive", "rindou")
    assert g.party(0)[-1] == "rindou"


def test_insurance_revives_once_per_combat() -> None:
    # 癒月イヤシ carries the same `insurance` ability as ファーティマ.
    g = second_lv2("yuzuki-iyashi", "tatarime-tatari")
    g.attack([1], [6, 1])  # 祟目タタリ beats Aki's front: its on-win curses Aki's next card
    decision = g.expect("revive")
    assert decision is not None and decision.seat == 0
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
    # Both tokens are on the board (R8): 中二葬 moves one ('old>new').
    spaces = {str(option).split(">")[1] for option in g.options() if option != "done"}
    assert spaces
    assert not {"spring", "forest", "classroom", "banchou", "old-building"} & spaces
    assert not {"statue", "gym", "shop"} & spaces  # Bea's piece, and the two tokens
    assert "courtyard" in spaces
    g.decide(0, "token", "gym>courtyard")
    assert g.board.tokens == ("courtyard", "shop")


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
    said = "Final result 4 against 4 (Aki 3 (no dice) +1 ナイフ Knife = 4; Bea 4): a mutual kill."
    assert said in g.text()


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
    g.build({1: bea, 0: aki})
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
    g.build({0: aki, 1: BEA})
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
    assert "bounces it back" not in g.text()


def test_faq_ambush_against_shirogane_is_not_optional_and_bounces() -> None:
    g = Dg(2)
    g.setup(lv2=["shirogane-shouichirou"], bosses={"forest": ["poison-giant-panda"]})
    take_gym(g)
    g.meeting(PLAIN)
    g.move(0, "forest")
    # Nobody is asked: the ambush fires, and 白金 turns it onto the panda itself.
    g.expect("chance:ambush roll")
    g.dice(4)
    assert "白金翔一郎 bounces it back onto ポイズンジャイアントパンダ" in g.text()
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


def test_faq_shirogane_does_not_stop_hattori_sanzou() -> None:
    g = Dg(2)
    g.setup(lv2=["shirogane-shouichirou"], bosses={"forest": ["hattori-sanzou"]})
    take_gym(g)
    g.meeting(PLAIN)
    g.move(0, "forest")
    g.expect("ability")
    g.decide(1, "ability", "yes")  # Bea plays the boss: 妊娠眼 breaks through Aki's front
    g.dice(4)
    assert "bounces it back" not in g.text()
    fight = g.state.combat
    assert fight is not None
    assert fight.duel.fighters == ("idaten-koharu#2", "hattori-sanzou")
    g.attack([1], [6, 1, 1])
    assert g.discard(0) == ("idaten-koharu#2",) and g.party(0)[0] == "idaten-koharu"


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


# --- 阿頼耶識そら (line 189) ----------------------------------------------------------------------


def test_faq_arayashiki_at_the_front_passes_a_snipe_to_the_card_behind() -> None:
    g = Dg(2)
    g.setup(lv2=["arayashiki-sora"], bosses={"forest": ["nueno-gatarou"]})
    take_gym(g)
    g.meeting(PLAIN)
    front(g, 0, "arayashiki-sora")
    g.move(0, "forest")
    # 鵺野蛾太郎's sure shot hits the card behind her.
    assert g.discard(0) == ("idaten-koharu",)
    assert g.party(0)[0] == "arayashiki-sora"


def test_faq_arayashiki_at_the_front_against_sakana_swaps_second_and_last() -> None:
    g = second_lv2("arayashiki-sora", "onjouji-sakana", front_card="arayashiki-sora")
    assert g.party(0) == ("arayashiki-sora", "rindou", "idaten-koharu#2", "idaten-koharu")


def test_faq_arayashiki_at_the_front_in_the_final_battle_passes_a_snipe_behind() -> None:
    g = Dg(2, turn_limit=1)
    g.setup(
        lv2=["arayashiki-sora"],
        parties=[("idaten-koharu", "idaten-koharu#2", "rindou"), ("wagomu-tetsu", *BEA[:2])],
    )
    g.meeting(FAST)
    g.win(0, "gym", [6], [1, 1])
    g.rest(1)
    aki = ("arayashiki-sora", "idaten-koharu", "rindou")
    g.build({0: aki, 1: ("wagomu-tetsu", *BEA[:2])})
    # The ambush round: Bea's 輪ゴムのテツ must strike Aki; 阿頼耶識 shields the front.
    g.decide(1, "ambush-target", 0)
    g.dice(6)
    assert g.party(0) == ("arayashiki-sora", "rindou")
    assert g.discard(0)[-1] == "idaten-koharu"


# --- あげは (line 196) ----------------------------------------------------------------------------


def test_faq_ageha_in_a_mutual_kill_does_nothing() -> None:
    g = Dg(2)
    g.setup(lv2=["ageha"])
    g.meeting(FAST)
    g.move(0, "gym")
    g.attack([4], [4, 2])
    # Both fell; her target is already dead: Aki's other cards are untouched.
    assert g.party(0) == ("idaten-koharu#2", "rindou", "ageha")
    assert "strikes back" not in g.text()


def test_faq_an_enemy_ageha_strikes_back_at_the_card_that_beat_her() -> None:
    g = Dg(2)
    g.setup(lv2=["ageha"])
    g.meeting(FAST)
    g.move(0, "gym")
    g.attack([6], [4, 2])
    assert "strikes back at 韋駄天コハル" in g.text()
    # Her victor fell with her; Aki still took her (she was beaten).
    assert "idaten-koharu" in g.discard(0)
    g.expect("capture")


def test_faq_ageha_wiping_out_both_sides_wins_the_final_battle() -> None:
    g = Dg(2, turn_limit=1)
    g.setup(lv2=["ageha"])
    g.meeting(FAST)
    g.win(0, "gym", [6], [1, 1])
    g.rest(1)
    aki = ("idaten-koharu", "rindou", "ageha")
    g.build({0: aki, 1: BEA})
    g.decide(0, "target", 1)
    g.attack([6], [1])
    g.decide(1, "target", 0)
    g.attack([6], [1])
    g.decide(0, "target", 1)
    g.attack([6], [1])
    g.decide(1, "target", 0)
    g.attack([6], [1])
    assert g.party(0) == ("ageha",) and len(g.party(1)) == 1
    g.decide(0, "target", 1)
    g.attack([1, 1], [6])  # あげは loses, and takes Bea's last card with her
    result = g.table.result()
    assert result is not None and result.winners == (0,)


def test_faq_justice_fires_on_ageha_but_finds_no_target() -> None:
    g = Dg(2)
    g.setup(lv2=["ageha"], bosses={"forest": ["doseigi-takuya"]})
    take_forest(g, "doseigi-takuya")
    g.meeting(FAST)
    g.win(0, "gym", [6], [1, 1])  # 3 steps from the forest: Aki takes あげは
    g.rest(1)
    g.meeting(PLAIN)
    front(g, 0, "ageha")
    g.decide(0, "move", "gym")  # a Lv1 fight where she stands
    g.attack([1, 1], [6])
    # あげは strikes back first; ド正義's judgement still triggers, but finds nobody.
    assert "strikes back" in g.text()
    g.expect("chance:justice roll")
    g.dice(6)
    assert "passes judgement" not in g.text()
    assert g.state.combat is not None and g.state.combat.enemy == ()


def test_faq_ageha_does_not_strike_back_at_doseigi() -> None:
    g = Dg(2)
    g.setup(lv2=["ageha"], bosses={"forest": ["doseigi-takuya"]})
    take_forest(g, "doseigi-takuya")
    g.meeting(FAST)
    g.move(0, "gym")  # the enemy あげは beats Aki's front
    g.attack([1], [6, 1])
    g.expect("chance:justice roll")
    g.dice(5)
    # ド正義's judgement discards her: she does not strike back at him.
    assert "passes judgement" in g.text() and "strikes back" not in g.text()
    assert "doseigi-takuya" in g.party(0)


# --- 鏡子 (line 212) ------------------------------------------------------------------------------


def test_faq_kyouko_cannot_turn_a_one_into_zero() -> None:
    g = Dg(2)
    g.setup(lv2=["kyouko"])
    take_gym(g)
    g.meeting(PLAIN)
    g.decide(0, "move", "gym")  # 鏡子 stands behind Aki's front
    g.attack([1], [1])
    # The penalty is in the result's parts, and so is what it could not take.
    parts = "the Lv1 enemy 1 -1 鏡子 support +1 (a die never counts below 1) = 1"
    assert f"Final result 1 against 1 (Aki 1; {parts}): a mutual kill." in g.text()


# --- 小竹真央 (line 216) --------------------------------------------------------------------------


def test_faq_kotake_mutual_kill_then_one_hit_takes_each_next_card() -> None:
    g = Dg(2)
    g.setup(bosses={"banchou": ["kotake-mao", "tsukumo-tsukumo"]})
    g.meeting(FAST)
    g.decide(0, "move", "card:rindou")
    g.move(0, "banchou")
    g.attack([3], [3, 1, 1])
    g.expect("chance:フルキューブ")
    g.dice(5, 1, 1)
    # Both fighters were already gone: the next card of each side falls.
    assert g.party(0) == ("rindou",)
    assert g.discard(0)[:2] == ("idaten-koharu", "idaten-koharu#2")
    g.expect("boss-card")  # the boss is beaten: both its cards fell
    assert set(g.options()) == {"kotake-mao", "tsukumo-tsukumo"}


def test_faq_kotake_as_a_boss_wiping_both_sides_counts_as_beaten() -> None:
    g = Dg(2)
    g.setup(bosses={"forest": ["kotake-mao"]})
    g.meeting(PLAIN)
    g.move(0, "forest")
    g.attack([3], [3, 1, 1])
    g.dice(5, 6, 1)
    # Aki is wiped out, and the forest boss is still hers: token, reward and corpse theft.
    assert g.party(0) == () and g.state.players[0].space == "spring"
    g.expect("chance:takes from the corpse")
    g.pick("kotake-mao")
    g.shuffle(list(g.discard(0)))
    g.expect("chance:reward roll (+1)")
    g.dice(1)
    assert g.state.players[0].tokens == ("forest",)
    assert g.board.bosses[0].cleared_by == 0 and g.discard(1) == ("kotake-mao",)


def test_faq_kotake_fullcube_collateral_ageha_has_no_target() -> None:
    g = Dg(2)
    g.setup(lv2=["ageha"], bosses={"banchou": ["kotake-mao", "tsukumo-tsukumo"]})
    take_gym(g)
    g.meeting(FAST)
    # (Winning her at the gym cost Aki the card that beat her: あげは struck back.)
    g.decide(0, "move", "reorder")
    g.decide(0, "order", ("rindou", "ageha", "idaten-koharu#2"))
    g.decide(0, "move", "card:rindou")
    g.move(0, "banchou")
    g.attack([3], [3, 1, 1])
    strikes = g.text().count("strikes back")
    g.dice(5, 1, 1)
    # あげは fell to フルキューブ, not in direct combat, and 小竹 is gone: nothing more.
    assert "ageha" in g.discard(0) and g.text().count("strikes back") == strikes
    assert g.party(0) == ("idaten-koharu#2",)


# --- ド正義卓也 (line 226) ------------------------------------------------------------------------


def test_faq_justice_answers_an_ambush() -> None:
    g = Dg(2)
    g.setup(bosses={"forest": ["doseigi-takuya"], "classroom_a": ["nueno-gatarou"]})
    take_forest(g, "doseigi-takuya")
    g.meeting(FAST)
    g.decide(0, "move", "card:rindou")
    g.move(0, "classroom")
    g.decide(0, "boss", "classroom-a")
    g.expect("chance:justice roll")
    g.dice(5)
    assert "passes judgement" in g.text()
    g.expect("boss-card")  # 鵺野 fell to the judgement: the boss is beaten


# --- ユキミ (line 230) ----------------------------------------------------------------------------


def test_faq_yukimi_beaten_cannot_silence_the_winners_on_win() -> None:
    g = Dg(2)
    g.setup(lv2=["tomozuri-ayu"], bosses={"forest": ["yukimi"]})
    take_gym(g)
    g.meeting(PLAIN)
    front(g, 0, "tomozuri-ayu")
    g.move(0, "forest")
    g.attack([6, 1], [1, 1, 1])
    # 友釣り fires: ユキミ, beaten, silences nothing, and joins Aki's party.
    assert "友釣り" in g.text() and g.party(0)[-1] == "yukimi"
    g.expect("chance:reward roll")  # the forest is cleared; no boss card was left to pick


def test_faq_yukimi_does_not_silence_support_behind_her_opponent() -> None:
    g = Dg(2)
    g.setup(parties=[("rindou", "shimizu-ichimotsu", "tigris"), BEA], bosses={"forest": ["yukimi"]})
    g.meeting(PLAIN)
    g.move(0, "forest")
    g.attack([3], [3, 1, 1])  # 3 + 1 (清水一物's support) against 3
    assert "Final result 4 against 3" in g.text()


def test_faq_yukimi_beaten_cannot_silence_uramisakis_curse() -> None:
    g = Dg(2)
    g.setup(bosses={"forest": ["uramisaki-deathko"], "banchou": ["yukimi", "teppeki-tateko"]})
    take_forest(g, "uramisaki-deathko")
    g.meeting(FAST)
    front(g, 0, "uramisaki-deathko")
    g.move(0, "banchou")  # 5 steps from the forest
    g.attack([6, 1, 1], [1, 1, 1])  # 怨み崎 beats ユキミ: 怨み節 still fires
    assert "怨み節" in g.text()
    g.attack([3, 1, 1], [4, 1, 1])  # 鉄壁タテコ's 4 - 2
    assert "Final result 3 against 2" in g.text()


# --- 鏡介 (line 237) ------------------------------------------------------------------------------


def test_faq_kyousuke_with_one_card_left_targets_it_without_a_swap() -> None:
    g = Dg(2)
    g.setup(bosses={"forest": ["kyousuke"]})
    g.meeting(PLAIN)
    g.move(0, "forest")
    g.attack([1], [6, 1, 1])
    g.dice(1)  # 合わせ鏡: the card behind swapped with the last; no hit on a 1
    assert g.party(0) == ("rindou", "idaten-koharu#2")
    g.decide(0, "flee", "fight")
    g.attack([1], [6, 1, 1])
    g.dice(6)  # one card left behind: no swap, and a 6 discards it
    assert g.party(0) == ()


# --- チグリス (line 241) --------------------------------------------------------------------------


def test_faq_tigris_has_nobody_to_choose_with_two_players() -> None:
    g = Dg(2)
    g.setup(parties=[("tigris", "rindou", "bal"), BEA])
    g.meeting(PLAIN)
    assert "card:tigris" not in g.options() and "card:rindou" in g.options()
    # With 3 players the one player who is neither Aki nor the next player can be chosen.
    g3 = Dg(3)
    g3.setup(
        parties=[
            ("tigris", "rindou", "bal"),
            BEA,
            ("hattori-asuka", "idaten-koharu", "tachikawa-toshio"),
        ]
    )
    g3.meeting({seat: ["move", "move", "item"] for seat in range(3)})
    g3.decide(0, "move", "card:tigris")
    assert g3.options() == [2]


# --- 未来探偵紅蠍 (line 245) ----------------------------------------------------------------------


def benisasori_fight() -> Dg:
    """Aki reaches the old building (movement 10) and beats its two Lv3 cards; 紅蠍 is next."""
    g = boss_rush("old-building", ["tsukumo-tsukumo", "teppeki-tateko", "benisasori"])
    g.attack([6], [1, 1, 1])
    g.attack([6], [1, 1, 1])
    return g


def test_faq_benisasori_rolling_one_hits_only_the_card_it_beat() -> None:
    g = benisasori_fight()
    g.attack([1], [6, 1, 1, 1])
    g.expect("chance:victory roll")
    g.dice(1)
    assert g.party(0) == ("idaten-koharu#2", "rindou")
    assert g.discard(0) == ("idaten-koharu",)


def test_faq_benisasori_rolling_two_hits_the_next_card() -> None:
    g = benisasori_fight()
    g.attack([1], [6, 1, 1, 1])
    g.dice(2)
    assert g.party(0) == ("rindou",)
    assert g.discard(0) == ("idaten-koharu#2", "idaten-koharu")


# --- 小竹真央 in the final battle (line 223) ------------------------------------------------------


def test_faq_kotake_wiping_out_both_sides_wins_the_final_battle() -> None:
    g = Dg(2, turn_limit=1)
    g.setup(bosses={"forest": ["kotake-mao"]})
    g.meeting(PLAIN)
    g.move(0, "forest")
    g.attack([6], [1, 1, 1])
    g.dice(1, 1, 1)  # her フルキューブ as she falls: no hit
    g.decide(0, "boss-card", "kotake-mao")
    g.dice(4)
    g.rest(1)
    aki = ("idaten-koharu", "idaten-koharu#2", "rindou", "kotake-mao")  # 3 + 1 token
    g.build({0: aki, 1: BEA})
    for attacker, dice in ((0, ([6], [1])), (1, ([6], [1])), (0, ([1], [6])), (1, ([6], [1]))):
        g.decide(attacker, "target", 1 - attacker)
        g.attack(*dice)
    assert g.party(0) == ("kotake-mao",)
    assert g.party(1) == ("arijigoku-tamako", "nukemichi-wataru")
    # 小竹 and Bea's front kill each other; one 5+ takes Bea's last card: both wiped out.
    g.decide(0, "target", 1)
    g.attack([3, 1, 1], [3])
    g.expect("chance:フルキューブ")
    g.dice(5, 1, 1)
    result = g.table.result()
    assert result is not None and result.winners == (0,)


def test_faq_ageha_strikes_back_at_kyousuke_whose_ability_killed_her() -> None:
    g = Dg(2)
    g.setup(lv2=["ageha"], bosses={"forest": ["kyousuke"]})
    take_gym(g)  # beating the enemy あげは cost Aki the winner: she struck back
    assert g.party(0) == ("idaten-koharu#2", "rindou", "ageha")
    g.meeting(PLAIN)
    g.move(0, "forest")  # 3 steps from the gym
    g.attack([1], [6, 1, 1])
    g.expect("chance:victory roll")
    g.dice(6)  # 合わせ鏡: あげは swaps in behind the beaten card, and a 6 discards her
    assert "strikes back at 鏡介" in g.text()
    # 鏡介 was the boss's only card: the forest is cleared.
    g.expect("boss-card")
    assert g.options() == ["kyousuke"] and g.party(0) == ("rindou",)


# --- 一刀両断 in the final battle (line 185) -----------------------------------------------------


def ittou_final(start: int) -> Dg:
    """Aki beats the forest boss 一刀両断 and keeps it; the one-turn limit starts the final
    battle (led by seat `start`), where it fights at the front of Aki's party."""
    g = Dg(2, turn_limit=1)
    g.setup(bosses={"forest": ["ittou-ryoudan"]}, start=start)
    g.meeting(PLAIN)
    if start == 1:
        g.rest(1)
    g.move(0, "forest")
    assert chance_count(g) == 1 + 5  # the boss's first fight: 3 + 2 dice
    g.attack([6], [1, 1, 1, 1, 1])
    g.decide(0, "boss-card", "ittou-ryoudan")
    g.dice(4)
    if start == 0:
        g.rest(1)
    aki = ("ittou-ryoudan", "idaten-koharu", "idaten-koharu#2", "rindou")
    g.build({0: aki, 1: BEA})
    return g


def test_faq_ittou_ryoudan_gets_its_dice_in_the_first_final_duel_only() -> None:
    # Every final duel is a battle of its own, but "the first card to fight after the ambush
    # step" fights once: 3 + 2 dice in Aki's first duel, 3 in the next ones.
    g = ittou_final(start=0)
    g.decide(0, "target", 1)
    assert chance_count(g) == 5 + 1
    g.attack([6, 1, 1, 1, 1], [1])
    g.decide(1, "target", 0)
    assert chance_count(g) == 1 + 3
    g.attack([1], [6, 1, 1])  # Bea attacks: her die comes first
    g.decide(0, "target", 1)
    assert chance_count(g) == 3 + 1


def test_faq_ittou_ryoudan_defending_in_its_partys_first_final_duel_gets_its_dice() -> None:
    g = ittou_final(start=1)
    g.decide(1, "target", 0)  # Bea leads: Aki's party fights for the first time, defending
    assert chance_count(g) == 1 + 5
    g.attack([1], [6, 1, 1, 1, 1])
    g.decide(0, "target", 1)
    assert chance_count(g) == 3 + 1


# --- 白金翔一郎 bounces an ambush back onto the card that used it (line 114) ---------------------


def test_shirogane_bounces_a_players_ambush_onto_the_ambusher_not_the_front_card() -> None:
    # Aki's 輪ゴムのテツ shoots from behind her front card at the enemy 白金翔一郎: the shot
    # bounces back onto テツ herself; リンドウ at the front is untouched.
    g = Dg(2)
    g.setup(parties=[("rindou", "wagomu-tetsu", "tigris"), BEA], lv2=["shirogane-shouichirou"])
    g.meeting(FAST)
    g.move(0, "gym")
    g.expect("chance:輪ゴムのテツ (Lv1)'s ambush roll")
    g.dice(6)
    assert "白金翔一郎 bounces it back onto 輪ゴムのテツ" in g.text()
    assert g.party(0) == ("rindou", "tigris")
    assert g.discard(0) == ("wagomu-tetsu",)
    g.attack([6], [1, 1])  # リンドウ still fights first
    assert "リンドウ (Lv1) (Aki) faces 白金翔一郎 (Lv2)" in g.text()


def test_shirogane_bounces_a_bosss_ambush_onto_the_ambusher_not_its_front_card() -> None:
    # The 番長小屋 boss: 池松叢雲 in front, ポイズンジャイアントパンダ behind. Aki holds 白金翔一郎:
    # the panda's shot bounces back onto the panda; 池松叢雲 still stands and fights.
    g = Dg(2)
    g.setup(
        lv2=["shirogane-shouichirou"],
        bosses={"banchou": ["ikematsu-murakumo", "poison-giant-panda"]},
    )
    take_gym(g)
    g.meeting(FAST)
    g.decide(0, "move", "card:rindou")
    g.move(0, "banchou")
    g.expect("chance:ambush roll")
    g.dice(4)
    assert "白金翔一郎 bounces it back onto ポイズンジャイアントパンダ" in g.text()
    fight = g.state.combat
    assert fight is not None
    assert fight.enemy == ("ikematsu-murakumo",) and fight.defeated == ("poison-giant-panda",)
    assert len(g.party(0)) == 4
    assert chance_count(g) == 1 + 4  # Aki's front against 池松叢雲 (3 + 1 dice)
