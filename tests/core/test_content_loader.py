"""core.content: TOML read strictly into dataclasses, every refusal a one-line ContentError that
names file, entry and key; both games' real content through it, and their checks after loading."""

from __future__ import annotations

import json
import os
import re
import shutil
import tomllib
from dataclasses import dataclass, field, replace
from enum import Enum
from pathlib import Path
from typing import Any

import pytest

from core.cachefile import sealed
from core.content import TOML_KEY, ContentError, load
from core.games.dangerous import content as dangerous
from core.games.light_and_dark import content as light_and_dark


class Colour(Enum):
    BLUE = "blue"
    RED = "red"


@dataclass(frozen=True)
class Stats:
    attack: int
    reach: int = 1


@dataclass(frozen=True)
class Card:
    id: str
    level: int
    colour: Colour
    tags: tuple[str, ...]
    params: dict[str, int | bool]
    stats: Stats
    speed: float = 1.0
    named: bool = field(default=False, metadata={TOML_KEY: "named_in_rulebook"})
    note: str | None = None
    at: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class Deck:
    title: str
    card: tuple[Card, ...]
    caps: dict[int, int] = field(default_factory=dict)
    rules: Stats | None = None


CARD_A = """
[[card]]
id = "a"
level = 1
colour = "blue"
tags = ["x", "y"]
params = { amount = 2, immune = true }
stats = { attack = 3 }
speed = 2
named_in_rulebook = true
at = [4, 5]
"""

CARD_B = """
[[card]]
id = "mirror-kyoko"
level = 2
colour = "red"
tags = []
params = {}
stats = { attack = 1, reach = 2 }
note = "spare"
"""

GOOD = 'title = "test"\ncaps = { 2 = 4, 3 = 6 }\n' + CARD_A + CARD_B


