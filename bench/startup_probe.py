"""Start an app headless, stop it as soon as its first screen is up, print the widget count.

    python bench/startup_probe.py partyline      # Partyline's setup screen
    python bench/startup_probe.py bare N         # a bare Textual app: header, N Statics, footer

bench/bench.py runs this in fresh processes, so interpreter start and imports are counted.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path


def main() -> None:
    from textual.app import App, ComposeResult
    from textual.pilot import Pilot
    from textual.widgets import Footer, Header, Static

    if sys.argv[1] == "partyline":
        from tui.app import PartylineApp

        app: App[None] = PartylineApp(save_dir=Path(tempfile.mkdtemp()))
    else:
        count = int(sys.argv[2])

        class Bare(App[None]):
            def compose(self) -> ComposeResult:
                yield Header()
                for index in range(count):
                    yield Static(f"widget {index}")
                yield Footer()

        app = Bare()

    async def first_screen(pilot: Pilot[None]) -> None:
        await pilot.pause()
        pilot.app.exit(len(list(pilot.app.screen.walk_children(with_self=True))))  # type: ignore[arg-type]

    widgets = app.run(headless=True, size=(80, 24), auto_pilot=first_screen)
    print(widgets)


if __name__ == "__main__":
    main()
