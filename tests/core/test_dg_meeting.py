"""The strategy meeting (rulebook §3, docs/rules/dangerous.md "A turn: the strategy meeting"):
one AP at a time in turn order, the caps, the next start player and its tie rule, next turn's AP
(at most 6), item rolls per pair of AP, Lv2 rolls per AP and the token placement rules."""

from __future__ import annotations

import dataclasses

import pytest
from dgkit import FAST, GAME, Dg

from core.games.dangerous.content import content
from core.games.dangerous.explore import Explore, ExploreStart, movement
from core.games.dangerous.meeting import ApRound, MeetingAbilities, MeetingResolve
from core.games.dangerous.turn import TurnEnd, TurnStart
from core.table import LogError

CAPS = {
    2: {"move": 4, "combat": 2, "next_start": 3, "next_ap": 2, "item": 4, "lv2": 2},
    3: {"move": 6, "combat": 3, "next_start": 4, "next_ap": 3, "item": 4, "lv2": 3},
    4: {"move": 8, "combat": 4, "next_start": 5, "next_ap": 4, "item": 6, "lv2": 4},
}


def placements(g: Dg, plans: dict[int, list[str]]) -> list[int]:
    """Place AP following `plans`; returns the seats in the order they were asked."""
    asked: list[int] = []
    queues = {seat: list(plan) for seat, plan in plans.items()}
    while (decision := g.pending()) is not None and g.table.step.chance is None:
        if decision.name != "ap":
            break
        asked.append(decision.seat)
        g.decide(decision.seat, "ap", queues[decision.seat].pop(0))
    return asked


def explore_all_at_spring(g: Dg) -> None:
    """Every seat stays on the spring and rests (the cheapest exploration turn)."""
    while (decision := g.pending()) is not None and decision.name in ("move", "spring"):
        if decision.name == "move":
            g.decide(decision.seat, "move", "spring")
        else:
            g.decide(decision.seat, "spring", "rest")


def token_squares(g: Dg) -> set[str]:
    """The squares the pending token decision offers (placing: 'square'; moving: 'old>square')."""
    return {str(option).split(">")[-1] for option in g.options() if option != "done"}


def test_caps_follow_the_table() -> None:
    for players, caps in CAPS.items():
        assert {a.id: a.cap(players) for a in content().actions} == caps


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_ap_at_a_time_in_turn_order_from_the_start_player(players: int) -> None:
    g = Dg(players)
    start = players - 1
    g.setup(start=start)
    plans = {seat: ["item", "move", "next_start"] for seat in range(players)}
    asked = placements(g, plans)
    order = [(start + step) % players for step in range(players)]
    assert asked == order * 3
    assert g.text().count("puts 1 AP") == 3 * players


def test_two_players_combat_holds_two_ap_in_all() -> None:
    g = Dg(2)
    g.setup()
    g.decide(0, "ap", "combat")
    g.decide(1, "ap", "combat")
    assert "combat" not in g.options()
    with pytest.raises(LogError):
        g.decide(0, "ap", "combat")
    g.decide(0, "ap", "move")
    assert g.state.meeting is not None and g.state.meeting.total("combat") == 2


@pytest.mark.parametrize("players", [3, 4])
def test_every_cap_closes_its_action(players: int) -> None:
    g = Dg(players)
    g.setup()
    caps = CAPS[players]
    # Everyone piles onto next_start until it is full, then the option disappears.
    for _ in range(caps["next_start"]):
        decision = g.pending()
        assert decision is not None and "next_start" in g.options()
        g.decide(decision.seat, "ap", "next_start")
    assert "next_start" not in g.options()


