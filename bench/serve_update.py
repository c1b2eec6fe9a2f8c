"""What one update from the table costs a seat's app child (issue 12's load), without SSH.

    python bench/serve_update.py [--updates N] [--profile]

A Dangerous table for two people (seed 7, no turn limit) in a hub in this process (as
tests/serve/test_serve_tables.py makes one); the game screen of seat 1 (a RemoteSession, as
`partyline serve`'s app child shows it) at 80x24, on a driver that renders every frame to
terminal bytes as a real terminal's would (and counts them) but writes them nowhere. The two
seats answer in turn, as random bots do (seeded); each answer reaches the screen as over the
socket:

- mine: seat 1 answers on its screen (the prompt's Chosen message): the screen shows "sent",
  the hub answers with the next state, the screen draws it;
- theirs: seat 2 answers at the hub; seat 1's screen draws the state it is sent.

Before each of seat 1's answers with options to move between, Down and Up are pressed, as
bench/serve_load.py's players do; those keys are measured apart (CPU, layouts a key).

Printed: CPU milliseconds of this process per update, from the state handed over until the
app is idle again (median and p90), the frames and bytes per update, and the redraws of each
part of the screen that changed nothing (widgets updated with what they already showed, the
footer's keys composed again), and the screen's layouts. `--profile` adds the functions where
the time goes.
Under `valgrind --tool=cachegrind`, run twice with two --updates counts: the difference of
the Ir totals over the difference of the counts is the instructions an update costs.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "serve")]

from test_serve_tables import Seen, make_hub  # type: ignore[import-not-found]  # noqa: E402
from textual.drivers.headless_driver import HeadlessDriver  # noqa: E402

from core.bots.random_bot import random_choice  # noqa: E402
from server.protocol import decode  # noqa: E402
from tui.app import PartylineApp  # noqa: E402
from tui.remote_session import RemoteSession  # noqa: E402
from tui.screens.game import GameScreen  # noqa: E402
from tui.widgets.prompt import DecisionPrompt  # noqa: E402

SIZE = (80, 24)
SEED = 7


class CountingDriver(HeadlessDriver):
    """A terminal nobody reads: frames are rendered to their bytes (the app thinks it is not
    headless) and counted."""

    frames = 0
    written = 0

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        CountingDriver.frames += data.count("\x1b[?2026h") or 1
        CountingDriver.written += len(data.encode())


class SeatApp(PartylineApp):
    """One seat's game screen, fed what the hub sends that seat."""

    def __init__(self, seen: Seen, save_dir: Path) -> None:
        super().__init__(save_dir=save_dir)
        self.driver_class = CountingDriver
        self.seen = seen
        states = [m for m in seen.messages if m["type"] == "state" and "narration" in m]
        self.session = RemoteSession(lambda message: seen.say(**message), states[0])
        for state in states[1:]:
            self.session.apply(state)
        self._read = len(seen.messages)

    def deliver(self) -> None:
        for message in self.seen.messages[self._read :]:
            if message["type"] == "state":
                self.session.apply(message)
        self._read = len(self.seen.messages)

    def on_mount(self) -> None:
        super().on_mount()
        self.push_screen(GameScreen(self.session))

    def bell(self) -> None:
        pass


def dangerous_for_two() -> tuple[Seen, Seen]:
    hub, _ = make_hub()
    aki, bea = Seen(hub, "Aki"), Seen(hub, "Bea")
    options = {"turn_limit": 0}
    aki.say(type="create", game="dangerous", players=2, bots={}, seed=SEED, options=options)
    table = aki.last("state")["table"]["id"]
    bea.say(type="sit", table=table, seat=1)
    aki.say(type="start")
    return aki, bea


def redraw_counters() -> tuple[dict[str, int], Callable[[], None]]:
    """Counts of the screen's parts drawn again (patched in: what each update rebuilds), and
    how to take the patches out."""
    from rich.text import Text
    from textual.screen import Screen
    from textual.widgets import Static

    from tui.widgets.footer import KeysFooter

    counts = {"footer composed": 0, "static updates": 0, "static unchanged": 0, "layouts": 0}
    compose = KeysFooter.compose
    update = Static.update
    layout = Screen._refresh_layout

    def counted_layout(self: Screen[Any], *args: Any, **kwargs: Any) -> None:
        counts["layouts"] += 1
        layout(self, *args, **kwargs)

    def counted_compose(self: KeysFooter) -> Any:
        counts["footer composed"] += 1
        return compose(self)

    def counted_update(self: Static, content: Any = "", **kwargs: Any) -> None:
        counts["static updates"] += 1
        before = self.content
        if content is before or (isinstance(content, str | Text) and content == before):
            counts["static unchanged"] += 1
        update(self, content, **kwargs)

    def unpatch() -> None:
        KeysFooter.compose = compose  # type: ignore[method-assign]
        Static.update = update  # type: ignore[method-assign]
        Screen._refresh_layout = layout  # type: ignore[method-assign]

    KeysFooter.compose = counted_compose  # type: ignore[method-assign]
    Static.update = counted_update  # type: ignore[method-assign]
    Screen._refresh_layout = counted_layout  # type: ignore[method-assign]
    return counts, unpatch


