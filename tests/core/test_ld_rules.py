"""Light-and-dark rules, phase by phase, and the rulings they rest on (R1-R16 in
docs/rules/light-and-dark.md; the sudden death R13 and the keep-card variant R15 have files of
their own)."""

from __future__ import annotations

from collections import Counter

import pytest
from ldkit import GAME, ROLE_DECK, Script

from core.chance import ChanceKind
from core.decisions import DecisionKind
from core.games.light_and_dark.content import Colour, Effect, content
from core.games.light_and_dark.state import Phase
from core.table import LogError, Seat, Table

BLUE = {"light-hero", "warrior", "mage", "sage", "priest", "gambler"}
RED = {"dark-hero", "devil", "half-devil", "witch", "fallen-angel"}

# --- R1, R3: the cards and their colours ----------------------------------------------------------


def test_colours_follow_r1_and_r3() -> None:
    roles = content().roles
    assert {r for r, card in roles.items() if card.colour is Colour.BLUE} == BLUE
    assert {r for r, card in roles.items() if card.colour is Colour.RED} == RED


def test_the_18_cards_and_a_7_to_7_role_deck() -> None:
    roles = content().roles
    assert len(content().bosses) == 2
    assert sorted(content().deck("hero")) == ["dark-hero", "light-hero"]
    assert len(ROLE_DECK) == 14
    assert 2 + len(content().deck("hero")) + len(ROLE_DECK) == 18
    colours = Counter(roles[card].colour for card in ROLE_DECK)
    assert colours == {Colour.BLUE: 7, Colour.RED: 7}
    assert Counter(ROLE_DECK) == {
        "warrior": 2,
        "mage": 2,
        "sage": 1,
        "priest": 1,
        "gambler": 1,
        "half-devil": 1,
        "devil": 4,
        "witch": 1,
        "fallen-angel": 1,
    }


# --- R1, R2, R14: the dice of each role -----------------------------------------------------------


def test_dice_effects_follow_r1_and_r2() -> None:
    effects = {r: (card.dice, card.effect) for r, card in content().roles.items()}
    assert effects == {
        "light-hero": (2, Effect.SUM),
        "dark-hero": (2, Effect.SUM),
        "warrior": (1, Effect.REROLL),
        "devil": (1, Effect.REROLL),
        "mage": (2, Effect.CHOOSE),
        "witch": (2, Effect.CHOOSE),
        "gambler": (2, Effect.GAMBLER),
        "half-devil": (1, Effect.SUM),
        "sage": (1, Effect.SUM),
        "priest": (1, Effect.SUM),
        "fallen-angel": (1, Effect.SUM),
    }


def spread(total: int, count: int) -> list[int]:
    """`count` dice adding up to `total`, each 1-6."""
    assert count <= total <= 6 * count
    faces = [1] * count
    extra = total - count
    for index in range(count):
        step = min(5, extra)
        faces[index] += step
        extra -= step
    return faces


def battle(players: int, hand: list[str], hero: str = "light-hero", hp: int = 1) -> Script:
    """A turn up to the battle, parent 0 holding `hero`, seats 1.. holding `hand`, all in."""
    s = Script(players)
    s.setup(top=hand, parent=0)
    s.start_turn(spread(hp, players - 1), hero)
    s.claims()
    s.party(*range(1, players))
    return s


@pytest.mark.parametrize("card", ["sage", "priest", "half-devil", "fallen-angel"])
def test_single_die_roles_roll_one_die_with_no_decision(card: str) -> None:
    s = battle(3, [card, "sage" if card != "sage" else "priest"], hp=2)
    s.dice(3, 4)
    request = s.table.step.chance
    assert request is not None and request.count == 1
    s.dice(5)
    assert s.state.rolls[-1].value == 5
    assert s.table.step.chance is not None  # straight on to the next roller


def test_heroes_roll_two_dice_and_add_them() -> None:
    for hero in ("light-hero", "dark-hero"):
        s = battle(3, ["sage", "priest"], hero=hero, hp=2)
        request = s.table.step.chance
        assert request is not None and request.count == 2
        s.dice(6, 5)
        assert s.state.rolls[0].value == 11


