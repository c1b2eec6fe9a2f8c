"""Load on `partyline serve`: N players at once over real SSH, each in a game pressing keys.

    python bench/serve_load.py                      # N = 1, 10, 20, 40
    python bench/serve_load.py --sessions 20 --presses 40 --think 0.1

For each N: a fresh server (--guests) on a free port; N asyncssh clients with a terminal (read with
pyte, as the tests do) connect at once and start a Light and Dark game (F2), then each presses
Down and Up in turn, waiting after each key until its screen shows the prompt's cursor moved, and
thinks for --think seconds before the next. Printed per N:

- start: seconds from connecting to the setup screen (median, slowest): the app child's start;
- key: key-to-screen latency as the client sees it, p50 and p99 over every press of every player;
- memory of one app child: RSS, PSS (its share of pages shared with other processes) and USS
  (its own pages: what one more player costs), from /proc/PID/smaps_rollup;
- CPU while the keys are pressed: the server's and all children's, as cores in use, and per key.

The clients run on this machine too (pyte is not free): their CPU is printed beside, since on a
2-core machine it competes with the server's.

Then the target of issue 12 at N=20 (or the N nearest it): key p50 under 100 ms and an app child
under 60 MB (RSS), each as a ratio (figure / target, met when below 1).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from mirrorkit import create_table, login
from sshkit import FIRST_OPTION, SECOND_OPTION, SEED, Server, SSHTerminal

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (0 if it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def memory_kb(pid: int) -> dict[str, int]:
    """Rss, Pss and Uss (private pages) of a process, in KB."""
    values: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, _, rest = line.partition(":")
        values[name] = int(rest.split()[0])
    return {
        "rss": values["Rss"],
        "pss": values["Pss"],
        "uss": values["Private_Clean"] + values["Private_Dirty"],
    }


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


class Player:
    """One client: connects, starts a game, presses keys; records its latencies."""

    def __init__(self, server: Server, number: int) -> None:
        self.server = server
        self.number = number
        self.term: SSHTerminal | None = None
        self.start_seconds = 0.0
        self.latencies: list[float] = []
        self.error: BaseException | None = None

    def connect(self) -> None:
        try:
            began = time.monotonic()
            self.term = SSHTerminal.connect(self.server, f"p{self.number}", size=(80, 24))
            self.term.wait_for("Your name at the tables", timeout=300)
            self.start_seconds = time.monotonic() - began
            # A table of its own with three bots, seeded: the seeded game's first question.
            login(self.term, f"p{self.number}")
            create_table(self.term, "light-and-dark", 4, bots=(1, 2, 3), seed=SEED)
            self.term.wait_for("F2 starts the game")
            self.term.press("f2")
            self.term.wait_for(FIRST_OPTION, timeout=300)
        except BaseException as error:
            self.error = error

    def play(self, presses: int, think: float) -> None:
        term = self.term
        assert term is not None
        try:
            for press in range(presses):
                key, shows = ("down", SECOND_OPTION) if press % 2 == 0 else ("up", FIRST_OPTION)
                began = time.monotonic()
                term.press(key)
                term.wait_for(shows, timeout=120)
                self.latencies.append(time.monotonic() - began)
                time.sleep(think)
        except BaseException as error:
            self.error = error


def in_threads(players: list[Player], work: str, *args: object) -> None:
    threads = [threading.Thread(target=getattr(player, work), args=args) for player in players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    failed = [player.error for player in players if player.error is not None]
    if failed:
        raise RuntimeError(f"{len(failed)} players failed; the first: {failed[0]!r}")


TARGET_SESSIONS = 20
TARGET_P50_MS = 100.0
TARGET_RSS_MB = 60.0


def run_load(count: int, presses: int, think: float) -> tuple[float, float]:
    """Run N players and print the figures; (key p50 in ms, mean child RSS in MB)."""
    with tempfile.TemporaryDirectory() as home:
        limit = str(count + 8)
        args = ("--guests", "--max-sessions", limit, "--max-per-address", limit)
        with Server.start(Path(home), *args) as server:
            players = [Player(server, number) for number in range(count)]
            in_threads(players, "connect")
            children = server.children()
            memory = [memory_kb(pid) for pid in children]
            pids = [server.process.pid, *children]
            cpu_before = sum(cpu_seconds(pid) for pid in pids)
            own_before = time.process_time()
            began = time.monotonic()
            in_threads(players, "play", presses, think)
            wall = time.monotonic() - began
            cpu = sum(cpu_seconds(pid) for pid in pids) - cpu_before
            own = time.process_time() - own_before
            server_kb = memory_kb(server.process.pid)["rss"]
            for player in players:
                assert player.term is not None
                player.term.close()
            server.wait_until(lambda: not server.children(), "every app child reaped", 120)
            server.stop()
    latencies = [latency for player in players for latency in player.latencies]
    starts = [player.start_seconds for player in players]
    keys = len(latencies)
    mean = {kind: statistics.mean(m[kind] for m in memory) / 1024 for kind in ("rss", "pss", "uss")}
    print(
        f"N={count:>3}  start {statistics.median(starts):5.2f}s (slowest {max(starts):5.2f}s)  "
        f"key p50 {percentile(latencies, 0.5) * 1000:6.1f} ms  p99 "
        f"{percentile(latencies, 0.99) * 1000:6.1f} ms  ({keys} keys)  "
        f"child RSS {mean['rss']:5.1f} MB  PSS {mean['pss']:5.1f} MB  USS {mean['uss']:5.1f} MB  "
        f"server RSS {server_kb / 1024:5.1f} MB  "
        f"CPU {cpu / wall:4.2f} cores ({cpu / keys * 1000:5.1f} ms a key), "
        f"clients {own / wall:4.2f} cores",
        flush=True,
    )
    return percentile(latencies, 0.5) * 1000, mean["rss"]


def print_target(figures: dict[int, tuple[float, float]]) -> None:
    count = min(figures, key=lambda n: abs(n - TARGET_SESSIONS))
    p50, rss = figures[count]
    for what, figure, target, unit in (
        ("key p50", p50, TARGET_P50_MS, "ms"),
        ("app child RSS", rss, TARGET_RSS_MB, "MB"),
    ):
        ratio = figure / target
        print(
            f"target at N={count}: {what} {figure:.1f} {unit} / {target:g} {unit} = "
            f"{ratio:.2f} ({'met' if ratio < 1 else 'not met'})"
        )


def run(counts: tuple[int, ...], presses: int = 30, think: float = 0.5) -> None:
    """bench.py's section: every N, then the target."""
    print(f"{os.cpu_count()} cores; {presses} keys a player, {think:g}s apart")
    print_target({count: run_load(count, presses, think) for count in counts})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", default="1,10,20,40", help="comma-separated values of N")
    parser.add_argument("--presses", type=int, default=30, help="keys each player presses")
    parser.add_argument("--think", type=float, default=0.5, help="seconds between a player's keys")
    args = parser.parse_args()
    counts = tuple(int(value) for value in args.sessions.split(","))
    run(counts, args.presses, args.think)


if __name__ == "__main__":
    main()
