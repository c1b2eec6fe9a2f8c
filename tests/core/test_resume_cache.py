"""The resume cache (core/resume_cache.py): a save loaded from it is the table its replay makes;
a changed save never matches it; a cache file that is corrupt, tampered with or of another
shape is ignored and the save replayed, silently."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from core import resume_cache, saves
from core.decisions import Decision
from core.log import DecisionEntry
from core.simulate import play_one
from core.table import Seat, SeatKind, Table, replay

PLAYERS = {"dangerous": 4, "light-and-dark": 3}
LEAST = {"dangerous": 150, "light-and-dark": 12}
"""Entries played before the save: a game of Light and Dark is some thirty entries long."""

pytestmark = pytest.mark.usefixtures("own_cache")


def long_game(game: str) -> Table:
    """A game of `game` with Aki at the first seat and random bots, at least LEAST entries
    long, up to a question for Aki (played by bots from a seed, then replayed with Aki)."""
    least = LEAST[game]
    for seed in range(1, 60):
        played = play_one(game, PLAYERS[game], seed, "random", None, 2_000)
        log = played.log
        for index in range(least, len(log)):
            entry = log[index]
            if isinstance(entry, DecisionEntry) and entry.seat == 0:
                bots = range(1, PLAYERS[game])
                seats = (Seat("Aki"), *(Seat(f"Bot {n}", SeatKind.BOT, "random") for n in bots))
                fresh = Table(played.game, seats, played.options, played.seed)
                return replay(fresh, log[:index])
    raise AssertionError(f"no game of {game} long enough")


def saved(folder: Path, game: str) -> Path:
    path = folder / f"{game}.toml"
    saves.write(long_game(game), path)
    return path


def cache_file(folder: Path) -> Path:
    (found,) = (folder / resume_cache.RESUME_FOLDER).glob("*.json")
    return found


def what_it_shows(loaded: saves.Loaded) -> list[object]:
    """Everything of a loaded table that a screen, a replay or a save reads."""
    table = loaded.table
    seats = [*range(len(table.seats)), None]
    found: list[object] = [loaded.created, loaded.rules_version, loaded.note, table.log]
    found += [table.seats, table.options, table.seed, table.practice, table.decisions()]
    found += [table.result(), table.over]
    for viewer in seats:
        found += [table.view(viewer), table.narration(viewer)]
        found += [table.view_at(position, viewer) for position in range(0, len(table) + 1, 37)]
    found += [table.notable(index) for index in range(len(table))]
    found += [table.public_narration(index) for index in range(len(table))]
    found.append(saves.dumps(table, loaded.created))
    return found


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_game_from_the_cache_is_the_one_its_replay_makes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    monkeypatch.setattr(resume_cache, "MIN_ENTRIES", 1)  # (Light and Dark's games are short)
    path = saved(tmp_path, game)
    replayed = saves.load(path)
    assert resume_cache.read(resume_cache.cache_key(path.read_bytes())) is None
    resume_cache.remember(path)
    cached = resume_cache.read(resume_cache.cache_key(path.read_bytes()))
    assert cached is not None
    assert what_it_shows(cached) == what_it_shows(replayed)
    assert what_it_shows(resume_cache.load(path)) == what_it_shows(replayed)


def test_a_game_from_the_cache_plays_on_undoes_and_redoes_as_the_replayed_one(
    tmp_path: Path,
) -> None:
    path = saved(tmp_path, "dangerous")
    resume_cache.remember(path)
    tables = [resume_cache.load(path).table, saves.load(path).table]
    assert tables[0].log is not tables[1].log
    for table in tables:
        decision = table.decision_for(0)
        assert isinstance(decision, Decision)
        table.decide(0, next(option.id for option in decision.options if not option.unavailable))
        assert table.can_undo(0)
        table.undo(0)
        table.redo(0)
    assert tables[0].log == tables[1].log and len(tables[0]) > len(saves.load(path).table)
    assert tables[0].view(0) == tables[1].view(0)
    assert tables[0].narration(0) == tables[1].narration(0)


def test_a_changed_save_misses_the_cache_and_is_refused_as_replay_refuses_it(
    tmp_path: Path,
) -> None:
    """Its key is the save's bytes: an illegal choice written into a cached save is found by
    the replay, as without a cache."""
    path = saved(tmp_path, "dangerous")
    resume_cache.remember(path)
    text = path.read_text(encoding="utf-8")
    start = text.index("\nseat = 0\n")
    choice = text.index("choice = ", start)
    end = text.index("\n", choice)
    path.write_text(text[:choice] + 'choice = "no-such-option"' + text[end:], encoding="utf-8")
    with pytest.raises(saves.SaveError) as replayed:
        saves.load(path)
    with pytest.raises(saves.SaveError) as cached:
        resume_cache.load(path)
    assert str(cached.value) == str(replayed.value)


def rewritten(file: Path, change: object) -> None:
    """The cache file with its document changed by `change` (a function of the JSON) and its
    digest made right again: only the checks of its contents stand in the way."""
    document = json.loads(file.read_bytes().partition(b"\n")[2])
    changed = change(document)  # type: ignore[operator]
    body = json.dumps(changed, ensure_ascii=False).encode()
    file.write_bytes(hashlib.sha256(body).hexdigest().encode() + b"\n" + body)


def name_a_type(document: dict[str, object], name: str) -> dict[str, object]:
    types = document["types"]
    assert isinstance(types, list) and types
    types[0] = name
    return document


def text_changed(file: Path) -> None:
    """A text of the log changed, its digest left as it was (JSON as good as before)."""
    digest, _, body = file.read_bytes().partition(b"\n")
    document = json.loads(body)
    message = next(text for text in document["texts"] if isinstance(text, list))
    message[0] = "Aki wins."
    file.write_bytes(digest + b"\n" + json.dumps(document, ensure_ascii=False).encode())


def with_a_value(document: dict[str, Any], value: object) -> dict[str, Any]:
    """`document` with the first of its texts' values that is kept by its place made `value`."""
    for text in document["texts"]:
        if isinstance(text, list):
            for name, kept in text[1].items():
                if isinstance(kept, list):
                    text[1][name] = value
                    return document
    raise AssertionError("no value kept by its place")