@pytest.mark.parametrize("card", ["warrior", "devil"])
def test_reroll_is_optional_and_the_second_roll_stands(card: str) -> None:
    kept = battle(3, [card, "sage"], hp=2)
    kept.dice(1, 1)
    kept.dice(2)
    decision = kept.pending()
    assert decision is not None and decision.name == "reroll" and decision.seat == 1
    assert {option.id for option in decision.options} == {"keep", "reroll"}
    kept.decide(1, "reroll", "keep")
    assert kept.state.rolls[1].value == 2 and kept.state.rolls[1].reroll is None

    worse = battle(3, [card, "sage"], hp=2)
    worse.dice(1, 1)
    worse.dice(5)
    worse.decide(1, "reroll", "reroll")
    request = worse.table.step.chance
    assert request is not None and request.count == 1
    worse.dice(1)  # lower than the first roll, but it stands
    roll = worse.state.rolls[1]
    assert (roll.dice, roll.reroll, roll.value) == ((5,), 1, 1)
    # Only one reroll: the next thing due is the Sage's die, not another reroll decision.
    assert worse.table.step.chance is not None and worse.pending() is None


@pytest.mark.parametrize("card", ["mage", "witch"])
def test_choose_keeps_either_die_and_equal_dice_need_no_decision(card: str) -> None:
    s = battle(3, [card, "sage"], hp=2)
    s.dice(1, 1)
    s.dice(2, 6)
    decision = s.pending()
    assert decision is not None and decision.name == "choose"
    assert decision.kind is DecisionKind.CHOOSE_ONE
    assert sorted(option.id for option in decision.options) == [2, 6]
    with pytest.raises(LogError, match="entry 12"):
        s.decide(1, "choose", 4)
    s.decide(1, "choose", 2)  # the lower die is allowed
    assert s.state.rolls[1].value == 2

    same = battle(3, [card, "sage"], hp=2)
    same.dice(1, 1)
    same.dice(4, 4)
    assert same.pending() is None
    assert same.state.rolls[1].value == 4


@pytest.mark.parametrize(
    ("faces", "value"), [((2, 5), -3), ((3, 3), -6), ((4, 6), 10), ((1, 6), 5), ((6, 1), 5)]
)
def test_gambler_even_faces_plus_odd_faces_minus(faces: tuple[int, int], value: int) -> None:
    s = battle(3, ["gambler", "sage"], hp=2)
    s.dice(1, 1)
    s.dice(*faces)
    assert s.state.rolls[1].value == value


# --- R3, R5: the total (and the Gambler, line 105) ------------------------------------------------


def finish_battle(hero: str, companions: list[str], values: list[int], hp: int) -> Script:
    """Parent 0 with `hero`; companions roll single dice (Sage/Priest/Half-devil/Fallen Angel)."""
    players = len(companions) + 1
    s = Script(players)
    s.setup(top=companions, parent=0)
    s.start_turn(spread(hp, players - 1), hero)
    s.claims()
    s.party(*range(1, players))
    s.dice(*spread(values[0], 2))
    for value in values[1:]:
        s.dice(value)
    return s


def test_same_colour_adds_and_other_colour_subtracts_for_a_light_parent() -> None:
    s = finish_battle("light-hero", ["sage", "fallen-angel", "priest"], [7, 3, 5, 2], hp=7)
    turn = s.view().board.history[-1]
    assert turn.total == 7 + 3 - 5 + 2
    assert turn.won is True


def test_same_colour_adds_and_other_colour_subtracts_for_a_dark_parent() -> None:
    s = finish_battle("dark-hero", ["sage", "fallen-angel", "half-devil"], [7, 3, 5, 2], hp=9)
    turn = s.view().board.history[-1]
    assert turn.total == 7 - 3 + 5 + 2 == 11
    assert turn.won is True


def test_gambler_value_is_signed_by_its_blue_colour_for_a_red_parent() -> None:
    s = battle(3, ["gambler", "half-devil"], hero="dark-hero", hp=12)
    s.dice(5, 6)
    s.dice(1, 3)  # Gambler -4, subtracted: +4
    s.dice(1)
    turn = s.view().board.history[-1]
    assert turn.total == 11 + 4 + 1 == 16
    assert turn.won is True
    # The party won, but the Gambler is blue: it loses its share (12 / 3 = 4).
    assert turn.deltas == (4, -4, 4)


