"""The command line with saves of older rules versions: verify says which rules a save was played
under and replayed with; a save today's rules stop replaying is refused by verify and continue in
one line naming both versions, and `replay` opens it up to its last accepted entry."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.games import get_game
from tui import cli
from tui.cli import main

EXAMPLE = (
    Path(__file__).resolve().parent.parent / "saves" / "light-and-dark-rulebook-example-1.toml"
)


@pytest.fixture
def newer_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pretend Light and Dark's rules moved on to version 3: the examples are version 2 saves."""
    monkeypatch.setattr(type(get_game("light-and-dark")), "rules_version", 3)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def stopped_at_14(folder: Path) -> Path:
    """The example with a die its entry 14 could never show: under newer rules, a save those
    rules stop replaying at entry 14."""
    path = folder / "old.toml"
    path.write_text(EXAMPLE.read_text().replace("values = [4, 5]", "values = [4, 9]"))
    return path


STOPPED = (
    "written under light-and-dark rules version 2, and this Partyline plays version 3, whose "
    "rules no longer accept its entry 14 (Chen's Mage roll: a 6-sided die cannot show 9); its "
    "replay can be watched up to entry 13"
)


def test_verify_says_an_old_save_was_replayed_under_newer_rules(
    capsys: pytest.CaptureFixture[str], newer_rules: None
) -> None:
    code, out, _ = run(capsys, "verify", str(EXAMPLE))
    assert code == 0
    assert out.strip().endswith(
        "18 entries, not finished (can be continued) (written under rules version 2, replayed "
        "under version 3)"
    )
    code, out, _ = run(capsys, "verify", str(EXAMPLE), "--json")
    assert code == 0 and json.loads(out)["rules_version"] == 2


def test_verify_and_continue_refuse_an_old_save_the_rules_stop_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, newer_rules: None
) -> None:
    old = stopped_at_14(tmp_path)
    code, out, _ = run(capsys, "verify", str(old))
    assert code == 1 and out == f"{old}: {STOPPED}\n"
    code, out, _ = run(capsys, "verify", str(old), "--json")
    report = json.loads(out)
    assert code == 1 and report["ok"] is False and report["error"] == f"{old}: {STOPPED}"
    code, _, err = run(capsys, "continue", str(old))
    assert code == 1 and err == f"partyline: {old}: {STOPPED}\n"


def test_replay_opens_an_old_save_up_to_its_last_accepted_entry(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    newer_rules: None,
) -> None:
    opened: list[dict[str, Any]] = []
    monkeypatch.setattr(cli, "_run_app", lambda args, **kwargs: opened.append(kwargs) or 0)
    old = stopped_at_14(tmp_path)
    code, _, err = run(capsys, "replay", str(old))
    assert code == 0 and not err
    [kwargs] = opened
    assert len(kwargs["replay"]) == 13
    assert kwargs["replay_viewer"] == 0  # unfinished: as its only player, Aki
    assert str(kwargs["replay_note"]) == STOPPED
    # A save of today's rules that is broken is not a rules change: no replay.
    monkeypatch.undo()
    code, _, err = run(capsys, "replay", str(old))
    assert code == 1 and "entry 14: Chen's Mage roll" in err and len(opened) == 1
