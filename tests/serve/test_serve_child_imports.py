"""An SSH session's app child (tui.tables_app) talks to the tables over a socket: it never
imports the server's side of it (the hub, its tables and their store), which only weigh on every
session's memory (issue 12: under 60 MB a session)."""

from __future__ import annotations

import subprocess
import sys

SERVER_SIDE = ("server.hub", "server.tables", "server.store")


def test_the_app_child_does_not_import_the_hub() -> None:
    code = f"import sys, tui.tables_app; print([m for m in {SERVER_SIDE!r} if m in sys.modules])"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
