"""The end of exploration and the final battle (rulebook §7, docs/rules/dangerous.md "End of
exploration" and "The final battle", rulings R22-R25)."""

from __future__ import annotations

import pytest
from dgkit import FAST, GAME, PLAIN, Dg, boss_rush

from core.decisions import IllegalAction
from core.table import LogError


def limit_game(players: int = 2, start: int = 0, **setup: object) -> Dg:
    """A game with a one-turn limit where everyone rests: the final battle follows turn 1."""
    g = Dg(players, turn_limit=1)
    g.setup(start=start, **setup)  # type: ignore[arg-type]
    g.meeting({seat: PLAIN[seat % 3] for seat in range(players)})
    for step in range(players):
        g.rest((start + step) % players)
    return g


def test_exploration_ends_the_moment_the_old_building_falls() -> None:
    g = boss_rush("old-building", ["onigawara-gondo", "teppeki-tateko", "izana"])
    g.attack([6], [1, 1, 1])
    g.attack([6], [1, 1, 1])
    g.attack([6], [1, 1, 1, 1, 1])
    g.decide(0, "boss-card", "izana")
    g.expect("chance:reward roll (+4)")
    g.dice(1)
    # Bea's exploration turn is never played; the conqueror goes first; sizes 3 + tokens.
    state = g.state
    assert state.phase == "final" and state.final is not None
    assert state.final.order == (0, 1) and state.final.size == (4, 3)
    assert g.waiting() == "0:final-party,1:final-party"
    assert "Bea stays" not in g.text() and "Bea moves" not in g.text()
    # The reward is rolled even so (ruling R19): 1 + 4 = 5, the skateboard Aki used up.
    assert state.players[0].items == ("skateboard",)
    assert state.players[0].tokens == ("old-building",)


def test_the_turn_limit_starts_the_final_battle_with_the_start_player() -> None:
    g = Dg(3, turn_limit=1)
    g.setup(start=0)
    g.meeting(
        {
            0: ["move", "move", "item"],
            1: ["next_start", "move", "item"],
            2: ["move", "move", "item"],
        }
    )
    for seat in (0, 1, 2):
        g.rest(seat)
    assert "Turn 1 was the last (house rule: turn limit 1): the final battle begins." in g.text()
    state = g.state
    assert state.final is not None and state.final.order == (1, 2, 0)
    assert state.final.size == (3, 3, 3)


def test_there_is_no_turn_limit_unless_the_house_rule_is_chosen() -> None:
    """Lines 19 and 129: exploration ends when 旧校舎 falls, and only then (ruling R23)."""
    option = next(o for o in GAME.options if o.name == "turn_limit")
    assert option.default == 0 and "house rule" in str(option.label)
    assert option.simulate is not None and option.simulate > 0  # bots' games: on (R23)
    g = Dg(2)
    g.setup()
    assert g.table.options == {} and g.state.options["turn_limit"] == 0
    # Well past any limit a bots' game plays with, nobody has touched 旧校舎: still exploring.
    for _ in range(2 * option.simulate):
        g.meeting(PLAIN)
        g.rest(0)
        g.rest(1)
    assert g.state.phase == "meeting" and g.state.turn == 2 * option.simulate + 1
    assert g.state.final is None and "was the last" not in g.text()


def test_parties_are_built_in_secret_from_hand_and_discard_then_revealed() -> None:
    g = Dg(2, turn_limit=1)
    g.setup()
    g.meeting(PLAIN)
    caught = g.board.lv1_top
    assert caught is not None
    g.move(0, "statue")
    g.attack([6], [1])
    g.decide(0, "capture", "discard")
    g.rest(1)
    # Aki's pool: 3 in hand + 1 in the pile; the party holds 3.
    decision = next(d for d in g.table.decisions() if d.seat == 0)
    assert {o.id for o in decision.options} == {
        "idaten-koharu",
        "idaten-koharu#2",
        "rindou",
        caught,
    }
    assert decision.min_count == decision.max_count == 3
    g.decide(0, "final-party", ("rindou", caught, "idaten-koharu"))
    # Aki's choice is hers alone: Bea's view does not hold it, Aki's does.
    own = g.view(0).board.final.own  # type: ignore[union-attr]
    assert own is not None and set(own) == {"rindou", caught, "idaten-koharu"}
    assert g.view(1).board.final.own is None  # type: ignore[union-attr]
    assert g.view(1).board.final.ready == (True, False)  # type: ignore[union-attr]
    assert "You choose" in g.text(0) and "You choose" not in g.text(1)
    assert "Aki chooses a final party." in g.text(1)
    g.decide(1, "final-party", ("arijigoku-tamako", "nukemichi-wataru", "otoshiana-gonzou"))
    g.decide(0, "final-order", (caught, "rindou", "idaten-koharu"))
    own = g.view(1).board.final.own  # type: ignore[union-attr]
    assert own is not None and set(own) == {
        "arijigoku-tamako",
        "nukemichi-wataru",
        "otoshiana-gonzou",
    }
    assert caught not in repr(g.view(1).board.final)
    g.decide(1, "final-order", ("nukemichi-wataru", "otoshiana-gonzou", "arijigoku-tamako"))
    # Revealed together: the parties are the built ones, the rest goes to the pile.
    assert g.party(0) == (caught, "rindou", "idaten-koharu")
    assert g.discard(0) == ("idaten-koharu#2",)
    assert g.party(1) == ("nukemichi-wataru", "otoshiana-gonzou", "arijigoku-tamako")
    assert g.view(1).board.final.revealed  # type: ignore[union-attr]


