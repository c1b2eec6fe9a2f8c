"""Where `verify` spends its time on Dangerous saves, in this tree: reading the file against
replaying its entries through the rules, and reading with the line-by-line log reader
(core/save_log.py) against tomllib alone (the reader switched off).

Reading is loading with `Table.apply` switched off (the text to its table and entries); replay
is `Table.apply` of the same entries on a table that holds none yet. CPU time, the best of a
few rounds taken in turns.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any
from unittest import mock

from core import saves
from core.log import Entry
from core.simulate import play_one
from core.table import Table


def _load_all(texts: list[str]) -> None:
    for text in texts:
        saves.loads(text, continue_chance=False)


def _replay_all(starts: list[str], logs: list[list[Entry]]) -> None:
    for start, log in zip(starts, logs, strict=True):
        table: Table = saves.loads(start, continue_chance=False).table
        for entry in log:
            table.apply(entry)


def _seconds(work: Callable[[], object], *patches: Any) -> float:
    with contextlib.ExitStack() as stack:
        for patch in patches:
            stack.enter_context(patch)
        start = time.process_time()
        work()
        return time.process_time() - start


def run(quick: bool) -> None:
    games, rounds = (4, 3) if quick else (8, 7)
    texts = [saves.dumps(play_one("dangerous", 4, seed, "heuristic")) for seed in range(games)]
    starts = [text[: text.index("\n[[log]]") + 1] for text in texts]
    logs = [list(saves.loads(text, continue_chance=False).table.log) for text in texts]
    entries = sum(map(len, logs))
    best = dict.fromkeys(("verify", "reading", "tomllib", "replay"), float("inf"))
    for _ in range(rounds):  # taking turns, so that other work on the machine slows all alike
        figures = {
            "verify": _seconds(lambda: _load_all(texts)),
            "reading": _seconds(lambda: _load_all(texts), _NO_REPLAY),
            "tomllib": _seconds(lambda: _load_all(texts), _NO_REPLAY, _NO_READER),
            "replay": _seconds(lambda: _replay_all(starts, logs)),
        }
        best = {name: min(best[name], figures[name]) for name in best}
    us = {name: seconds / entries * 1e6 for name, seconds in best.items()}
    print(
        "verify dangerous, where the time goes".ljust(37)
        + f": {us['verify']:6.1f} us/entry: reading {us['reading']:5.1f}, replay "
        f"{us['replay']:6.1f} ({games} saves, {entries} entries)"
    )
    print(
        "reading: the log reader vs tomllib".ljust(37)
        + f": {us['reading']:6.1f} us/entry against {us['tomllib']:5.1f}: "
        f"{us['tomllib'] / us['reading']:5.1f}x fewer"
    )


def _nothing(table: Table, entry: Entry) -> None:
    pass


_NO_REPLAY = mock.patch.object(Table, "apply", _nothing)
"""Loading reads the file and makes the entries, but applies none."""
_NO_READER = mock.patch.object(saves, "_read_written", return_value=None)
"""Loading parses every file with tomllib, as before the log reader."""
