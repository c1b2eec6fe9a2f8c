"""Real processes for the file tests: partyline in a child process, as a user whom file permissions
bind, under a file-size limit; writers stopped and killed in the middle of a write."""

from __future__ import annotations

import ctypes
import os
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_PR_CAPBSET_DROP = 24
_CAP_DAC_OVERRIDE = 1
_CAP_DAC_READ_SEARCH = 2


def python(
    *args: str, preexec_fn: Callable[[], None] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run `python ARGS` in a child process, from the repository; stdout and stderr captured."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
        preexec_fn=preexec_fn,
    )


def partyline(
    *args: str, preexec_fn: Callable[[], None] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run `partyline ARGS` in a child process."""
    return python("-m", "tui.cli", *args, preexec_fn=preexec_fn, timeout=timeout)


def bound_by_permissions() -> None:
    """For a child about to start: when the tests run as root, give up the capabilities that let
    root read and write any file, so that a read-only folder is read-only to it too."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (_CAP_DAC_OVERRIDE, _CAP_DAC_READ_SEARCH):
        if libc.prctl(_PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def file_size_limit(size: int) -> Callable[[], None]:
    """For a child about to start: no file it writes may grow beyond `size` bytes (EFBIG)."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return limit


WRITER = """
import sys
from pathlib import Path
from core import saves
from core.simulate import play_one

table = play_one("dangerous", 4, 3, "random")
saves.write(table, Path(sys.argv[1]))
print("ready", flush=True)  # one whole save written
while True:
    saves.write(table, Path(sys.argv[1]))
"""


def temps(folder: Path) -> set[str]:
    return {name for name in os.listdir(folder) if name.endswith(".tmp")}


def writer(path: Path) -> subprocess.Popen[str]:
    """A process that writes a save to `path` over and over, as fast as it can."""
    process = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stdout.readline() == "ready\n"
    return process


def stop_mid_write(process: subprocess.Popen[str], folder: Path, seconds: float = 60) -> str:
    """Stop (SIGSTOP) `process` at a moment its temporary file exists; return that file's name."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if temps(folder) - _others(folder, process.pid):
            os.kill(process.pid, signal.SIGSTOP)
            _wait_stopped(process.pid, deadline)
            own = temps(folder) - _others(folder, process.pid)
            if own:
                return own.pop()
            os.kill(process.pid, signal.SIGCONT)  # the rename came first: again
    raise AssertionError("the writer never stopped mid-write")


def _wait_stopped(pid: int, deadline: float) -> None:
    """Wait until `pid` is stopped: kill() returns before the signal takes effect, and a writer
    still running could rename its temporary file after it was seen."""
    while Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] != "T":
        if time.monotonic() > deadline:
            raise AssertionError(f"process {pid} did not stop")
        time.sleep(0.001)


def _others(folder: Path, pid: int) -> set[str]:
    return {name for name in temps(folder) if f".{pid}." not in name}
