"""Issue 10's autosave figures, on a real disk: what saving one entry costs at log length 10,000
against 100 (target <= 2x), and saving's share of the wall time of whole autosaved bot games
(target < 10%), for the append-only autosave ("now") and the whole-file rewrite it replaced
("before": `saves.write` after every change, as the old Autosave did).

    python3 bench/autosave.py [--quick] [--writes]      (or: python3 bench/bench.py autosave)

"Before" rewrites with today's `saves.dumps`, which is faster than the one it had, so it
understates the old cost a little.

Saving's share is what saving adds to a game: the wall time of a game saved less the same game
(same seed, same dice, same decisions) unsaved, played just before or after it, over the saved
game's wall time; the median of those pairs (12 seeds, TURNS times each in each of CHILDREN
processes: 288 pairs). Until session 21 it was each mode's fastest of three plays, summed over
the games: on the same code that read from 1.9% to 25.6% in --quick runs and 14-19% in full runs,
since the two modes' fastest plays come from different moments of a shared machine, so a lucky
run could print "met" (one did, at 0.5%) and an unlucky one hide a gain. That figure is still
printed beside. Until session 26 the pairs were 60, all played in the bench's own process: on the
same code that median read from 7.2% to 11.7% in one day. A pair's share is that noisy (the
middle half of the pairs spans about 16 points: one game is about 85 ms of a shared machine),
so the median of 60 has a standard error of about 2 points, and one process's layout of memory
is one draw of many; 288 pairs over 8 processes bring it under 1 point. Each process plays one
unpaired game of each mode first. Since then the figures beside are over those pairs: the median
wall time of a game over all their plays (it was over each seed's fastest), each mode's fastest
plays of all the processes summed (of 5 plays in one process), the CPU time as the pairs' median
(it was each mode's fastest plays summed), and "before" against the fastest unsaved plays of all
the processes (under 0.3 points apart); the close's fsyncs are those of the plays timed inside.

The time measured inside the saver (its calls, its start, its close; the fsyncs of its close run in
the background, docs/save-format.md, and are printed apart) is printed beside it, from plays of
their own: timing each call costs the game two clock reads and a call an entry, which the app does
not pay, so the paired games subscribe the autosave itself (until session 24 they were timed too,
which charged the timer's cost to saving: 2.7k instructions an entry in cachegrind, about 6% of the
saver's). It is not the whole cost: the game itself runs slower between the saver's calls, most
likely because the saver's Python (and, writing with write(), each system call and its kernel path)
leaves the CPU's caches and predictors cold for the game's code. `--writes` measures it, in thread
CPU time against the same games unsaved: session 19 (load 6-7) read the saved games at 1.13x with
each entry's write left out, 1.19x writing to /dev/null, 1.17x to tmpfs and 1.24x to the save on
ext4 (earlier runs with a probe: 1.10-1.15, 1.13-1.15, 1.14-1.18, 1.15-1.27), while the time inside
the saver was about 12% of a saved game (1.14x). So the share inside the saver understates what
saving costs, and the target is judged on the share added. Since session 21 the autosave copies
each entry into a mapping of the save on ext4 (no system call an entry); `--writes` prints that row
last.

Each game is timed alone: the unsaved and saved games of a seed take turns in either order, the
rewriting games run after all of them (their thousands of fsyncs and renames leave the disk and
the caches busy), and before each game the garbage of the games before it is collected (a saved
game's table, held in a cycle by its saver, used to be freed by a full collection inside some
later game's time). Each play saves a new game, as a new game in the app does: its file is
deleted once checked (session 20 found that the second and third plays saved over the first's
file, so their first write replaced a save, a continued game's path, with two fsyncs that a new
game never makes).
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from marathon import Marathon  # noqa: E402

from core import background, filesystems, saves  # noqa: E402
from core.games import REGISTRY  # noqa: E402
from core.games.base import GameInfo  # noqa: E402
from core.narration import Text, text  # noqa: E402
from core.runner import BotDriver  # noqa: E402
from core.simulate import bot_table  # noqa: E402
from core.table import Change, ChangeKind, Seat, SeatKind, Table, new_table  # noqa: E402

Saver = Callable[[Change], None]


class Timed:
    """A table subscriber that times another: the nanoseconds of each call."""

    def __init__(self, saver: Saver) -> None:
        self.saver = saver
        self.samples: list[int] = []

    def __call__(self, change: Change) -> None:
        start = time.perf_counter_ns()
        self.saver(change)
        self.samples.append(time.perf_counter_ns() - start)


def rewriter(table: Table, path: Path) -> Saver:
    """Before: the whole file written atomically (fsync'd) after every change, once due."""
    created = dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()

    def save(change: Change) -> None:
        if path.exists() or saves.worth_saving(table):
            saves.write(table, path, created)

    return save


def appender(table: Table, path: Path) -> tuple[Saver, Callable[[], None]]:
    """Now: the autosave (unsubscribed, so that it can be timed) and its close. It tells its
    failures to a callback, as the app's and the server's do, so its close's fsyncs run in the
    background (`core.background`): not in the game's thread, and not timed here."""
    autosave = saves.Autosave(table, path, on_error=failed)
    autosave.unsubscribe()
    autosave.unsubscribe = lambda: None
    return autosave, autosave.close


def _nothing() -> None:
    """The rewriter's close: it leaves nothing open."""


def failed(why: Text) -> None:
    raise AssertionError(f"the autosave failed: {text(why)}")


@contextlib.contextmanager
def marathon_registered() -> Iterator[None]:
    """The benchmark's endless game, known to `saves.load` while it lasts."""
    REGISTRY[Marathon.id] = GameInfo(
        Marathon.id, Marathon.title, Marathon.min_players, Marathon.max_players, Marathon
    )
    try:
        yield
    finally:
        del REGISTRY[Marathon.id]


def marathon(length: int) -> Table:
    """A marathon of two bot seats, `length` entries long (no person decides: no fsync a
    decision)."""
    seats = (Seat("A", SeatKind.BOT, "random"), Seat("B", SeatKind.BOT, "random"))
    table = new_table(Marathon(), seats, {}, seed=7)
    while len(table) < length:
        decision = table.decisions()[0]
        table.decide(decision.seat, "keep" if len(table) % 4 else "double")
    return table


def entry_cost(length: int, entries: int, before: bool, folder: Path) -> float:
    """Median seconds to save one entry once the log is `length` entries long."""
    table = marathon(length)
    path = folder / f"marathon-{length}-{'before' if before else 'now'}.toml"
    saver, close = (rewriter(table, path), _nothing) if before else appender(table, path)
    saver(Change(ChangeKind.ENTRY, len(table)))  # the first, whole write
    timed = Timed(saver)
    unsubscribe = table.subscribe(timed)
    while len(timed.samples) < entries:
        decision = table.decisions()[0]
        table.decide(decision.seat, "keep")
    unsubscribe()
    close()
    background.wait()
    assert saves.load(path, continue_chance=False).table.log == table.log
    return statistics.median(timed.samples) / 1e9


@dataclass(frozen=True)
class Played:
    """One game's figures, in seconds."""

    wall: float
    cpu: float
    """The game's thread's CPU time (what other processes on the machine change least)."""
    saving: float
    """The wall time of it spent in the saver (its calls, its start, its close)."""
    behind: float
    """Waited after the game for what its close left to the background (its fsyncs)."""


def whole_game(
    seed: int, mode: str, folder: Path, check: bool = True, timed_inside: bool = True
) -> Played:
    """One Dangerous 4-player heuristic game with simulate's options (its turn limit), saved as
    `mode` says: none, before, now. Unless `timed_inside`, the saver is subscribed as the app
    subscribes it, untimed (its `saving` is then 0)."""
    table = bot_table("dangerous", 4, seed, "heuristic")
    path = folder / f"dangerous-{seed}-{mode}.toml"
    close: Callable[[], None] = lambda: None  # noqa: E731
    unsubscribe: Callable[[], None] = close
    gc.collect()  # (the games before this one leave it no garbage to collect)
    cpu = time.thread_time()
    start = time.perf_counter()
    timed: Timed | None = None
    if mode != "none":
        saver, close = (rewriter(table, path), close) if mode == "before" else appender(table, path)
        if timed_inside:
            timed = Timed(saver)
            saver = timed
        unsubscribe = table.subscribe(saver)
    opening = time.perf_counter() - start  # the autosave's start (it cleans the folder)
    table.resolve_chance()
    driver = BotDriver(table)
    while driver.play_one():
        pass
    closing = time.perf_counter()
    close()
    end = time.perf_counter()
    cpu = time.thread_time() - cpu
    unsubscribe()  # (what the app's close does: the table and its saver no longer hold each other)
    background.wait()  # (so that the next game is timed alone)
    behind = time.perf_counter() - end
    if mode == "none":
        return Played(end - start, cpu, 0.0, behind)
    assert not check or saves.load(path, continue_chance=False).table.log == table.log
    path.unlink()  # (each play saves a new game: replacing a save is a continued game's path)
    if timed is None:
        return Played(end - start, cpu, 0.0, behind)
    saving = opening + sum(timed.samples) / 1e9 + (end - closing)
    return Played(end - start, cpu, saving, behind)


CHILDREN = 8
"""The paired games are played in this many processes, one after another (--quick: 2)."""

TURNS = 3
"""In each, each seed's unsaved and saved games are played this many times, taking turns: each
turn, a seed's unsaved and saved games are played back to back (a pair), in either order."""


class Pair(NamedTuple):
    """A seed's unsaved and saved games played back to back: their wall and thread CPU times."""

    seed: int
    none_wall: float
    now_wall: float
    none_cpu: float
    now_cpu: float


def paired(games: int, turns: int, first_turn: int, folder: Path) -> list[Pair]:
    """`turns` turns of pairs of `games` seeds, after one game of each mode unpaired (the
    process's first games pay for what is used the first time: its pairs would not)."""
    for mode in ("none", "now"):
        whole_game(0, mode, folder, timed_inside=False)
    pairs: list[Pair] = []
    for turn in range(first_turn, first_turn + turns):
        for seed in range(games):
            pair: dict[str, Played] = {}
            for mode in ("none", "now") if (seed + turn) % 2 else ("now", "none"):
                pair[mode] = whole_game(seed, mode, folder, timed_inside=False)
            none, now = pair["none"], pair["now"]
            pairs.append(Pair(seed, none.wall, now.wall, none.cpu, now.cpu))
    return pairs


def paired_in_children(children: int, games: int, turns: int) -> list[list[Pair]]:
    """`paired` in `children` processes, one after another, each child's turns numbered on from
    the last's (so that the orders alternate across them): each child's pairs. Each process has
    its own memory layout (and each run its own moment of the machine), which one process's
    pairs alone cannot average over. (A child's errors reach stderr.)"""
    found: list[list[Pair]] = []
    for child in range(children):
        argv = [sys.executable, __file__, "--pairs", f"{games},{turns},{child * turns}"]
        out = subprocess.run(argv, check=True, stdout=subprocess.PIPE, text=True).stdout
        found.append([Pair(*pair) for pair in json.loads(out)])
    return found


def run(quick: bool) -> None:
    entries = 40 if quick else 200
    with tempfile.TemporaryDirectory(prefix="partyline-autosave-") as name, marathon_registered():
        folder = Path(name)
        costs = {
            (length, before): entry_cost(length, entries if not before else 20, before, folder)
            for before in (False, True)
            for length in (100, 10_000)
        }
        for length in (100, 10_000):
            print(
                f"save one entry at log length {length:,}".ljust(38)
                + f": {costs[length, False] * 1e6:8.1f} us   (before: "
                f"{costs[length, True] * 1e3:.1f} ms)"
            )
        ratio = costs[10_000, False] / costs[100, False]
        was = costs[10_000, True] / costs[100, True]
        print(
            "ratio 10,000 / 100".ljust(38) + f": {ratio:8.2f}   (target <= 2: "
            f"{'met' if ratio <= 2 else 'NOT met'}; before: {was:.1f})"
        )
        games = 4 if quick else 12
        children = paired_in_children(2 if quick else CHILDREN, games, TURNS)
        played: dict[str, list[Played]] = {
            "inside": [whole_game(s, "now", folder) for s in range(games)]
        }
        played["before"] = []
        for seed in range(games):
            played["before"].append(whole_game(seed, "before", folder))
    report(games, played, children)


def interval(pairs: list[float], draws: int = 2000) -> tuple[float, float]:
    """A 95% interval of the pairs' median, by bootstrap (the pairs drawn again with replacement,
    by a generator of fixed seed): how far this run's median could be from its pairs' own. It
    does not see what moves a whole run (the machine's speed that day), which spreads runs about
    as much again."""
    draw = random.Random(0).choices
    medians = sorted(statistics.median(draw(pairs, k=len(pairs))) for _ in range(draws))
    return medians[draws * 25 // 1000], medians[draws * 975 // 1000 - 1]


def report(games: int, played: dict[str, list[Played]], children: list[list[Pair]]) -> None:
    def total(mode: str, figure: str) -> float:
        return sum(float(getattr(game, figure)) for game in played[mode])

    def median(mode: str, figure: str) -> float:
        return statistics.median(float(getattr(game, figure)) for game in played[mode])

    every = [pair for child in children for pair in child]
    pairs = [1 - pair.none_wall / pair.now_wall for pair in every]
    in_cpu = statistics.median(1 - pair.none_cpu / pair.now_cpu for pair in every)
    by_child = [
        statistics.median(1 - pair.none_wall / pair.now_wall for pair in child)
        for child in children
    ]
    fastest = {
        mode: sum(
            min(getattr(pair, f"{mode}_wall") for pair in every if pair.seed == seed)
            for seed in range(games)
        )
        for mode in ("none", "now")
    }
    inside = total("inside", "saving") / total("inside", "wall")
    before = 1 - fastest["none"] / total("before", "wall")
    share = statistics.median(pairs)
    quartiles = statistics.quantiles(pairs, n=4)
    low, high = interval(pairs)
    print(
        f"saving's share of {games} whole games".ljust(38)
        + f": {share * 100:8.1f} %  (target < 10%: "
        f"{'met' if share < 0.10 else 'NOT met'}; 95% interval {low * 100:.1f}-{high * 100:.1f} "
        f"%; before: {before * 100:.1f} %)"
    )
    print(
        f"  (what saving adds to the wall time of a game, against the same game unsaved played "
        f"just before or after it: the median of {len(pairs)} such pairs in {len(children)} "
        f"processes, the middle half {quartiles[0] * 100:.1f}-{quartiles[2] * 100:.1f} %, each "
        f"process's median {min(by_child) * 100:.1f}-{max(by_child) * 100:.1f} %; each mode's "
        f"fastest plays summed {(1 - fastest['none'] / fastest['now']) * 100:.1f} %; in CPU time "
        f"(the pairs' median) {in_cpu * 100:.1f} %; measured inside the saver "
        f"{inside * 100:.1f} %, before "
        f"{total('before', 'saving') / total('before', 'wall') * 100:.1f} %)"
    )
    walls = {mode: [getattr(pair, f"{mode}_wall") for pair in every] for mode in ("none", "now")}
    print(
        f"  (dangerous 4p heuristic, turn limit as simulate plays; median wall time a game: "
        f"unsaved {statistics.median(walls['none']) * 1e3:.0f} ms, now "
        f"{statistics.median(walls['now']) * 1e3:.0f} ms, before "
        f"{median('before', 'wall') * 1e3:.0f} ms)"
    )
    print(
        f"  (after a game, off its thread, its close's fsyncs took a median "
        f"{median('inside', 'behind') * 1e3:.1f} ms)"
    )


WRITES_TO = {"no write": "", "/dev/null": "/dev/null", "tmpfs": "/dev/shm"}
"""Where `--writes` sends the saver's appends instead of the save (ext4: the save itself; no
write: nowhere, without a system call)."""


def writes(games: int) -> None:
    """Why the time inside the saver is not the whole cost (`--writes`): the same games unsaved,
    then saved with each entry's append not written at all, sent to /dev/null, to a file on tmpfs
    and to the save on the real disk (ext4 here), in thread CPU time; each game saved against the
    same game unsaved, the median of their ratios. The saver's Python is the same in all: what
    differs is the system call and the kernel's path for each write. Those rows write each entry
    with write(), as the autosave does on a file system it does not map (core/filesystems.py);
    the last row is the autosave as it is on ext4: each entry copied into a mapping of the save."""
    real_write, real_mappable = os.write, filesystems.mappable
    cpu: dict[str, list[float]] = {
        mode: [] for mode in ("none", *WRITES_TO, "ext4, write()", "ext4 mapped")
    }
    with tempfile.TemporaryDirectory(prefix="partyline-autosave-") as name:
        for seed in range(games):
            for mode in cpu:
                sink = WRITES_TO.get(mode)
                path = Path(sink or name)
                if mode == "tmpfs":
                    path = path / f"partyline-{os.getpid()}"
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600) if sink else -1

                def write(into: int, payload: bytes, fd: int = fd, mode: str = mode) -> int:
                    appended = mode in WRITES_TO and payload.startswith(b"\n[[log]]")
                    if appended and fd < 0:
                        return len(payload)
                    return real_write(fd if appended else into, payload)  # (not the first)

                os.write = write  # type: ignore[assignment]  # (its defaults: this round's)
                if mode != "ext4 mapped":  # (the appends go through os.write, patched or not)
                    filesystems.mappable = lambda fd: False
                try:
                    saved = mode if mode == "none" else "now"
                    check = mode not in WRITES_TO
                    game = whole_game(seed, saved, Path(name), check, timed_inside=False)
                    cpu[mode].append(game.cpu)
                finally:
                    os.write, filesystems.mappable = real_write, real_mappable
                    if sink:
                        os.close(fd)
                    if mode == "tmpfs":
                        path.unlink()
    for mode in list(cpu)[1:]:
        ratio = statistics.median(saved / unsaved for saved, unsaved in zip(cpu[mode], cpu["none"]))
        print(f"saved, writing to {mode}".ljust(38) + f": {ratio:8.3f} x the CPU time unsaved")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer entries and games")
    parser.add_argument(
        "--writes", action="store_true", help="only: the CPU time saving adds, by where it writes"
    )
    parser.add_argument("--pairs", help="(a child's part: GAMES,TURNS,FIRST_TURN; prints JSON)")
    args = parser.parse_args()
    if args.pairs:
        games, turns, first = map(int, args.pairs.split(","))
        with tempfile.TemporaryDirectory(prefix="partyline-autosave-") as name:
            print(json.dumps(paired(games, turns, first, Path(name))))
    elif args.writes:
        writes(8 if args.quick else 24)
    else:
        run(args.quick)


if __name__ == "__main__":
    main()
