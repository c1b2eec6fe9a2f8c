"""Bytes, repaints and latency of a cursor key (issue 10: a cursor key sends at most 1.5x the
bytes of a bare Textual app's, with one repaint a key; and the ~310 ms key).

    python bench/keys.py [--quick] [--latency-keys N]

Everything goes through a real pseudo-terminal (tests/ptykit.py): the program runs as a child
on it, keys are written to it, and the bytes it writes after a key are counted once the terminal
has been quiet for a while. A repaint is one frame: Textual wraps each in the synchronized-output
marks (ESC [ ? 2026 h ... l).

- bytes per key: each place of a game where a cursor moves against a bare app with a list like
  the game's there (a stock Textual OptionList with as many options, in a panel as large as the
  game's prompt at 80x24, beside a panel, over a footer): the Dangerous map (arrows after `m`)
  and prompt (Up/Down) against a 21-option list, the Light and Dark prompt (Up/Down, a claim)
  against a 3-option one; the median bytes, their ratio to the bare app's (target <= 1.5) and
  the repaints (frames) per key (target 1);
- latency: a few hundred Up/Down keys in one Light and Dark process, from the key written to the
  end of its first frame, p50/p95/max, with and without the app's garbage-collector freeze
  (tui/app.py), processes taking turns; and the full (generation 2) collections that landed
  among the keys and how long they took (gc.callbacks in the child).

`python bench/keys.py bare OPTIONS WIDTH HEIGHT` runs a bare app; `python bench/keys.py child LOG
[--no-freeze] ARGS` runs `partyline ARGS`, logging its garbage collections to LOG.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "bench")]

TARGET = 1.5
SIZE = (80, 24)
DANGEROUS_BARE = (21, 34, 10)
"""A bare list like the Dangerous prompt at its first move at 80x24: 21 options in a panel 34
wide and 10 high."""
LIGHT_AND_DARK_BARE = (3, 48, 0)
"""A bare list like the Light and Dark prompt at a claim at 80x24: 3 options in a panel 48 wide,
as high as they are."""


# --- the programs on the terminal ------------------------------------------------------------


def bare_app(options: int, width: int, height: int) -> None:
    """A bare Textual app: a stock OptionList of `options` in a bordered panel `width` wide
    and `height` high (0: as high as its options), beside a bordered panel, over a footer."""
    from textual.app import App, ComposeResult
    from textual.containers import Horizontal, Vertical
    from textual.widgets import Footer, OptionList, Static

    class Bare(App[None]):
        CSS = f"""
        #left {{ width: 1fr; border: round $primary; }}
        #right {{ width: {width}; }}
        OptionList {{ height: {height or "auto"}; border: round $primary; }}
        """

        def compose(self) -> ComposeResult:
            with Horizontal():
                yield Static("board\n" * 14, id="left")
                with Vertical(id="right"):
                    yield OptionList(*(f"{n}. Go (2): option {n}" for n in range(1, options + 1)))
                    yield Static("log " * 40)
            yield Footer()

    Bare().run()


def child(log: str, freeze: bool, argv: Sequence[str]) -> int:
    """`partyline argv`, with every full collection (and any other over 5 ms) written to `log`
    as `monotonic-seconds generation milliseconds objects`; without the app's freeze if not
    `freeze`."""
    out = open(log, "w", buffering=1)  # noqa: SIM115 (open for the process's life)
    began: dict[str, float] = {}

    def logged(phase: str, info: dict[str, Any]) -> None:
        generation = info["generation"]
        if phase == "start":
            began["at"] = time.perf_counter()
            began["objects"] = len(gc.get_objects(generation)) if generation == 2 else 0
            return
        ms = (time.perf_counter() - began["at"]) * 1000
        if generation == 2 or ms > 5:
            out.write(f"{time.monotonic():.4f} {generation} {ms:.2f} {began['objects']:.0f}\n")

    gc.callbacks.append(logged)
    import tui.app
    from tui.cli import main

    if not freeze and hasattr(tui.app, "freeze_start_up"):
        tui.app.freeze_start_up = lambda moment: None
    return main(argv)


# --- reading the terminal --------------------------------------------------------------------


def frames(data: bytes) -> int:
    from ptykit import FRAME_START  # type: ignore[import-not-found]  # (tests/, on the path)

    return data.count(FRAME_START)


def quiet_after(term: Any, start: int) -> bytes:
    """Wait until the program stops writing; what it wrote since `start`."""
    from gridmap import quiet_after as wait_quiet

    wait_quiet(term, start)
    written: bytes = term.raw[start:]
    return written


@dataclass
class Place:
    """Where a cursor moves: the bytes and frames of each key pressed there."""

    name: str
    sizes: list[int]
    repaints: list[int]

    @property
    def bytes(self) -> float:
        return statistics.median(self.sizes)


def press_each(term: Any, name: str, keys: Sequence[str]) -> Place:
    place = Place(name, [], [])
    for key in keys:
        start = len(term.raw)
        term.press(key)
        data = quiet_after(term, start)
        if data:  # a key that moved nothing (the end of the list) wrote nothing
            place.sizes.append(len(data))
            place.repaints.append(frames(data))
    return place


def up_down(count: int) -> list[str]:
    return ["down" if n % 2 == 0 else "up" for n in range(count)]


# --- the games -------------------------------------------------------------------------------


def light_and_dark_save(folder: Path) -> Path:
    """A four-player Light and Dark game at its human seat's first decision (a claim)."""
    from core import saves
    from core.games import get_game
    from core.runner import BotDriver
    from core.table import Seat, SeatKind, new_table

    bots = tuple(Seat(f"Bot {n}", SeatKind.BOT, "heuristic") for n in (2, 3, 4))
    table = new_table(get_game("light-and-dark"), (Seat("Aki"), *bots), {}, 5)
    BotDriver(table).play_until_human()
    path = folder / "light-and-dark.toml"
    saves.write(table, path)
    return path


