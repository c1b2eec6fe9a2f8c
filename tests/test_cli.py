"""The `partyline` command line: headless commands, exit codes and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core import saves
from core.games import get_game
from core.simulate import play_one
from core.table import Seat, SeatKind, new_table
from core.viewer import PUBLIC
from tui import cli
from tui.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "saves" / "light-and-dark-rulebook-example-1.toml"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_ids_titles_and_player_counts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert "light-and-dark" in out and "3-6 players" in out
    assert "Dangerous (戦闘破壊学園ダンゲロス)" in out


def test_games_lists_the_titles_in_the_runs_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "ja", "games")
    assert code == 0
    rows = dict(line.split(maxsplit=1) for line in out.splitlines())
    assert rows["dangerous"].startswith("戦闘破壊学園ダンゲロス  (")
    assert rows["light-and-dark"].startswith("光と闇の勇者  (")
    assert "Dangerous" not in out and "Light and Dark" not in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.startswith("partyline ")


@pytest.mark.parametrize("command", ["play", "simulate", "verify", "replay", "continue", "games"])
def test_every_command_has_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    assert "usage: partyline" in capsys.readouterr().out


def test_simulate_reports_games_wins_length_and_speed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "last.toml"
    code, out, _ = run(
        capsys, "simulate", "light-and-dark", "--players", "5", "--games", "20", "--save", str(save)
    )
    assert code == 0
    assert "20 games" in out
    assert "wins by seat: Bot 1" in out
    assert "average length:" in out and "decisions/s" in out
    code, out, _ = run(capsys, "verify", str(save))
    assert code == 0 and ": ok: light-and-dark, 5 players" in out and "finished" in out


def test_simulate_with_random_bots_and_an_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "simulate",
        "light-and-dark",
        "--games",
        "5",
        "--bot",
        "random",
        "--option",
        "keep_cards=true",
    )
    assert code == 0 and "5 games" in out


def test_simulate_dangerous_turns_the_house_rule_turn_limit_on_and_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The turn limit is a house rule, off in play (ruling R23); bots' games play with it and
    the output says so. Asked for explicitly, no note is printed."""
    save = tmp_path / "dg.toml"
    argv = ("simulate", "dangerous", "--players", "2", "--games", "1", "--seed", "5")
    code, out, _ = run(capsys, *argv, "--save", str(save))
    note = (
        "note: Turn limit (house rule) is 12 in these bot-only games (in play it is 0); "
        "--option turn_limit=VALUE sets it"
    )
    assert code == 0 and note in out.splitlines()
    assert saves.load(save).table.options == {"turn_limit": 12}
    code, out, _ = run(capsys, *argv, "--option", "turn_limit=3", "--save", str(save))
    assert code == 0 and "note:" not in out
    assert saves.load(save).table.options == {"turn_limit": 3}


def test_simulate_stops_a_game_at_max_entries_and_reports_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "stopped.toml"
    argv = ("simulate", "dangerous", "--players", "2", "--games", "2", "--seed", "3")
    code, out, _ = run(
        capsys,
        *argv,
        "--bot",
        "random",
        "--option",
        "turn_limit=0",
        "--max-entries",
        "40",
        "--save",
        str(save),
    )
    assert code == 0
    stopped = "stopped: 2 of 2 games had not ended at 40 log entries (--max-entries), seeds 3, 4"
    assert stopped in out.splitlines()
    assert "wins by seat: Bot 1 0, Bot 2 0" in out
    code, out, _ = run(capsys, "verify", str(save))
    assert code == 0 and "not finished" in out  # the stopped game is saved as it stood
    code, _, err = run(capsys, *argv, "--max-entries", "0")
    assert code == 2 and err == "partyline: --max-entries must be at least 1\n"


