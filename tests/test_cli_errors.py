"""The command line under bad input: every error is one line with the right exit status, `verify
--json` answers in JSON whatever the file, and a reader that goes away ends nothing in a
traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from oskit import ROOT

from core import saves
from core.text import MAX_MESSAGE
from tui import cli
from tui.cli import main

EXAMPLE = ROOT / "saves" / "light-and-dark-rulebook-example-1.toml"


def one_line_error(capsys: pytest.CaptureFixture[str], *argv: str, code: int = 2) -> str:
    """Run partyline with `argv`: it must fail with `code` and one line on stderr (returned)."""
    try:
        returned = main(list(argv))
    except SystemExit as exit_:  # argparse's own errors
        returned = int(exit_.code or 0)
    _, err = capsys.readouterr()
    assert returned == code, (returned, err)
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "usage:" not in err and "Traceback" not in err
    return err.rstrip("\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "light-and-dark", "--players", "0"], "for 3-6 players, not 0"),
        (["simulate", "dangerous", "--players", "-1"], "for 2-4 players, not -1"),
        (["simulate", "light-and-dark", "--games", "0"], "--games must be at least 1"),
        (["simulate", "light-and-dark", "--games", "-3"], "--games must be at least 1"),
        (["--theme", "nope", "games"], "unknown theme 'nope'"),
        (["--theme", "nope", "verify", str(EXAMPLE)], "unknown theme 'nope'"),
        (["play", "dangerous", "--option", "turn_limit=-5"], "must be from 0 to 99, not -5"),
        # an empty list (a variable that was not set) is no silent default
        (["play", "dangerous", "--seats", ""], "--seats is empty: leave it out for the default"),
        (["play", "dangerous", "--names", " "], "--names is empty: leave it out for the default"),
        # names at one table differ in any case or width, and one that shows nothing is blank
        (
            ["play", "dangerous", "--players", "2", "--names", "Aki,aki"],
            '--names: the name "aki" is seat 1\'s ("Aki"): names at one table must differ',
        ),
        (
            ["play", "dangerous", "--players", "2", "--names", "Ａｋｉ,Aki"],
            'the name "Aki" is seat 1\'s ("Ａｋｉ")',
        ),
        (
            ["play", "dangerous", "--players", "2", "--names", "Aki,\u2800"],
            "seat 2: the name is blank",
        ),
        (
            ["play", "dangerous", "--players", "2", "--names", "Aki,\u00ad\u115f"],
            "seat 2: the name is blank",
        ),
        (["simulate", "dangerous", "--option", "turn_limit=-5"], "must be from 0 to 99, not -5"),
        (["simulate", "dangerous", "--option", "turn_limit=100"], "from 0 to 99, not 100"),
        (["simulate", "dangerous", "--option", "turn_limit=x"], "takes a whole number, not 'x'"),
        (["simulate", "dangerous", "--option", "draft=maybe"], "takes true or false"),
        (["simulate", "dangerous", "--option", "speed=2"], "bad option 'speed=2'"),
        (["simulate", "dangerous", "--seed", str(2**63)], "--seed: the seed must be a whole"),
        (["play", "dangerous", "--seed", str(-(2**63) - 1)], "--seed: the seed must be a whole"),
        (
            ["simulate", "dangerous", "--seed", str(2**63 - 1), "--games", "2"],
            "--seed plus --games: the seed must be",
        ),
    ],
)
def test_bad_values_are_one_line_and_exit_2(
    argv: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(cli, "_run_app", lambda *args, **kwargs: 0)  # a value let through
    error = one_line_error(capsys, "--save-dir", str(tmp_path), *argv)
    assert error.startswith("partyline: ") and message in error, error
    assert os.listdir(tmp_path) == []  # no game started, no save file reserved


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "light-and-dark", "--players", "four"], "invalid int value: 'four'"),
        (["simulate", "light-and-dark", "--games", "1e3"], "invalid int value: '1e3'"),
        (["simulate", "light-and-dark", "--seed", "x"], "invalid int value: 'x'"),
        (["simulate", "light-and-dark", "--bot", "genius"], "invalid choice: 'genius'"),
        (["simulate"], "the following arguments are required: game"),
        (["verify"], "the following arguments are required: path"),
        (["chess"], "invalid choice: 'chess'"),
        (["games", "extra\nline"], "unrecognized arguments: extra\\nline"),
        (["play", "dangerous", "--seed"], "expected one argument"),
    ],
)
def test_argparse_errors_are_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    error = one_line_error(capsys, *argv)
    assert error.startswith("partyline") and message in error, error
    assert error.endswith("--help')")


@pytest.mark.parametrize(("language", "help"), [("en", "--help')"), ("ja", "を見てください）")])
def test_an_argparse_error_quoting_a_huge_value_is_cut_as_every_error_is(
    language: str, help: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """argparse quotes what was typed: its line is cut at MAX_MESSAGE, escaped, and still
    points at the help."""
    error = one_line_error(capsys, "--lang", language, "games", "--x\x1b[2J" + "y" * 10_000)
    assert len(error) == MAX_MESSAGE, len(error)
    assert "--x\\x1b[2Jyyy" in error and "\x1b" not in error
    assert error.endswith("... (see 'partyline --help')" if language == "en" else help)


# --- verify --json: JSON for every outcome -------------------------------------------------------


def huge(path: Path) -> None:
    with path.open("wb") as handle:
        handle.truncate(saves.MAX_FILE_BYTES + 1)


MAKERS: dict[str, tuple[Callable[[Path], object], str]] = {
    "missing": (lambda path: None, "no such file"),
    "too big": (huge, "too big for a save"),
    "empty": (lambda path: path.write_bytes(b""), "not a Partyline save"),
    "binary": (lambda path: path.write_bytes(b"\x00\xff\xfe"), "not UTF-8 text"),
    "bad TOML": (lambda path: path.write_text("a = = 1"), "not a valid TOML file"),
    "deep": (lambda path: path.write_text("a = " + "[" * 999 + "]" * 999), "nested more than"),
    "folder": (lambda path: path.mkdir(), "it is a folder"),
    "pipe": (os.mkfifo, "it is a named pipe"),
    "bad entry": (
        lambda path: path.write_text(
            EXAMPLE.read_text(encoding="utf-8").replace('chance = "pick"', "chance = [1]")
        ),
        "entry 2: 'chance' must be one of",
    ),
}


@pytest.mark.parametrize("case", list(MAKERS))
def test_verify_json_answers_in_json_whatever_the_file(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    make, reason = MAKERS[case]
    path = tmp_path / "save.toml"
    make(path)
    code = main(["verify", "--json", str(path)])
    out, err = capsys.readouterr()
    assert code == 1 and err == ""
    report = json.loads(out)
    assert report["ok"] is False and report["path"] == str(path)
    assert report["error"].startswith(f"{path}: ") and reason in report["error"]
    assert "\n" not in report["error"]
    code = main(["verify", str(path)])
    out, _ = capsys.readouterr()
    assert code == 1 and out == report["error"] + "\n"


@pytest.mark.parametrize("argv", [["verify", "--json"], ["verify", "--json", "a", "b"]])
def test_verify_json_answers_in_json_when_the_command_line_is_wrong(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2 and err == ""
    report = json.loads(out)
    assert report["ok"] is False and report["path"] is None
    assert report["error"].startswith("partyline") and "--help" in report["error"]


def test_verify_json_of_a_file_name_that_is_not_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = Path(os.fsdecode(bytes(tmp_path) + b"/\xff.toml"))
    path.write_bytes(EXAMPLE.read_bytes())
    assert main(["verify", "--json", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.isascii() or "\\udcff" in out  # the byte that is not UTF-8, as a JSON escape
    report = json.loads(out)
    assert report["ok"] is True and report["path"] == str(path)


# --- a reader that goes away ---------------------------------------------------------------------


@pytest.mark.parametrize("argv", [["verify", "--json"], ["verify"], ["games"]])
def test_a_closed_pipe_ends_quietly(argv: list[str]) -> None:
    # `partyline verify --json PATH | head -c 300`: the reader leaves before the writer is done.
    # Here it leaves before the first byte, which makes the broken pipe certain.
    process = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", *argv, *([str(EXAMPLE)] if "verify" in argv else [])],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    err = process.stderr.read()
    assert process.wait(timeout=60) == 141
    assert err == ""