def test_a_player_with_more_ap_goes_on_placing_alone() -> None:
    g = Dg(2)
    g.setup()
    # Turn 1: seat 0 puts 2 AP on next-turn AP +1 (the cap), so has 5 AP in turn 2.
    g.meeting({0: ["next_ap", "next_ap", "item"], 1: ["item", "move", "move"]})
    assert g.state.players[0].ap_next == 5 and g.state.players[1].ap_next == 3
    explore_all_at_spring(g)
    assert g.state.turn == 2
    assert g.state.meeting is not None and g.state.meeting.ap_left == (5, 3)
    asked = placements(
        g, {0: ["move", "move", "item", "item", "next_start"], 1: ["move", "move", "combat"]}
    )
    assert asked == [0, 1, 0, 1, 0, 1, 0, 0]


def test_next_start_player_most_ap_wins_from_next_turn() -> None:
    g = Dg(3)
    g.setup(start=0)
    g.meeting(
        {
            0: ["next_start", "item", "move"],
            1: ["next_start", "next_start", "move"],
            2: ["next_start", "item", "move"],
        }
    )
    assert g.state.next_start == 1 and g.state.start == 0
    assert "Bea will be the next start player." in g.text()
    # This turn's exploration still goes from the current start player.
    decision = g.pending()
    assert decision is not None and decision.name == "move" and decision.seat == 0
    explore_all_at_spring(g)
    assert g.state.start == 1 and g.state.turn == 2
    assert g.pending().seat == 1  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("start", "tied", "winner"),
    [(0, (0, 2), 2), (0, (1, 2), 2), (2, (1, 2), 1), (1, (0, 2), 0), (1, (1, 2), 2)],
)
def test_a_tie_goes_to_the_player_farthest_from_the_start_player(
    start: int, tied: tuple[int, int], winner: int
) -> None:
    g = Dg(3)
    g.setup(start=start)
    plans = {seat: ["item", "move", "move"] for seat in range(3)}
    for seat in tied:
        plans[seat] = ["next_start", "item", "move"]
    g.meeting(plans)
    assert g.state.next_start == winner


def test_nobody_on_next_start_keeps_the_start_player() -> None:
    g = Dg(2)
    g.setup(start=1)
    g.meeting({0: ["move", "move", "item"], 1: ["move", "move", "item"]})
    assert g.state.next_start == 1
    explore_all_at_spring(g)
    assert g.state.start == 1


def test_next_turn_ap_is_three_plus_the_ap_placed_at_most_six() -> None:
    g = Dg(4)
    g.setup()
    g.meeting({0: ["next_ap", "item", "move"]})
    explore_all_at_spring(g)
    assert g.state.meeting is not None and g.state.meeting.ap_left == (4, 3, 3, 3)
    g.meeting({0: ["next_ap"] * 4})
    assert g.state.players[0].ap_next == 6  # 3 + 4 is capped at 6
    explore_all_at_spring(g)
    assert g.state.meeting is not None and g.state.meeting.ap_left == (6, 3, 3, 3)
    g.meeting({0: ["item", "item", "move", "move", "next_start", "next_start"]})
    assert g.state.players[0].ap_next == 3  # back to 3 with nothing on next-turn AP


# --- abilities before and after the placement (lines 44, 55, 111, 112; ruling R10) -------------

MEETING_CARDS = ("serizawa-kiyohime", "sorobanzaka-tamaki", "kuronagi-akari")
OTHERS = ("hattori-asuka", "bal", "idaten-koharu")


def ap_left(g: Dg) -> tuple[int, ...]:
    assert g.state.meeting is not None
    return g.state.meeting.ap_left