CORRUPTIONS = {
    "a text changed": text_changed,
    "cut short": lambda file: file.write_bytes(file.read_bytes()[:-1000]),
    "a byte changed": lambda file: file.write_bytes(file.read_bytes().replace(b"seat", b"seal")),
    "empty": lambda file: file.write_bytes(b""),
    "not JSON": lambda file: rewritten(file, lambda document: "[[[["),
    "a list": lambda file: rewritten(file, lambda document: [document]),
    "a function that is not core's": lambda file: rewritten(
        file, lambda document: name_a_type(document, "os:system")
    ),
    "an enum that is not core's": lambda file: rewritten(
        file, lambda document: name_a_type(document, "signal:Signals")
    ),
    "a type core does not have": lambda file: rewritten(
        file, lambda document: name_a_type(document, "core.table:Nothing")
    ),
    "a function of core's for a type": lambda file: rewritten(
        file, lambda document: name_a_type(document, "core.saves:load")
    ),
    "an entry's narration lost": lambda file: rewritten(
        file, lambda document: {**document, "meta": document["meta"][:-1]}
    ),
    "a snapshot lost": lambda file: rewritten(file, lambda document: {**document, "snapshots": {}}),
    "a seat of no kind": lambda file: rewritten(
        file,
        lambda document: {**document, "seats": [["Aki", "robot", ""], *document["seats"][1:]]},
    ),
    "another key": lambda file: rewritten(file, lambda document: {**document, "key": "0" * 64}),
    "a line's text out of the pool": lambda file: rewritten(
        file, lambda document: {**document, "lines": [[10**6, [], 0], *document["lines"][1:]]}
    ),
    "a log entry out of the pool": lambda file: rewritten(
        file, lambda document: {**document, "log": [10**6, *document["log"][1:]]}
    ),
    "a place below the pool": lambda file: rewritten(
        file, lambda document: {**document, "meta": [*document["meta"][:-1], -1]}
    ),
    "a place that is not a number": lambda file: rewritten(
        file, lambda document: {**document, "log": [True, *document["log"][1:]]}
    ),
    "a text's value out of the pool": lambda file: rewritten(
        file, lambda document: with_a_value(document, [10**6])
    ),
    "a text's value of no known form": lambda file: rewritten(
        file, lambda document: with_a_value(document, {"x": 1})
    ),
    "practice as a number": lambda file: rewritten(
        file, lambda document: {**document, "practice": 1}
    ),
}


@pytest.mark.parametrize("how", sorted(CORRUPTIONS))
def test_a_cache_file_that_is_not_right_is_ignored_and_the_save_replayed(
    tmp_path: Path, own_cache: Path, how: str
) -> None:
    path = saved(tmp_path, "dangerous")
    resume_cache.remember(path)
    CORRUPTIONS[how](cache_file(own_cache))
    assert resume_cache.read(resume_cache.cache_key(path.read_bytes())) is None
    assert what_it_shows(resume_cache.load(path)) == what_it_shows(saves.load(path))


