"""TOML saves: round trips, partial games, and every kind of broken file as a one-line SaveError."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from ldkit import Script, bot_game, bot_players
from tablekit import same_game

from core import saves
from core.runner import BotDriver
from core.saves import SaveError
from core.table import Table

WHERE = "games/broken.toml"


def sample() -> Table:
    """A short scripted game: one battle, then the next turn's boss HP rolled."""
    s = Script(3, bots=[2])
    s.setup(top=("devil", "mage"), parent=0)
    s.start_turn((3, 4), "light-hero")
    s.claims({1: "warrior"})
    s.party(1, 2)
    s.dice(5, 2)  # entry 10
    s.dice(4)  # entry 11: Bea's Devil
    s.decide(1, "reroll", "reroll")  # entry 12
    s.dice(6)  # entry 13
    s.dice(2, 3)  # entry 14: Chi's Mage
    s.decide(2, "choose", 3)  # entry 15
    s.dice(2, 2)  # entry 16: turn 2's boss HP
    return s.table


def data_of(table: Table) -> dict[str, Any]:
    return saves.to_data(table, "2026-11-30T10:00:00+00:00")


def failure(text: str, where: str = WHERE) -> str:
    with pytest.raises(SaveError) as caught:
        saves.loads(text, where)
    message = str(caught.value)
    assert "\n" not in message, message
    assert message.startswith(f"{where}: "), message
    return message


# --- round trips ----------------------------------------------------------------------------------


def test_dumps_loads_round_trip() -> None:
    table = sample()
    loaded = saves.loads(saves.dumps(table, "2026-11-30T10:00:00+00:00"), continue_chance=False)
    same_game(table, loaded.table)
    assert loaded.created.startswith("2026-11-30T10:00:00")


def test_write_is_atomic_and_load_reads_it_back(tmp_path: Path) -> None:
    table = bot_game(5, 3, keep_cards=True)
    path = tmp_path / "game.toml"
    saves.write(table, path)
    saves.write(table, path)  # overwriting works too
    assert sorted(os.listdir(path.parent)) == ["game.toml"]  # no temporary file left
    same_game(table, saves.load(path).table)


def test_names_with_quotes_backslashes_brackets_and_japanese_survive(
    tmp_path: Path,
) -> None:
    s = Script(3)
    names = ('Zoë "the Z"', "back\\slash \\n", "勇者 ナナ [31m] #")
    from core.table import Seat

    table = Table(s.table.game, tuple(Seat(name) for name in names), {}, 5)
    table.resolve_chance()
    BotDriver(table, bots=bot_players(3, "random")).play_until_human()
    loaded = saves.loads(saves.dumps(table)).table
    assert loaded.names == names
    same_game(table, loaded)


def test_a_save_that_ends_before_the_game_is_over_loads_and_continues() -> None:
    table = sample()
    loaded = saves.loads(saves.dumps(table)).table
    # The next thing due is the hero shuffle, a chance outcome: loading draws it, as the
    # original session would have, and stops at the first claim.
    assert len(loaded) == len(table) + 1
    decision = loaded.decisions()[0]
    assert (decision.seat, decision.name) == (2, "claim")
    assert not loaded.over
    loaded.decide(2, "silent")
    BotDriver(loaded, bots=bot_players(3, "random")).play_until_human()
    assert loaded.over and loaded.result() is not None


def test_a_save_without_continuing_stops_at_the_pending_chance() -> None:
    loaded = saves.loads(saves.dumps(sample()), continue_chance=False).table
    assert loaded.step.chance is not None and loaded.decisions() == ()


# --- broken files ---------------------------------------------------------------------------------


