"""Hostile text at the boundary: names given with --names or loaded from a save are refused with
one line; every line `verify` and `simulate` print stays one line with control characters shown
as escapes; a save that holds text which is not UTF-8 fails to write cleanly.

(The setup screen's refusals are in tests/tui/test_tui_setup.py; what reaches a real terminal
is in test_terminal_injection.py.)
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import tomli_w
from hostile import unchecked_seat

from core import saves
from core.games import get_game
from core.narration import Text
from core.table import Seat, new_table
from core.text import is_control, visible
from tui import cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "saves" / "light-and-dark-rulebook-example-1.toml"
EXAMPLE_OK = "ok: light-and-dark, 4 players, 18 entries, not finished (can be continued)"

REFUSED_NAMES = [
    ("CLRX\x1b[2J\x1b[H", 'the name "CLRX\\x1b[2J\\x1b[H" contains a control character (\\x1b)'),
    ("\x1b[?1049l", 'the name "\\x1b[?1049l" contains a control character (\\x1b)'),
    ("\x1b[6n", 'the name "\\x1b[6n" contains a control character (\\x1b)'),
    ("\x1b]0;pwned\x07", 'the name "\\x1b]0;pwned\\x07" contains a control character (\\x1b)'),
    ("\u009b31m", 'the name "\\x9b31m" contains a control character (\\x9b)'),
    ("Two\nLines", 'the name "Two\\nLines" contains a control character (\\n)'),
    ("   ", "the name is empty"),  # --names strips each name
    ("x" * 33, f'the name "{"x" * 33}" is too wide (33 cells; the limit is 32)'),
    ("勇者" * 9, f'the name "{"勇者" * 9}" is too wide (36 cells; the limit is 32)'),
    ("A\udcff", 'the name "A\\udcff" is not valid UTF-8 (\\udcff)'),  # what argv makes of 0xff
]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_clean_line(output: str) -> str:
    """`output` must be exactly one line without a control character; returns it."""
    assert output.endswith("\n") and output.count("\n") == 1, f"not one line: {output!r}"
    line = output[:-1]
    assert not any(is_control(char) for char in line), f"control characters in {line!r}"
    return line


def toml_string(text: str) -> str:
    return tomli_w.dumps({"v": text}).removeprefix("v = ").strip()


def save_with(tmp_path: Path, old: str, new: str, name: str = "game.toml") -> Path:
    """The example save with one TOML line changed, written under `name`."""
    text = EXAMPLE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


# --- the CLI's --names -------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "reason"), REFUSED_NAMES)
def test_play_refuses_a_hostile_name_in_one_line_and_exit_2(
    name: str,
    reason: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    started: list[object] = []
    monkeypatch.setattr(cli, "_run_app", lambda args, **kwargs: started.append(kwargs) or 0)
    code, out, err = run(
        capsys,
        "play",
        "light-and-dark",
        "--players",
        "3",
        "--names",
        f"Aki,{name},Chen",
        "--save-dir",
        str(tmp_path),
    )
    assert (code, out, started) == (2, "", [])
    assert one_clean_line(err) == f"partyline: seat 2: {reason}"
    assert list(tmp_path.iterdir()) == []


def test_a_name_given_in_bytes_that_are_not_utf8_is_refused_before_anything_is_saved(
    tmp_path: Path,
) -> None:
    """The real argv of `--names $'A\\xff,B,C'`: today's main crashed on the first autosave."""
    names = os.fsencode("A\udcff,B,C")  # b"A\xff,B,C"
    play = ["play", "light-and-dark", "--players", "3", "--names", names]
    result = subprocess.run(
        [sys.executable, "-m", "tui.cli", *play, "--save-dir", str(tmp_path)],
        capture_output=True,
        stdin=subprocess.DEVNULL,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, "PYTHONUTF8": "1"},
    )
    assert result.returncode == 2
    assert result.stderr == b'partyline: seat 1: the name "A\\udcff" is not valid UTF-8 (\\udcff)\n'
    assert result.stdout == b""
    assert list(tmp_path.iterdir()) == []