def test_a_short_game_or_an_unreadable_save_keeps_nothing(tmp_path: Path, own_cache: Path) -> None:
    short = tmp_path / "short.toml"
    table = long_game("dangerous")
    fresh = Table(table.game, table.seats, table.options, table.seed)
    saves.write(replay(fresh, table.log[: resume_cache.MIN_ENTRIES - 1]), short)
    resume_cache.remember(short)
    resume_cache.remember(tmp_path / "missing.toml")
    broken = tmp_path / "broken.toml"
    broken.write_text("not a save", encoding="utf-8")
    resume_cache.remember(broken)
    assert not (own_cache / resume_cache.RESUME_FOLDER).exists() or not list(
        (own_cache / resume_cache.RESUME_FOLDER).glob("*.json")
    )


def test_the_cache_keeps_the_newest_games_only(
    tmp_path: Path, own_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(resume_cache, "KEEP", 2)
    monkeypatch.setattr(resume_cache, "MIN_ENTRIES", 1)
    path = saved(tmp_path, "light-and-dark")
    text = path.read_text(encoding="utf-8")
    for number in range(4):
        copy = tmp_path / f"copy{number}.toml"
        copy.write_text(text.replace("\n", f"\n# {number}\n", 1), encoding="utf-8")
        resume_cache.remember(copy)
    assert len(list((own_cache / resume_cache.RESUME_FOLDER).glob("*.json"))) == 2
    assert resume_cache.read(resume_cache.cache_key(copy.read_bytes())) is not None


def test_what_would_not_read_back_equal_is_not_kept(
    tmp_path: Path, own_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A plain form that loses something (here: a message's values) never reaches the cache:
    what is kept is read back and compared with the replay first."""
    from core import plain
    from core.narration import Message

    path = saved(tmp_path, "dangerous")
    readers = {**plain._READERS, "m": lambda body, types: Message(body[0])}
    monkeypatch.setattr(plain, "_READERS", readers)
    resume_cache.remember(path)
    assert not list((own_cache / resume_cache.RESUME_FOLDER).glob("*.json"))
    monkeypatch.undo()
    monkeypatch.setenv("PARTYLINE_CACHE_DIR", str(own_cache))
    resume_cache.remember(path)
    assert cache_file(own_cache).exists()


def test_the_cache_keeps_each_entry_and_each_entry_s_narration_once(
    tmp_path: Path, own_cache: Path
) -> None:
    """A long game repeats its entries and their narration: the file holds each once, the log
    and the narration by their places (read back in order, as test_a_game_from_the_cache_...
    shows)."""
    path = saved(tmp_path, "dangerous")
    resume_cache.remember(path)
    document = json.loads(cache_file(own_cache).read_bytes().partition(b"\n")[2])
    entries, metas = document["entries"], document["metas"]
    assert len(document["log"]) == len(document["meta"]) == len(saves.load(path).table)
    for pool, places in ((entries, document["log"]), (metas, document["meta"])):
        assert len(pool) < len(places) and sorted(set(places)) == list(range(len(pool)))
        assert len({json.dumps(item) for item in pool}) == len(pool)


def test_a_text_s_values_are_kept_once_for_all_the_texts_that_say_them(
    tmp_path: Path, own_cache: Path
) -> None:
    """Names and parts of sentences recur across a long game's texts: each is kept once, the
    messages naming it by its place."""
    path = saved(tmp_path, "dangerous")
    resume_cache.remember(path)
    document = json.loads(cache_file(own_cache).read_bytes().partition(b"\n")[2])
    values = document["values"]
    places = [
        value[0]
        for text in document["texts"]
        if isinstance(text, list)
        for value in text[1].values()
        if isinstance(value, list)
    ]
    assert len(values) < len(places) and sorted(set(places)) == list(range(len(values)))
    assert len({json.dumps(value) for value in values}) == len(values)


def test_core_s_files_are_looked_at_once_a_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A continued game computes its key to load and again to keep: core's files (its rules,
    read when the process started) are walked once."""
    walks: list[object] = []
    walk = resume_cache.os.walk
    monkeypatch.setattr(resume_cache.os, "walk", lambda *args: walks.append(args) or walk(*args))
    keys = {resume_cache.cache_key(b"a save") for _ in range(3)}
    assert len(keys) == 1 and len(walks) <= 1  # (none if the process has looked already)
