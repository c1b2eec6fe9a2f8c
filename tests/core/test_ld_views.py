"""Hidden information: a seat's view and log show its own card, revealed cards and public facts
only — never another seat's face-down card, the role deck's order or the hero left behind."""

from __future__ import annotations

import dataclasses

from ldkit import GAME, Script

from core.games.light_and_dark.view import Board


def dealt() -> Script:
    s = Script(4)
    s.setup(top=("devil", "witch", "sage"), parent=0)
    s.start_turn((2, 2, 2), "dark-hero")
    return s


def test_each_seat_sees_its_own_card_only_before_the_reveal() -> None:
    s = dealt()
    hands = ("dark-hero", "devil", "witch", "sage")
    labels = (
        "闇の勇者 Dark Hero (red side)",
        "悪魔 Devil (red side)",
        "魔女 Witch (red side)",
        "賢者 Sage (blue side)",
    )
    for viewer in range(4):
        view = s.view(viewer)
        expected = tuple(card if seat == viewer else None for seat, card in enumerate(hands))
        assert view.board.roles == expected
        for seat, summary in enumerate(view.seats):
            assert (labels[seat] in map(str, summary.notes)) == (seat == viewer), (viewer, summary)
    assert s.view(None).board.roles == hands  # the "everyone" view of a replay


def test_the_board_holds_no_deck_order_and_no_hero_deck() -> None:
    fields = {field.name for field in dataclasses.fields(Board)}
    assert "role_deck" not in fields and "hero_deck" not in fields
    s = dealt()
    board = s.view(1).board
    assert board.role_deck_left == 11
    # Nothing in a seat's view depends on the deck's order: swap the deck around and compare.
    state = s.state
    swapped = dataclasses.replace(state, role_deck=tuple(reversed(state.role_deck)))
    other_hero = dataclasses.replace(state, hero_deck=("dark-hero",))
    for viewer in range(4):
        assert GAME.view(swapped, viewer) == s.view(viewer)
    for viewer in range(1, 4):
        assert GAME.view(other_hero, viewer) == s.view(viewer)


def test_claims_are_public_and_the_reveal_shows_everything() -> None:
    s = dealt()
    s.claims({1: "warrior"})
    assert all(s.view(v).board.claims[1] == "warrior" for v in range(4))
    assert "claims 戦士 Warrior" in map(str, s.view(3).seats[1].notes)
    assert s.view(3).board.roles[1] is None  # the claim is not the card
    s.party(1)
    for viewer in range(4):
        assert s.view(viewer).board.roles == ("dark-hero", "devil", "witch", "sage")
        assert str(s.view(viewer).board.boss) == "神 God"


def test_the_log_is_redacted_per_seat() -> None:
    s = dealt()
    lines = {viewer: [line for _, line in s.table.narration(viewer)] for viewer in range(4)}
    assert "You draw the 闇の勇者 Dark Hero (red side)." in lines[0]
    assert "Bea, Chi and Dan draw role cards. You draw the 悪魔 Devil (red side)." in lines[1]
    assert "Bea, Chi and Dan draw role cards. You draw the 魔女 Witch (red side)." in lines[2]
    assert "Aki draws a hero card." in lines[1]
    for viewer in range(4):
        text = "\n".join(lines[viewer])
        assert text.count("You draw") == 1
        for other, card in ((0, "Dark Hero"), (1, "Devil"), (2, "Witch"), (3, "Sage")):
            if other != viewer:
                assert card not in text, (viewer, card)
    everyone = "\n".join(line for _, line in s.table.narration(None))
    assert "Aki draws the 闇の勇者 Dark Hero." in everyone
    assert (
        "Bea draws the 悪魔 Devil; Chi draws the 魔女 Witch; Dan draws the 賢者 Sage." in everyone
    )


def test_the_active_seat_is_marked() -> None:
    s = dealt()
    assert [summary.active for summary in s.view(2).seats] == [False, True, False, False]
    assert "parent" in map(str, s.view(2).seats[0].notes)