# --- names in a save ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "reason"),
    # Not the blank name (the loader's own check says "missing or empty") nor the undecodable
    # byte (a TOML file is UTF-8: no string in it can hold one).
    [(name, reason) for name, reason in REFUSED_NAMES if name.strip() and "\udcff" not in name],
)
def test_a_save_with_a_hostile_name_is_refused_in_one_line_naming_the_seat(
    name: str, reason: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = save_with(tmp_path, 'name = "Bea"', f"name = {toml_string(name)}")
    with pytest.raises(saves.SaveError) as refused:
        saves.load(path)
    message = str(refused.value)
    assert message == f"{path}: seat 2: {reason}"
    code, out, _ = run(capsys, "verify", str(path))
    assert code == 1 and one_clean_line(out) == message
    code, out, _ = run(capsys, "verify", str(path), "--json")
    report = json.loads(one_clean_line(out))
    assert code == 1 and report["ok"] is False and report["error"] == message
    code, out, err = run(capsys, "continue", str(path))
    assert code == 1 and out == "" and one_clean_line(err) == f"partyline: {message}"


def test_a_name_cannot_forge_a_second_ok_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.toml"
    forged = f"Bea\n{path}: {EXAMPLE_OK}"
    save_with(tmp_path, 'name = "Bea"', f"name = {toml_string(forged)}")
    code, out, _ = run(capsys, "verify", str(path))
    line = one_clean_line(out)
    assert code == 1 and line.startswith(f"{path}: seat 2: the name ")


# --- verify's one line -------------------------------------------------------------------------


def test_a_decision_string_with_a_newline_keeps_verify_to_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.toml"
    forged = f"claim\n{path}: {EXAMPLE_OK}"
    save_with(tmp_path, 'decision = "claim"', f"decision = {toml_string(forged)}")
    code, out, _ = run(capsys, "verify", str(path))
    line = one_clean_line(out)
    assert code == 1
    error = f"{path}: entry 5: expected Bea's decision 'claim', found '{forged}'"
    assert line == visible(error)
    code, out, _ = run(capsys, "verify", str(path), "--json")
    report = json.loads(one_clean_line(out))
    assert code == 1 and report["error"] == visible(error)  # a SaveError is one line itself


def test_verify_shows_a_hostile_file_name_escaped_on_its_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "ok\x1b]0;pwned\x07\u009b31m\n.toml"
    shutil.copy(EXAMPLE, path)
    code, out, _ = run(capsys, "verify", str(path))
    assert code == 0 and one_clean_line(out) == f"{visible(str(path))}: {EXAMPLE_OK}"
    code, out, _ = run(capsys, "verify", str(path), "--json")
    report = json.loads(one_clean_line(out))
    assert code == 0 and report["ok"] is True and report["path"] == str(path)


def test_simulate_shows_a_hostile_save_path_escaped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "last\x1b[2J\u009b.toml"
    code, out, _ = run(capsys, "simulate", "light-and-dark", "--games", "1", "--save", str(path))
    assert code == 0 and path.is_file()
    assert out.splitlines()[-1] == f"last game saved to {visible(str(path))}"
    assert not any(is_control(char) for char in out.replace("\n", ""))


# --- writing text that is not UTF-8 ------------------------------------------------------------


def test_a_table_holding_text_that_is_not_utf8_fails_to_save_as_one_clean_oserror(
    tmp_path: Path,
) -> None:
    seats = (unchecked_seat("A\udcff"), Seat("Bea"), Seat("Chen"))
    table = new_table(get_game("light-and-dark"), seats, {}, 5)
    path = tmp_path / "game.toml"
    with pytest.raises(OSError) as failed:
        saves.write(table, path)
    assert failed.value.errno == errno.EILSEQ
    assert str(failed.value.strerror) == 'not valid UTF-8: "name = "A\\udcff""'
    assert list(tmp_path.iterdir()) == []  # no file, no temporary file
    errors: list[Text] = []  # (a text, written out in the reader's language)
    saves.Autosave(table, path, on_error=errors.append).save()
    written = f'{path}: could not save: not valid UTF-8: "name = "A\\udcff""'
    assert list(map(str, errors)) == [written]
