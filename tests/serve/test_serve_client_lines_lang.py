"""The app child's own lines about what the server sent reach the player in the app's language
(issue 12: every refusal and error a player reads is in their language)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.tables_app import TablesApp


def app_in(language: str, tmp_path: Path) -> tuple[TablesApp, list[str]]:
    app = TablesApp(
        tables=tmp_path / "tables.sock",
        token="t",
        player=None,
        save_dir=tmp_path,
        language=language,  # type: ignore[arg-type]
    )
    shown: list[str] = []
    app.show_error = shown.append  # type: ignore[method-assign]
    return app, shown


@pytest.mark.parametrize(
    ("language", "line"),
    [
        ("ja", "サーバーからのメッセージが長すぎました"),
        ("en", "a message from the server was too long"),
    ],
)
def test_a_message_too_long_is_told_in_the_apps_language(
    language: str, line: str, tmp_path: Path
) -> None:
    app, shown = app_in(language, tmp_path)
    app._receive(None)  # (the line buffer's word for a line over the limit)
    assert shown == [line]


def test_a_message_the_app_fails_on_is_told_in_japanese(tmp_path: Path) -> None:
    app, shown = app_in("ja", tmp_path)

    def broken(message: object) -> None:
        raise RuntimeError("boom\x1b[2J")

    app._on_lobby = broken  # type: ignore[method-assign]
    app._receive(b'{"v": 3, "type": "lobby", "tables": []}')
    assert len(shown) == 1 and shown[0].startswith(
        "partyline: サーバーのメッセージを受け取れませんでした: "
    )
    assert "boom" in shown[0] and "\x1b" not in shown[0]
