"""Issue 10, the autosave's Python cost per entry: what `saves.entry_text` (an entry's text in
the save: its comment, its public narration written out, and its fields) costs per entry, on
its first pass over a game, before any of its messages has been written out (as in a game the
autosave saves as it goes).

    python3 bench/saver_text.py [--tables N] [--against REF] [--ir]
    (or: python3 bench/bench.py --against REF saver-text: with --ir, but --quick)

It plays 2N 4-player heuristic Dangerous games once (simulate's options). Each pass makes their
messages unwritten again, empties the text caches of the saver and of the narration, writes the
first N games' texts out (so that the caches hold what other games leave in them, as in a
process that has saved games before), then the other N's, as the autosave calls entry_text
(timed). It prints the median and best
microseconds per entry of PASSES passes and, with --ir, the instructions per entry of one pass
counted by `valgrind --tool=callgrind`, collecting only inside the pass (the games' play and the
reset are not counted). Counting a whole process under cachegrind and subtracting one without
the pass, as this bench did first, moved by up to a tenth with the environment's size alone (the
memory's layout, the collector's timing): the same tree read 23.4k and 25.4k Ir an entry.
--against REF measures that commit the same way, in the same run.

Since session 24 the autosave appends `saves.entry_utf8`'s bytes (`entry_text` decodes them),
so that is what is timed; a tree without it is timed on `entry_text` and the encoding the
autosave then did (through a Python function of one line: a few hundred Ir more than its call).
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PASSES = 7
CACHES = {
    "core.saves": ("_FIELDS", "_QUOTED"),
    "core.narration": ("_FILLS", "_NAMED"),
}
"""The module-level caches a pass starts without (those a tree has). The `[[log]]` heads
core.saves keeps (`_HEADS`, a list) stay: the warm-up games fill them, as in a process that has
saved before."""


def probe(tree: Path, tables: int, passes: int) -> dict[str, Any]:
    """In this process, `tree`'s engine: the microseconds per entry of each pass."""
    sys.path.insert(0, str(tree))
    import importlib

    from core import narration, saves

    # (a tree before lazy narration, ad11c96, has lines written out already: nothing to unwrite)
    message = getattr(narration, "Message", None)
    joined = getattr(narration, "Joined", None)
    text = getattr(narration, "text", str)
    from core.runner import BotDriver
    from core.simulate import bot_table

    assert Path(saves.__file__).resolve().is_relative_to(tree.resolve()), saves.__file__
    warming = [_played(seed, bot_table, BotDriver) for seed in range(101, 101 + tables)]
    played = [_played(seed, bot_table, BotDriver) for seed in range(1, tables + 1)]
    lines = [
        line.public_message
        for table in warming + played
        for index in range(len(table))
        for line in table.entry_lines(index)
    ]
    entries = sum(len(table) for table in played)
    calls = [(table, index, table.entry(index)) for table in played for index in range(len(table))]
    warm = [(table, index, table.entry(index)) for table in warming for index in range(len(table))]
    caches = [
        cache
        for module, names in CACHES.items()
        for name in names
        if isinstance(cache := getattr(importlib.import_module(module), name, None), dict)
    ]
    entry_text = getattr(saves, "entry_utf8", None)  # (the autosave's bytes, since session 24)
    if entry_text is None:  # (before: entry_text's text, which the autosave encoded)

        def entry_text(table: Any, index: int, render: Any, entry: Any) -> bytes:
            return saves.entry_text(table, index, render, entry).encode()

    rendered = [(table, index, text, entry) for table, index, entry in calls]
    figures: list[float] = []
    for _ in range(passes):
        _unwritten(lines, message, joined)
        for cache in caches:
            cache.clear()
        for table, index, entry in warm:  # (what other games leave in the caches)
            entry_text(table, index, text, entry)
        # (the games' objects left out of the collector's counts: a collection of them that
        # starts inside one pass and not another would be counted as the text's cost)
        gc.collect()
        gc.freeze()
        start = time.perf_counter()
        # (as the autosave calls it; the Ir run counts only inside starmap's steps: MARK)
        for _ in itertools.starmap(entry_text, rendered):
            pass
        figures.append((time.perf_counter() - start) / entries * 1e6)
    return {"entries": entries, "us": figures}