def dangerous_save(folder: Path) -> Path:
    """A three-player Dangerous game at Aki's first move (bench/gridmap.py's)."""
    from gridmap import to_the_first_move

    from core import saves

    path = folder / "dangerous.toml"
    saves.write(to_the_first_move(), path)
    return path


def partyline(folder: Path, save: Path, log: Path | None = None, freeze: bool = True) -> list[str]:
    argv = ["--save-dir", str(folder), "continue", str(save)]
    if log is None:
        return [sys.executable, "-m", "tui.cli", *argv]
    flags = [] if freeze else ["--no-freeze"]
    return [sys.executable, str(Path(__file__)), "child", str(log), *flags, *argv]


def bare_place(keys: int, shape: tuple[int, int, int]) -> Place:
    from ptykit import Terminal

    options, width, height = shape
    argv = [sys.executable, __file__, "bare", *map(str, shape)]
    with Terminal.spawn(argv, size=SIZE, cwd=ROOT) as term:
        term.wait_for(f"option {min(options, 3)}")
        quiet_after(term, 0)
        shown = f"{height} high" if height else "as high as they are"
        name = f"bare app: {options} options, {width} wide, {shown}"
        return press_each(term, name, up_down(keys))


def measure_bytes(keys: int) -> list[tuple[Place, Place]]:
    """(a game's place, the bare app's like it) for every place."""
    from ptykit import Terminal

    folder = Path(tempfile.mkdtemp())
    bare = bare_place(keys, DANGEROUS_BARE)
    places: list[tuple[Place, Place]] = []
    with Terminal.spawn(partyline(folder, dangerous_save(folder)), size=SIZE, cwd=ROOT) as term:
        term.wait_for("movement")
        quiet_after(term, 0)
        term.press("m")
        quiet_after(term, len(term.raw))
        arrows = ("right", "right", "down", "left", "up", "up", "right", "down") * 4
        places.append((press_each(term, "Dangerous map arrows", arrows[:keys]), bare))
        term.press("m")  # the keys back to the prompt
        quiet_after(term, len(term.raw))
        places.append((press_each(term, "Dangerous prompt Up/Down", up_down(keys)), bare))
    bare = bare_place(keys, LIGHT_AND_DARK_BARE)
    save = light_and_dark_save(folder)
    with Terminal.spawn(partyline(folder, save), size=SIZE, cwd=ROOT) as term:
        term.wait_for("Stay silent")
        quiet_after(term, 0)
        places.append((press_each(term, "Light and Dark prompt Up/Down", up_down(keys)), bare))
    return places


@dataclass
class Latency:
    """Milliseconds from each key written to the end of its first frame, and the full
    collections (milliseconds each) that ran among the keys."""

    keys: list[float]
    full_collections: list[tuple[float, int, float]]
    """(milliseconds, objects walked, the latency of the key it delayed) of each."""


