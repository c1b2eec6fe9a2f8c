"""Bytes written to a real terminal per key on the Dangerous map (issue 10 measures bytes per key).

    python bench/gridmap.py [COLUMNS LINES]

Plays a Dangerous game (Aki and two heuristic bots, seed 5) up to Aki's first move, saves it,
opens it with `partyline continue` on a pseudo-terminal (tests/ptykit.py) and presses keys:
arrows on the map (after `m`), then Down in the prompt (which moves the map's cursor too). For
each key it prints the bytes the app wrote until the terminal went quiet, and for scale the
bytes of one whole screen (the first frame after the game opened).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from ptykit import Terminal  # type: ignore[import-not-found]  # noqa: E402

from core import saves  # noqa: E402
from core.decisions import DecisionKind  # noqa: E402
from core.games import get_game  # noqa: E402
from core.runner import BotDriver  # noqa: E402
from core.table import Seat, SeatKind, Table, new_table  # noqa: E402

QUIET = 0.4
"""Seconds without output after which a key's repaint is taken as done."""


def to_the_first_move() -> Table:
    seats = (
        Seat("Aki"),
        Seat("Bot 2", SeatKind.BOT, "heuristic"),
        Seat("Bot 3", SeatKind.BOT, "heuristic"),
    )
    table = new_table(get_game("dangerous"), seats, {}, 5)
    driver = BotDriver(table)
    while True:
        driver.play_until_human()
        decision = table.decision_for(0)
        assert decision is not None
        if decision.name == "move":
            return table
        ids = [option.id for option in decision.options]
        if decision.kind is DecisionKind.ORDER:
            table.decide(0, tuple(ids))
        elif decision.kind is DecisionKind.CHOOSE_SEVERAL:
            table.decide(0, tuple(ids[: decision.min_count]))
        else:
            table.decide(0, ids[0])


def quiet_after(term: Terminal, start: int) -> int:
    """Wait until the program stops writing; the bytes it wrote since `start`."""
    seen = -1
    while True:
        time.sleep(QUIET)
        now = len(term.raw)
        if now == seen:
            return now - start
        seen = now


def main() -> None:
    columns, lines = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) > 2 else (80, 24)
    folder = Path(tempfile.mkdtemp())
    save = folder / "bench.toml"
    saves.write(to_the_first_move(), save)
    argv = [sys.executable, "-m", "tui.cli", "--save-dir", str(folder), "continue", str(save)]
    with Terminal.spawn(argv, size=(columns, lines), cwd=ROOT) as term:
        term.wait_for("movement")
        screen = quiet_after(term, 0)
        start = len(term.raw)
        term.press("m")
        quiet_after(term, start)
        figures: dict[str, list[int]] = {"map arrow": [], "prompt Down": []}
        for key in ("right", "right", "down", "left", "up", "up", "right", "down"):
            start = len(term.raw)
            term.press(key)
            figures["map arrow"].append(quiet_after(term, start))
        start = len(term.raw)
        term.press("m")  # the keys back to the prompt
        quiet_after(term, start)
        for _ in range(8):
            start = len(term.raw)
            term.press("down")
            figures["prompt Down"].append(quiet_after(term, start))
    print(f"Dangerous map at {columns}x{lines}: bytes written per key")
    print(f"  the game's first screen          {screen:7d}")
    for name, values in figures.items():
        print(
            f"  {name:<32} median {statistics.median(values):6.0f}  "
            f"min {min(values):6d}  max {max(values):6d}"
        )


if __name__ == "__main__":
    main()