def test_before_meeting_abilities_spend_ap_that_could_have_been_placed() -> None:
    """Line 111: <作戦会議前> abilities work 作戦会議フェイズで配置できるAPを消費して: every AP one
    of them spends is an AP the player does not place."""
    g = Dg(2)
    g.setup(parties=[("serizawa-kiyohime", "rindou", "tigris"), OTHERS])
    g.expect("meeting-ability")
    assert [str(o.label) for o in g.pending().options] == [  # type: ignore[union-attr]
        "芹沢清姫 Kiyohime Serizawa (Lv1): 早朝特訓 Dawn Training (1 AP)",
        "Done",
    ]
    g.decide(0, "meeting-ability", "serizawa-kiyohime")
    assert "Aki uses 芹沢清姫 (Lv1)'s 早朝特訓, spending 1 AP." in g.text()
    assert ap_left(g) == (2, 3)
    # Used once per meeting: she is not offered again, and Aki places 2 AP, not 3.
    assert placements(g, {0: ["move", "item"], 1: ["move", "move", "item"]}) == [0, 1, 0, 1, 1]
    # What she bought: 2 more AP next turn (3 + 2).
    assert g.state.players[0].ap_next == 5
    explore_all_at_spring(g)
    assert ap_left(g) == (5, 3)


def test_banked_ap_stop_at_six() -> None:
    g = Dg(2)
    g.setup(parties=[("serizawa-kiyohime", "rindou", "tigris"), OTHERS])
    g.decide(0, "meeting-ability", "serizawa-kiyohime")
    g.meeting({0: ["next_ap", "next_ap"]})  # 3 + 2 + 2 = 7: capped
    assert g.state.players[0].ap_next == 6


def test_an_ability_costing_more_than_the_ap_left_is_not_offered() -> None:
    g = Dg(2)
    g.setup(parties=[MEETING_CARDS, OTHERS], items=(5, 5))
    g.decide(0, "meeting-ability", "sorobanzaka-tamaki")  # 2 AP: roll the item die at once
    assert ap_left(g) == (1, 3)
    g.expect("chance:Aki's item roll")
    g.dice(1)
    assert g.state.players[0].items == ("knife",)
    assert set(g.options()) == {"serizawa-kiyohime", "kuronagi-akari", "done"}
    g.decide(0, "meeting-ability", "kuronagi-akari")  # 1 AP: it places (moves) a token
    token = g.expect("token")
    assert token is not None and "done" not in g.options()  # paid for: a token is placed
    g.decide(0, "token", "gym>courtyard")
    # No AP left: 芹沢清姫 (1 AP) is not offered, the meeting goes on to Bea, and Aki places none.
    assert ap_left(g) == (0, 3)
    assert g.waiting() == "1:ap"
    assert placements(g, {1: ["move", "move", "item"]}) == [1, 1, 1]


def test_tokeitou_tokiko_buys_movement_for_this_turn() -> None:
    g = Dg(2)
    g.setup(lv2=["tokeitou-tokiko"])
    g.meeting(FAST)
    g.move(0, "gym")
    g.attack([6], [1, 1])
    g.decide(0, "capture", "party")
    g.rest(1)
    g.decide(0, "meeting-ability", "tokeitou-tokiko")
    assert "Aki's movement is +2 this turn." in g.text() and ap_left(g) == (2, 5)
    g.meeting({0: ["next_ap", "next_ap"]})
    # Lv2 in the party: 2, no AP on movement, +2 from 時計塔トキコ.
    assert movement(g.state, 0) == 4 and "movement 4" in str(g.pending().prompt)  # type: ignore[union-attr]


def test_only_tachikawa_toshio_acts_at_the_end_of_the_meeting() -> None:
    """Line 112: <作戦会議終了時> 現時点では立川トシオのみが該当します."""
    ending = [card.id for card in content().cards.values() if card.timing == "meeting_end"]
    assert ending == ["tachikawa-toshio"]
    starting = [card for card in content().cards.values() if card.timing == "meeting_start"]
    assert starting and all(card.param("ap_cost") >= 1 for card in starting)


