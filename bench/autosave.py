"""Issue 10's autosave figures, on a real disk: what saving one entry costs at log length 10,000
against 100 (target <= 2x), and saving's share of the wall time of whole autosaved bot games
(target < 10%), for the append-only autosave ("now") and the whole-file rewrite it replaced
("before": `saves.write` after every change, as the old Autosave did).

    python3 bench/autosave.py [--quick]      (or: python3 bench/bench.py autosave)

"Before" rewrites with today's `saves.dumps`, which is faster than the one it had, so it
understates the old cost a little.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from marathon import Marathon  # noqa: E402

from core import saves  # noqa: E402
from core.games import REGISTRY  # noqa: E402
from core.games.base import GameInfo  # noqa: E402
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
    """Now: the autosave (unsubscribed, so that it can be timed) and its close."""
    autosave = saves.Autosave(table, path)
    autosave.unsubscribe()
    autosave.unsubscribe = lambda: None
    return autosave, autosave.close


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
    saver, close = (rewriter(table, path), lambda: None) if before else appender(table, path)
    saver(Change(ChangeKind.ENTRY, len(table)))  # the first, whole write
    timed = Timed(saver)
    unsubscribe = table.subscribe(timed)
    while len(timed.samples) < entries:
        decision = table.decisions()[0]
        table.decide(decision.seat, "keep")
    unsubscribe()
    close()
    assert saves.load(path, continue_chance=False).table.log == table.log
    return statistics.median(timed.samples) / 1e9


def whole_game(seed: int, mode: str, folder: Path) -> tuple[float, float]:
    """One autosaved Dangerous 4-player heuristic game with simulate's options (its turn
    limit): its wall time, and the seconds of it spent saving (mode: none, before, now)."""
    table = bot_table("dangerous", 4, seed, "heuristic")
    path = folder / f"dangerous-{seed}-{mode}.toml"
    close: Callable[[], None] = lambda: None  # noqa: E731
    start = time.perf_counter()
    timed: Timed | None = None
    if mode != "none":
        saver, close = (rewriter(table, path), close) if mode == "before" else appender(table, path)
        timed = Timed(saver)
        table.subscribe(timed)
    opening = time.perf_counter() - start  # the autosave's start (it cleans the folder)
    table.resolve_chance()
    driver = BotDriver(table)
    while driver.play_one():
        pass
    closing = time.perf_counter()
    close()
    end = time.perf_counter()
    if timed is None:
        return end - start, 0.0
    assert saves.load(path, continue_chance=False).table.log == table.log
    return end - start, opening + sum(timed.samples) / 1e9 + (end - closing)


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
        walls: dict[str, list[float]] = {"none": [], "before": [], "now": []}
        spent: dict[str, list[float]] = {"none": [], "before": [], "now": []}
        for seed in range(games):
            for mode in ("none", "now", "before") if seed % 2 else ("before", "now", "none"):
                wall, saving = whole_game(seed, mode, folder)
                walls[mode].append(wall)
                spent[mode].append(saving)
    shares = {mode: sum(spent[mode]) / sum(walls[mode]) for mode in ("now", "before")}
    median = statistics.median(s / w for s, w in zip(spent["now"], walls["now"], strict=True))
    print(
        f"saving's share of {games} whole games".ljust(38)
        + f": {shares['now'] * 100:8.1f} %  (target < 10%: "
        f"{'met' if shares['now'] < 0.10 else 'NOT met'}; before: {shares['before'] * 100:.1f} %)"
    )
    print(
        f"  (dangerous 4p heuristic, turn limit as simulate plays; a game's median share "
        f"{median * 100:.1f} %; median wall time a game: unsaved "
        f"{statistics.median(walls['none']) * 1e3:.0f} ms, now "
        f"{statistics.median(walls['now']) * 1e3:.0f} ms, before "
        f"{statistics.median(walls['before']) * 1e3:.0f} ms)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer entries and games")
    run(parser.parse_args().quick)


if __name__ == "__main__":
    main()
