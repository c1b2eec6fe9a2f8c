"""What an autosave does when it starts: it cleans the stale temporary files of its folder the first
time in a process, and never lists that folder again (a campaign of bot games, a server); until its
first write it asks of each new entry whether it makes the game worth saving, without scanning the
log again (a long prelude of bots' entries), and rescans after an undo or a failed write."""

from __future__ import annotations

import os
import random
from dataclasses import dataclass
from pathlib import Path

import pytest

from core import paths, saves
from core.bots.random_bot import random_choice
from core.games import get_game
from core.narration import Text
from core.runner import BotDriver
from core.simulate import bot_seats, bot_table
from core.table import Seat, Table, new_table


def test_an_autosave_cleans_its_folder_the_first_time_in_a_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(paths, "_cleaned", set())
    listed: list[str] = []
    real = os.scandir

    def scandir(path: str) -> object:
        if Path(path).parent == tmp_path:
            listed.append(os.path.basename(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    stale = tmp_path / "a" / ".game.toml.999999999.abcd.tmp"  # (no process has that id)
    kept: list[bool] = []
    for name in ("a", "a", "b", "a"):
        (tmp_path / name).mkdir(exist_ok=True)
        stale.write_text("left by a writer that died", encoding="utf-8")
        table = bot_table("light-and-dark", 3, 1, "random")
        saves.Autosave(table, tmp_path / name / "game.toml").close()
        kept.append(stale.exists())
    assert listed == ["a", "b"] and kept == [False, True, True, True]


def bots_before_a_person(seed: int) -> tuple[Table, BotDriver]:
    """A Dangerous table whose last seat is a person's: the bots play the first turns."""
    seats = (*bot_seats(3, "random"), Seat("Aki"))
    table = new_table(get_game("dangerous"), seats, {}, seed)
    return table, BotDriver(table)


def test_until_its_first_write_an_autosave_asks_only_about_each_new_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scans: list[int] = []
    real = saves.worth_saving
    monkeypatch.setattr(
        saves, "worth_saving", lambda table: scans.append(len(table)) or real(table)
    )
    table, bots = bots_before_a_person(3)
    autosave = saves.Autosave(table, tmp_path / "game.toml")
    table.resolve_chance()
    bots.play_until_human()
    assert len(table) > 10  # (a prelude of chance's and bots' entries: no file yet)
    assert not (tmp_path / "game.toml").exists() and len(scans) == 1  # (the first change's)
    one_more_entry(table, bots)  # the person's: the game is saved
    assert saves.load(tmp_path / "game.toml").table.log == table.log and len(scans) == 1
    autosave.close()


def one_more_entry(table: Table, bots: BotDriver) -> None:
    """A bot's answer, else the person's (a choice of a generator seeded by the log's length)."""
    if not bots.play_one():
        decision = table.decisions()[0]
        table.decide(decision.seat, random_choice(decision, random.Random(len(table))))


@dataclass
class Unwritable:
    """A game saved into a folder not there yet, at its person's first decision (which failed)."""

    folder: Path
    table: Table
    bots: BotDriver
    autosave: saves.Autosave
    person: int
    failures: list[Text]

    @property
    def saved(self) -> Path:
        return self.folder / "game.toml"


def unwritable(tmp_path: Path) -> Unwritable:
    folder = tmp_path / "later"
    failures: list[Text] = []
    table, bots = bots_before_a_person(3)
    autosave = saves.Autosave(table, folder / "game.toml", on_error=failures.append)
    table.resolve_chance()
    bots.play_until_human()
    person = table.decisions()[0].seat
    one_more_entry(table, bots)  # the person's: worth saving, but there is no folder yet
    assert len(failures) == 1 and not folder.exists()
    return Unwritable(folder, table, bots, autosave, person, failures)


def test_an_autosave_whose_first_write_failed_writes_at_the_next_entry(tmp_path: Path) -> None:
    game = unwritable(tmp_path)
    game.folder.mkdir()
    one_more_entry(game.table, game.bots)
    assert saves.load(game.saved).table.log == game.table.log
    game.autosave.close()


def test_a_persons_decision_undone_before_any_write_is_not_saved_until_made_again(
    tmp_path: Path,
) -> None:
    game = unwritable(tmp_path)
    game.folder.mkdir()
    game.table.undo(game.person)  # nothing a person decided is left: not worth a file
    assert len(game.failures) == 1 and not game.saved.exists()
    game.table.redo(game.person)  # the person's decision again: the game is saved
    assert saves.load(game.saved).table.log == game.table.log
    game.autosave.close()


def test_a_write_that_failed_after_a_redo_is_made_at_the_next_entry(tmp_path: Path) -> None:
    game = unwritable(tmp_path)
    game.table.undo(game.person)
    game.table.redo(game.person)  # the whole log is asked again: worth saving, still no folder
    assert len(game.failures) == 2
    game.folder.mkdir()
    assert game.bots.play_one()  # a bot's entry: worth saving for what came before it
    assert saves.load(game.saved).table.log == game.table.log
    game.autosave.close()