async def measure(updates: int, profile: bool) -> dict[str, Any]:
    aki, bea = dangerous_for_two()
    rng = random.Random(SEED)
    counts, unpatch = redraw_counters()
    figures: dict[str, list[float]] = {"mine": [], "theirs": []}
    frames: list[int] = []
    written: list[int] = []
    keys: dict[str, list[float]] = {"cpu": [], "layouts": []}
    profiler = cProfile.Profile() if profile else None
    with tempfile.TemporaryDirectory() as folder:
        app = SeatApp(aki, Path(folder))
        async with app.run_test(size=SIZE, headless=False) as pilot:
            await pilot.pause()
            for key in counts:
                counts[key] = 0
            done = 0
            while done < updates:
                mine = aki.last("state")["decision"]
                theirs = bea.last("state")["decision"]
                if mine is None and theirs is None:
                    break  # the game is over
                theirs_turn = theirs is not None and (mine is None or rng.random() < 0.5)
                if not theirs_turn and len(decode(mine).options) > 1:
                    await cursor_keys(pilot, counts, keys)
                frames_before, written_before = CountingDriver.frames, CountingDriver.written
                if theirs_turn:
                    choice = random_choice(decode(theirs), rng)
                    bea.say(type="decide", seat=1, choice=choice)
                    kind = "theirs"
                    began = time.process_time()
                    if profiler:
                        profiler.enable()
                    app.deliver()
                else:
                    decision = app.session.my_decision()
                    assert decision is not None
                    kind = "mine"
                    began = time.process_time()
                    if profiler:
                        profiler.enable()
                    # As the prompt's Enter does: the screen sends it, the hub answers at once.
                    prompt = app.screen.query_one(DecisionPrompt)
                    prompt.post_message(
                        DecisionPrompt.Chosen(decision, random_choice(decision, rng))
                    )
                    await pilot.pause()
                    app.deliver()
                await pilot.pause()
                if profiler:
                    profiler.disable()
                figures[kind].append((time.process_time() - began) * 1000)
                frames.append(CountingDriver.frames - frames_before)
                written.append(CountingDriver.written - written_before)
                done += 1
    unpatch()
    if profiler:
        stats = pstats.Stats(profiler)
        stats.sort_stats("cumulative").print_stats(45)
        stats.sort_stats("tottime").print_stats(45)
    return {
        "figures": figures,
        "frames": frames,
        "written": written,
        "counts": counts,
        "keys": keys,
    }


async def cursor_keys(pilot: Any, counts: dict[str, int], keys: dict[str, list[float]]) -> None:
    """Down, then Up, in seat 1's question (as bench/serve_load.py's players press them before
    an answer): each key's CPU milliseconds and layouts, kept apart from the updates'."""
    for key in ("down", "up"):
        before = dict(counts)
        began = time.process_time()
        await pilot.press(key)
        await pilot.pause()
        keys["cpu"].append((time.process_time() - began) * 1000)
        keys["layouts"].append(counts["layouts"] - before["layouts"])
        counts.update(before)


def report(result: dict[str, Any]) -> None:
    figures = result["figures"]
    every = figures["mine"] + figures["theirs"]
    total = len(every)
    print(f"updates: {total} ({len(figures['mine'])} mine, {len(figures['theirs'])} theirs)")
    for kind, values in (("all", every), *figures.items()):
        if values:
            ordered = sorted(values)
            p90 = ordered[int(0.9 * (len(ordered) - 1))]
            print(
                f"  {kind:6} CPU ms an update: p50 {statistics.median(values):6.1f}  p90 {p90:6.1f}"
            )
    print(
        f"  frames an update: {statistics.mean(result['frames']):.2f}; bytes an update: "
        f"median {statistics.median(result['written']):,.0f}"
    )
    counts = result["counts"]
    print(
        f"  footer composed: {counts['footer composed'] / total:.2f} an update; Static.update: "
        f"{counts['static updates'] / total:.1f} an update, of which "
        f"{counts['static unchanged'] / total:.1f} with what it already showed; "
        f"layouts: {counts['layouts'] / total:.2f} an update"
    )
    keys = result["keys"]
    if keys["cpu"]:
        print(
            f"  cursor keys (Down, Up before seat 1's answers): {len(keys['cpu'])}; CPU ms a key: "
            f"p50 {statistics.median(keys['cpu']):.1f}; layouts a key: "
            f"{statistics.mean(keys['layouts']):.2f}"
        )


def run(quick: bool) -> None:
    """bench.py's section."""
    report(asyncio.run(measure(20 if quick else 60, profile=False)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--updates", type=int, default=60)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    report(asyncio.run(measure(args.updates, args.profile)))


if __name__ == "__main__":
    main()