def _played(seed: int, bot_table: Any, driver: Any) -> Any:
    """A 4-player heuristic Dangerous game of `seed`, played to its end."""
    table = bot_table("dangerous", 4, seed, "heuristic")
    table.resolve_chance()
    bots = driver(table)
    while bots.play_one():
        pass
    return table


def _unwritten(texts: list[object], message: type[Any] | None, joined: type[Any] | None) -> None:
    """The narrations' texts `texts`, and every message in them, made as if never written out."""
    todo = list(texts)
    while todo:
        value = todo.pop()
        if message is not None and isinstance(value, message):
            value._text = None
            todo += value.params.values()
        elif joined is not None and isinstance(value, joined):
            todo += (value.separator, *value.items)
        elif isinstance(value, list | tuple):
            todo += value


class ProbeFailed(Exception):
    """A probe's process failed: its last line of errors."""


MARK = "starmap_next"
"""The C function the timed pass alone runs (the core never uses itertools.starmap): callgrind
collects inside it only."""


def _run(tree: Path, tables: int, passes: int, ir: bool) -> tuple[dict[str, Any], int]:
    """A probe of `tree` in a fresh process (under callgrind if `ir`): its figures and Ir."""
    command = [sys.executable, __file__, "--probe", str(tree), "--tables", str(tables)]
    command += ["--passes", str(passes)]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    with tempfile.TemporaryDirectory(prefix="partyline-saver-text-") as folder:
        out = Path(folder) / "callgrind.out"
        if ir:
            command = [
                "valgrind",
                "--tool=callgrind",
                "--collect-atstart=no",
                f"--toggle-collect={MARK}",
                f"--callgrind-out-file={out}",
                *command,
            ]
        done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tree)
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["?"])[-1]
            raise ProbeFailed(f"the probe failed on {tree}: {last}")
        count = 0
        if ir:
            summary = [line for line in out.read_text().splitlines() if line.startswith("summary:")]
            count = int(summary[0].split()[1])
    return json.loads(done.stdout.strip().splitlines()[-1]), count


def measure(tree: Path, name: str, tables: int, ir: bool) -> tuple[float, float]:
    """Print `tree`'s figures; return its best microseconds (the machine's other work only
    ever adds time) and its Ir (0 without `ir`) per entry."""
    figures, _ = _run(tree, tables, PASSES, ir=False)
    us, entries = figures["us"], figures["entries"]
    said = f"{name}: {entries} entries, entry_text {statistics.median(us):.2f} us/entry"
    said += f" (median of {len(us)} passes; best {min(us):.2f})"
    count = 0.0
    if ir:
        count = _run(tree, tables, 1, ir=True)[1] / entries
        said += f", {count:,.0f} Ir/entry (callgrind, one pass)"
    print(said, flush=True)
    return min(us), count


GOAL = 0.5
"""Issue 10's goal for the text of an entry: at most half its cost at --against REF (session
20 started at 6f3aee0)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=4, help="games played (default 4)")
    parser.add_argument("--against", metavar="REF", help="also measure this commit")
    parser.add_argument("--ir", action="store_true", help="count instructions (valgrind)")
    parser.add_argument("--probe", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--passes", type=int, default=PASSES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.probe is not None:
        print(json.dumps(probe(args.probe, args.tables, args.passes)))
        return
    if args.against:
        against(args.against, args.tables, args.ir)
    else:
        print(f"load {os.getloadavg()[0]:.2f}")
        measure(ROOT, "this tree", args.tables, args.ir)


def against(ref: str, tables: int, ir: bool) -> None:
    """This tree's figures and `ref`'s, and their ratio against the goal (in Ir if `ir`)."""
    sys.path.insert(0, str(ROOT / "bench"))
    import compare

    print(f"load {os.getloadavg()[0]:.2f}")
    with compare.checkout(ref) as other:
        theirs = measure(other, ref, tables, ir)
        ours = measure(ROOT, "this tree", tables, ir)
    ratio = ours[1] / theirs[1] if ir else ours[0] / theirs[0]
    met = "met" if ratio <= GOAL else "NOT met"
    print(
        f"this tree / {ref}: {ratio:.2f}x {'Ir' if ir else 'us'} per entry (goal <= {GOAL}: {met})"
    )


if __name__ == "__main__":
    main()