def test_the_attacker_must_choose_a_target_and_one_duel_per_turn() -> None:
    g = limit_game(3)
    g.build(
        {
            0: ("idaten-koharu", "idaten-koharu#2", "rindou"),
            1: ("otoshiana-gonzou", "arijigoku-tamako", "nukemichi-wataru"),
            2: ("hattori-asuka", "tigris", "bal"),
        },
    )
    decision = g.expect("target")
    assert decision is not None and decision.seat == 0
    assert g.options() == [1, 2]  # no pass, not oneself
    with pytest.raises(LogError):
        g.decide(0, "target", 0)
    g.decide(0, "target", 2)
    g.attack([6], [2])
    assert g.party(2) == ("tigris", "bal")
    # One duel, then the next player: no capture, no flight, no second 1-on-1.
    decision = g.expect("target")
    assert decision is not None and decision.seat == 1
    assert g.discard(2) == ("hattori-asuka",)


def test_the_last_player_with_cards_wins() -> None:
    g = limit_game(2)
    g.build(
        {
            0: ("idaten-koharu", "idaten-koharu#2", "rindou"),
            1: ("otoshiana-gonzou", "arijigoku-tamako", "nukemichi-wataru"),
        },
    )
    for _ in range(3):
        g.decide(0, "target", 1)
        g.attack([6], [1])
        if g.table.over:
            break
        g.decide(1, "target", 0)
        g.attack([1], [6])  # Bea attacks and loses too (the attacker rolls first)
    result = g.table.result()
    assert result is not None and result.winners == (0,)
    assert g.state.players[1].out
    assert "Aki wins" in str(result.summary)


def test_a_mutual_kill_of_the_last_cards_is_a_shared_draw() -> None:
    g = limit_game(2)
    g.build(
        {
            0: ("idaten-koharu", "idaten-koharu#2", "rindou"),
            1: ("otoshiana-gonzou", "arijigoku-tamako", "nukemichi-wataru"),
        },
    )
    g.decide(0, "target", 1)
    g.attack([6], [1])
    g.decide(1, "target", 0)
    g.attack([6], [1])
    g.decide(0, "target", 1)
    g.attack([6], [1])
    g.decide(1, "target", 0)
    g.attack([6], [1])
    assert len(g.party(0)) == 1 and len(g.party(1)) == 1
    g.decide(0, "target", 1)
    g.attack([4], [4])
    result = g.table.result()
    assert result is not None and result.winners == (0, 1)
    assert "share the win" in str(result.summary)


def test_the_ambush_round_fires_once_at_a_chosen_target() -> None:
    g = limit_game(
        3,
        parties=[
            ("wagomu-tetsu", "rindou", "tigris"),
            ("otoshiana-gonzou", "arijigoku-tamako", "nukemichi-wataru"),
            ("hattori-asuka", "idaten-koharu", "bal"),
        ],
    )
    g.build(
        {
            0: ("rindou", "wagomu-tetsu", "tigris"),
            1: ("otoshiana-gonzou", "arijigoku-tamako", "nukemichi-wataru"),
            2: ("hattori-asuka", "idaten-koharu", "bal"),
        },
    )
    decision = g.expect("ambush-target")
    assert decision is not None and decision.seat == 0 and g.options() == [1, 2]
    g.decide(0, "ambush-target", 2)
    g.expect("chance:輪ゴムのテツ (Lv1)'s ambush roll")
    g.dice(6)
    assert g.party(2) == ("idaten-koharu", "bal")
    # Then the duels: the ambush does not come back.
    g.expect("target")
    g.decide(0, "target", 1)
    g.attack([6], [1])
    g.expect("target")
    assert "ambush" not in g.waiting()


def test_ambush_support_cards_do_not_fire_in_the_ambush_round() -> None:
    g = Dg(2, turn_limit=1)
    g.setup(
        lv2=["mayuyu"],
        parties=[
            ("wagomu-tetsu", "rindou", "tigris"),
            ("hattori-asuka", "bal", "otoshiana-gonzou"),
        ],
    )
    g.meeting(FAST)
    g.move(0, "gym")
    g.dice(1)  # 輪ゴムのテツ's ambush misses
    g.attack([6], [1, 1])
    g.decide(0, "capture", "party")
    g.rest(1)
    g.build(
        {0: ("wagomu-tetsu", "mayuyu", "rindou"), 1: ("hattori-asuka", "bal", "otoshiana-gonzou")},
    )
    # Only 輪ゴムのテツ asks for a target; マゆゆ (not at the front) adds +1 to its roll.
    g.expect("ambush-target")
    g.decide(0, "ambush-target", 1)
    g.dice(5)
    assert g.party(1) == ("bal", "otoshiana-gonzou")
    assert g.party(0) == ("wagomu-tetsu", "mayuyu", "rindou")
    g.expect("target")


def test_a_secret_final_party_is_never_reopened_by_an_undo() -> None:
    """Hot seat: Bea has built her secret party and the screen is Aki's. Neither player's undo
    may reopen Bea's choice while Aki is still choosing (issue 7: undo belongs to a seat)."""
    g = limit_game(2)
    g.decide(1, "final-party", tuple(sorted(g.state.players[1].party)))
    table = g.table
    assert table.step.simultaneous and [d.seat for d in table.decisions()] == [0]
    assert str(table.undo_refusal(0)) == "cannot undo: Bea has decided since your last decision"
    assert str(table.undo_refusal(1)) == "another player is choosing in secret: wait for the reveal"
    for seat in (0, 1):
        with pytest.raises(IllegalAction):
            table.undo(seat)
    assert [d.seat for d in table.decisions()] == [0]