def write(tmp_path: Path, text: str, name: str = "deck.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def refusal(tmp_path: Path, text: str) -> str:
    with pytest.raises(ContentError) as caught:
        load(write(tmp_path, text), Deck)
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_a_good_file_becomes_the_dataclasses_it_describes(tmp_path: Path) -> None:
    assert load(write(tmp_path, GOOD), Deck) == Deck(
        title="test",
        card=(
            Card(
                id="a",
                level=1,
                colour=Colour.BLUE,
                tags=("x", "y"),
                params={"amount": 2, "immune": True},
                stats=Stats(attack=3),
                speed=2.0,
                named=True,
                at=(4, 5),
            ),
            Card(
                id="mirror-kyoko",
                level=2,
                colour=Colour.RED,
                tags=(),
                params={},
                stats=Stats(attack=1, reach=2),
                note="spare",
            ),
        ),
        caps={2: 4, 3: 6},
    )


def test_values_keep_their_types(tmp_path: Path) -> None:
    deck = load(write(tmp_path, GOOD), Deck)
    first = deck.card[0]
    assert type(first.speed) is float
    assert type(first.params["immune"]) is bool and type(first.params["amount"]) is int
    assert type(first.tags) is tuple and type(first.at) is tuple
    assert all(type(cap) is int for cap in deck.caps)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ('colour = "red"\n', 'colour = "red"\nefect = "none"\n'),
            "deck.toml: [[card]] 2 (id \"mirror-kyoko\"): unknown key 'efect'",
        ),
        (
            ('[[card]]\nid = "a"', '[[crad]]\nid = "a"'),
            "deck.toml: unknown key 'crad'",
        ),
        (
            ("stats = { attack = 3 }", "stats = { attack = 3, rech = 2 }"),
            "deck.toml: [[card]] 1 (id \"a\"): unknown key 'stats.rech'",
        ),
    ],
)
def test_an_unknown_key_is_refused(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    assert refusal(tmp_path, GOOD.replace(*change, 1)) == message


def test_an_unknown_key_in_a_top_level_table_names_the_table(tmp_path: Path) -> None:
    text = GOOD + "\n[rules]\nattack = 1\nreech = 2\n"
    assert refusal(tmp_path, text) == "deck.toml: [rules]: unknown key 'reech'"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("level = 2\n", ""), "deck.toml: [[card]] 2 (id \"mirror-kyoko\"): missing key 'level'"),
        (
            ("stats = { attack = 1, reach = 2 }", "stats = { reach = 2 }"),
            "deck.toml: [[card]] 2 (id \"mirror-kyoko\"): missing key 'stats.attack'",
        ),
        (('title = "test"\n', ""), "deck.toml: missing key 'title'"),
        (('id = "a"\n', ""), "deck.toml: [[card]] 1: missing key 'id'"),
    ],
)
def test_a_missing_key_is_refused(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    assert refusal(tmp_path, GOOD.replace(*change, 1)) == message


def test_only_a_field_with_a_default_may_be_left_out(tmp_path: Path) -> None:
    """Card B leaves out speed, named_in_rulebook and at, which have defaults; not params."""
    assert load(write(tmp_path, GOOD), Deck).card[1].at == (0, 0)
    assert refusal(tmp_path, GOOD.replace("params = {}\n", "")).endswith("missing key 'params'")


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (("level = 2", "level = true"), "key 'level': expected an integer, got true"),
        (("level = 2", 'level = "2"'), "key 'level': expected an integer, got \"2\""),
        (("level = 2", "level = 2.0"), "key 'level': expected an integer, got 2.0"),
        (
            ('note = "spare"', "named_in_rulebook = 1"),
            "key 'named_in_rulebook': expected a boolean, got 1",
        ),
        (('note = "spare"', 'speed = "fast"'), "key 'speed': expected a number, got \"fast\""),
        (('note = "spare"', "speed = false"), "key 'speed': expected a number, got false"),
        (('note = "spare"', "note = 3"), "key 'note': expected a string, got 3"),
        (("tags = []", 'tags = "x"'), "key 'tags': expected an array, got \"x\""),
        (("tags = []", 'tags = ["x", 2]'), "key 'tags[2]': expected a string, got 2"),
        (('note = "spare"', "at = [1, 2, 3]"), "key 'at': expected an array of 2, got 3 items"),
        (('note = "spare"', 'at = [1, "2"]'), "key 'at[2]': expected an integer, got \"2\""),
        (("params = {}", "params = []"), "key 'params': expected a table, got an array"),
        (
            ("params = {}", 'params = { amount = "2" }'),
            "key 'params.amount': expected an integer or a boolean, got \"2\"",
        ),
        (
            ("stats = { attack = 1, reach = 2 }", "stats = { attack = 1, reach = false }"),
            "key 'stats.reach': expected an integer, got false",
        ),
        (
            ("stats = { attack = 1, reach = 2 }", "stats = 3"),
            "key 'stats': expected a table, got 3",
        ),
        (('note = "spare"', "note = 1979-05-27"), "key 'note': expected a string, got a date"),
    ],
)
def test_a_value_of_the_wrong_type_is_refused(
    tmp_path: Path, change: tuple[str, str], problem: str
) -> None:
    text = GOOD.replace(*change, 1)
    assert refusal(tmp_path, text) == f'deck.toml: [[card]] 2 (id "mirror-kyoko"): {problem}'


@pytest.mark.parametrize(
    ("value", "shown"),
    [('"green"', '"green"'), ('"Blue"', '"Blue"'), ("1", "1"), ("[]", "an array")],
)
def test_a_value_outside_an_enum_is_refused(tmp_path: Path, value: str, shown: str) -> None:
    text = GOOD.replace('colour = "red"', f"colour = {value}", 1)
    assert refusal(tmp_path, text) == (
        'deck.toml: [[card]] 2 (id "mirror-kyoko"): '
        f'key \'colour\': expected one of "blue", "red", got {shown}'
    )


def test_integer_keys_must_be_integers(tmp_path: Path) -> None:
    text = GOOD.replace("caps = { 2 = 4, 3 = 6 }", "caps = { 2 = 4, two = 6 }")
    assert refusal(tmp_path, text) == "deck.toml: [caps]: key 'two': expected an integer key"


def test_a_file_that_is_no_toml_or_is_missing_is_refused_in_one_line(tmp_path: Path) -> None:
    assert refusal(tmp_path, GOOD + "\nlevel = \n").startswith("deck.toml: not valid TOML: ")
    with pytest.raises(ContentError, match=r"^nothing\.toml: cannot read: "):
        load(tmp_path / "nothing.toml", Deck)
    (tmp_path / "latin.toml").write_bytes('title = "caf\xe9"\n'.encode("latin-1"))
    with pytest.raises(ContentError, match=r"^latin\.toml: not UTF-8 text$"):
        load(tmp_path / "latin.toml", Deck)