def test_a_total_equal_to_the_boss_hp_wins() -> None:
    s = finish_battle("light-hero", ["sage", "priest"], [6, 3, 3], hp=12)
    turn = s.view().board.history[-1]
    assert (turn.total, turn.boss_hp, turn.won) == (12, 12, True)
    below = finish_battle("light-hero", ["sage", "priest"], [6, 3, 2], hp=12)
    assert below.view().board.history[-1].won is False


# --- R6, R8, R11: scoring -------------------------------------------------------------------------


def test_win_and_loss_scoring_by_colour() -> None:
    won = finish_battle("light-hero", ["sage", "fallen-angel"], [12, 1, 1], hp=9)
    assert won.view().board.history[-1].won is True
    assert won.scores() == (3, 3, -3)  # 9 / 3 = 3, no remainder
    lost = finish_battle("light-hero", ["sage", "fallen-angel"], [2, 1, 6], hp=9)
    assert lost.view().board.history[-1].won is False
    assert lost.scores() == (-3, -3, 3)


@pytest.mark.parametrize(
    ("hp", "values", "won", "scores"),
    [
        (10, [12, 1, 1], True, (4, 3, -3)),  # 10 / 3 = 3 r 1: parent 3 + 1
        (11, [2, 1, 6], False, (-4, -3, 3)),  # 11 / 3 = 3 r 2: the extra is still just 1
        (2, [12, 1, 1], True, (1, 0, 0)),  # 2 / 3 = 0 r 2: the parent alone gains 1
        (2, [2, 1, 6], False, (-1, 0, 0)),  # ... or loses 1
    ],
)
def test_remainder_goes_to_the_parent_alone_in_the_parents_direction(
    hp: int, values: list[int], won: bool, scores: tuple[int, ...]
) -> None:
    s = finish_battle("light-hero", ["sage", "fallen-angel"], values, hp=hp)
    assert s.view().board.history[-1].won is won
    assert s.scores() == scores


def test_party_includes_the_parent_and_players_left_out_lose_1() -> None:
    s = Script(5)
    s.setup(top=("sage", "devil", "priest", "witch"), parent=0)
    s.start_turn((3, 3, 3, 3), "light-hero")
    s.claims()
    s.decide(0, "verdict", "party")
    before = s.scores()
    s.decide(0, "party", [3, 1])
    assert s.scores() == (0, 0, -1, 0, -1)  # left out: seats 2 and 4, at once
    assert before == (0,) * 5
    assert s.state.party == (0, 1, 3)  # parent first, then clockwise
    s.dice(6, 6)
    s.dice(6)  # Sage +6
    s.dice(1)  # Priest +1: 19 >= 12
    turn = s.view().board.history[-1]
    assert turn.won is True
    assert s.scores() == (4, 4, -1, 4, -1)  # 12 / 3 = 4; the left out do not share
    assert turn.deltas == (4, 4, -1, 4, -1)  # the turn's record shows every change


def test_party_decision_allows_zero_to_all_companions() -> None:
    s = Script(4)
    s.setup(parent=1)
    s.start_turn((1, 1, 1), "light-hero")
    s.claims()
    s.decide(1, "verdict", "party")
    decision = s.pending()
    assert decision is not None and decision.kind is DecisionKind.CHOOSE_SEVERAL
    assert (decision.min_count, decision.max_count) == (0, 3)
    assert [option.id for option in decision.options] == [2, 3, 0]  # clockwise from the left
    with pytest.raises(LogError, match=r"entry 10: .*not one of"):
        s.decide(1, "party", [1])  # the parent is always in; not an option
    s.decide(1, "party", [])
    assert s.state.party == (1,)
    assert s.scores() == (-1, 0, -1, -1)