def test_tachikawa_toshio_moves_up_to_two_placed_ap() -> None:
    g = Dg(2)
    g.setup(parties=[("tachikawa-toshio", "rindou", "tigris"), OTHERS])
    placements(g, {0: ["item", "item", "combat"], 1: ["move", "move", "next_ap"]})
    g.expect("meeting-ability")
    assert g.pending().seat == 0  # type: ignore[union-attr]
    g.decide(0, "meeting-ability", "tachikawa-toshio")
    g.decide(0, "ap-move", "item>move")
    assert "(1 at most)" in str(g.pending().prompt)  # type: ignore[union-attr]
    g.decide(0, "ap-move", "item>next_ap")
    assert g.state.meeting is not None
    assert [g.state.meeting.count(a, 0) for a in ("item", "move", "next_ap")] == [0, 1, 1]
    # Two moves and no more: the item pair is gone, so no item roll; exploration begins.
    g.skip_meeting_end()
    g.expect("move")
    assert g.state.players[0].ap_next == 4


def test_item_rolls_one_per_complete_pair_in_turn_order() -> None:
    g = Dg(2)
    g.setup(start=1, items=(5, 5))
    g.meeting({0: ["item", "item", "item"], 1: ["item", "move", "move"]})
    # Seat 0 has 3 AP on items: one roll (the odd AP is wasted); seat 1 has one: no roll.
    g.expect("chance:Aki's item roll")
    g.dice(1)
    assert g.state.players[0].items == ("skateboard", "knife")
    assert g.pending() is not None and g.pending().name == "move"  # type: ignore[union-attr]


def test_item_rolls_start_player_first_and_steal() -> None:
    g = Dg(4)
    g.setup(start=2, items=(1, 2, 3, 4))  # seats 2, 3, 0, 1 hold knife, katana, curry, ero-hon
    assert [p.items for p in g.state.players] == [("curry",), ("ero-hon",), ("knife",), ("katana",)]
    g.meeting(
        {
            0: ["item", "item", "move"],
            1: ["item", "item", "move"],
            2: ["move", "move", "move"],
            3: ["item", "item", "move"],
        }
    )
    g.expect("chance:Dan's item roll")
    g.dice(1)  # Dan (seat 3) takes the knife from Chi
    g.expect("chance:Aki's item roll")
    g.dice(4)  # Aki takes the ero-hon from Bea
    g.expect("chance:Bea's item roll")
    g.dice(1)  # Bea takes the knife from Dan
    assert [p.items for p in g.state.players] == [
        ("curry", "ero-hon"),
        ("knife",),
        (),
        ("katana",),
    ]


def test_lv2_rolls_come_after_the_item_rolls_one_per_ap() -> None:
    g = Dg(3)
    g.setup()
    g.meeting({0: ["item", "item", "lv2"], 1: ["lv2", "lv2", "move"], 2: ["move", "move", "move"]})
    g.expect("chance:Aki's item roll")
    g.dice(3)
    g.expect("chance:Aki's Lv2 appearance roll")
    g.dice(4)
    token = g.expect("token")
    assert token is not None
    # Both tokens are on the board (line 37, ruling R8), so the supply is empty: a roll moves one
    # of them to a free square with the number rolled.
    assert g.state.token_supply == 0
    fours = {s.id for s in content().board.spaces.values() if s.number == 4}
    assert set(g.options()) == {f"{old}>{new}" for old in ("gym", "shop") for new in fours} | {
        "done"
    }
    g.decide(0, "token", "gym>stairs")
    g.expect("chance:Bea's Lv2 appearance roll")
    g.dice(4)
    assert not [o for o in g.options() if str(o).endswith(">stairs")]  # it holds a token now
    g.decide(1, "token", "shop>flowerbed")
    g.expect("chance:Bea's Lv2 appearance roll")
    g.dice(1)
    g.decide(1, "token", "stairs>statue")
    assert g.board.tokens == ("statue", "flowerbed") and g.state.token_supply == 0
    g.expect("move")


def test_no_token_on_the_spring_a_boss_a_piece_or_a_token() -> None:
    g = Dg(2)
    g.setup(start=0)
    g.meeting({0: ["move", "move", "item"], 1: ["lv2", "move", "move"]})
    g.expect("chance:Bea's Lv2 appearance roll")
    g.dice(3)
    threes = {s.id for s in content().board.spaces.values() if s.number == 3 and not s.closed_2p}
    # gym (3) holds a token already; the 2-player game closes the broadcast room (3).
    assert token_squares(g) == threes - {"gym"} and "done" in g.options()
    for space in token_squares(g):
        assert content().board.spaces[space].kind == "normal"
    g.decide(1, "token", "done")
    assert g.board.tokens == ("gym", "shop")
    assert "places no Lv2 token" in g.text()


