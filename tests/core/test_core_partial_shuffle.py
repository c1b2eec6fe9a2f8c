"""Hand-written shuffles that give only the cards on top (`values = ["a", "b", "..."]`): the rest
of the deck follows in the order of the seed's own shuffle at that position, the given cards
taken out; a loaded save holds, and writes back, the whole order."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from ldkit import GAME, ROLE_DECK, Script, seats

from core import chance, saves
from core.chance import REST
from core.table import LogError, new_table

ROOT = Path(__file__).resolve().parents[2]
OPENING = ROOT / "saves" / "dangerous-hand-written-opening.toml"


def role_deck_from(*values: str, seed: int = 5) -> tuple[str, ...]:
    s = Script(4, seed=seed)
    s.shuffle(list(values))
    return s.state.role_deck


def seeds_own_shuffle(seed: int = 5) -> tuple[str, ...]:
    request = chance.shuffle(ROLE_DECK, "the role deck")
    return tuple(str(card) for card in chance.draw(request, seed, 0))


def test_the_rest_alone_is_the_shuffle_partyline_draws_there() -> None:
    assert role_deck_from(REST) == seeds_own_shuffle()
    played = new_table(GAME, seats(4), {}, 5)  # a new game of the same seed deals the same
    assert played.log[0].values == role_deck_from(REST)


def test_the_given_cards_go_on_top_and_the_rest_keep_the_seeds_order() -> None:
    deck = role_deck_from("gambler", "devil", "devil", "sage", REST)
    assert deck[:4] == ("gambler", "devil", "devil", "sage")
    assert Counter(deck) == Counter(ROLE_DECK)
    rest = list(seeds_own_shuffle())
    for card in ("gambler", "devil", "devil", "sage"):  # the first copies in the seed's order
        rest.remove(card)
    assert deck[4:] == tuple(rest)
    assert role_deck_from("gambler", REST, seed=6)[0] == "gambler"
    assert role_deck_from("gambler", REST, seed=6) != role_deck_from("gambler", REST, seed=5)


def test_a_loaded_save_holds_and_writes_the_whole_order() -> None:
    s = Script(4, seed=5)
    s.setup(top=("devil",), parent=0)
    text = saves.dumps(s.table).replace(
        "values = " + str(list(s.table.log[0].values)).replace("'", '"'),
        'values = ["witch", "..."]',
    )
    assert 'values = ["witch", "..."]' in text
    loaded = saves.loads(text).table
    whole = loaded.log[0].values
    assert whole[0] == "witch" and len(whole) == 14 and REST not in whole
    written = saves.dumps(loaded)
    assert '"..."' not in written
    assert saves.loads(written).table.log == loaded.log


@pytest.mark.parametrize(
    ("values", "message"),
    [
        (["king", REST], "the role deck: 'king' is not one of its cards (devil, "),
        (["devil"] * 5 + [REST], "the role deck: 'devil' is given more times than the deck holds"),
        (["devil", REST, "sage"], "the role deck: '...' stands for the rest, at the end, once"),
        (["devil", REST, REST], "the role deck: '...' stands for the rest, at the end, once"),
        (["devil"], "the role deck: not an order of the 14 cards"),
    ],
)
def test_impossible_partial_shuffles_say_why(values: list[str], message: str) -> None:
    s = Script(4)
    with pytest.raises(LogError) as caught:
        s.shuffle(values)
    assert str(caught.value).startswith(f"entry 1: {message}")
    assert len(s.table) == 0


def test_the_rest_is_for_shuffles_only() -> None:
    s = Script(4)
    s.setup(parent=0)
    with pytest.raises(LogError, match=r"entry 3: the boss's HP: '\.\.\.' is not a die face"):
        s.dice(1, 2, REST)  # type: ignore[arg-type]
    with pytest.raises(LogError, match="entry 3: expected dice for the boss's HP, found pick"):
        s.put({"chance": "pick", "values": [REST]})


def test_the_hand_written_dangerous_opening_deals_what_it_says() -> None:
    table = saves.load(OPENING, continue_chance=False).table
    assert len(table) == 4
    board = table.view(None).board
    assert [player.party for player in board.players] == [
        ("bal", "tachikawa-toshio", "hattori-asuka"),
        ("shimizu-ichimotsu", "rindou", "tigris"),
    ]
    assert (board.lv1_top, board.lv2_top) == ("ryouseiin-otome", "seiyamiya-yumeji")
    assert table._state.bosses["forest"] == ("ittou-ryoudan",)
    decks = [entry.values for entry in table.log]
    assert [len(deck) for deck in decks] == [16, 5, 31, 17]  # every deck whole
    continued = saves.load(OPENING).table  # the start player and the items, from the seed
    assert [decision.name for decision in continued.decisions()] == ["order"]
    assert '"..."' not in saves.dumps(continued)


def test_the_save_format_page_shows_that_opening() -> None:
    page = (ROOT / "docs" / "save-format.md").read_text(encoding="utf-8")
    example = page[page.index("## A worked example: a Dangerous opening by hand") :]
    block = example[example.index("```toml") + len("```toml") : example.index("```\n\nThe")]
    lines = OPENING.read_text(encoding="utf-8").splitlines()
    for line in block.strip().splitlines():
        assert line in lines, line
