"""`partyline play --bot-pace/--reveal-hold`: the app opens with the named pace and hold."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tui import cli


def opened_with(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *flags: str) -> dict[str, Any]:
    opened: list[dict[str, Any]] = []
    monkeypatch.setattr(cli, "_run_app", lambda args, **kwargs: opened.append(kwargs) or 0)
    assert cli.main(["--save-dir", str(tmp_path), "play", "light-and-dark", *flags]) == 0
    (kwargs,) = opened
    return kwargs


def test_play_takes_a_bot_pace_and_a_reveal_hold(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    kwargs = opened_with(monkeypatch, tmp_path, "--bot-pace", "fast", "--reveal-hold", "key")
    assert (kwargs["bot_delay"], kwargs["reveal_hold"]) == (0.3, None)
    kwargs = opened_with(monkeypatch, tmp_path, "--bot-pace", "instant", "--reveal-hold", "off")
    assert (kwargs["bot_delay"], kwargs["reveal_hold"]) == (0, 0)


def test_play_defaults_to_a_pace_a_person_can_follow(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    kwargs = opened_with(monkeypatch, tmp_path)
    assert 0.6 <= kwargs["bot_delay"] <= 1.0
    assert kwargs["reveal_hold"] == 5


def test_an_unknown_pace_is_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "_run_app", lambda args, **kwargs: 0)
    code = cli.main(["--save-dir", str(tmp_path), "play", "light-and-dark", "--bot-pace", "warp"])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "--bot-pace" in err and "warp" in err