def test_a_piece_blocks_a_token() -> None:
    g = Dg(2)
    g.setup(start=0)
    g.meeting({0: ["move", "move", "item"], 1: ["item", "move", "move"]})
    g.move(0, "statue")  # a Lv1 fight there
    g.attack([6], [1])
    g.decide(0, "capture", "discard")
    g.move(1, "spring")
    g.decide(1, "spring", "rest")
    g.meeting({0: ["lv2", "move", "move"], 1: ["item", "move", "move"]})
    g.dice(1)
    ones = {s.id for s in content().board.spaces.values() if s.number == 1}
    assert token_squares(g) == ones - {"statue"}


def test_a_roll_with_no_free_square_or_no_lv2_deck_does_nothing() -> None:
    g = Dg(2)
    g.setup(start=0)
    g.meeting({0: ["lv2", "move", "move"], 1: ["item", "move", "move"]})
    g.expect("chance:Aki's Lv2 appearance roll")
    threes = tuple(s.id for s in content().board.spaces.values() if s.number == 3)
    # Every square printed 3 holds a token (a state no test can reach quickly: set it up).
    full = dataclasses.replace(g.state, tokens=threes, token_supply=0)
    applied = GAME.apply_chance(full, (3,))
    assert "Aki rolls 3: no free square with that number." in [
        line.public for line in applied.narration
    ]
    assert applied.state.tokens == threes
    assert GAME.pending(applied.state).decisions[0].name == "move"
    # Once the Lv2 deck is exhausted, a roll places nothing.
    retired = dataclasses.replace(g.state, tokens=(), lv2_retired=True)
    applied = GAME.apply_chance(retired, (1,))
    assert "Aki rolls 1, but the Lv2 deck is exhausted." in [
        line.public for line in applied.narration
    ]
    assert applied.state.tokens == ()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_has_room_until_every_capped_action_is_full(players: int) -> None:
    from core.games.dangerous.meeting import has_room
    from core.games.dangerous.state import Meeting

    actions = content().actions
    caps = {action.id: action.cap(players) for action in actions}
    seats = (0,) * (players - 1)
    filled = {action: (cap, *seats) for action, cap in caps.items()}
    meeting = Meeting(ap_left=(1,) * players, placed={}, order=tuple(range(players)))
    assert has_room(meeting, players)
    everything_full = dataclasses.replace(meeting, placed=filled)
    # From five players on no action has a cap, so there is always room.
    assert has_room(everything_full, players) is (players >= 5)
    for action, cap in caps.items():
        one_short = {**filled, action: (cap - 1, *seats)} if cap else filled
        assert has_room(dataclasses.replace(meeting, placed=one_short), players)


@pytest.mark.parametrize("players", [3, 4])
def test_each_turn_queues_its_tasks_in_its_own_seating_order(players: int) -> None:
    # (a turn's tasks are made once per seating order: a turn with another start player must
    # not get the tasks of an earlier one)
    g = Dg(players)
    g.setup(start=0)
    for start in (1, players - 1, 1, 0):
        state = dataclasses.replace(g.state, start=start, agenda=())
        after, _ = TurnStart().run(state)
        order = state.clockwise(start)
        assert after.agenda == (
            *(MeetingAbilities(seat, "meeting_start") for seat in order),
            ApRound(),
            *(MeetingAbilities(seat, "meeting_end") for seat in order),
            MeetingResolve(),
            ExploreStart(),
            *(Explore(seat) for seat in order),
            TurnEnd(),
        )
        assert after.meeting is not None and after.meeting.order == order
