"""The serve command's limit flags speak the run's language (issue 12: every user-facing text in
Japanese and English): a limit out of range is one line in it, and --help says what each limit
is in it. (Refused before the server starts: nothing is listened on, no key is made.)"""

from __future__ import annotations

import pytest
from test_cli_lang import run

from server.limits import LIMIT_FLAGS, Limits


@pytest.mark.parametrize(
    ("flag", "value", "japanese"),
    [
        (
            "--max-chat-rate",
            "0",
            "partyline: --max-chat-rate は 1 以上にしてください（0 ではなく）",
        ),
        (
            "--idle-timeout",
            "0",
            "partyline: --idle-timeout は 0 秒より長くしてください（0 ではなく）",
        ),
        (
            "--max-name-length",
            "40",
            "partyline: --max-name-length は 1〜32 にしてください（40 ではなく）",
        ),
    ],
)
def test_a_limit_out_of_range_is_one_line_in_the_runs_language(
    capsys: pytest.CaptureFixture[str], flag: str, value: str, japanese: str
) -> None:
    code, out, err = run(capsys, "--lang", "ja", "serve", "--guests", flag, value)
    assert (code, out, err) == (2, "", japanese + "\n")


def test_the_problems_stay_english_as_str() -> None:
    assert [str(problem) for problem in Limits(chat_rate=0, sessions=0).problems()] == [
        "--max-sessions must be at least 1, not 0",
        "--max-chat-rate must be at least 1, not 0",
    ]


def test_serve_help_says_each_limit_in_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "ja", "serve", "--help")
    assert code == 0
    flat = " ".join(out.split())
    for limit in LIMIT_FLAGS:
        assert limit.flag in flat
    # argparse wraps Japanese where it likes: compare without the spaces it puts at a wrap
    unwrapped = "".join(out.split())
    assert "卓で1人が1分間に言えるチャットの行数（再接続後も継続）（既定12）" in unwrapped
    assert (
        "1つのアドレスからの同時接続数と、そこから作られた未終了のテーブル数（既定8）" in unwrapped
    )
    assert "chat lines" not in flat and "a session" not in flat


def test_serve_help_says_the_address_limit_counts_tables_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "--lang", "en", "serve", "--help")
    flat = " ".join(out.split())
    assert code == 0
    assert "connections at once from one address, and unfinished tables made from one" in flat