def measure_latency(keys: int, freeze: bool) -> Latency:
    from ptykit import FRAME_END, Terminal

    folder = Path(tempfile.mkdtemp())
    save = light_and_dark_save(folder)
    log = folder / "gc.log"
    latencies: list[float] = []
    pressed: list[float] = []  # when each key was written
    with Terminal.spawn(partyline(folder, save, log, freeze), size=SIZE, cwd=ROOT) as term:
        term.wait_for("Stay silent")
        quiet_after(term, 0)
        for key in up_down(keys):
            ends = term.raw.count(FRAME_END)
            pressed.append(time.monotonic())
            term.press(key)
            term.wait_until(lambda: term.raw.count(FRAME_END) > ends, "the key's frame")  # noqa: B023
            latencies.append((time.monotonic() - pressed[-1]) * 1000)
            time.sleep(0.01)
    collections = []
    for line in log.read_text().splitlines():
        at, generation, ms, objects = line.split()
        done = float(at)
        if generation != "2" or not pressed[0] <= done <= pressed[-1] + latencies[-1] / 1000:
            continue
        # The key it delayed: the one being handled as it ended, or the next one written.
        hit = next(
            (n for n, start in enumerate(pressed) if done <= start + latencies[n] / 1000),
            len(pressed) - 1,
        )
        collections.append((float(ms), int(objects), latencies[hit]))
    return Latency(latencies, collections)


# --- the report ------------------------------------------------------------------------------


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def report_bytes(keys: int) -> None:
    shown: set[str] = set()
    for place, bare in measure_bytes(keys):
        if bare.name not in shown:
            shown.add(bare.name)
            print(
                f"{bare.name:<50}: {bare.bytes:6.0f} bytes a key, "
                f"{statistics.median(bare.repaints):.0f} repaint(s)"
            )
        ratio = place.bytes / bare.bytes
        repaints = max(place.repaints)
        met = "met" if ratio <= TARGET and repaints == 1 else "not met"
        print(
            f"  {place.name:<48}: {place.bytes:6.0f} bytes a key (max {max(place.sizes)}), "
            f"{ratio:4.2f}x the bare app's, {min(place.repaints)}-{repaints} repaint(s) a key  "
            f"(target <= {TARGET}x, 1 repaint: {met})"
        )


def report_latency(keys: int, rounds: int) -> None:
    runs: dict[bool, list[Latency]] = {False: [], True: []}
    for _ in range(rounds):
        for freeze in (False, True):  # taking turns: the machine is shared
            runs[freeze].append(measure_latency(keys, freeze))
    for freeze, results in runs.items():
        every = [ms for result in results for ms in result.keys]
        full = [each for result in results for each in result.full_collections]
        longest = ""
        if full:
            ms, objects, delayed = max(full)
            longest = (
                f", the longest {ms:.0f} ms over {objects:,} objects, its key took {delayed:.0f} ms"
            )
        print(
            f"key latency, {'with' if freeze else 'without'} the gc freeze".ljust(38)
            + f": p50 {percentile(every, 0.5):5.1f} ms  p95 {percentile(every, 0.95):5.1f} ms  "
            f"max {max(every):6.1f} ms  ({len(every)} keys in {len(results)} processes; "
            f"{len(full)} full collection(s) among them{longest})"
        )


def run(quick: bool, latency_keys: int | None = None) -> None:
    """bench/bench.py's "bytes-per-key" section."""
    report_bytes(6 if quick else 12)
    # Without the freeze, a full collection came about once in 650 keys.
    report_latency(latency_keys or (400 if quick else 800), 1 if quick else 2)


def main(argv: Sequence[str]) -> int:
    if argv[:1] == ["bare"]:
        options, width, height = map(int, argv[1:4])
        bare_app(options, width, height)
        return 0
    if argv[:1] == ["child"]:
        freeze = argv[2:3] != ["--no-freeze"]
        return child(argv[1], freeze, argv[2 if freeze else 3 :])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer keys and processes")
    parser.add_argument("--latency-keys", type=int, help="keys per latency process")
    args = parser.parse_args(argv)
    print(f"cursor keys at {SIZE[0]}x{SIZE[1]}")
    run(args.quick, args.latency_keys)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
