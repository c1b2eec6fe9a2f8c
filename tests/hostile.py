"""Hostile text for the tests of core/text.py's boundary and of the escaping at output.

Run as a script, it opens the app (for a PTY test) on a table whose seat names are
HOSTILE_NAMES, made with `unchecked_seat`: a test-only way past the Seat's name check, so that
what keeps the terminal safe is the TUI's escaping alone (the second line of defence).

    python -m tests.hostile SAVE_DIR hot-seat   # two humans (the curtain), four bots
    python -m tests.hostile SAVE_DIR bots       # six bots: the game plays to its end

(From the repository's root, as a module: run as a file, tests/ would come first on the path
and its core/ folder of tests would hide the core package.)
"""

from __future__ import annotations

import sys
from pathlib import Path

from core.games import get_game
from core.table import Seat, SeatKind, Table, new_table

HOSTILE_NAMES = (
    "CLRX\x1b[2J\x1b[H",  # clears the screen
    "\x1b[?1049l",  # leaves the alternate screen
    "\x1b[6n",  # the terminal types its cursor position into the app
    "\x1b]0;pwned\x07",  # sets the window title
    "\u009b31m",  # C1 CSI: red from here on
    "Two\nLines",
)
"""The issue's names, one per seat of a six-player game."""


def unchecked_seat(name: str, kind: SeatKind = SeatKind.HUMAN, bot: str = "") -> Seat:
    """A Seat made without its name check (only tests may want one)."""
    seat = object.__new__(Seat)
    for field, value in (("name", name), ("kind", kind), ("bot", bot)):
        object.__setattr__(seat, field, value)
    return seat


def hostile_table(humans: int, seed: int = 7) -> Table:
    """Light and Dark, six seats named HOSTILE_NAMES: the first `humans` human, the rest bots."""
    seats = tuple(
        unchecked_seat(name) if index < humans else unchecked_seat(name, SeatKind.BOT, "heuristic")
        for index, name in enumerate(HOSTILE_NAMES)
    )
    return new_table(get_game("light-and-dark"), seats, {}, seed)


def main(argv: list[str]) -> int:
    from tui.app import PartylineApp

    folder, mode = Path(argv[1]), argv[2]
    table = hostile_table(humans=2 if mode == "hot-seat" else 0)
    app = PartylineApp(
        save_dir=folder,
        table=table,
        save_path=folder / "hostile.toml",
        bot_delay=0,
        reveal_hold=0,
    )
    app.run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
