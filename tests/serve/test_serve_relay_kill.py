"""A session's child stopped with SIGHUP gets SIGKILL after STOP_GRACE only if it is still there,
and the log says SIGKILL only then (server.relay): a child that had exited by the grace ended by
SIGHUP, whatever the moment it is reaped. Real children, no waiting on a clock."""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

from core.narration import text
from server.child import AppChild
from server.relay import STOP_GRACE, Relay


def stopping(argv: list[str], folder: Path) -> Relay:
    """A relay whose child (`argv`, a process group of its own) was sent SIGHUP."""
    process = subprocess.Popen(argv, start_new_session=True)
    relay = Relay.__new__(Relay)  # only what `_kill` reads: the child and what stopped it
    relay.child = AppChild(process, -1, folder)
    relay.stopped_with = "SIGHUP"
    return relay


def test_a_child_that_exited_before_the_grace_is_not_said_to_be_killed(tmp_path: Path) -> None:
    relay = stopping(["true"], tmp_path)
    os.waitid(os.P_PID, relay.child.pid, os.WEXITED | os.WNOWAIT)  # exited, not yet reaped
    relay._kill()
    assert relay.stopped_with == "SIGHUP"
    assert relay.child.reap() == 0


def test_a_child_still_there_at_the_grace_gets_sigkill_and_the_log_says_so(tmp_path: Path) -> None:
    relay = stopping(["sleep", "60"], tmp_path)
    relay._kill()
    assert text(relay.stopped_with) == f"SIGHUP, then SIGKILL after {STOP_GRACE:g} s"
    assert relay.child.reap() == -signal.SIGKILL