def test_give_up_costs_the_parent_1_only_and_reveals_every_card() -> None:
    s = Script(4)
    s.setup(top=("devil", "mage", "witch"), parent=3)
    s.start_turn((2, 2, 2), "dark-hero")
    s.claims({0: "warrior"})
    decision = s.pending()
    assert decision is not None and decision.name == "verdict"
    assert {option.id for option in decision.options} == {"party", "give-up"}
    s.give_up()
    assert s.scores() == (0, 0, 0, -1)
    turn = s.view().board.history[-1]
    assert turn.gave_up and turn.party == () and turn.total is None and turn.won is None
    assert turn.deltas == (0, 0, 0, -1)
    assert turn.roles == ("devil", "mage", "witch", "dark-hero")
    assert s.view(1).board.discard == ("devil", "mage", "witch")
    assert any(
        "Everyone reveals: Aki 悪魔 Devil, Bea 魔術師 Mage, Chi 魔女 Witch, Dan 闇の勇者 Dark Hero"
        in line
        for _, line in s.table.narration(1)
    )
    assert s.view().board.parent == 0  # the parent passes left (seat 3 -> 0)


# --- R7: the boss shown ---------------------------------------------------------------------------


@pytest.mark.parametrize(("hero", "boss"), [("light-hero", "魔王"), ("dark-hero", "神")])
def test_boss_shown_faces_the_parents_hero(hero: str, boss: str) -> None:
    s = battle(3, ["sage", "priest"], hero=hero, hp=2)
    assert boss in str(s.view(1).board.boss)
    assert any(boss in line for _, line in s.table.narration(2))


def test_the_boss_has_no_effect_on_scoring() -> None:
    light = finish_battle("light-hero", ["sage", "fallen-angel"], [8, 2, 3], hp=6)
    dark = finish_battle("dark-hero", ["fallen-angel", "sage"], [8, 2, 3], hp=6)
    assert light.scores() == dark.scores() == (2, 2, -2)


# --- R9, R10: the order of a game -----------------------------------------------------------------


def test_setup_shuffles_the_role_deck_then_picks_the_first_parent() -> None:
    s = Script(5)
    request = s.table.step.chance
    assert request is not None and request.kind is ChanceKind.SHUFFLE
    assert sorted(request.items) == sorted(ROLE_DECK)
    assert s.pending() is None
    s.shuffle(sorted(ROLE_DECK))
    request = s.table.step.chance
    assert request is not None and request.kind is ChanceKind.PICK
    assert tuple(request.choices) == (0, 1, 2, 3, 4)
    s.pick(3)
    assert s.view().board.parent == 3


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_boss_hp_is_players_minus_one_dice(players: int) -> None:
    s = Script(players)
    s.setup(parent=0)
    request = s.table.step.chance
    assert request is not None and request.kind is ChanceKind.DICE
    assert request.count == players - 1 and request.sides == 6
    with pytest.raises(LogError, match=f"expected {players - 1} dice"):
        s.dice(*[6] * players)
    s.dice(*[6] * (players - 1))
    assert s.view(1).board.boss_hp == 6 * (players - 1)
    assert s.view(1).board.boss_dice == (6,) * (players - 1)


def test_hero_draw_shuffles_the_two_heroes_and_the_parent_takes_the_first() -> None:
    for first in ("light-hero", "dark-hero"):
        s = Script(3)
        s.setup(parent=2)
        s.dice(3, 3)
        request = s.table.step.chance
        assert request is not None and request.kind is ChanceKind.SHUFFLE
        assert sorted(request.items) == ["dark-hero", "light-hero"]
        other = "dark-hero" if first == "light-hero" else "light-hero"
        s.shuffle([first, other])
        assert s.view(2).board.roles[2] == first
        assert s.view(0).board.roles[2] is None


def test_deal_goes_clockwise_from_the_parents_left_off_the_top() -> None:
    s = Script(5)
    s.setup(top=("gambler", "witch", "sage", "devil"), parent=2)
    s.start_turn((1, 1, 1, 1), "light-hero")
    everyone = s.view(None).board.roles
    assert everyone == ("sage", "devil", "light-hero", "gambler", "witch")
    for seat in range(5):
        assert s.view(seat).board.roles[seat] == everyone[seat]
    assert s.view(0).board.role_deck_left == 10


