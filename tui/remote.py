"""The app of one SSH session, started by `partyline serve` (server.child) on a pseudo-terminal
of its own:

    python -I -m tui.remote --save-dir FOLDER [--player NAME]

Everything here comes from the server, never from the SSH client: the folder is the session's
own (its saves, removed when the session ends), the name is one the server checked. The client
reaches this process only as keystrokes on its terminal and the terminal's size.

For now the session plays the normal app (the setup screen, local games against bots). The next
step gives the command line the server's local socket for the tables, and this module runs the
lobby connected to it instead.
"""

from __future__ import annotations

import argparse
import fcntl
import sys
import termios
from collections.abc import Sequence
from pathlib import Path


def take_terminal() -> None:
    """Make stdin's terminal this process's controlling terminal (the server started it as the
    leader of a new session), so the kernel sends it SIGWINCH on a resize and SIGHUP when the
    session ends."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="partyline-session")
    parser.add_argument("--save-dir", type=Path, required=True)
    parser.add_argument("--player", help="the player's name, as the server checked it")
    parser.add_argument(
        "--tables", type=Path, help="the server's tables (their socket; not played here yet)"
    )
    args = parser.parse_args(argv)
    take_terminal()

    from tui.app import PartylineApp

    PartylineApp(save_dir=args.save_dir).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
