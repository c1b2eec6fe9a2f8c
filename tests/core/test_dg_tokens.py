"""The Lv2 tokens' life (rulebook lines 37, 57, 66; docs/rules/dangerous.md ruling R8): the two
tokens of line 37 start on the board; a fought token goes back to the supply and is placed again
by a Lv2 roll, so tokens keep coming until the Lv2 deck runs dry, and then every token leaves
the board for good (line 66)."""

from __future__ import annotations

from dgkit import DECKS, FAST, Dg

from core.games.dangerous.board import destinations, token_spaces
from core.games.dangerous.content import content
from core.games.dangerous.explore import movement

AKI = {0: ["lv2", "move", "move"], 1: ["move", "move", "item"]}
"""Aki rolls for one Lv2 token a turn and moves 3; Bea's one AP on items rolls nothing."""


def put_token_in_reach(g: Dg) -> str:
    """Answer Aki's Lv2 roll so that a token lands on a square she can reach: roll that
    square's number, then put a token from the supply there (or, with the supply empty, move
    one there). Returns the square."""
    g.expect("chance:Aki's Lv2 appearance roll")
    state = g.state
    reach = destinations(state, 0, movement(state, 0))
    square = min(space for space in token_spaces(state) if space in reach)
    g.dice(content().board.spaces[square].number)
    choice = next(str(o) for o in g.options() if str(o).split(">")[-1] == square)
    g.decide(0, "token", choice)
    return square


def fight_through(g: Dg) -> None:
    """Play the battle under way to its end: Aki's card rolls a 6 and the enemy's dice show 1
    (every other die too); the enemy uses no optional ability; a beaten card goes to Aki's
    discard pile (her movement stays 3)."""
    answers = {"capture": "discard", "ability": "no", "after-dice": "done", "flee": "fight"}
    while True:
        request = g.table.step.chance
        if request is not None:
            faces = [1] * request.count
            if "attack dice" in str(request.label):
                faces[0] = 6  # side 0's die comes first: Aki's Lv1 card rolls one
            g.dice(*faces)
            continue
        decision = g.pending()
        if decision is None or decision.name not in answers:
            assert g.state.combat is None, g.waiting()
            return
        g.decide(decision.seat, decision.name, answers[decision.name])


def test_both_tokens_start_on_the_board_so_the_first_roll_moves_one() -> None:
    g = Dg(2)
    g.setup()
    assert g.board.tokens == ("gym", "shop") and g.state.token_supply == 0
    g.meeting(AKI)
    g.expect("chance:Aki's Lv2 appearance roll")
    g.dice(1)
    assert all(">" in str(option) for option in g.options() if option != "done")
    g.decide(0, "token", "gym>library")
    assert g.board.tokens == ("library", "shop") and "moves a Lv2 token" in g.text()


def test_a_fought_token_goes_back_to_the_supply_and_is_placed_again() -> None:
    g = Dg(2)
    g.setup(lv2=["kyouko"])
    g.meeting(FAST)
    g.move(0, "gym")  # 4 steps: the token stops the move, Aki fights the top Lv2 card
    assert g.board.tokens == ("shop",) and g.state.token_supply == 1
    fight_through(g)
    g.rest(1)
    g.meeting(AKI)
    g.expect("chance:Aki's Lv2 appearance roll")
    g.dice(3)
    # The supply holds the fought token: it is put on the board, not moved there.
    threes = {s.id for s in content().board.spaces.values() if s.number == 3 and not s.closed_2p}
    assert set(g.options()) == threes - {"gym"} | {"done"}  # Aki's piece stands on the gym
    g.decide(0, "token", "entrance")
    assert g.board.tokens == ("shop", "entrance") and g.state.token_supply == 0


def test_tokens_keep_coming_until_the_lv2_deck_runs_dry_then_leave_for_good() -> None:
    """Line 66 in real play: every Lv2 card is fought through tokens placed by Lv2 rolls, and
    the moment the deck is empty every token leaves the board and no roll places one again."""
    g = Dg(2)
    g.setup()
    cards = len(DECKS["lv2"])
    for fought in range(1, cards + 1):
        g.meeting(AKI)
        square = put_token_in_reach(g)
        g.move(0, square)
        assert g.state.combat is not None and g.state.combat.kind == "lv2"
        assert len(g.state.decks["lv2"]) == cards - fought
        fight_through(g)
        if fought < cards:
            assert not g.state.lv2_retired and len(g.board.tokens) == 1
            assert g.state.token_supply == 1  # the fought token, back in the supply
        g.rest(1)
    assert "every Lv2 token leaves the board for good" in g.text()
    assert g.board.tokens == () and g.state.token_supply == 0 and g.state.lv2_retired
    assert set(g.discard(0)) >= set(DECKS["lv2"]) - set(g.party(0))
    g.meeting(AKI)
    g.expect("chance:Aki's Lv2 appearance roll")
    g.dice(1)
    assert "Aki rolls 1, but the Lv2 deck is exhausted." in g.text()
    assert g.board.tokens == ()
    g.expect("move")
