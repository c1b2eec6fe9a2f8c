"""Rules versions in saves: every save says which version of its game's rules it was played
under; old saves keep loading (with the options that play their rules, where an option can);
one that today's rules stop replaying says so in one line naming both versions, and keeps
everything before that entry for the replay viewer."""

from __future__ import annotations

from pathlib import Path

import pytest
from ldkit import GAME, Script
from test_ld_sudden_death import hp

from core import saves
from core.games import get_game
from core.saves import RulesChanged, SaveError
from core.simulate import play_one
from core.table import Table

WHERE = "old.toml"


def repeated_volleys() -> Table:
    """A sudden death as rules version 1 played it: everyone survives the first volley and the
    second, and Aki alone survives the fourth (entries 24-27 are the volleys)."""
    s = Script(3, repeat_volleys=True)
    s.setup(parent=0)
    for _ in range(3):
        s.give_up_turn()
    hp(s, (6, 6), (6, 6), (6, 6))
    for volley in ((1, 1, 1), (1, 1, 1), (6, 1, 1), (6, 1, 1)):
        s.dice(*volley)
    result = s.table.result()
    assert result is not None and result.winners == (0,) and len(s.table) == 27
    return s.table


def as_version_1(table: Table) -> str:
    """`table`'s save as Partyline wrote it before rules versions: no `rules_version`, and no
    `repeat_volleys` option (version 1 always repeated the volley)."""
    text = saves.dumps(table)
    for line in ("rules_version = 2\n", "repeat_volleys = true\n"):
        assert line in text
        text = text.replace(line, "")
    return text


def test_a_save_says_which_rules_version_it_was_played_under() -> None:
    for game_id in ("light-and-dark", "dangerous"):
        game = get_game(game_id)
        data = saves.to_data(play_one(game_id, game.min_players, 1, "random"))
        assert data["rules_version"] == game.rules_version >= 1
        assert list(data).index("rules_version") == list(data).index("game") + 1
    assert GAME.rules_version == 2  # sudden death became one volley (R13)


def test_a_save_without_a_rules_version_is_version_1_and_replays_as_it_was_played() -> None:
    old = repeated_volleys()
    loaded = saves.loads(as_version_1(old), WHERE)
    assert loaded.rules_version == 1
    assert loaded.table.options == {"repeat_volleys": True}  # version 1's sudden death
    assert loaded.table.log == old.log
    assert loaded.table.result() == old.result()
    # Written out again it is a version-2 save that names the option it plays with.
    again = saves.dumps(loaded.table)
    assert "rules_version = 2\n" in again and "repeat_volleys = true\n" in again
    assert saves.loads(again).rules_version == 2


def test_an_old_save_that_no_longer_replays_names_both_versions_and_keeps_what_it_can(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without an option that plays version 1, its fourth volley is an entry today's rules do
    not accept: the first volley leaves all three alive, so they roll off (entries 25, 26) and
    Aki wins; entry 27 is a die nobody asked for."""
    monkeypatch.setattr(type(GAME), "older_rules", {})
    with pytest.raises(RulesChanged) as caught:
        saves.loads(as_version_1(repeated_volleys()), WHERE)
    message = str(caught.value)
    assert message == (
        "old.toml: written under light-and-dark rules version 1, and this Partyline plays "
        "version 2, whose rules no longer accept its entry 27 (no chance outcome is due here; "
        "the game is over); its replay can be watched up to entry 26"
    )
    accepted = caught.value.accepted
    assert accepted.rules_version == 1 and len(accepted.table) == 26
    assert isinstance(caught.value, SaveError)  # continue and verify refuse it as any bad save


def test_a_bad_entry_in_a_save_of_todays_rules_is_no_rules_change() -> None:
    text = saves.dumps(repeated_volleys()).replace("values = [6, 1, 1]", "values = [6, 1, 9]", 1)
    with pytest.raises(SaveError) as caught:
        saves.loads(text, WHERE)
    assert not isinstance(caught.value, RulesChanged)
    assert (
        str(caught.value) == "old.toml: entry 26: the sudden-death volley: a 6-sided die "
        "cannot show 9"
    )


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (
            "3",
            "written under light-and-dark rules version 3, newer than this Partyline (0.1.0) "
            "plays (version 2); update Partyline",
        ),
        ("0", "field 'rules_version' must be 1 or more, not 0"),
        ('"2"', "field 'rules_version' has the wrong type (str)"),
        ("2.0", "field 'rules_version' has the wrong type (float)"),
    ],
)
def test_a_rules_version_this_partyline_cannot_play_is_refused(value: str, expected: str) -> None:
    text = saves.dumps(repeated_volleys()).replace("rules_version = 2", f"rules_version = {value}")
    with pytest.raises(SaveError) as caught:
        saves.loads(text, WHERE)
    assert str(caught.value) == f"{WHERE}: {expected}"


def test_the_saved_games_list_reads_the_rules_version_as_strictly(tmp_path: Path) -> None:
    path = tmp_path / "new.toml"
    path.write_text(
        saves.dumps(repeated_volleys()).replace("rules_version = 2", "rules_version = 9")
    )
    with pytest.raises(SaveError, match="rules version 9, newer than"):
        saves.peek(path)


def test_an_old_save_refused_from_its_first_entry_says_nothing_replays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = as_version_1(repeated_volleys()).replace('"warrior"', '"king"', 1)
    monkeypatch.setattr(type(GAME), "older_rules", {})
    with pytest.raises(RulesChanged) as caught:
        saves.loads(text, WHERE)
    assert str(caught.value).startswith(f"{WHERE}: written under light-and-dark rules version 1")
    assert str(caught.value).endswith("; nothing of it replays")
    assert len(caught.value.accepted.table) == 0