def test_an_entry_without_a_string_id_is_named_by_its_number_alone(tmp_path: Path) -> None:
    text = GOOD.replace('id = "mirror-kyoko"', "id = 12")
    assert refusal(tmp_path, text) == "deck.toml: [[card]] 2: key 'id': expected a string, got 12"


def test_a_message_never_carries_control_characters_or_a_long_value(tmp_path: Path) -> None:
    long_id = '"\\u001b[2J\\"' + "y" * 80 + '"'
    text = GOOD.replace('"mirror-kyoko"', long_id).replace('note = "spare"', "note = 5")
    message = refusal(tmp_path, text)
    assert "\x1b" not in message and "y" * 41 not in message
    assert message == (
        'deck.toml: [[card]] 2 (id "\\x1b[2J\\"' + "y" * 35 + '..."): '
        "key 'note': expected a string, got 5"
    )


def test_a_key_in_a_message_is_escaped_too(tmp_path: Path) -> None:
    text = GOOD.replace('note = "spare"', '"\\u009b2J" = 5', 1)
    message = refusal(tmp_path, text)
    assert message == "deck.toml: [[card]] 2 (id \"mirror-kyoko\"): unknown key '\\x9b2J'"


def test_a_schema_the_loader_cannot_read_is_a_programming_error(tmp_path: Path) -> None:
    @dataclass(frozen=True)
    class Loose:
        anything: Any

    with pytest.raises(TypeError, match="cannot read"):
        load(write(tmp_path, "anything = 1\n"), Loose)


# --- the games' real content ------------------------------------------------------------------


def test_dangerous_content_loads() -> None:
    loaded = dangerous.load_content(dangerous.HERE)
    assert len(loaded.cards) == 65 and len(loaded.items) == 10 and len(loaded.actions) == 6
    # the deck sizes cards.toml states in its header
    assert {deck: len(cards) for deck, cards in loaded.decks.items()} == {
        "lv1": 31,
        "lv2": 17,
        "lv3": 16,
        "transfer": 5,
    }
    assert loaded.board.spring == "spring" and len(loaded.board.spaces) == 36
    assert loaded.card("serizawa-kiyohime").named
    assert loaded.board.lv2_start == ("gym", "shop") and loaded.board.lv2_supply == 2
    assert loaded.actions[1].caps == {2: 2, 3: 3, 4: 4}


def test_light_and_dark_content_loads() -> None:
    loaded = light_and_dark.load_content(Path(light_and_dark.__file__).parent)
    assert len(loaded.roles) == 11 and len(loaded.deck("role")) == 14
    assert loaded.roles["gambler"].effect is light_and_dark.Effect.GAMBLER
    assert loaded.boss_facing("dark-hero").id == "god"


def dangerous_copy(tmp_path: Path) -> Path:
    for name in ("cards.toml", "items.toml", "board.toml", "actions.toml"):
        shutil.copy(dangerous.HERE / name, tmp_path / name)
    return tmp_path


def edit(path: Path, old: str, new: str, occurrence: int = 1) -> None:
    """Replace the `occurrence`-th `old` in the file at `path` (there must be that many)."""
    text = path.read_text(encoding="utf-8")
    parts = text.split(old)
    assert len(parts) > occurrence, f"{old!r} occurs fewer than {occurrence} times"
    path.write_text(old.join(parts[:occurrence]) + new + old.join(parts[occurrence:]), "utf-8")


def nth_id(path: Path, table: str, index: int) -> str:
    entry: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))[table][index - 1]
    return str(entry["id"])


def test_a_typo_in_a_copy_of_the_real_cards_is_refused(tmp_path: Path) -> None:
    folder = dangerous_copy(tmp_path)
    edit(folder / "cards.toml", "\neffect = ", "\nefect = ", 12)
    card = nth_id(folder / "cards.toml", "card", 12)
    with pytest.raises(ContentError) as caught:
        dangerous.load_content(folder)
    assert str(caught.value) == f"cards.toml: [[card]] 12 (id \"{card}\"): unknown key 'efect'"


