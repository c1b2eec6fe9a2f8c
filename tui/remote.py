"""The app of one SSH session, started by `partyline serve` (server.child) on a pseudo-terminal
of its own:

    python -I -m tui.remote --save-dir FOLDER [--player NAME]

Everything here comes from the server, never from the SSH client: the folder is the session's
own (its saves, removed when the session ends), the name is one the server checked. The client
reaches this process only as keystrokes on its terminal and the terminal's size.

With `--tables SOCKET` (what `partyline serve` gives) the session plays at the server's tables
(tui.tables_app: the lobby, then a seat's game screen), saying hello with the token in its
environment; without it, the normal app (the setup screen, local games against bots).
`--name-cells N` is the widest name the server takes (its --max-name-length), which a guest's
name screen says.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import sys
import termios
from collections.abc import Sequence
from pathlib import Path

from core.i18n import language_from_env
from core.text import SERVED_NAME_CELLS
from server.child import TOKEN_VARIABLE


def take_terminal() -> None:
    """Make stdin's terminal this process's controlling terminal (the server started it as the
    leader of a new session), so the kernel sends it SIGWINCH on a resize and SIGHUP when the
    session ends."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="partyline-session")
    parser.add_argument("--save-dir", type=Path, required=True)
    parser.add_argument("--player", help="the player's name, as the server checked it")
    parser.add_argument("--tables", type=Path, help="the server's tables (their socket)")
    parser.add_argument(
        "--name-cells",
        type=int,
        default=SERVED_NAME_CELLS,
        help="the widest name the server takes, in cells",
    )
    args = parser.parse_args(argv)
    token = os.environ.get(TOKEN_VARIABLE, "")
    if args.tables is not None and not token:
        parser.error(f"--tables needs the session's token in {TOKEN_VARIABLE}")
    take_terminal()
    # The client's locale, as the server passed it on (LC_MESSAGES): the app speaks it, and
    # says it in its hello, so that the server's refusals come in it too.
    language = language_from_env(os.environ)

    if args.tables is None:
        from tui.app import PartylineApp

        PartylineApp(save_dir=args.save_dir, language=language).run()
        return 0
    from tui.tables_app import TablesApp

    app = TablesApp(
        tables=args.tables,
        token=token,
        player=args.player,
        save_dir=args.save_dir,
        language=language,
        name_cells=args.name_cells,
    )
    app.run()
    if app.exit_line:
        print(app.exit_line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
