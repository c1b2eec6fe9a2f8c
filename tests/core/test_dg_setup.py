"""Dangerous setup (rulebook §2, docs/rules/dangerous.md "Setup"): bosses in draw order, the
two-player closed areas, the deal and the draft, the start player, the starting items, the Lv2
tokens, the pieces and the party order."""

from __future__ import annotations

import pytest
from dgkit import DECKS, QUIET, Dg, boss_cards, deck

from core.games.dangerous.board import destinations, token_spaces
from core.games.dangerous.content import content
from core.table import LogError

LV3 = list(DECKS["lv3"])
TRANSFER = list(DECKS["transfer"])


def shuffled(players: int, *, draft: bool = False) -> Dg:
    """A table with all four decks shuffled (in content order), before the deal's choices."""
    g = Dg(players, draft=draft)
    g.shuffle(deck("lv3"))
    g.shuffle(deck("transfer"))
    g.shuffle(deck("lv1"))
    g.shuffle(deck("lv2"))
    return g


# --- the bosses -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_bosses_take_their_cards_in_draw_order(players: int) -> None:
    lv3 = list(reversed(LV3))  # any order: the bosses follow it
    transfer = [TRANSFER[2], TRANSFER[0], TRANSFER[4], TRANSFER[1], TRANSFER[3]]
    g = Dg(players)
    g.setup(lv3=lv3, transfer=transfer)
    bosses = g.state.bosses
    assert bosses == {
        "forest": (lv3[0],),
        "classroom-a": (lv3[1],),
        "classroom-b": (lv3[2],),
        "dojo": (lv3[3], lv3[4]),
        "banchou": (lv3[5], lv3[6]),
        "council": (lv3[7], transfer[0]),
        "old-building": (lv3[8], lv3[9], transfer[1]),
    }
    assert {k: tuple(v) for k, v in boss_cards(players, lv3, transfer).items()} == bosses
    # The rest of the Lv3 and 転校生 decks stays unused, in order.
    assert g.state.decks["lv3"] == tuple(lv3[10:])
    assert g.state.decks["transfer"] == tuple(transfer[2:])


def test_two_players_build_no_boss_in_the_closed_areas() -> None:
    g = Dg(2)
    g.setup(lv3=LV3, transfer=TRANSFER)
    bosses = g.state.bosses
    assert set(bosses) == {"forest", "classroom-a", "classroom-b", "banchou", "old-building"}
    # Ruling R3: the closed bosses still draw, and their cards go to the bottom, so the others
    # take the same positions of the deck as with more players.
    assert bosses["banchou"] == (LV3[5], LV3[6])
    assert bosses["old-building"] == (LV3[8], LV3[9], TRANSFER[1])
    assert g.state.decks["lv3"] == (*LV3[10:], LV3[3], LV3[4], LV3[7])
    assert g.state.decks["transfer"] == (*TRANSFER[2:], TRANSFER[0])
    assert [b.id for b in g.board.bosses] == [
        "forest",
        "classroom-a",
        "classroom-b",
        "banchou",
        "old-building",
    ]


def test_face_down_bosses_are_in_no_view() -> None:
    g = Dg(3)
    g.setup()
    for viewer in (None, 0, 1, 2):
        board = g.view(viewer).board
        for boss in board.bosses:
            assert all(card is None for card in boss.cards)
            assert len(boss.cards) == len(g.state.bosses[boss.id])
        assert board.decks["lv3"] == 6 and board.decks["transfer"] == 3


def test_two_players_cannot_enter_the_closed_areas() -> None:
    g = Dg(2)
    g.setup()
    closed = {s.id for s in content().board.spaces.values() if s.closed_2p}
    assert closed == {"broadcast-room", "walkway", "dojo-approach", "dojo", "council"}
    # Even with a huge movement, no closed space can be reached; no token may go there.
    assert not closed & set(destinations(g.state, 0, 40))
    assert not closed & set(token_spaces(g.state))
    assert {"shop", "science-lab"} <= set(destinations(g.state, 0, 40))
    g3 = Dg(3)
    g3.setup()
    reach = set(destinations(g3.state, 0, 40))
    assert {"walkway", "dojo-approach", "dojo"} <= reach
    # With 3 players the council spur is open, but the Lv2 token on the shop blocks its only way.
    assert "shop" in reach and not {"broadcast-room", "council"} & reach


# --- the starting parties -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_is_dealt_three_lv1_cards_from_the_top(players: int) -> None:
    g = shuffled(players)
    lv1 = deck("lv1")
    for seat in range(players):
        assert g.party(seat) == tuple(lv1[3 * seat : 3 * seat + 3])
    assert g.state.decks["lv1"] == tuple(lv1[3 * players :])
    assert g.board.lv1_top == lv1[3 * players]
    assert g.board.lv2_top == deck("lv2")[0]


