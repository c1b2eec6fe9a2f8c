"""One app child: the Partyline app in a process of its own, on a pseudo-terminal of its own,
with a folder of its own for the session's saves.

The child is told only what the server decides: its command line names the session's folder and
the player (and, in the next step, the server's local socket for the tables), its environment is
built here from scratch (TERM, made safe by server.terminal, is the one thing in it that comes
from the client). It runs `python -I -m tui.remote`: isolated mode, so no PYTHON* variable, user
site or file in its working folder changes what it imports.

The child leads a session of its own (its process group has its pid) with the pseudo-terminal as
its controlling terminal, so the kernel sends it SIGWINCH on a resize and SIGHUP when the
terminal goes away. Stopping it signals the whole group while the leader is not yet reaped, so
the group id cannot belong to anyone else by then.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
from dataclasses import dataclass
from pathlib import Path

from core.i18n import Language

CHILD_MODULE = "tui.remote"

ENV_KEPT = ("PATH", "HOME", "TMPDIR")
"""The server's own variables a child keeps: where programs, its home and temporary files are.
Nothing else of the server's environment (or the client's) reaches it."""


@dataclass(frozen=True)
class ChildSpec:
    """What the server tells one child. The seam for the lobby: the next step adds the local
    socket of the server's tables here, and the child connects to it as `player`."""

    save_dir: Path
    player: str | None
    """The player's name (checked by the server), or None for a guest, who gives one later."""
    tables: Path | None = None
    """The UNIX socket of the server's tables (server.hub); the child says hello there with
    the token in its environment (TOKEN_VARIABLE), which only this user may read."""
    name_cells: int | None = None
    """The widest name the server takes (`--max-name-length`), for the guest's name screen."""

    def argv(self) -> list[str]:
        argv = [sys.executable, "-I", "-m", CHILD_MODULE, "--save-dir", str(self.save_dir)]
        if self.player is not None:
            argv += ["--player", self.player]
        if self.tables is not None:
            argv += ["--tables", str(self.tables)]
        if self.name_cells is not None:
            argv += ["--name-cells", str(self.name_cells)]
        return argv


TOKEN_VARIABLE = "PARTYLINE_TABLES_TOKEN"


def child_env(
    term: str, token: str | None = None, language: Language | None = None
) -> dict[str, str]:
    """The child's whole environment: a few of the server's variables, UTF-8 text, the
    client's terminal type (already made safe), the session's token for the tables, and the
    language the client's locale asked for (LC_MESSAGES, which the app reads before LANG)."""
    env = {name: os.environ[name] for name in ENV_KEPT if name in os.environ}
    env.update(TERM=term, LANG="C.UTF-8")
    if token is not None:
        env[TOKEN_VARIABLE] = token
    if language is not None:
        env["LC_MESSAGES"] = language
    return env


def set_size(fd: int, columns: int, lines: int) -> None:
    """Set a pseudo-terminal's size; on a change the kernel sends SIGWINCH to its foreground
    process group (the app)."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))


class AppChild:
    """A running app child. `master` is the server's end of its terminal (non-blocking);
    `pidfd` becomes readable when the child exits. Build one with `AppChild.start`; the owner
    reaps it once it exits, then closes its terminal and removes its folder."""

    def __init__(self, process: subprocess.Popen[bytes], master: int, folder: Path) -> None:
        self.process = process
        self.master = master
        self.folder = folder
        self.pidfd = os.pidfd_open(process.pid)
        self.exit_code: int | None = None

    @classmethod
    def start(
        cls,
        player: str | None,
        term: str,
        size: tuple[int, int],
        tables: tuple[Path, str] | None = None,
        language: Language | None = None,
        name_cells: int | None = None,
    ) -> AppChild:
        """Start an app for one session: a new session folder (mode 0700), a new
        pseudo-terminal of `size` (columns, lines), the child on it; `tables` is the tables'
        socket and this session's token there; `language` the client's, if it said;
        `name_cells` the widest name the server takes."""
        folder = Path(tempfile.mkdtemp(prefix="partyline-session-"))
        spec = ChildSpec(folder, player, tables[0] if tables else None, name_cells)
        master, slave = os.openpty()  # both not inheritable: the child gets the slave as 0-2
        try:
            set_size(slave, *size)
            process = subprocess.Popen(
                spec.argv(),
                stdin=slave,
                stdout=slave,
                stderr=slave,
                cwd=folder,
                env=child_env(term, tables[1] if tables else None, language),
                start_new_session=True,
                close_fds=True,
            )
        except BaseException:
            os.close(master)
            shutil.rmtree(folder, ignore_errors=True)
            raise
        finally:
            os.close(slave)  # only the child holds it now: reading the master ends when it exits
        os.set_blocking(master, False)
        return cls(process, master, folder)

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def running(self) -> bool:
        """Not yet reaped (it may have exited: `reap` tells)."""
        return self.exit_code is None

    def resize(self, columns: int, lines: int) -> None:
        if self.master >= 0:
            set_size(self.master, columns, lines)

    def signal(self, number: int) -> None:
        """Signal the child's whole process group, unless the child has been reaped (its group
        id could then be someone else's)."""
        if self.running:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, number)

    def exited(self) -> bool:
        """Whether the child has exited (it is not reaped by asking)."""
        if self.exit_code is not None:
            return True
        flags = os.WEXITED | os.WNOHANG | os.WNOWAIT
        return os.waitid(os.P_PIDFD, self.pidfd, flags) is not None

    def reap(self) -> int:
        """Once the child has exited: end whatever is left of its process group, collect its
        exit status (no zombie) and close its pidfd. Returns the exit code (negative: the
        signal that ended it)."""
        if self.exit_code is not None:
            return self.exit_code
        # A zombie until the wait below: its group id is still ours, and anything it left
        # running goes with it.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        waited = os.waitid(os.P_PIDFD, self.pidfd, os.WEXITED)
        assert waited is not None
        exited = waited.si_code == os.CLD_EXITED
        self.exit_code = waited.si_status if exited else -waited.si_status
        self.process.returncode = self.exit_code  # subprocess must not wait for it again
        os.close(self.pidfd)
        self.pidfd = -1
        return self.exit_code

    def remove_folder(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)

    def close_terminal(self) -> None:
        """Close the server's end of the terminal (a child still running gets SIGHUP). Whoever
        watches `master` stops watching first."""
        if self.master >= 0:
            os.close(self.master)
            self.master = -1