def header(change: Callable[[dict[str, Any]], None]) -> str:
    data = data_of(sample())
    change(data)
    return tomli_w.dumps(data)


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d.pop("seed"), "missing field 'seed'"),
        (lambda d: d.pop("game"), "missing field 'game'"),
        (lambda d: d.pop("format_version"), "missing field 'format_version'"),
        (lambda d: d.pop("seats"), "missing field 'seats'"),
        (lambda d: d.pop("options"), "missing field 'options'"),
        (lambda d: d.pop("format"), 'not a Partyline save (expected format = "partyline-save")'),
        (lambda d: d.update(seed="12"), "field 'seed' has the wrong type (str)"),
        (lambda d: d.update(seed=True), "field 'seed' has the wrong type (bool)"),
        (lambda d: d.update(seats={"a": 1}), "field 'seats' has the wrong type (dict)"),
        (lambda d: d.update(format_version="1"), "field 'format_version' has the wrong type"),
        (lambda d: d.update(practice="no"), "field 'practice' must be true or false"),
        (lambda d: d.update(game="chess"), "unknown game 'chess' (known: "),
        (lambda d: d.update(format_version=3), "format version 3 is newer than this Partyline"),
        (lambda d: d.update(format_version=0), "unknown format version 0"),
        (lambda d: d.update(format="something-else"), "not a Partyline save"),
        (lambda d: d["options"].update(players=4), "options.players is 4 but there are 3 seats"),
        (lambda d: d["options"].update(turbo=True), "unknown option 'turbo' for light-and-dark"),
        (
            lambda d: d["options"].update(keep_cards="yes"),
            "option 'keep_cards' has the wrong type (str)",
        ),
        (lambda d: d["seats"][1].update(kind="alien"), "seat 2: kind must be 'human' or 'bot'"),
        (lambda d: d["seats"][2].update(bot="genius"), "seat 3: unknown bot 'genius'"),
        (lambda d: d["seats"][0].pop("name"), "seat 1: missing or empty 'name'"),
        (lambda d: d["seats"].pop(), "options.players is 3 but there are 2 seats"),
        (
            lambda d: (d["seats"].pop(), d["options"].pop("players")),
            "light-and-dark is for 3-6 players, not 2",
        ),
        (lambda d: d.update(log=3), "'log' must be an array of tables ([[log]])"),
        (lambda d: d.update(entries="16"), "field 'entries' has the wrong type (str)"),
        (lambda d: d.update(entries=True), "field 'entries' has the wrong type (bool)"),
    ],
)
def test_broken_headers(change: Callable[[dict[str, Any]], object], expected: str) -> None:
    message = failure(header(change))
    assert expected in message
    assert "entry" not in message.removeprefix(WHERE)


def entry(number: int, change: Callable[[dict[str, Any]], object]) -> str:
    data = data_of(sample())
    change(data["log"][number - 1])
    return tomli_w.dumps(data)


@pytest.mark.parametrize(
    ("number", "change", "expected"),
    [
        (3, lambda e: e.update(values=[9, 4]), "the boss's HP: a 6-sided die cannot show 9"),
        (11, lambda e: e.update(values=[4, 4]), "Bea's Devil roll: expected 1 dice, found 2"),
        (1, lambda e: e.update(values=["devil"] * 14), "the role deck: not an order of the 14"),
        (2, lambda e: e.update(values=[3]), "the first parent: expected one of 0, 1, 2"),
        (
            5,
            lambda e: e.update(choice="knight"),
            "Bea (claim a role or stay silent): 'knight' is not one of",
        ),
        (
            5,
            lambda e: e.update(seat=2),
            "it is not Chi's turn; waiting for Bea (claim a role or stay silent)",
        ),
        (5, lambda e: e.update(seat=7), "there is no seat 7"),
        (5, lambda e: e.update(decision="verdict"), "expected Bea's decision 'claim'"),
        (9, lambda e: e.update(choice=[0]), "Aki (choose the party): 0 is not one of 1, 2"),
        (9, lambda e: e.update(choice=[1, 1]), "Aki (choose the party): an option is chosen twice"),
        (9, lambda e: e.update(choice="1"), "Aki (choose the party): expected a list"),
        (15, lambda e: e.update(choice=4), "Chi (choose which die counts): 4 is not one of 3, 2"),
        (12, lambda e: e.update(seat=True), "'seat' must be a whole number, not True"),
        (12, lambda e: e.pop("decision"), "missing field 'decision'"),
        (12, lambda e: e.update(extra=1), "unknown field 'extra'"),
        (13, lambda e: e.update(chance="coin"), "unknown chance kind 'coin'"),
        (13, lambda e: e.update(values=[]), "'values' must be a non-empty list"),
        (13, lambda e: e.clear(), "the entry is empty"),
    ],
)
def test_broken_entries_name_their_entry(
    number: int, change: Callable[[dict[str, Any]], object], expected: str
) -> None:
    message = failure(entry(number, change))
    assert message.startswith(f"{WHERE}: entry {number}: "), message
    assert expected in message, message