@pytest.mark.parametrize(
    ("file", "old", "new", "occurrence", "message"),
    [
        (
            "board.toml",
            "\nclosed_2p = ",
            "\nclosed2p = ",
            3,
            "board.toml: [[space]] 3 (id \"{space 3}\"): unknown key 'closed2p'",
        ),
        (
            "items.toml",
            "\ntiming = ",
            "\ntimings = ",
            1,
            "items.toml: [[item]] 1 (id \"knife\"): unknown key 'timings'",
        ),
        (
            "actions.toml",
            "caps = { 2 = 4, 3 = 6, 4 = 8 }",
            "caps = { 2 = 4, 3 = 6, 4 = 8.5 }",
            1,
            "actions.toml: [[action]] 1 (id \"move\"): key 'caps.4': expected an integer, got 8.5",
        ),
        (
            "board.toml",
            "supply = 2",
            "suply = 2",
            1,
            "board.toml: [lv2_tokens]: unknown key 'suply'",
        ),
    ],
)
def test_a_typo_in_any_real_dangerous_file_is_refused(
    tmp_path: Path, file: str, old: str, new: str, occurrence: int, message: str
) -> None:
    folder = dangerous_copy(tmp_path)
    edit(folder / file, old, new, occurrence)
    message = message.replace("{space 3}", nth_id(folder / "board.toml", "space", 3))
    with pytest.raises(ContentError) as caught:
        dangerous.load_content(folder)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        (
            "cards.toml",
            'timing = "ambush"',
            'timing = "ambsuh"',
            r"^cards\.toml: \[\[card\]\] \d+ \(id \"[a-z-]+\"\): key 'timing': expected one of "
            r"\"meeting_start\", .*, got \"ambsuh\"$",
        ),
        (
            "cards.toml",
            'deck = "lv3"',
            'deck = "lv4"',
            r"^cards\.toml: \[\[card\]\] \d+ \(id \"[a-z-]+\"\): key 'deck': expected one of "
            r"\"lv1\", \"lv2\", \"lv3\", \"transfer\", got \"lv4\"$",
        ),
        (
            "cards.toml",
            'id = "kuronagi-akari"',
            'id = "serizawa-kiyohime"',
            r"^cards\.toml: \[\[card\]\] 2 \(id \"serizawa-kiyohime\"\): id used twice$",
        ),
        (
            "board.toml",
            'a = "spring"',
            'a = "sprign"',
            r"^board\.toml: \[\[edge\]\] \d+: key 'a': no \[\[space\]\] has the id \"sprign\"$",
        ),
        (
            "board.toml",
            'cards = ["lv3", "transfer"]',
            'cards = ["lv3", "tranfser"]',
            r"^board\.toml: \[\[boss\]\] \d+ \(id \"council\"\): key 'cards': expected one of .*"
            r"got \"tranfser\"$",
        ),
        (
            "board.toml",
            'space = "forest"',
            'space = "courtyard"',
            r"^board\.toml: \[\[space\]\] \d+ \(id \"forest\"\): no \[\[boss\]\] stands on this "
            r"boss space$",
        ),
        (
            "board.toml",
            'start = ["gym", "shop"]',
            'start = ["gym", "shpo"]',
            r"^board\.toml: \[lv2_tokens\]: key 'start': no \[\[space\]\] has the id \"shpo\"$",
        ),
        (
            "items.toml",
            "number = 2\n",
            "number = 1\n",
            r"^items\.toml: \[\[item\]\] 2 \(id \"katana\"\): number 1 used twice$",
        ),
        (
            "cards.toml",
            "params = { ap_cost = 1 }",
            "params = {}",
            r"^cards\.toml: \[\[card\]\] 2 \(id \"kuronagi-akari\"\): a before-meeting ability "
            r"spends AP \(line 111\): give it params\.ap_cost of 1 or more$",
        ),
    ],
)
def test_dangerous_checks_references_between_entries(
    tmp_path: Path, file: str, old: str, new: str, message: str
) -> None:
    folder = dangerous_copy(tmp_path)
    edit(folder / file, old, new)
    with pytest.raises(ContentError, match=message):
        dangerous.load_content(folder)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "\neffect = ",
            "\nefect = ",
            "content.toml: [[role]] 1 (id \"light-hero\"): unknown key 'efect'",
        ),
        (
            'colour = "red"',
            'colour = "green"',
            "content.toml: [[role]] 2 (id \"dark-hero\"): key 'colour': "
            'expected one of "blue", "red", got "green"',
        ),
        (
            'faces = "dark-hero"',
            'faces = "dark-heor"',
            'content.toml: [[boss]] 2 (id "god"): key \'faces\': no hero has the id "dark-heor"',
        ),
        (
            'deck = "role"',
            'deck = "roles"',
            "content.toml: [[role]] 3 (id \"warrior\"): key 'deck': "
            'expected one of "hero", "role", got "roles"',
        ),
    ],
)
def test_light_and_dark_refuses_a_typo_in_a_copy_of_its_content(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    shutil.copy(Path(light_and_dark.__file__).parent / "content.toml", tmp_path)
    edit(tmp_path / "content.toml", old, new)
    with pytest.raises(ContentError) as caught:
        light_and_dark.load_content(tmp_path)
    assert str(caught.value) == message


def test_a_board_without_a_spring_is_refused(tmp_path: Path) -> None:
    """A ContentError, not the StopIteration that looking the spring up would raise."""
    folder = dangerous_copy(tmp_path)
    edit(folder / "board.toml", 'kind = "spring"', 'kind = "normal"')
    with pytest.raises(ContentError, match=re.escape('exactly one [[space]] of kind "spring"')):
        dangerous.load_content(folder)


# --- the parse kept in the cache folder ----------------------------------------------------------


def test_the_parse_is_kept_in_the_cache_and_read_from_there(
    tmp_path: Path, own_cache: Path
) -> None:
    path, first, kept = loaded_once(tmp_path, own_cache)
    # The second load reads the kept parse (one with another title shows it), strictly all the same.
    raw = tomllib.loads(GOOD)
    kept.write_bytes(sealed(json.dumps({**raw, "title": "kept"}).encode()))
    assert load(path, Deck) == replace(first, title="kept")
    kept.write_bytes(sealed(json.dumps({**raw, "titel": "kept"}).encode()))
    with pytest.raises(ContentError, match="unknown key 'titel'"):
        load(path, Deck)


def loaded_once(tmp_path: Path, own_cache: Path) -> tuple[Path, Deck, Path]:
    """GOOD written and loaded once: its path, what it loaded and its parse in the cache."""
    path = write(tmp_path, GOOD)
    first = load(path, Deck)
    [kept] = (own_cache / "content").glob("deck-*.json")
    return path, first, kept


def test_a_kept_parse_that_is_not_as_written_or_of_another_file_is_not_read(
    tmp_path: Path, own_cache: Path
) -> None:
    path, first, kept = loaded_once(tmp_path, own_cache)
    kept.write_bytes(kept.read_bytes().replace(b'"test"', b'"kept"'))  # its seal no longer fits
    assert load(path, Deck) == first
    kept.write_bytes(b"")
    assert load(path, Deck) == first
    write(tmp_path, GOOD.replace('"test"', '"changed"'))
    assert load(path, Deck) == replace(first, title="changed")


def test_a_file_with_dates_is_parsed_every_time(tmp_path: Path, own_cache: Path) -> None:
    @dataclass(frozen=True)
    class Dated:
        title: str

    path = write(tmp_path, 'title = "x"\n')
    assert load(path, Dated) == Dated("x")
    assert len(list((own_cache / "content").glob("*.json"))) == 1
    write(tmp_path, 'title = "y"\nwhen = 2026-12-01\n', "dated.toml")
    with pytest.raises(ContentError, match="unknown key 'when'"):
        load(tmp_path / "dated.toml", Dated)
    assert len(list((own_cache / "content").glob("*.json"))) == 1


def test_only_the_newest_two_parses_of_a_changed_file_are_kept(
    tmp_path: Path, own_cache: Path
) -> None:
    folder = own_cache / "content"
    load(write(tmp_path, GOOD, "deck-more.toml"), Deck)  # another file whose name starts alike
    [more] = folder.glob("deck-more-*.json")
    for version, title in enumerate(("a", "b", "c", "d")):
        for kept in folder.glob("*.json"):  # everything kept so far is older than what comes
            os.utime(kept, (1_000 + version, 1_000 + version))
        assert load(write(tmp_path, GOOD.replace('"test"', f'"{title}"')), Deck).title == title
    kept_titles = sorted(
        json.loads(kept.read_bytes().partition(b"\n")[2])["title"]
        for kept in folder.glob("deck-*.json")
        if kept != more
    )
    assert kept_titles == ["c", "d"]
    assert more.exists()


LD_HERE = Path(light_and_dark.__file__).parent


def test_both_games_content_read_from_the_cache_equals_a_fresh_parse(own_cache: Path) -> None:
    fresh = dangerous.load_content(dangerous.HERE), light_and_dark.load_content(LD_HERE)
    assert len(list((own_cache / "content").glob("*.json"))) >= 5
    again = dangerous.load_content(dangerous.HERE), light_and_dark.load_content(LD_HERE)
    assert again == fresh
