"""A hand-damaged save's impossible chance entry (a die face no die shows, a wrong count of dice)
reaches a person as `file: entry N: why`, the why in their language, by every way it is read:
`verify`, `continue`, `replay` (also as the note of an older rules version's save), and the
saves screen. English stays the line it was."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from core import saves
from core.games import get_game
from core.i18n import translator
from tui import cli
from tui.cli import main
from tui.screens.saves import SaveRow, check, describe

SAMPLE = Path(__file__).resolve().parent.parent / "saves" / "light-and-dark-3p-heuristic.toml"
BOSS_HP = "values = [1, 4]"  # entry 3, the first: the boss's HP, two dice

DAMAGES = [
    (
        "values = [1, 9]",
        "entry 3: the boss's HP: a 6-sided die cannot show 9",
        "エントリー 3: ボスの体力: 6 面のダイスに 9 の目はありません",
    ),
    (
        "values = [1, 4, 2]",
        "entry 3: the boss's HP: expected 2 dice, found 3",
        "エントリー 3: ボスの体力: ダイスは 2 個のはずが、3 個書かれています",
    ),
]


def damaged(folder: Path, values: str) -> Path:
    path = folder / "damaged.toml"
    path.write_text(SAMPLE.read_text(encoding="utf-8").replace(BOSS_HP, values, 1))
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out + err


@pytest.mark.parametrize(("values", "english", "japanese"), DAMAGES)
def test_verify_continue_and_replay_say_file_entry_n_why_in_each_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, values: str, english: str, japanese: str
) -> None:
    path = damaged(tmp_path, values)
    assert run(capsys, "--lang", "en", "verify", str(path)) == (1, f"{path}: {english}\n")
    assert run(capsys, "--lang", "ja", "verify", str(path)) == (1, f"{path}: {japanese}\n")
    for command in ("continue", "replay"):
        said = run(capsys, "--lang", "ja", command, str(path))
        assert said == (1, f"partyline: {path}: {japanese}\n")
    said = run(capsys, "--lang", "en", "continue", str(path))
    assert said == (1, f"partyline: {path}: {english}\n")


@pytest.mark.parametrize(("values", "english", "japanese"), DAMAGES)
def test_the_saves_screen_says_why_in_its_language(
    tmp_path: Path, values: str, english: str, japanese: str
) -> None:
    path = damaged(tmp_path, values)
    row = check(SaveRow(path, saves.peek(path)))
    assert f"{path}: {japanese}" in describe(row, translator("ja")).plain
    assert f"{path}: {english}" in describe(row, translator("en")).plain


def test_an_older_rules_version_replays_up_to_it_with_a_note_in_its_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(type(get_game("light-and-dark")), "rules_version", 3)
    opened: list[dict[str, Any]] = []

    def open_app(args: object, **kwargs: Any) -> int:
        opened.append(kwargs)
        return 0

    monkeypatch.setattr(cli, "_run_app", open_app)
    path = damaged(tmp_path, "values = [1, 9]")
    assert run(capsys, "--lang", "ja", "replay", str(path), "--seat", "1") == (0, "")
    note = translator("ja")(opened[0]["replay_note"])
    assert "エントリー 3 " in note and "6 面のダイスに 9 の目はありません" in note
    assert "cannot show" not in note