def test_an_entry_out_of_turn_with_valid_shape_names_the_first_bad_entry() -> None:
    data = data_of(sample())
    data["log"].insert(6, {"seat": 0, "decision": "verdict", "choice": "give-up"})
    message = failure(tomli_w.dumps(data))
    assert message.startswith(f"{WHERE}: entry 7: ")


def text_of_sample() -> str:
    return saves.dumps(sample(), "2026-11-30T10:00:00+00:00")


def torn(text: str, where: str = WHERE) -> tuple[int, str]:
    """What loading a save whose last entry is incomplete gives: its entries and its note."""
    loaded = saves.loads(text, where, continue_chance=False)
    return len(loaded.table), str(loaded.note)


def incomplete(number: int) -> str:
    return (
        f"{WHERE}: entry {number}: the last entry is incomplete (the game was interrupted while "
        f"saving); continuing from entry {number - 1}"
    )


def test_a_file_cut_in_the_middle_of_its_last_line_goes_on_from_the_entry_before() -> None:
    text = text_of_sample()
    cut = text.index("values = [5, 2]") + len("values = [5, ")
    assert torn(text[:cut]) == (9, incomplete(10))


def test_a_file_cut_in_the_middle_of_a_string_goes_on_from_the_entry_before() -> None:
    text = text_of_sample()
    cut = text.index('decision = "reroll"') + len('decision = "rer')
    assert torn(text[:cut]) == (11, incomplete(12))


def test_a_file_cut_in_the_middle_of_a_line_of_its_header_is_not_toml() -> None:
    text = text_of_sample()
    cut = text.index('name = "Bea"') + len('name = "Be')
    assert "not a valid TOML file (truncated?)" in failure(text[:cut])


def test_a_file_cut_at_the_end_of_a_line_inside_an_entry_names_that_entry() -> None:
    text = text_of_sample()
    start = text.index('decision = "reroll"')  # entry 12: seat = 1 then decision
    assert torn(text[:start]) == (11, incomplete(12))
    just_the_header = text[: text.index("\n", text.index("[[log]]  # 12")) + 1]
    assert torn(just_the_header) == (11, incomplete(12))


def test_an_incomplete_entry_before_the_last_is_still_an_error() -> None:
    text = text_of_sample()
    start = text.index('decision = "reroll"')
    message = failure(text[:start] + text[text.index("\n[[log]]  # 13") :])
    assert message == f"{WHERE}: entry 12: missing field 'decision'"


def test_a_file_cut_cleanly_between_entries_is_caught_by_a_format_1_entry_count() -> None:
    text = text_of_sample().replace("format_version = 2\n", "format_version = 1\nentries = 16\n")
    cut = text.index("[[log]]  # 12")
    message = failure(text[:cut])
    assert message == (f"{WHERE}: the file says it holds 16 log entries but has 11 (truncated?)")
    cut = text.index('decision = "reroll"')  # and so is one cut inside an entry
    message = failure(text[:cut])
    assert message == (f"{WHERE}: the file says it holds 16 log entries but has 11 (truncated?)")


def test_non_toml_garbage() -> None:
    for garbage in ("\x00\x01\x02", "this is not a save {{{", "[[log]\nseat = ", "= = ="):
        assert "not a valid TOML file" in failure(garbage)
    assert "not a Partyline save" in failure("")


def test_a_file_that_does_not_exist(tmp_path: Path) -> None:
    path = tmp_path / "missing.toml"
    with pytest.raises(SaveError) as caught:
        saves.load(path)
    assert str(caught.value) == f"{path}: no such file"


def test_unreadable_files(tmp_path: Path) -> None:
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00garbage\x81")
    for path in (binary, tmp_path):
        with pytest.raises(SaveError) as caught:
            saves.load(path)
        message = str(caught.value)
        assert message.startswith(f"{path}: ") and "\n" not in message


def test_load_uses_the_path_in_its_messages(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    text = text_of_sample().replace("values = [5, 2]", "values = [5, 7]")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        saves.load(path)
    assert str(caught.value) == (
        f"{path}: entry 10: Aki's Light Hero roll: a 6-sided die cannot show 7"
    )


def test_a_save_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    """A save holds every secret and the seed (the threat model in docs/save-format.md)."""
    path = tmp_path / "secret.toml"
    saves.write(sample(), path)
    assert path.stat().st_mode & 0o777 == 0o600
