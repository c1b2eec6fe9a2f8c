"""Error messages in the reader's language, on the command line (a real child process with
--lang): a save that does not load (`file: entry N: why`), the note of an incomplete save, the
limits on a save, a refused name, a seed out of range, a save that cannot be written. The same
one line in English, and never a message of the catalog left in English in Japanese."""

from __future__ import annotations

from pathlib import Path

import pytest
from oskit import ROOT, partyline

SAMPLE = ROOT / "saves" / "light-and-dark-3p-heuristic.toml"


def both(*argv: str) -> tuple[tuple[int, str], tuple[int, str]]:
    """(exit status, stdout + stderr) of `partyline ARGV` in English, then in Japanese."""
    runs = []
    for language in ("en", "ja"):
        done = partyline("--lang", language, *argv)
        runs.append((done.returncode, done.stdout + done.stderr))
    return runs[0], runs[1]


def broken(tmp_path: Path, old: str, new: str, count: int = 1) -> Path:
    """The sample save with `old` replaced by `new` (its first `count` times)."""
    text = SAMPLE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "broken.toml"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return path


def test_a_bad_log_entry_says_file_entry_n_why_in_each_language(tmp_path: Path) -> None:
    path = broken(tmp_path, "seat = 0", "seat = 7")
    (code_en, english), (code_ja, japanese) = both("verify", str(path))
    assert code_en == code_ja == 1
    number = english.split(": entry ")[1].split(":")[0]
    assert english == f"{path}: entry {number}: there is no seat 7\n"
    assert japanese == f"{path}: エントリー {number}: 席 7 はありません\n"


@pytest.mark.parametrize(
    ("old", "new", "english", "japanese"),
    [
        ("seed = 2", "seed = 2\nlevel = 1", "unknown field 'level'", "知らないフィールド 'level'"),
        (
            'kind = "bot"',
            'kind = "robot"',
            "seat 1: kind must be 'human' or 'bot'",
            "席 1: kind は",
        ),
        ("format_version = 1", "format_version = 99", "update Partyline", "更新してください"),
        (
            "seat = 0",
            'seat = "zero"',
            "entry 5: 'seat' must be a whole number",
            "エントリー 5: 'seat' は整数",
        ),
        (
            "options]\nplayers = 3",
            "options]\nplayers = 3\nkeep_cards = 2",
            "option 'keep_cards' has",
            "オプション 'keep_cards'の型",
        ),
        (
            "seed = 2",
            "seed = 2\na.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.a.b.c.d.e.f.g.h = 1",
            "a dotted key of more than",
            "ドット区切りのキー",
        ),
    ],
)
def test_a_bad_header_and_the_limits_are_told_in_each_language(
    tmp_path: Path, old: str, new: str, english: str, japanese: str
) -> None:
    path = broken(tmp_path, old, new)
    (code_en, said_en), (code_ja, said_ja) = both("verify", str(path))
    assert code_en == code_ja == 1
    assert said_en.startswith(f"{path}: ") and english in said_en and said_en.count("\n") == 1
    assert said_ja.startswith(f"{path}: ") and japanese in said_ja and said_ja.count("\n") == 1
    assert english not in said_ja


def test_the_note_of_an_incomplete_save_is_in_each_language(tmp_path: Path) -> None:
    text = SAMPLE.read_text(encoding="utf-8")
    path = tmp_path / "torn.toml"
    path.write_text(text.replace("entries = 26\n", "")[:-3], encoding="utf-8")
    (code_en, english), (code_ja, japanese) = both("verify", str(path))
    assert code_en == code_ja == 0
    assert f"{path}: entry 26: the last entry is incomplete" in english
    assert f"{path}: エントリー 26: 最後のエントリーが不完全です" in japanese
    assert "エントリー 25 から続けます" in japanese and "last entry" not in japanese


def test_a_refused_name_and_seed_are_told_in_each_language() -> None:
    (_, english), (code, japanese) = both(
        "play", "light-and-dark", "--players", "3", "--names", "A\tB,C,D"
    )
    assert code == 2
    assert english == 'partyline: seat 1: the name "A\\tB" contains a control character (\\t)\n'
    assert japanese == 'partyline: 席 1: 名前 "A\\tB" に制御文字（\\t）が入っています\n'
    (_, english), (code, japanese) = both("simulate", "light-and-dark", "--seed", str(2**70))
    assert code == 2 and "the seed must be a whole number from" in english
    assert "シードは -9223372036854775808 から 9223372036854775807 までの整数です" in japanese


def test_an_unknown_game_is_told_in_each_language() -> None:
    (_, english), (code, japanese) = both("play", "chess")
    assert code == 2 and "unknown game 'chess' (known: " in english
    assert "知らないゲーム 'chess' です（遊べるもの: " in japanese


def test_a_save_that_cannot_be_written_is_told_in_each_language(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "last.toml"
    argv = ("simulate", "light-and-dark", "--games", "1", "--save", str(target))
    (code_en, english), (code_ja, japanese) = both(*argv)
    assert code_en == code_ja == 1
    assert english == (
        f"partyline: {target}: could not save: the folder {target.parent} does not exist\n"
    )
    assert japanese == (
        f"partyline: {target}: セーブできませんでした: フォルダー {target.parent} がありません\n"
    )
