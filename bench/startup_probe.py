"""Start an app headless, stop it as soon as its first screen is up, print the widget count.

    python bench/startup_probe.py partyline      # Partyline's setup screen
    python bench/startup_probe.py continue SAVE  # a saved game's screen, as `partyline continue`
    python bench/startup_probe.py continue SAVE first  # the same, not keeping it for resume
    python bench/startup_probe.py bare N         # a bare Textual app: header, N Statics, footer

bench/bench.py and bench/openlong.py run this in fresh processes (`run_probe`), so interpreter
start and imports are counted. Those processes may write bytecode, as Python does by default
and as pip does when it installs a package: where the environment forbids it
(PYTHONDONTWRITEBYTECODE), every process compiled all of Partyline from source (about 100 ms),
while the bare app's Textual came compiled. The first run of each kind, unmeasured, writes it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def run_probe(*args: str) -> tuple[float, int]:
    """Run this probe in a fresh process: its wall-clock seconds and the widgets it counted."""
    start = time.perf_counter()
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    out = subprocess.run(
        [sys.executable, __file__, *args],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env=env,
    )
    return time.perf_counter() - start, int(out.stdout.strip().splitlines()[-1])


def main() -> None:
    sys.path.insert(0, str(ROOT))  # this tree's code, whichever tree the venv was made for
    if sys.argv[1] != "bare":
        from tui.cli import load_save, pause_collector_for_start_up

        pause_collector_for_start_up()  # as `partyline` does for the app, before Textual loads
    if sys.argv[1] == "continue":  # as `partyline continue`: the save loads before the app
        loaded = load_save(Path(sys.argv[2]))  # (from the resume cache if kept)
    from textual.app import App, ComposeResult
    from textual.pilot import Pilot
    from textual.widgets import Footer, Header, Static

    def up(app: App[object]) -> bool:
        """Is the first screen up?"""
        return True

    after: Callable[[Any], None] | None = None

    if sys.argv[1] == "partyline":
        from tui.app import PartylineApp

        app: App[None] = PartylineApp(save_dir=Path(tempfile.mkdtemp()))
    elif sys.argv[1] == "continue":
        from core.paths import followed
        from tui.app import PartylineApp
        from tui.cli import keep_for_resume
        from tui.screens.game import GameScreen

        path = Path(sys.argv[2])
        app = PartylineApp(save_dir=path.parent, table=loaded.table, save_path=followed(path))
        if sys.argv[3:] != ["first"]:
            after = keep_for_resume  # ... which keeps the game there once the app has closed

        def up(app: App[object]) -> bool:
            """The game screen is up, its log laid out and in sight."""
            screen = app.screen
            return isinstance(screen, GameScreen) and bool(screen.query_one("#log").virtual_size)
    else:
        count = int(sys.argv[2])

        class Bare(App[None]):
            def compose(self) -> ComposeResult:
                yield Header()
                for index in range(count):
                    yield Static(f"widget {index}")
                yield Footer()

        app = Bare()

    async def first_screen(pilot: Pilot[object]) -> None:
        await pilot.pause()
        while not up(pilot.app):
            await pilot.pause()
        pilot.app.exit(len(list(pilot.app.screen.walk_children(with_self=True))))

    widgets = app.run(headless=True, size=(80, 24), auto_pilot=first_screen)
    if after is not None:
        after(app)
    print(widgets)


if __name__ == "__main__":
    main()
