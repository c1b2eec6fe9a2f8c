"""The command line's language: --lang on every command, else the language remembered from the
setup screen, else the environment's; help, errors and argparse's own words in Japanese."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.config import Settings, config_path, remember
from core.i18n import translator
from core.table import Table
from core.wrap import wrap
from tui import cli
from tui.cli import main, run_language

EN = translator("en")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exit_:  # --help
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("PARTYLINE_CONFIG_DIR", str(tmp_path / "config"))
    return config_path()


def test_lang_is_taken_before_or_after_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--lang", "ja", "games"], ["games", "--lang", "ja"], ["games", "--lang=ja"]):
        code, out, err = run(capsys, *argv)
        assert code == 0 and err == "", argv
        assert "light-and-dark" in out and "3〜6 人" in out, argv
    code, out, _ = run(capsys, "--lang", "en", "games")
    assert "3-6 players" in out


def test_an_abbreviated_lang_flag_speaks_that_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "simulate", "light-and-dark", "--games", "0", "--la", "ja")
    assert code == 2 and err == "partyline: --games は 1 以上にしてください\n"


def test_the_environment_gives_the_default(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, config: Path
) -> None:
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert run(capsys, "games")[1].count("人)") == 2
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")  # LC_ALL before LANG
    assert "players" in run(capsys, "games")[1]
    assert "人)" in run(capsys, "--lang", "ja", "games")[1]  # the flag before all


def test_the_language_chosen_on_the_setup_screen_beats_the_environment(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, config: Path
) -> None:
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert remember(config, Settings(language="ja"), EN) == ""
    assert run_language(["games"]) == ("ja", "")
    assert "人)" in run(capsys, "games")[1]
    assert "players" in run(capsys, "games", "--lang", "en")[1]


def test_a_corrupt_settings_file_is_one_warning_line_and_the_command_goes_on(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, config: Path
) -> None:
    config.parent.mkdir(parents=True)
    config.write_bytes(b"language = [\x1b[31m")
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    code, out, err = run(capsys, "games")
    assert code == 0 and "人)" in out  # the environment's language, as if no file
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"partyline: 警告: {config}: 読み飛ばしました（TOML ではありません: ")
    assert "\x1b" not in err  # the file's bytes are shown escaped
    # --lang needs no settings: no warning then.
    assert run(capsys, "--lang", "en", "games")[2] == ""


def test_usage_errors_and_help_in_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "--lang", "ja", "simulate", "light-and-dark", "--games", "x")
    assert code == 2
    assert err == (
        "partyline simulate: 引数 --games: int として不正な値です: 'x'"
        "（'partyline simulate --help' を見てください）\n"
    )
    code, _out, err = run(capsys, "--lang", "ja", "play")
    assert (
        err
        == "partyline play: 次の引数が必要です: game（'partyline play --help' を見てください）\n"
    )
    code, _out, err = run(capsys, "--lang", "ja", "games", "extra")
    assert "解釈できない引数です: extra" in err
    code, out, _err = run(capsys, "--lang", "ja", "play", "--help")
    assert code == 0 and out.startswith("使い方: partyline play")
    assert "位置引数:" in out and "オプション:" in out and "このヘルプを表示して終了する" in out
    assert "ボットの速さ: slow（1手 1.5 秒）" in out
    # argparse's words are its own again once the parse is over.
    assert cli.argparse._("usage: ") == "usage: "  # type: ignore[attr-defined]


def test_errors_of_the_commands_in_japanese(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _out, err = run(capsys, "--lang", "ja", "simulate", "light-and-dark", "--players", "9")
    assert (code, err) == (2, "partyline: light-and-dark は 3〜6 人用です。9 人では遊べません\n")
    code, _out, err = run(
        capsys, "--lang", "ja", "play", "light-and-dark", "--seats", "human,cat,bot"
    )
    assert err == (
        "partyline: 知らない席の種類です: 'cat'（human, bot, random, heuristic のどれか）\n"
    )
    code, _out, err = run(capsys, "--lang", "ja", "--theme", "pink", "games")
    assert err.startswith("partyline: 知らないテーマです: 'pink'（使えるもの: partyline-dark")


def test_english_is_as_before(capsys: pytest.CaptureFixture[str]) -> None:
    _code, _out, err = run(capsys, "simulate", "light-and-dark", "--games", "x")
    assert err == (
        "partyline simulate: argument --games: invalid int value: 'x' "
        "(see 'partyline simulate --help')\n"
    )
    _code, out, _err = run(capsys, "--help")
    assert out.startswith("usage: partyline") and "positional arguments:" in out


def test_help_lines_are_wrapped_by_their_width_on_the_terminal() -> None:
    text = "セーブの保存先（既定: $PARTYLINE_SAVE_DIR、なければユーザーのデータフォルダー）"
    lines = wrap(text, 30)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    from core.text import cells

    assert all(cells(line) <= 30 for line in lines), lines
    assert not any(line[0] in "、。）" for line in lines)  # no line starts with a closing mark
    assert wrap("one two three", 7) == ["one two", "three"]


@pytest.mark.parametrize(
    ("argv", "names"),
    [
        (["--lang", "ja", "play", "dangerous"], ["プレイヤー1", "ボット2", "ボット3", "ボット4"]),
        (["play", "dangerous", "--lang", "en"], ["Player 1", "Bot 2", "Bot 3", "Bot 4"]),
        (
            ["--lang", "ja", "play", "dangerous", "--players", "2", "--names", "Aki,Ben"],
            ["Aki", "Ben"],
        ),
    ],
)
def test_play_names_the_seats_nobody_named_in_the_language_it_speaks(
    argv: list[str],
    names: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """The names go into the save: they are the starter's language's from the first entry."""
    started: list[tuple[str, ...]] = []

    def run_app(args: object, table: Table, **kwargs: object) -> int:
        started.append(table.names)
        return 0

    monkeypatch.setattr(cli, "_run_app", run_app)
    code, _out, err = run(capsys, "--save-dir", str(tmp_path), *argv)
    assert code == 0 and err == "" and started == [tuple(names)]


def test_simulate_reports_the_wins_by_seat_in_the_language_it_speaks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(
        capsys, "--lang", "ja", "simulate", "dangerous", "--players", "2", "--games", "3"
    )
    wins = [line for line in out.splitlines() if "ボット1 " in line]
    assert code == 0 and err == "" and len(wins) == 1 and "ボット2 " in wins[0], out
