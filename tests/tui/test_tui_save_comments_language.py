"""A save's comments are written in the language of whoever wrote it (the app's viewer, the
command line's --lang); loading ignores them, so a save reads the same in every language, and a
save commented in Japanese opens in an English app."""

from __future__ import annotations

from pathlib import Path

from oskit import partyline
from tuikit import SIZE, ld_table, make_app, play_one, screen_text, settle

from core import saves
from core.i18n import translator
from core.simulate import play_one as bot_game
from tui.screens.game import GameScreen

JA = translator("ja")


def comments(text: str) -> list[str]:
    return [line.split("# ", 1)[1] for line in text.splitlines() if line.startswith("[[log]]")]


def test_both_languages_round_trip_to_the_same_game(tmp_path: Path) -> None:
    table = bot_game("light-and-dark", 3, 1, "random")
    english = saves.dumps(table, "2026-12-01T00:00:00+00:00")
    japanese = saves.dumps(table, "2026-12-01T00:00:00+00:00", JA.text)
    assert comments(english)[0] == "1: The 14 role cards are shuffled into a deck."
    assert comments(japanese)[0] == "1: 役職カード14枚をシャッフルして山札にします。"
    assert english != japanese
    for text in (english, japanese):
        loaded = saves.loads(text, continue_chance=False).table
        assert (loaded.log, loaded.seats, loaded.seed) == (table.log, table.seats, table.seed)
    path = tmp_path / "ja.toml"
    saves.write(table, path, render=JA.text)
    assert comments(path.read_text(encoding="utf-8")) == comments(japanese)


def test_the_command_line_writes_the_comments_in_its_language(tmp_path: Path) -> None:
    path = tmp_path / "last.toml"
    done = partyline(
        "--lang", "ja", "simulate", "light-and-dark", "--games", "1", "--save", str(path)
    )
    assert done.returncode == 0, done.stderr
    assert (
        comments(path.read_text(encoding="utf-8"))[0]
        == "1: 役職カード14枚をシャッフルして山札にします。"
    )
    verified = partyline("--lang", "en", "verify", str(path))
    assert verified.returncode == 0 and ": ok: light-and-dark, 4 players" in verified.stdout


async def test_the_apps_autosave_comments_in_the_viewers_language(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    app = make_app(tmp_path, table=ld_table(), save_path=path, language="ja")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await play_one(pilot)  # the first decision of a person: the game is saved from then
        await settle(pilot)
    written = comments(path.read_text(encoding="utf-8"))
    assert written[0] == "1: 役職カード14枚をシャッフルして山札にします。"


async def test_a_japanese_commented_save_opens_in_an_english_app(tmp_path: Path) -> None:
    table = ld_table()
    path = tmp_path / "ja.toml"
    saves.write(table, path, render=JA.text)
    assert "役職カード14枚をシャッフル" in path.read_text(encoding="utf-8")
    loaded = saves.load(path)
    assert loaded.table.log == table.log and loaded.note == ""
    app = make_app(tmp_path, table=loaded.table, save_path=path, language="en")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        shown = screen_text(app)
        assert "Tell the table your role" in shown and "シャッフル" not in shown