def test_claims_go_clockwise_from_the_left_ending_with_the_parent_and_are_public() -> None:
    s = Script(4)
    s.setup(top=("devil", "sage", "witch"), parent=1)
    s.start_turn((1, 1, 1), "light-hero")
    first = s.pending()
    assert first is not None and first.name == "claim" and first.seat == 2
    ids = {option.id for option in first.options}
    assert ids == {"silent", *sorted(set(ROLE_DECK))}
    order = s.claims({2: "warrior", 3: "silent", 0: "mage", 1: "dark-hero"})
    assert order == [2, 3, 0, 1]
    for viewer in (None, 0, 1, 2, 3):
        assert s.view(viewer).board.claims == ("mage", "dark-hero", "warrior", "silent")
        lines = [line for _, line in s.table.narration(viewer)]
        assert "Chi claims to be the 戦士 Warrior." in lines
        assert "Bea claims to be the 闇の勇者 Dark Hero." in lines


def test_the_parent_claims_a_hero_only() -> None:
    s = Script(3)
    s.setup(parent=0)
    s.start_turn((1, 1), "light-hero")
    s.decide(1, "claim", "devil")
    s.decide(2, "claim", "devil")
    decision = s.pending()
    assert decision is not None and decision.seat == 0
    assert {option.id for option in decision.options} == {"silent", "light-hero", "dark-hero"}
    with pytest.raises(LogError, match=r"entry 7: .*'warrior' is not one of"):
        s.decide(0, "claim", "warrior")
    s.decide(0, "claim", "dark-hero")  # a lie: the parent holds the Light Hero
    assert s.view(1).board.claims == ("dark-hero", "devil", "devil")


def test_rolls_go_in_party_order_parent_first_then_clockwise() -> None:
    s = Script(5)
    s.setup(top=("sage", "priest", "devil", "witch"), parent=3)
    s.start_turn((3, 3, 3, 3), "light-hero")
    s.claims()
    s.party(2, 0)
    assert s.state.party == (3, 0, 2)
    labels = []
    for faces in ((3, 3), (4,), (5, 2)):
        request = s.table.step.chance
        assert request is not None
        labels.append(str(request.label))
        s.dice(*faces)
    assert labels == ["Dan's Light Hero roll", "Aki's Priest roll", "Chi's Witch roll"]
    decision = s.pending()
    assert decision is not None and (decision.seat, decision.name) == (2, "choose")


# --- R12, R16: the end of the game, the player count ----------------------------------------------


@pytest.mark.parametrize(("players", "turns"), [(3, 3), (4, 4), (5, 3), (6, 2)])
def test_game_ends_after_everyone_was_parent_or_when_the_deck_is_short(
    players: int, turns: int
) -> None:
    s = Script(players)
    s.setup(parent=1)
    for turn in range(turns):
        assert not s.table.over
        assert s.parent == (1 + turn) % players
        s.give_up_turn()
    # Everyone gave up once: one parent scored -1 per turn.
    view = s.view()
    assert len(view.board.history) == turns
    lines = [line for _, line in s.table.narration(None)]
    if turns == players:
        assert "Everyone has been parent: the game ends." in lines
    else:
        left = 14 - turns * (players - 1)
        assert left < players - 1
        assert f"The role deck has {left} cards, too few for everyone: the game ends." in lines
    scores = s.scores()
    if turns < players:  # only some were parent: the others lead with 0 and tie or win
        leaders = [seat for seat, score in enumerate(scores) if score == 0]
        assert len(leaders) == players - turns
        if len(leaders) == 1:
            assert s.table.over
            result = s.table.result()
            assert result is not None and result.winners == tuple(leaders)
        else:
            assert str(s.view().phase) == Phase.SUDDEN_HP.value
    else:
        assert str(s.view().phase) == Phase.SUDDEN_HP.value  # everyone on -1


