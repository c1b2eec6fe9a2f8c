"""Field exploration (rulebook §4, docs/rules/dangerous.md "A turn: exploration"): movement,
passing pieces, where a piece may stop, Lv2 tokens and bosses stopping a move, each square's
event, the spring's two options, the empty Lv1 deck and the end of the Lv2 deck; field abilities
and items through the whole turn (line 62, ruling R11)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from dgkit import FAST, GAME, PLAIN, Dg

from core.games.dangerous.board import destinations, is_closed
from core.games.dangerous.content import content
from core.grid import cheapest
from core.simulate import play_one


def moves(g: Dg) -> set[str]:
    return {o for o in g.options() if isinstance(o, str) and ":" not in o and o != "reorder"}


def test_movement_is_the_highest_level_plus_move_ap() -> None:
    g = Dg(2)
    g.setup()
    g.meeting({0: ["move", "next_ap", "next_ap"], 1: ["move", "move", "move"]})
    # Lv1 party + 1 AP: movement 2.
    assert moves(g) == set(destinations(g.state, 0, 2))
    assert "backyard" in moves(g) and "forest" not in moves(g)
    assert "movement 2" in str(g.pending().prompt)  # type: ignore[union-attr]
    g.move(0, "courtyard")
    g.attack([6], [1])
    g.decide(0, "capture", "discard")
    # Seat 1: 3 AP on move, movement 4: the classroom is 4 steps away.
    assert "classroom" in moves(g) and "old-building-front" not in moves(g)


def test_field_abilities_and_items_add_movement_once_per_turn() -> None:
    g = Dg(2)
    g.setup(items=(5, 1))  # Aki keeps the skateboard, Bea the knife
    g.meeting(PLAIN)
    assert "card:rindou" in g.options() and "item:skateboard" in g.options()
    g.decide(0, "move", "card:rindou")  # +2
    assert "card:rindou" not in g.options()
    assert "movement 5" in str(g.pending().prompt)  # type: ignore[union-attr]
    g.decide(0, "move", "card:idaten-koharu")  # +1
    g.decide(0, "move", "item:skateboard")  # +2, used up
    assert g.state.players[0].items == ()
    assert "movement 8" in str(g.pending().prompt)  # type: ignore[union-attr]
    assert moves(g) == set(destinations(g.state, 0, 8))


def test_passing_a_piece_is_free_but_stopping_on_it_is_not_allowed() -> None:
    g = Dg(2)
    g.setup(start=1)
    g.meeting({0: ["next_ap", "next_ap", "next_start"], 1: ["move", "move", "item"]})
    g.move(1, "courtyard")
    g.attack([6], [1])
    g.decide(1, "capture", "discard")
    # Aki has movement 1: the courtyard costs nothing to cross, so the backyard is in reach.
    assert "courtyard" not in moves(g)
    assert "backyard" in moves(g) and "flowerbed" not in moves(g)
    assert destinations(g.state, 0, 1)["backyard"] == 1


def test_the_spring_and_boss_spaces_may_be_shared() -> None:
    g = Dg(2)
    g.setup(start=1, lv3=["ikematsu-murakumo"])
    g.meeting({0: ["move", "move", "item"], 1: ["move", "move", "item"]})
    g.move(1, "forest")
    g.attack([1], [6, 1, 1, 1])  # 池松叢雲 rolls 4 dice
    g.decide(1, "flee", "flee")
    assert g.state.players[1].space == "forest"
    assert g.state.bosses["forest"] == ("ikematsu-murakumo",)
    assert "forest" in moves(g) and "spring" in moves(g)


def test_staying_put_triggers_the_event_of_the_square() -> None:
    g = Dg(2)
    g.setup(lv1=["rokudou-mutsumi", "tachikawa-toshio"])
    g.meeting(PLAIN)
    g.move(0, "statue")
    g.attack([6], [1])
    g.decide(0, "capture", "discard")
    g.rest(1)
    g.meeting(PLAIN)
    g.decide(0, "move", "statue")
    assert "Aki stays on 銅像前 Founder's statue (1)." in g.text()
    assert g.state.combat is not None and g.state.combat.enemy == ("tachikawa-toshio",)


def test_a_lv2_token_stops_the_move_and_starts_a_lv2_fight() -> None:
    g = Dg(2)
    g.setup(lv2=["kyouko"])
    g.meeting({0: ["lv2", "move", "move"], 1: ["move", "move", "item"]})
    g.token(0, 5, "gym>courtyard")  # both tokens are on the board: one moves (R8)
    # Movement 3: the backyard and the forest lie behind the token, out of reach.
    assert "courtyard" in moves(g)
    assert "backyard" not in moves(g) and "forest" not in moves(g)
    details = [str(o.detail) for o in g.pending().options if o.id == "courtyard"]  # type: ignore[union-attr]
    assert "Lv2 fight: 鏡子 (Lv2)" in details
    g.move(0, "courtyard")
    assert "courtyard" not in g.state.tokens
    fight = g.state.combat
    assert fight is not None and fight.kind == "lv2" and fight.enemy == ("kyouko",)
    assert fight.seats == (0, 1)  # the next player controls the enemy
    g.attack([6], [2, 2])
    g.decide(0, "capture", "party")
    assert g.party(0)[-1] == "kyouko"
    assert g.board.tokens == ("shop",) and g.board.token_supply == 1
    # A Lv2 card in the party: movement is 2 + AP from now on.
    g.rest(1)
    g.meeting({0: ["next_ap", "next_ap", "next_start"], 1: ["move", "move", "item"]})
    assert "movement 2" in str(g.pending().prompt)  # type: ignore[union-attr]


def test_a_boss_with_nobody_left_does_nothing() -> None:
    g = Dg(2)
    g.setup(lv3=["ikematsu-murakumo"])
    g.meeting(PLAIN)
    g.move(0, "forest")
    g.attack([6], [1, 1, 1, 1])
    g.decide(0, "boss-card", "ikematsu-murakumo")
    g.dice(1)  # the reward roll
    g.rest(1)
    g.meeting(PLAIN)
    assert [str(o.detail) for o in g.pending().options if o.id == "forest"] == ["boss beaten"]  # type: ignore[union-attr]
    g.move(0, "forest")
    assert "Nothing happens here." in g.text()
    assert g.state.combat is None


def test_spring_draw_takes_random_cards_and_returns_the_excess() -> None:
    g = Dg(2)
    g.setup()
    g.meeting(PLAIN)
    # Aki captures 2 Lv1 cards into the discard pile over two turns.
    top = g.board.lv1_top
    g.move(0, "statue")
    g.attack([6], [1])
    g.decide(0, "capture", "discard")
    g.rest(1)
    g.meeting(PLAIN)
    second = g.board.lv1_top
    g.decide(0, "move", "statue")
    g.attack([6], [1])
    g.decide(0, "capture", "discard")
    g.rest(1)
    g.meeting(PLAIN)
    g.move(0, "spring")
    assert g.options() == ["draw", "swap", "rest"]
    g.decide(0, "spring", "draw")
    g.expect("chance:Aki's spring roll")
    g.dice(1)
    g.expect("chance:Aki's discard pile")
    g.shuffle([second, top])
    assert g.party(0)[-1] == second and g.discard(0) == (top,)
    assert "Aki draws" in g.text()


def test_spring_draw_over_five_returns_cards_of_your_choice() -> None:
    g = Dg(2)
    g.setup()
    g.meeting(PLAIN)
    caught = []
    for _ in range(3):
        caught.append(g.board.lv1_top)
        g.decide(0, "move", "statue")
        g.attack([6], [1])
        g.decide(0, "capture", "discard")
        g.rest(1)
        g.meeting(PLAIN)
    assert len(g.discard(0)) == 3
    g.move(0, "spring")
    g.decide(0, "spring", "draw")
    g.dice(6)
    g.shuffle(list(g.discard(0)))
    # 3 + 3 = 6 cards: one goes back, chosen by the player.
    decision = g.expect("hand-limit")
    assert decision is not None and decision.min_count == decision.max_count == 1
    g.decide(0, "hand-limit", (caught[1],))
    assert len(g.party(0)) == 5 and g.discard(0) == (caught[1],)


def test_spring_draw_takes_only_the_roll_and_tops_up_only_when_two_or_fewer() -> None:
    g = Dg(2)
    g.setup()
    g.meeting(PLAIN)
    g.move(0, "statue")
    g.attack([1], [6])
    g.decide(0, "flee", "fight")
    g.attack([1], [6])
    g.decide(0, "flee", "flee")
    assert g.party(0) == ("rindou",) and g.discard(0) == ("idaten-koharu", "idaten-koharu#2")
    g.rest(1)
    g.meeting(PLAIN)
    top = g.board.lv1_top
    g.move(0, "spring")
    at_spring = g.state
    g.decide(0, "spring", "draw")
    g.dice(1)
    g.shuffle(["idaten-koharu#2", "idaten-koharu"])
    # A roll of 1 draws one card; the whole pile would make 3, which is not "2 or fewer":
    # no top-up, and the other card stays in the pile.
    assert g.party(0) == ("rindou", "idaten-koharu#2")
    assert g.discard(0) == ("idaten-koharu",)
    assert g.board.lv1_top == top
    # Ruling R17: with party + whole pile <= 2, the shortfall up to 3 comes from the Lv1 deck.
    # (Play never gets there: cards only leave a player through corpse theft, from 4 or more.)
    thin = at_spring.with_player(0, party=("rindou",), discard=("idaten-koharu",))
    step = GAME.apply_decision(thin, 0, "draw").state
    step = GAME.apply_chance(step, (1,)).state
    step = GAME.apply_chance(step, ("idaten-koharu",)).state
    assert step.players[0].party == ("rindou", "idaten-koharu", top)
    assert step.players[0].discard == ()
    assert step.decks["lv1"][0] != top


def test_spring_swap_discards_one_and_takes_one_back() -> None:
    g = Dg(2)
    g.setup()
    g.meeting(PLAIN)
    top = g.board.lv1_top
    g.move(0, "statue")
    g.attack([6], [1])
    g.decide(0, "capture", "discard")
    g.rest(1)
    g.meeting(PLAIN)
    g.move(0, "spring")
    g.decide(0, "spring", "swap")
    g.decide(0, "spring-out", "rindou")
    assert set(g.options()) == {top, "rindou"}
    g.decide(0, "spring-in", top)
    assert g.party(0) == ("idaten-koharu", "idaten-koharu#2", top)
    assert g.discard(0) == ("rindou",)


def test_an_empty_lv1_deck_means_nothing_happens() -> None:
    g = Dg(2)
    g.setup()
    g.meeting(PLAIN)
    empty = dataclasses.replace(g.state, decks={**g.state.decks, "lv1": ()})
    applied = GAME.apply_decision(empty, 0, "statue")
    assert "The Lv1 deck is empty: nothing happens." in [n.public for n in applied.narration]
    assert applied.state.combat is None
    assert GAME.pending(applied.state).decisions[0].seat == 1


def test_the_last_lv2_card_takes_every_token_off_the_board() -> None:
    g = Dg(2)
    g.setup()
    g.meeting({0: ["move", "move", "move"], 1: ["move", "next_ap", "next_ap"]})
    last = g.state.decks["lv2"][0]
    one_left = dataclasses.replace(g.state, decks={**g.state.decks, "lv2": (last,)})
    applied = GAME.apply_decision(one_left, 0, "gym")
    state = applied.state
    assert state.combat is not None and state.combat.enemy == (last,)
    assert any("every Lv2 token leaves" in n.public for n in applied.narration)
    applied = GAME.apply_chance(state, (6, 1, 1))
    applied = GAME.apply_decision(applied.state, 0, "party")
    state = applied.state
    assert state.tokens == () and state.lv2_retired


def test_the_tokens_leave_at_once_even_if_the_last_lv2_card_comes_back() -> None:
    g = Dg(2)
    g.setup()
    g.meeting({0: ["move", "move", "move"], 1: ["move", "next_ap", "next_ap"]})
    last = g.state.decks["lv2"][0]
    one_left = dataclasses.replace(g.state, decks={**g.state.decks, "lv2": (last,)})
    applied = GAME.apply_decision(one_left, 0, "gym")
    # 直ちに: the moment the deck runs dry, during the fight already.
    assert applied.state.tokens == () and applied.state.lv2_retired
    state = GAME.apply_chance(applied.state, (1, 6, 1)).state  # Aki loses her front card
    state = GAME.apply_decision(state, 0, "flee").state
    assert state.decks["lv2"] == (last,)  # back at the bottom
    assert state.tokens == () and state.lv2_retired


# --- field abilities and items for the whole turn (line 62; ruling R11) --------------------------

SLOWER = ("arijigoku-tamako", "rindou", "idaten-koharu")  # たまこ: −2 to a player's next move
PLAIN_BEA = ("nukemichi-wataru", "bal", "tigris")  # nothing for after a move, with 2 players


def test_field_abilities_still_apply_after_the_move_until_the_turn_ends() -> None:
    """Line 62: <フィールド>能力は…手番中いつでも使用できます: after the move and battle too."""
    g = Dg(2, end_turns=False)
    g.setup(parties=[SLOWER, PLAIN_BEA])
    g.meeting(PLAIN)
    g.move(0, "statue")
    g.attack([6], [1])
    g.decide(0, "capture", "discard")
    # The battle is over, the turn is not: what still applies is offered (no extra movement,
    # the move is made), with a clear way to end the turn.
    decision = g.expect("field")
    assert decision is not None and decision.seat == 0
    assert [(o.id, str(o.label)) for o in decision.options] == [
        ("card:arijigoku-tamako", "すり鉢の罠 Antlion Pit (蟻地獄たまこ Tamako Arijigoku)"),
        ("done", "End your turn"),
    ]
    g.decide(0, "field", "card:arijigoku-tamako")
    g.decide(0, "slow", 1)
    # たまこ is used for this turn: nothing is left to offer, so the turn passes by itself.
    decision = g.expect("move")
    assert decision is not None and decision.seat == 1
    assert "movement 1." in str(decision.prompt)  # Lv1 party + 2 AP − 2


def test_a_slowing_waits_for_the_targets_next_move_even_into_the_next_turn() -> None:
    """Ruling R11: 蟻地獄たまこ hits the target's next exploration turn, even if the target has
    already moved this turn (the penalty is not lost at the end of the turn)."""
    g = Dg(2, end_turns=False)
    g.setup(parties=[PLAIN_BEA, SLOWER])
    g.meeting(PLAIN)
    g.rest(0)
    g.decide(1, "move", "card:arijigoku-tamako")  # Bea slows Aki, who has moved already
    g.decide(1, "slow", 0)
    assert "Aki's movement drops by 2 on their next move." in g.text()
    g.rest(1)  # たまこ is spent for this turn: nothing to offer after Bea's move
    g.meeting(PLAIN)
    assert "movement 1." in str(g.pending().prompt)  # type: ignore[union-attr]
    g.rest(0)
    g.rest(1)
    g.decide(1, "field", "done")  # たまこ is Bea's to use again this turn: she does not
    g.meeting(PLAIN)
    assert "movement 3." in str(g.pending().prompt)  # type: ignore[union-attr]  # spent


def test_a_first_aid_kit_brings_back_a_card_lost_in_the_battle_just_fought() -> None:
    g = Dg(2, end_turns=False)
    g.setup(parties=[SLOWER, PLAIN_BEA], lv3=["ikematsu-murakumo"])
    g.meeting(FAST)
    g.move(0, "forest")
    g.attack([1], [6, 1, 1, 1])
    g.decide(0, "flee", "fight")
    g.attack([6], [1, 1, 1, 1])
    g.decide(0, "boss-card", "ikematsu-murakumo")
    g.dice(6)  # the reward: 6 + 1, the first-aid kit
    assert g.state.players[0].items == ("first-aid-kit",)
    assert g.discard(0) == ("arijigoku-tamako",)
    assert g.options() == ["item:first-aid-kit", "done"]  # たまこ fell: she is in the pile
    g.decide(0, "field", "item:first-aid-kit")
    g.decide(0, "heal", "arijigoku-tamako")
    assert g.party(0)[-1] == "arijigoku-tamako" and g.discard(0) == ()
    # Back in the party, and not used this turn: its ability is offered again.
    assert g.options() == ["card:arijigoku-tamako", "done"]
    g.decide(0, "field", "done")
    g.expect("move")
    assert g.pending().seat == 1  # type: ignore[union-attr]


def test_a_jump_is_the_move_and_the_turn_goes_on_after_its_event() -> None:
    g = Dg(2, end_turns=False)
    g.setup(parties=[("hattori-asuka", "arijigoku-tamako", "rindou"), PLAIN_BEA])
    g.meeting(PLAIN)
    g.decide(0, "move", "card:hattori-asuka")
    g.decide(0, "teleport", "statue")
    g.attack([6], [1])
    g.decide(0, "capture", "discard")
    assert g.options() == ["card:arijigoku-tamako", "done"]  # not the jump again


def test_a_wipe_out_ends_the_turn_at_once() -> None:
    """Line 124: a wiped-out player acts normally again from the next turn: no field menu."""
    g = Dg(2, end_turns=False)
    g.setup(parties=[SLOWER, PLAIN_BEA])
    g.meeting(PLAIN)
    g.move(0, "statue")
    for _ in range(2):
        g.attack([1], [6])
        g.decide(0, "flee", "fight")
    g.attack([1], [6])
    g.expect("chance:Aki's discard pile")
    g.shuffle(list(SLOWER))  # she draws たまこ back among her three
    assert "arijigoku-tamako" in g.party(0) and g.state.players[0].space == "spring"
    decision = g.expect("move")
    assert decision is not None and decision.seat == 1


def test_destinations_agree_with_the_core_search_on_the_positions_of_whole_games() -> None:
    # destinations() is core.grid.cheapest written out for the school map (it is asked at
    # every move): on every 5th position of bot games, for every piece and several movements,
    # it finds what cheapest finds with the pieces, tokens and bosses given as callbacks.
    board = content().board
    checked = 0
    for seed in (1, 2, 3):
        table = play_one("dangerous", 2 + seed % 3, seed, "random")
        for position in range(0, len(table), 5):
            state = table._state_at(position)
            for seat, player in enumerate(state.players):
                if not player.space:
                    continue
                others = {p.space for other, p in enumerate(state.players) if other != seat}
                live = {site.space for site in board.bosses if state.bosses.get(site.id)}
                stopping = {*state.tokens, *live}
                shut = {space for space in board.spaces if is_closed(space, len(state.players))}
                for movement in (0, 1, 3, 6, 12):
                    reach = cheapest(
                        player.space,
                        board.edges.__getitem__,
                        budget=movement,
                        cost=_passing_is_free(others),
                        stops=stopping.__contains__,
                        closed=shut.__contains__,
                    )
                    expected = {
                        space: cost
                        for space, cost in reach.costs.items()
                        if space not in others or board.spaces[space].kind in ("spring", "boss")
                    }
                    assert destinations(state, seat, movement) == expected
                    checked += 1
    assert checked > 500


def _passing_is_free(others: set[str]) -> Callable[[str, str], int]:
    """A step's cost for `cheapest`: nothing onto another piece, 1 elsewhere."""
    return lambda here, there: 0 if there in others else 1