def test_draft_keeps_one_and_passes_the_rest_to_the_left() -> None:
    g = shuffled(3, draft=True)
    lv1 = deck("lv1")
    packets = [tuple(lv1[0:3]), tuple(lv1[3:6]), tuple(lv1[6:9])]
    assert g.state.draft == tuple(packets)
    assert all(g.party(seat) == () for seat in range(3))
    # Everyone picks at once, in any order.
    assert g.waiting() == "0:draft,1:draft,2:draft"
    g.decide(2, "draft", packets[2][0])
    g.decide(0, "draft", packets[0][1])
    g.decide(1, "draft", packets[1][2])
    # Each packet moved one seat to the left (clockwise): seat s now holds seat s-1's rest.
    assert g.state.draft == (
        (packets[2][1], packets[2][2]),
        (packets[0][0], packets[0][2]),
        (packets[1][0], packets[1][1]),
    )
    g.decide(0, "draft", packets[2][2])
    g.decide(1, "draft", packets[0][0])
    g.decide(2, "draft", packets[1][1])
    # The last card is the one passed in.
    assert g.state.draft == ((packets[1][0],), (packets[2][1],), (packets[0][2],))
    assert g.options(0) == [packets[1][0]]
    for seat in range(3):
        g.decide(seat, "draft", g.state.draft[seat][0])
    assert g.state.draft == ()
    assert g.party(0) == (packets[0][1], packets[2][2], packets[1][0])
    assert g.party(1) == (packets[1][2], packets[0][0], packets[2][1])
    assert g.party(2) == (packets[2][0], packets[1][1], packets[0][2])
    assert g.state.decks["lv1"] == tuple(lv1[9:])
    g.expect("chance:start player")


def test_draft_packets_are_only_in_their_owners_view() -> None:
    g = shuffled(4, draft=True)
    packets = g.state.draft
    for viewer in range(4):
        assert g.view(viewer).board.draft == packets[viewer]
    assert g.view(None).board.draft is None
    # A packet's cards are named in nobody else's view (the deal is not public either).
    for viewer in range(4):
        shown = repr(g.view(viewer))
        for seat, packet in enumerate(packets):
            for card in packet:
                assert (f"'{card}'" in shown) == (seat == viewer), (viewer, card)
    # Draft picks are legal only from one's own packet.
    with pytest.raises(LogError):
        g.decide(0, "draft", packets[1][0])


# --- start player, items, tokens, pieces, order ---------------------------------------------------


def test_start_player_then_items_clockwise_with_stealing() -> None:
    g = shuffled(3)
    g.expect("chance:first start player")
    g.pick(1)
    assert g.state.start == 1
    # Seat 1 rolls first, then 2, then 0; a face someone already holds is taken from them.
    g.expect("chance:Bea's item roll")
    g.dice(2)
    assert g.state.players[1].items == ("katana",)
    g.expect("chance:Chi's item roll")
    g.dice(2)
    assert g.state.players[1].items == () and g.state.players[2].items == ("katana",)
    g.expect("chance:Aki's item roll")
    g.dice(3)
    assert [p.items for p in g.state.players] == [("curry",), (), ("katana",)]
    assert "taking it from Bea" in g.text()


def test_an_item_rolled_again_by_its_holder_stays_with_them() -> None:
    g = Dg(2)
    g.setup(items=(4, 4))
    assert [p.items for p in g.state.players] == [(), ("ero-hon",)]
    g2 = Dg(2)
    g2.setup(items=(1, 6))
    assert [p.items for p in g2.state.players] == [("knife",), ("energy-drink",)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_lv2_tokens_start_on_their_squares_and_pieces_on_the_spring(players: int) -> None:
    g = Dg(players)
    g.setup()
    board = g.board
    # Line 37 names two tokens and no more (ruling R8): both are on the board, none in supply.
    assert board.tokens == ("gym", "shop")
    assert board.token_supply == 0
    assert all(player.space == "spring" for player in board.players)
    assert board.turn == 1 and board.phase == "meeting"


def test_parties_are_ordered_in_turn_order_from_the_start_player() -> None:
    g = shuffled(3)
    g.pick(2)
    g.dice(1)
    g.dice(2)
    g.dice(3)
    lv1 = deck("lv1")
    asked = []
    while (decision := g.pending()) is not None and decision.name == "order":
        asked.append(decision.seat)
        g.decide(decision.seat, "order", tuple(reversed(g.party(decision.seat))))
    assert asked == [2, 0, 1]
    for seat in range(3):
        assert g.party(seat) == tuple(reversed(lv1[3 * seat : 3 * seat + 3]))
    # The meeting begins: 芹沢清姫 (dealt to seat 0) offers her ability before any AP.
    g.expect("meeting-ability")
    assert g.pending().seat == 0  # type: ignore[union-attr]


def test_a_party_order_must_name_every_card_once() -> None:
    g = shuffled(2)
    g.pick(0)
    g.dice(5)
    g.dice(5)
    with pytest.raises(LogError):
        g.decide(0, "order", tuple(g.party(0)[:2]))
    with pytest.raises(LogError):
        g.decide(1, "order", tuple(g.party(1)))  # not seat 1's turn yet
    g.decide(0, "order", tuple(g.party(0)))


def test_quiet_parties_by_default() -> None:
    g = Dg(2)
    g.setup()
    assert g.party(0) == QUIET[:3] and g.party(1) == QUIET[3:6]
