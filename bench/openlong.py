"""Issue 10: a long game at the screen. Prints figures, asserts nothing.

    python bench/openlong.py open [RUNS]        # (a) below
    python bench/openlong.py decision [REPEATS] # (b) below

(a) Opening a 5,000-entry save to its first screen, as `partyline continue` does (load the
    save, from the resume cache when it holds it, else replaying its log; show the game screen;
    once the app has closed, keep the game in the resume cache), against a bare Textual app
    with as many widgets: wall-clock times of fresh processes (bench/startup_probe.py), taking
    turns; the ratio of the medians (target <= 1.5). Also its first open, the save not in the
    resume cache (and not kept: that is done once the player has quit), against the same bare
    app (target <= 1.5: its log is replayed in a child process while the app starts when a
    second core is free, core/load_ahead.py; the figures say how often one was).
(b) One decision at log length 5,000 against the same decision at length 50, with the screen
    update and the autosave: the CPU time the app spends from the answer until it is idle
    again, the screen painted (CPU time, so that other work on a shared machine does not
    count; the autosave's wait for the disk does not either), in one process, each table open
    in the app in turn, the decision taken back (practice mode) between samples; the ratio of
    the best (target <= 1.5) and of the medians, with the autosave and without it.

The save: Dangerous without a turn limit, random bots (they wander long), the first seat a
person's; it ends where that person places AP in the meeting (the decision (b) measures).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from startup_probe import run_probe  # noqa: E402

from core import load_ahead, resume_cache, saves  # noqa: E402
from core.bots.random_bot import random_choice  # noqa: E402
from core.log import DecisionEntry, Entry  # noqa: E402
from core.simulate import play_one  # noqa: E402
from core.table import Seat, SeatKind, Table, replay  # noqa: E402

LONG = 5_000
SHORT = 50
DECISION = "ap"
"""The decision measured: a person places AP in the meeting (early and late alike)."""


def long_log(entries: int = LONG) -> tuple[Table, list[Entry]]:
    """A bot game of Dangerous without a turn limit at least `entries` long (random bots; the
    first seed whose game lasts that long), and its log."""
    for seed in range(2, 100):
        played = play_one("dangerous", 4, seed, "random", {"turn_limit": 0}, entries + 500)
        if len(played) >= entries + 200:
            return played, list(played.log)
    raise RuntimeError(f"no random game of Dangerous reached {entries} entries")


def at_decision(played: Table, log: list[Entry], length: int, practice: bool = False) -> Table:
    """`played`'s game with a person at the first seat, up to the first time from entry
    `length` on that this seat places AP."""
    for index in range(length, len(log)):
        entry = log[index]
        if isinstance(entry, DecisionEntry) and entry.seat == 0 and entry.decision == DECISION:
            break
    else:
        raise RuntimeError(f"the first seat never places AP after entry {length}")
    seats = (Seat("Aki"), *(Seat(f"Bot {n}", SeatKind.BOT, "random") for n in (1, 2, 3)))
    table = Table(played.game, seats, played.options, played.seed, practice)
    return replay(table, log[:index])


def write_saves(folder: Path) -> dict[int, Path]:
    """Saves of that game at about 5,000 and 50 entries, written in `folder`, by length."""
    played, log = long_log()
    found = {}
    for length in (LONG, SHORT):
        table = at_decision(played, log, length)
        found[len(table)] = folder / f"{length}.toml"
        saves.write(table, found[len(table)])
    return found


# --- (a) opening it ------------------------------------------------------------------------------


def bench_open(runs: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        made = write_saves(Path(folder))
        (short, short_save), (long, long_save) = sorted(made.items())
        loading = min(timed(lambda: saves.load(long_save)) for _ in range(3))
        resume_cache.remember(long_save)
        resumed = min(timed(lambda: resume_cache.load(long_save)) for _ in range(3))
        run_probe("bare", "0")  # warm the file cache for all
        widgets = run_probe("continue", str(long_save))[1]  # (and write the bytecode)
        overhead = run_probe("bare", "0")[1]
        times: dict[str, list[float]] = {"long": [], "short": [], "bare": [], "first": []}
        ahead = 0  # (first opens with a second core free just before: the child replays then)
        for _ in range(runs):  # taking turns: a busy machine slows all alike
            times["long"].append(run_probe("continue", str(long_save))[0])
            times["short"].append(run_probe("continue", str(short_save))[0])
            times["bare"].append(run_probe("bare", str(max(0, widgets - overhead)))[0])
            with forgotten(long_save):  # (kept again after, unmeasured)
                ahead += load_ahead._core_free()
                times["first"].append(run_probe("continue", str(long_save), "first")[0])
    mine, early, bare, first = (
        statistics.median(times[key]) for key in ("long", "short", "bare", "first")
    )
    figure(f"open a {long:,}-entry save", f"{mine * 1000:8.0f} ms ({widgets} widgets)")
    figure("bare Textual app, same widgets", f"{bare * 1000:8.0f} ms")
    figure("open-long-save ratio", verdict(mine / bare))
    figure("first open, not in the resume cache", f"{first * 1000:8.0f} ms")
    figure("first-open ratio", verdict(first / bare))
    figure("(a second core free just before", f"{ahead} of {runs} first opens: load_ahead's test)")
    figure(f"(open the same game at {short:,} entries", f"{early * 1000:8.0f} ms)")
    figure(f"(of which loading: parse, replay {long:,}", f"{loading * 1000:8.0f} ms in-process)")
    figure("(or from the resume cache", f"{resumed * 1000:8.0f} ms in-process)")
    print(f"(medians of {runs} fresh processes each, taking turns)")


@contextlib.contextmanager
def forgotten(save: Path) -> Iterator[None]:
    """`save` out of the resume cache, so that it opens as the first time (its log replayed);
    kept there again afterwards."""
    resume_cache.forget(save)
    yield
    resume_cache.remember(save)


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def figure(label: str, value: str) -> None:
    print(label.ljust(47) + ": " + value)


def verdict(ratio: float, most: float = 1.5) -> str:
    return f"{ratio:8.2f}   (target <= {most}: {'met' if ratio <= most else 'not met'})"


# --- (b) one decision -----------------------------------------------------------------------------


async def decision_samples(table: Table, save: Path | None, repeats: int) -> list[float]:
    """CPU seconds from the first seat's answer until the app is idle again, `repeats` times
    (the decision taken back in between, unmeasured; a first one, unmeasured, warms the
    caches)."""
    from tui.app import PartylineApp
    from tui.screens.game import GameScreen

    app = PartylineApp(
        save_dir=Path(tempfile.mkdtemp()),
        table=table,
        save_path=save,
        bot_delay=3600.0,
        reveal_hold=0,
    )
    samples = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        session = screen.session
        decision = session.my_decision()
        assert decision is not None and decision.name == DECISION
        for _ in range(repeats + 1):
            choice = random_choice(decision, random.Random(0))  # the same answer every time
            start = time.process_time()
            session.decide(choice)
            await pilot.pause()  # until the app is idle: the screen painted, the save written
            samples.append(time.process_time() - start)
            session.undo()
            await pilot.pause()
            assert session.my_decision() == decision
    return samples[1:]


ROUNDS = 3


def decision_costs(repeats: int, autosave: bool) -> dict[int, list[float]]:
    """Seconds of the decision at each log length (the lengths taking turns, each table opened
    in the app once a round)."""
    played, log = long_log()
    samples: dict[int, list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(ROUNDS):
            for length in (SHORT, LONG):
                table = at_decision(played, log, length, practice=True)
                save = Path(folder, f"{length}.toml") if autosave else None
                found = asyncio.run(decision_samples(table, save, repeats))
                samples.setdefault(len(table), []).extend(found)
    return samples


def bench_decision(repeats: int) -> None:
    for autosave in (True, False):
        costs = decision_costs(repeats, autosave)
        (short, early), (long, late) = sorted(costs.items())
        saving = "with the autosave" if autosave else "without the autosave"
        for length, found in ((short, early), (long, late)):
            figure(
                f"a decision at {length:,} entries, {saving}",
                f"{min(found) * 1000:8.1f} ms (median {statistics.median(found) * 1000:.1f})",
            )
        median = statistics.median(late) / statistics.median(early)
        figure(
            f"decision-at-length ratio, {saving}",
            verdict(min(late) / min(early)) + f" (medians: {median:.2f})",
        )
    print(
        f"(CPU time, the best of {ROUNDS * repeats} decisions each, from the answer until the app "
        "is idle again, the lengths taking turns)"
    )


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "open"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    if what == "open":
        bench_open(count or 7)
    else:
        bench_decision(count or 10)