def test_the_winner_is_the_highest_score() -> None:
    s = Script(3)
    s.setup(top=("sage", "priest"), parent=0)
    s.start_turn((6, 6), "light-hero")
    s.claims()
    s.party(1, 2)
    s.dice(6, 6)
    s.dice(6)
    s.dice(6)  # 24 >= 12: +4 each
    s.give_up_turn()
    s.give_up_turn()
    assert s.table.over
    result = s.table.result()
    assert result is not None
    assert result.scores == (4, 3, 3) and result.winners == (0,)
    assert s.view().over and str(s.view().turn) == "Game over"
    assert s.table.decisions() == () and s.table.step.chance is None


@pytest.mark.parametrize(("players", "limit"), [(3, 3), (4, 4), (5, 3), (6, 2)])
def test_the_header_shows_the_turn_the_game_really_ends_on(players: int, limit: int) -> None:
    s = Script(players)
    s.setup(parent=0)
    for turn in range(1, limit + 1):
        for viewer in (None, 1):
            view = s.view(viewer)
            assert str(view.turn) == f"Turn {turn} of {limit}"
            assert (view.board.turn, view.board.turns_max) == (turn, limit)
            assert view.board.turns_certain
        s.give_up_turn()
    assert s.table.over or str(s.view().turn) == "Sudden death"


def test_in_the_keep_card_variant_the_header_gives_an_upper_bound() -> None:
    s = Script(6, keep_cards=True)
    s.setup(parent=0)
    view = s.view()
    assert str(view.turn) == "Turn 1 of up to 6" and not view.board.turns_certain


def lonely_turn(s: Script, keepers: dict[int, str] | None = None) -> None:
    """A turn where the parent takes nobody along: everyone else keeps their card. `keepers`
    says who keeps ('keep') or draws ('draw') a card kept from last turn."""
    s.start_turn((1,) * (s.players - 1), "light-hero")
    while (decision := s.pending()) is not None and decision.name == "keep":
        s.decide(decision.seat, "keep", (keepers or {}).get(decision.seat, "keep"))
    s.claims()
    s.party()
    s.dice(1, 1)


def test_a_deck_holding_exactly_enough_cards_for_one_more_deal_plays_that_turn() -> None:
    """R12's boundary: at the start of turn 4 the role deck holds 1 card and exactly 1 player
    must draw (the last parent; everyone else keeps a card). The turn is played."""
    s = Script(6, keep_cards=True)
    s.setup(parent=0)
    lonely_turn(s)  # 5 dealt: 9 left
    lonely_turn(s, {2: "draw", 3: "draw", 4: "draw", 5: "draw"})  # 5 dealt: 4 left
    lonely_turn(s, {3: "draw", 4: "draw"})  # Bea, Dan and Eri draw: 1 left
    state = s.state
    assert (len(state.role_deck), state.turns_played, state.parent) == (1, 3, 3)
    must_draw = [seat for seat in range(6) if seat != state.parent and not state.kept[seat]]
    assert must_draw == [2]  # Chi, the last parent
    assert not s.table.over and str(s.view().phase) == Phase.BOSS_HP.value
    assert "Turn 4: Dan is the parent." in [line for _, line in s.table.narration(None)]
    assert (
        str(s.view().turn) == "Turn 4 of up to 4"
    )  # whatever happens, the deck ends it after this
    s.start_turn((1,) * 5, "light-hero")
    while (decision := s.pending()) is not None and decision.name == "keep":
        assert [option.id for option in decision.available] == ["keep"]  # the card is Chi's
        s.decide(decision.seat, "keep", "keep")
    assert s.view(None).board.role_deck_left == 0 and s.state.hands[2] is not None
    assert str(s.view().phase) == Phase.CLAIMS.value


def test_3_to_6_players_whose_scores_start_at_0_and_may_go_negative() -> None:
    """R16: the rulebook gives no player count; scores are numbers from 0, not the 4 tokens."""
    assert (GAME.min_players, GAME.max_players) == (3, 6)
    for players in (2, 7):
        with pytest.raises(ValueError, match=f"light-and-dark is for 3-6 players, not {players}"):
            Table(GAME, tuple(Seat(f"P{seat}") for seat in range(players)), {}, 0)
    s = Script(3)
    assert s.scores() == (0, 0, 0)
    s.setup(parent=0)
    s.give_up_turn()
    assert s.scores() == (-1, 0, 0)
