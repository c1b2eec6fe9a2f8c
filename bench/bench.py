"""Partyline's benchmarks: prints figures, asserts nothing.

    python3 bench/bench.py [--quick] [--against REF] [SECTION ...]

Every section prints its figures; the issue-10 targets as ratios where one fits. With no
SECTION, all of them run, in this order:

- engine: random self-play (light-and-dark 5 players, dangerous 4) in microseconds of CPU a
  decision, and `verify` of dangerous saves in microseconds an entry, for this working tree and
  for REF (default `main`, checked out in a temporary git worktree), in fresh processes taking
  turns: the best run of each and the ratio (issue 10: at least 3x), and the medians;
- saver-text: bench/saver_text.py, the autosave's text of an entry (`saves.entry_text`) in Ir
  (--quick: microseconds) against REF (goal <= 0.5x);
- long-games: bot-only dangerous games without a turn limit (`turn_limit=0`), heuristic bots:
  how long they run and how many the `simulate` guard had to stop;
- autosave: bench/autosave.py, saving one entry at log length 10,000 against 100 (target <= 2x)
  and saving's share of whole autosaved bot games (what saving adds against the same games
  unsaved; target < 10%), before and now;
- open-long-save: a 5,000-entry save opened to its first screen against a bare Textual app,
  fresh processes (target <= 1.5); decision-at-length: a decision at log length 5,000 against
  the same at 50, screen update and autosave included (target <= 1.5): bench/openlong.py;
- bytes-per-key: bench/keys.py: the bytes and repaints of a cursor key in each game against a
  bare Textual app's (target <= 1.5x, one repaint), and key latency with and without the
  garbage-collector freeze;
- simulate: games/s and decisions/s with each bot, this tree only;
- verify: entries/s replaying real saves of each game, and a 10,000-entry log;
- verify-split: bench/verify_split.py, where verify's time goes on dangerous saves (reading
  against replay) and the line-by-line log reader against tomllib alone;
- undo: the cost of one undo at log length 10 and 10,000, and their ratio (target <= 2);
- start-up: Partyline's first screen against a bare Textual app with as many widgets, as a
  ratio of wall-clock times of fresh processes (target <= 1.5);
- serve-load: bench/serve_load.py: N players over real SSH at once (1, 10, 20, 40; --quick: 1,
  10), two at each server table of Dangerous, answering by keys a person's pace apart (2 s; N=20
  again 0.25 s apart, as stress): key-to-screen p50/p99, memory of an app child, CPU (target at
  20: p50 < 100 ms, < 60 MB);
- serve-update: bench/serve_update.py: CPU, frames and bytes of one table update on a seat's
  game screen (no SSH), and the parts drawn again that had not changed;
- hostile: how long refusing an over-size file, a 5 MB name and a 64 KB dotted key takes,
  and the saved-games list's header reading against loading every save in full.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

try:
    import tomli_w  # noqa: F401
except ModuleNotFoundError:  # `python3 bench/bench.py` outside the venv: run in the venv
    VENV_PYTHON = ROOT / ".venv" / "bin" / "python"
    if VENV_PYTHON.exists() and Path(sys.executable) != VENV_PYTHON:
        os.execv(VENV_PYTHON, [str(VENV_PYTHON), *sys.argv])
    raise

import autosave as autosave_bench  # noqa: E402
import compare as engines  # noqa: E402
import keys  # noqa: E402
import openlong  # noqa: E402
import saver_text  # noqa: E402
import serve_load  # noqa: E402
import serve_update  # noqa: E402
from marathon import Marathon  # noqa: E402
from startup_probe import run_probe as probe  # noqa: E402
from verify_split import run as verify_split  # noqa: E402

from core import paths, saves  # noqa: E402
from core.games import REGISTRY  # noqa: E402
from core.games.base import GameInfo  # noqa: E402
from core.log import DecisionEntry  # noqa: E402
from core.simulate import MAX_ENTRIES, play_one, simulate  # noqa: E402
from core.table import Seat, Table, new_table  # noqa: E402

GAMES_BENCHED = (("light-and-dark", 5), ("dangerous", 4))


def section(title: str) -> None:
    print(f"\n== {title}")


ENGINE_JOBS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    # (what, the probe's arguments, what a figure is per)
    ("self-play light-and-dark 5p random", ("selfplay", "light-and-dark", "5", "200"), "decision"),
    ("self-play dangerous 4p random", ("selfplay", "dangerous", "4", "12"), "decision"),
    ("verify dangerous saves (4p heuristic)", ("verify",), "entry"),
)
VERIFY_SAVES = 8
"""Heuristic 4-player dangerous games written once by the older tree, replayed by both."""


def per(unit: str) -> Callable[[dict[str, Any]], float]:
    """Microseconds of CPU per decision or entry, from a probe's figures."""
    count = "decisions" if unit == "decision" else "entries"
    return lambda figures: figures["seconds"] / figures[count] * 1e6


