"""The keep-card variant (lines 189-201, option keep_cards, ruling R15)."""

from __future__ import annotations

import pytest
from ldkit import Script

from core.games.light_and_dark.state import Phase
from core.table import LogError


def lines(s: Script, viewer: int | None = 0) -> list[str]:
    return [line for _, line in s.table.narration(viewer)]


def test_left_out_players_keep_their_revealed_card_and_choose_keep_or_draw() -> None:
    s = Script(4, keep_cards=True)
    s.setup(top=("warrior", "devil", "mage", "sage", "witch"), parent=0)
    # Turn 1: Aki takes Bea only; Chi (Devil) and Dan (Mage) are left out and keep their cards.
    s.start_turn((2, 2, 2), "light-hero")
    s.claims()
    s.party(1)
    s.dice(3, 3)
    s.dice(4)
    s.decide(1, "reroll", "keep")
    board = s.view(1).board
    assert board.kept == (False, False, True, True)
    assert board.roles == (None, None, "devil", "mage")  # kept cards stay face up for all
    assert board.discard == ("warrior",)
    assert s.scores() == (3, 3, -1, -1)

    # Turn 2: Bea is parent. After the hero draw, the keepers decide, clockwise from her left.
    s.start_turn((1, 1, 1), "dark-hero")
    decision = s.pending()
    assert decision is not None and (decision.seat, decision.name) == (2, "keep")
    assert {option.id for option in decision.options} == {"keep", "draw"}
    assert str(s.view().phase) == Phase.KEEP.value
    s.decide(2, "keep", "keep")
    decision = s.pending()
    assert decision is not None and (decision.seat, decision.name) == (3, "keep")
    s.decide(3, "keep", "draw")
    # The deal: Dan (who gave up his Mage) and Aki (last turn's parent) draw, clockwise.
    everyone = s.view(None).board
    assert everyone.roles == ("witch", "dark-hero", "devil", "sage")
    assert everyone.discard == ("warrior", "mage")
    assert s.view(0).board.roles == ("witch", None, "devil", None)
    assert "Chi keeps the 悪魔 Devil from last turn." in lines(s)
    assert "Dan discards the kept 魔術師 Mage to draw a new card." in lines(s)
    assert s.view(0).board.role_deck_left == 14 - 5
    order = s.claims()
    assert order == [2, 3, 0, 1]

    # Chi plays the kept Devil; Aki (Witch) and Dan (Sage) are left out and keep theirs.
    s.party(2)
    s.dice(1, 1)
    s.dice(6)
    s.decide(2, "reroll", "keep")
    assert s.view(None).board.kept == (True, False, False, True)

    # Turn 3: Chi becomes parent and holds no kept card; Dan is a keeper, Aki is a keeper.
    s.start_turn((1, 1, 1), "light-hero")
    assert [d.seat for d in s.table.decisions()] == [3]
    s.decide(3, "keep", "keep")
    s.decide(0, "keep", "keep")
    assert s.view(None).board.roles == ("witch", "devil", "light-hero", "sage")
    s.claims()
    s.give_up()
    # A give-up discards every card, kept or not: nobody keeps into turn 4.
    assert s.view(None).board.kept == (False, False, False, False)
    assert s.view(None).board.roles == (None, None, None, None)
    s.start_turn((1, 1, 1), "light-hero")
    assert str(s.view().phase) == Phase.CLAIMS.value


def test_a_keeper_who_becomes_parent_discards_the_kept_card() -> None:
    s = Script(3, keep_cards=True)
    s.setup(top=("gambler", "witch"), parent=0)
    s.start_turn((1, 1), "light-hero")
    s.claims()
    s.party()  # both left out: Bea keeps the Gambler, Chi the Witch
    s.dice(1, 1)
    # Bea becomes parent at once, as the turn ends, and discards the Gambler she kept.
    assert "Bea becomes parent and discards the kept ギャンブラー Gambler." in lines(s)
    assert s.view(None).board.kept == (False, False, True)
    assert s.view(0).board.discard == ("gambler",)
    s.start_turn((1, 1), "light-hero")
    assert s.view(None).board.roles[1] == "light-hero"
    decision = s.pending()
    assert decision is not None and (decision.seat, decision.name) == (2, "keep")


def test_draw_is_offered_only_while_the_deck_can_supply_everyone_who_must_draw() -> None:
    s = Script(6, keep_cards=True)
    s.setup(parent=0)
    # Turn 1: Aki alone; five keepers. 9 cards left.
    s.start_turn((1, 1, 1, 1, 1), "light-hero")
    s.claims()
    s.party()
    s.dice(1, 1)
    # Turn 2: Bea (a keeper) becomes parent and discards; the other four keepers all draw.
    s.start_turn((1, 1, 1, 1, 1), "light-hero")
    for seat in (2, 3, 4, 5):
        s.decide(seat, "keep", "draw")
    assert s.view(0).board.role_deck_left == 4
    s.claims()
    s.party()
    s.dice(1, 1)
    # Turn 3 (without the variant a six-player game would already be over): Chi is parent;
    # Bea must draw, so 4 cards allow three of the four keepers to swap, not the fourth.
    assert not s.table.over
    s.start_turn((1, 1, 1, 1, 1), "light-hero")
    for seat in (3, 4, 5):
        decision = s.pending()
        assert decision is not None and decision.seat == seat
        assert {option.id for option in decision.options} == {"keep", "draw"}
        s.decide(seat, "keep", "draw")
    decision = s.pending()
    assert decision is not None and decision.seat == 0
    assert [option.id for option in decision.available] == ["keep"]
    with pytest.raises(LogError, match="Draw a new card: the role deck has no card left"):
        s.decide(0, "keep", "draw")
    s.decide(0, "keep", "keep")
    assert s.view(0).board.role_deck_left == 0
    s.claims()
    s.give_up()
    # Turn 4 cannot be dealt: the game ends.
    assert "The role deck has 0 cards, too few for everyone: the game ends." in lines(s)
    assert len(s.view().board.history) == 3


def test_without_the_variant_left_out_cards_are_discarded() -> None:
    s = Script(3)
    s.setup(top=("gambler", "witch"), parent=0)
    s.start_turn((1, 1), "light-hero")
    s.claims()
    s.party()
    s.dice(1, 1)
    board = s.view(None).board
    assert board.kept == (False, False, False)
    assert board.roles == (None, None, None)
    assert board.discard == ("gambler", "witch")
