"""The language on a real terminal (a pseudo-terminal read by pyte): LANG=ja_JP.UTF-8 opens the
app in Japanese; a language chosen on the setup screen is there at the next start; --lang wins."""

from __future__ import annotations

import sys
from pathlib import Path

from ptykit import Terminal

ROOT = Path(__file__).resolve().parent.parent


def partyline(tmp_path: Path, *argv: str, lang: str = "C.UTF-8") -> Terminal:
    env = {
        "LANG": lang,
        "PARTYLINE_SAVE_DIR": str(tmp_path / "saves"),
        "PARTYLINE_CONFIG_DIR": str(tmp_path / "config"),
    }
    return Terminal.spawn([sys.executable, "-m", "tui.cli", *argv], env=env, cwd=ROOT)


def quit_app(term: Terminal) -> None:
    term.press("escape", "escape")
    assert term.wait_exit() == 0


def test_the_environment_the_setup_screen_and_the_flag_choose_the_language(
    tmp_path: Path,
) -> None:
    with partyline(tmp_path, lang="ja_JP.UTF-8") as term:
        term.wait_for("f2 開始  f3 続き  f4 リプレイ")  # the footer, drawn last
        lines = term.lines()
        assert lines[0].startswith(" Partyline: 新しいゲーム")
        assert lines[1].startswith(" 言語       < 日本語  >")  # two cells a character, aligned
        quit_app(term)
    with partyline(tmp_path) as term:  # an English environment, nothing remembered yet
        term.wait_for("Partyline: a new game")
        term.press("shift+tab", "shift+tab", "right")  # the Language row: 日本語
        term.wait_for("Partyline: 新しいゲーム")
        quit_app(term)
    assert (tmp_path / "config" / "config.toml").read_text(encoding="utf-8") == 'language = "ja"\n'
    with partyline(tmp_path) as term:  # remembered, over the environment
        term.wait_for("Partyline: 新しいゲーム")
        quit_app(term)
    with partyline(tmp_path, "--lang", "en") as term:  # the flag, over both
        term.wait_for("Partyline: a new game")
        quit_app(term)