def bench_engine(against: str, quick: bool) -> None:
    """Issue 10: this tree's engine against `against`'s, on the same games."""
    rounds = 3 if quick else 7
    with engines.checkout(against) as other, tempfile.TemporaryDirectory() as folder:
        # Written by the older tree, in a save format both trees read.
        engines.probe(other, "write", folder, str(VERIFY_SAVES // 2 if quick else VERIFY_SAVES))
        for label, args, unit in ENGINE_JOBS:
            if args[0] == "selfplay" and quick:
                args = (*args[:3], str(max(2, int(args[3]) // 4)))
            if args[0] == "verify":
                args = (*args, folder)
            result = engines.compare(other, rounds, args, per(unit))
            (ours, theirs), middle = result.best, result.median
            print(
                label.ljust(38) + f": {ours:6.1f} us/{unit} here, {theirs:6.1f} at {against}: "
                f"{result.times(result.best):5.2f}x fewer   (target >= 3; medians "
                f"{middle[0]:.1f} and {middle[1]:.1f}: {result.times(middle):.2f}x)"
            )
    print(f"(CPU time; the best of {rounds} fresh processes each, taking turns)")


def bench_long_games(against: str, quick: bool) -> None:
    """Issue 10: heuristic bots make progress toward 旧校舎 without a turn limit."""
    games, cap = (8 if quick else 20), MAX_ENTRIES
    with engines.checkout(against) as other:
        for name, tree in (("here", ROOT), (against, other)):
            figures = engines.probe(tree, "long", "4", str(games), str(cap))
            lengths, ended = figures["lengths"], sum(figures["ended"])
            print(
                f"dangerous 4p heuristic, turn_limit=0, {name}".ljust(38)
                + f": median {statistics.median(lengths):6.0f} entries, {ended} of {games} "
                f"ended, {games - ended} still going at {cap:,} (longest {max(lengths):,})"
            )


def bench_simulate(games: int) -> None:
    for game_id, players in GAMES_BENCHED:
        count = games if game_id == "light-and-dark" else max(5, games // 10)
        for bot in ("random", "heuristic"):
            report = simulate(game_id, players, 1, count, bot)
            print(
                f"simulate {game_id} {players}p {bot:9}".ljust(37)
                + f": {report.games_per_second:8.1f} games/s "
                f"{report.decisions_per_second:9.0f} decisions/s "
                f"({report.games} games, {report.average_length:.1f} entries each)"
            )


def bench_verify_real(games: int) -> None:
    for game_id, players in GAMES_BENCHED:
        count = games if game_id == "light-and-dark" else max(5, games // 10)
        texts = [
            saves.dumps(play_one(game_id, players - i % 2, i, "heuristic")) for i in range(count)
        ]
        entries = sum(text.count("[[log]]") for text in texts)
        start = time.perf_counter()
        for text in texts:
            saves.loads(text, continue_chance=False)
        seconds = time.perf_counter() - start
        print(
            f"verify {game_id} saves".ljust(37)
            + f": {entries / seconds:8.0f} entries/s ({len(texts)} saves, {entries} entries)"
        )


def bench_verify(games: int) -> None:
    bench_verify_real(games)
    bench_long_log(10_000)


def marathon_table(length: int) -> Table:
    """A practice-mode marathon table whose log is `length` entries long (length even)."""
    table = new_table(Marathon(), (Seat("A"), Seat("B")), {}, seed=7, practice=True)
    while len(table) < length:
        decision = table.decisions()[0]
        table.decide(decision.seat, "keep" if len(table) % 4 else "double")
    return table


def bench_long_log(length: int) -> None:
    # Registered in the benchmark process only: saves.loads finds games in the registry.
    REGISTRY[Marathon.id] = GameInfo(
        Marathon.id, Marathon.title, Marathon.min_players, Marathon.max_players, Marathon
    )
    try:
        start = time.perf_counter()
        table = marathon_table(length)
        build = time.perf_counter() - start
        text = saves.dumps(table)
        start = time.perf_counter()
        loaded = saves.loads(text, continue_chance=False).table
        seconds = time.perf_counter() - start
        assert len(loaded) == len(table)
        print(f"play a {length:,}-entry log".ljust(37) + f": {length / build:8.0f} entries/s")
        print(
            f"verify a {length:,}-entry log".ljust(37) + f": {length / seconds:8.0f} entries/s "
            f"(parse + replay, {len(text) // 1024} KiB)"
        )
    finally:
        del REGISTRY[Marathon.id]


def undo_cost(length: int, repeats: int) -> float:
    """Median seconds for one undo (which takes back a decision and the roll it caused)."""
    table = marathon_table(length)
    seat = table.log[-2].seat if isinstance(table.log[-2], DecisionEntry) else -1
    assert table.can_undo(seat)
    samples = []
    for _ in range(repeats):
        start = time.perf_counter_ns()
        table.undo(seat)
        samples.append(time.perf_counter_ns() - start)
        table.redo(seat)
    assert isinstance(table.log[-2], DecisionEntry)
    return statistics.median(samples) / 1e9


def bench_undo(repeats: int) -> None:
    short = undo_cost(10, repeats)
    long = undo_cost(10_000, repeats)
    print(f"undo at log length 10                : {short * 1e6:8.1f} us")
    print(f"undo at log length 10,000            : {long * 1e6:8.1f} us")
    print(f"undo ratio 10,000 / 10               : {long / short:8.2f}   (target <= 2)")


def bench_startup(runs: int) -> None:
    probe("bare", "0")  # warm the file cache for both ...
    probe("partyline")  # ... and write Partyline's bytecode (bench/startup_probe.py)
    partyline = [probe("partyline") for _ in range(runs)]
    widgets = partyline[0][1]
    overhead = probe("bare", "0")[1]
    bare = [probe("bare", str(max(0, widgets - overhead))) for _ in range(runs)]
    ours = statistics.median(t for t, _ in partyline)
    theirs = statistics.median(t for t, _ in bare)
    print(f"start-up to first screen             : {ours * 1000:8.0f} ms ({widgets} widgets)")
    print(f"bare Textual app, same widgets       : {theirs * 1000:8.0f} ms ({bare[0][1]} widgets)")
    print(f"start-up ratio                       : {ours / theirs:8.2f}   (target <= 1.5)")


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def refusal(text: str | bytes) -> Callable[[], object]:
    def load() -> None:
        try:
            saves.loads(text, continue_chance=False)
        except saves.SaveError:
            return
        raise AssertionError("loaded")

    return load


def bench_hostile(count: int) -> None:
    header = saves.dumps(play_one("light-and-dark", 4, 1, "heuristic")).split("[[log]]")[0]
    huge = b"=" * (saves.MAX_FILE_BYTES + 1)
    name = header.replace('name = "Bot 1"', 'name = "' + "A" * 5_000_000 + '"')
    dotted = header + "a" + ".a" * 32_000 + " = 1\n"
    for label, text in (
        ("16 MiB + 1 file", huge),
        ("5 MB name", name),
        ("64 KB dotted key", dotted),
    ):
        print(f"refuse a {label}".ljust(37) + f": {timed(refusal(text)) * 1000:8.1f} ms")
    with tempfile.TemporaryDirectory() as folder:
        for index in range(count):
            saves.write(play_one("dangerous", 4, index, "heuristic"), Path(folder, f"{index}.toml"))
        files = paths.list_saves(Path(folder))
        headers = timed(lambda: [saves.peek(path) for path in files])
        loads = timed(lambda: [saves.load(path, continue_chance=False) for path in files])
        print(f"saves list of {count} dangerous saves".ljust(37) + f": {headers * 1000:8.1f} ms")
        print(f"load all {count} of them".ljust(37) + f": {loads * 1000:8.1f} ms")


AGAINST: dict[str, tuple[str, Callable[[str, bool], None]]] = {
    "engine": ("engine", bench_engine),
    "long-games": ("dangerous heuristic bots without a turn limit", bench_long_games),
    "saver-text": (
        "the autosave's text of an entry",
        lambda ref, quick: saver_text.against(ref, 2 if quick else 4, ir=not quick),
    ),
}
"""Sections that compare this tree with --against REF."""

SECTIONS: dict[str, tuple[str, Callable[[bool], None]]] = {
    "autosave": (
        "autosave, on a real disk: now against the whole-file rewrite",
        autosave_bench.run,
    ),
    "open-long-save": (
        "opening a 5,000-entry save",
        lambda quick: openlong.bench_open(3 if quick else 7),
    ),
    "decision-at-length": (
        "a decision at log length 5,000",
        lambda quick: openlong.bench_decision(4 if quick else 8),
    ),
    "bytes-per-key": ("bytes per cursor key", keys.run),
    "simulate": ("bot-only games, this tree", lambda quick: bench_simulate(50 if quick else 300)),
    "verify": ("verify, this tree", lambda quick: bench_verify(50 if quick else 300)),
    "verify-split": ("where verify's time goes, dangerous saves", verify_split),
    "undo": ("undo", lambda quick: bench_undo(200 if quick else 2000)),
    "start-up": ("start-up", lambda quick: bench_startup(3 if quick else 7)),
    "hostile": ("hostile saves", lambda quick: bench_hostile(10 if quick else 40)),
    "serve-load": (
        "players over SSH at once",
        lambda quick: serve_load.run((1, 10) if quick else (1, 10, 20, 40)),
    ),
    "serve-update": ("one table update on a seat's game screen", serve_update.run),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and repeats")
    parser.add_argument(
        "--against", default="main", metavar="REF", help="the commit the engine is compared with"
    )
    parser.add_argument(
        "sections", nargs="*", metavar="SECTION", help=", ".join([*AGAINST, *SECTIONS])
    )
    args = parser.parse_args()
    unknown = [name for name in args.sections if name not in AGAINST and name not in SECTIONS]
    if unknown:
        parser.error(f"unknown section {unknown[0]!r}")
    chosen = args.sections or [*AGAINST, *SECTIONS]
    for name in chosen:
        if name in AGAINST:
            section(f"{AGAINST[name][0]}: this tree against {args.against}")
            try:
                AGAINST[name][1](args.against, args.quick)
            except (engines.CompareError, saver_text.ProbeFailed) as error:
                print(f"{name}: {error}")  # (and the other sections still run)
            continue
        title, run = SECTIONS[name]
        section(title)
        run(args.quick)


if __name__ == "__main__":
    main()