def test_simulate_refuses_a_save_path_ending_in_a_slash(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`--save new/` names a folder: refused before any game, nothing written (it wrote a file
    named `new`, the slash dropped)."""
    typed = f"{tmp_path}/new/"
    code, out, err = run(capsys, "simulate", "light-and-dark", "--games", "1", "--save", typed)
    assert (code, out) == (2, "")
    assert err == f"partyline: --save {typed}: names a folder; give the file to write\n"
    assert list(tmp_path.iterdir()) == []


def test_verify_accepts_a_save_and_reports_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "verify", str(EXAMPLE))
    assert code == 0
    assert "18 entries" in out and "not finished" in out
    code, out, _ = run(capsys, "verify", str(EXAMPLE), "--json")
    report = json.loads(out)
    assert code == 0
    assert report["ok"] is True and report["game"] == "light-and-dark"
    assert report["entries"] == 18 and report["finished"] is False
    assert report["scores"] == [3, 3, 3, -3] and report["score_name"] == "points"
    assert report["winners"] == [] and report["result"] is None and report["error"] is None
    assert report["rules_version"] == 2


def test_verify_json_reports_the_game_over_screens_result(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Dangerous's scores are boss tokens, as its players panel and results table show; the
    winner is the last party standing in the final battle (here level on tokens, not ahead)."""
    code, out, _ = run(
        capsys, "verify", str(ROOT / "saves" / "dangerous-2p-heuristic.toml"), "--json"
    )
    report = json.loads(out)
    assert code == 0 and report["finished"] is True
    assert report["score_name"] == "boss tokens" and report["scores"] == [2, 2]
    assert report["winners"] == ["Bot 1"]
    assert report["result"] == "Bot 1 wins the final battle (boss tokens: Bot 1 2, Bot 2 2)."


def test_verify_rejects_a_hand_corrupted_save_naming_the_entry(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text(EXAMPLE.read_text().replace("values = [4, 5]", "values = [4, 9]"))
    code, out, _ = run(capsys, "verify", str(broken))
    assert code == 1
    assert out.strip() == f"{broken}: entry 14: Chen's Mage roll: a 6-sided die cannot show 9"
    code, out, _ = run(capsys, "verify", str(broken), "--json")
    report = json.loads(out)
    assert code == 1 and report["ok"] is False and "entry 14" in report["error"]


def test_verify_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "verify", str(tmp_path / "none.toml"))
    assert code == 1 and out.strip() == f"{tmp_path / 'none.toml'}: no such file"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["simulate", "chess"], "unknown game 'chess'"),
        (["play", "light-and-dark", "--players", "9"], "for 3-6 players, not 9"),
        (["play", "light-and-dark", "--seats", "human,robot,bot"], "unknown seat kind 'robot'"),
        (["play", "light-and-dark", "--seats", "human,bot,bot", "--players", "4"], "lists 3"),
        (["play", "light-and-dark", "--option", "colour=red"], "bad option 'colour=red'"),
        (["play", "light-and-dark", "--option", "keep_cards=maybe"], "takes true or false"),
        (["simulate", "light-and-dark", "--games", "0"], "--games must be at least 1"),
        (["--theme", "neon"], "unknown theme 'neon'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "--save-dir", str(tmp_path), *argv)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_continue_and_replay_reject_a_broken_save_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("format = 'partyline-save'\nformat_version = 99\n")
    for command in ("continue", "replay"):
        code, _, err = run(capsys, command, str(broken))
        assert code == 1  # as verify: the save, not the command line, is wrong
        assert "format version 99 is newer" in err and len(err.strip().splitlines()) == 1


def hot_seat_save(folder: Path) -> Path:
    """A game still being played by Aki and Ben at one keyboard, with a bot."""
    seats = (Seat("Aki"), Seat("Ben"), Seat("Bot 3", SeatKind.BOT, "heuristic"))
    path = folder / "hot.toml"
    saves.write(new_table(get_game("light-and-dark"), seats, {}, 7), path)
    return path


def opened_replays(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """What `replay` would open the app with (the app itself is tested in tests/tui)."""
    opened: list[dict[str, Any]] = []

    def run_app(args: object, **kwargs: Any) -> int:
        opened.append(kwargs)
        return 0

    monkeypatch.setattr(cli, "_run_app", run_app)
    return opened


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--seat", "3"],
            "--seat 3 is a bot: a game still being played replays only as the public or one of "
            "its players (--seat public, 1 or 2)",
        ),
        (["--seat", "two"], "--seat two: give a seat number or public"),
        (["--seat", "+1"], "--seat +1: give a seat number or public"),
        (["--seat", "1_0"], "--seat 1_0: give a seat number or public"),
        (["--seat", "\u0662"], "--seat \u0662: give a seat number or public"),  # (Arabic-Indic 2)
        (["--seat", "010"], "--seat 010: the seats are 1 to 3"),
        (["--seat", "0"], "--seat 0: the seats are 1 to 3"),
        (["--seat", "4"], "--seat 4: the seats are 1 to 3"),
    ],
)
def test_an_unfinished_game_replays_only_as_the_public_or_one_of_its_players(
    argv: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    opened = opened_replays(monkeypatch)
    code, _, err = run(capsys, "replay", str(hot_seat_save(tmp_path)), *argv)
    assert code == 2 and message in err and not opened
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_replay_opens_as_the_seat_asked_for(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened = opened_replays(monkeypatch)
    finished = tmp_path / "finished.toml"
    saves.write(play_one("light-and-dark", 3, 1, "random"), finished)
    cases = [
        ([str(hot_seat_save(tmp_path)), "--seat", "2"], 1),  # Ben, counted from 1
        ([str(hot_seat_save(tmp_path))], PUBLIC),  # unfinished, two players: no one's secrets
        ([str(hot_seat_save(tmp_path)), "--seat", "public"], PUBLIC),
        ([str(EXAMPLE)], 0),  # unfinished, but Aki is its only player
        ([str(EXAMPLE), "--seat", "Public"], PUBLIC),
        ([str(finished)], None),  # finished: everyone
        ([str(finished), "--seat", "3"], 2),  # finished: any seat, a bot's too
        ([str(finished), "--seat", "public"], PUBLIC),  # finished: the public's eyes too
    ]
    for argv, viewer in cases:
        code, _, err = run(capsys, "replay", *argv)
        assert code == 0 and not err
        assert opened[-1]["replay_viewer"] == viewer, argv
