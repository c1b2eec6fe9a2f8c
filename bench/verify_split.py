"""Where `verify` spends its time on Dangerous saves, in this tree: reading the file against
replaying its entries through the rules, and reading with the line-by-line log reader
(core/save_log.py) against tomllib alone (the reader switched off).

Reading is what core/saves.py does before the first entry is applied and between entries;
replay is `Table.apply` of the same entries on a table that holds none yet. CPU time, the best
of a few rounds.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from unittest import mock

from core import saves
from core.log import Entry
from core.simulate import play_one
from core.table import Table


def _best(rounds: int, work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def _load_all(texts: list[str]) -> None:
    for text in texts:
        saves.loads(text, continue_chance=False)


def _replay_all(starts: list[str], logs: list[list[Entry]]) -> None:
    for start, log in zip(starts, logs, strict=True):
        table: Table = saves.loads(start, continue_chance=False).table
        for entry in log:
            table.apply(entry)


def run(quick: bool) -> None:
    games, rounds = (4, 3) if quick else (8, 5)
    texts = [saves.dumps(play_one("dangerous", 4, seed, "heuristic")) for seed in range(games)]
    starts = [text[: text.index("\n[[log]]") + 1] for text in texts]
    logs = [list(saves.loads(text, continue_chance=False).table.log) for text in texts]
    entries = sum(map(len, logs))
    whole = _best(rounds, lambda: _load_all(texts))
    with mock.patch.object(saves, "_read_written", return_value=None):
        tomllib_alone = _best(rounds, lambda: _load_all(texts))
    replay = _best(rounds, lambda: _replay_all(starts, logs))

    def per_entry(seconds: float) -> float:
        return seconds / entries * 1e6

    reading, reading_before = per_entry(whole - replay), per_entry(tomllib_alone - replay)
    print(
        "verify dangerous, where the time goes".ljust(37)
        + f": {per_entry(whole):6.1f} us/entry = reading {reading:5.1f} + replay "
        f"{per_entry(replay):6.1f} ({games} saves, {entries} entries)"
    )
    print(
        "reading: the log reader vs tomllib".ljust(37)
        + f": {reading:6.1f} us/entry against {reading_before:5.1f}: "
        f"{reading_before / reading if reading > 0 else float('inf'):5.1f}x fewer; verify "
        f"{per_entry(tomllib_alone) / per_entry(whole):4.2f}x faster for it"
    )
