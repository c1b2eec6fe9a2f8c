"""A server whose log's reader goes away (`partyline serve | head`, a `tee` that died) stops
cleanly with the status of a writer killed by SIGPIPE: it went on listening, and each
connection's first log line ended that connection, without a word to anyone."""

from __future__ import annotations

import asyncio
import errno
import os
import re
import subprocess
import sys
from pathlib import Path

import asyncssh
from oskit import ROOT
from sshkit import run

from core.narration import Text, text
from server.serve import READER_GONE, GuardedLog


def test_a_log_nobody_reads_any_more_stops_the_server_cleanly(tmp_path: Path) -> None:
    (tmp_path / "tmp").mkdir()
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), TMPDIR=str(tmp_path / "tmp"))
    server = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "serve", "--guests", "--port", "0"],
        cwd=ROOT,
        env=env | {"PARTYLINE_SAVE_DIR": str(tmp_path / "saves")},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        port = None
        while port is None:  # the banner, up to how players join
            joined = re.search(r"ssh -p (\d+) ", server.stdout.readline())
            port = None if joined is None else int(joined[1])
        server.stdout.close()  # the reader goes away

        async def knock() -> None:  # its login is the next line of the log
            try:
                async with asyncssh.connect(
                    "127.0.0.1", port, username="aki", known_hosts=None, config=[]
                ) as conn:
                    await asyncio.wait_for(conn.wait_closed(), 30)
            except (OSError, asyncssh.Error):
                pass  # the server is stopping: refused, or closed as it stops

        run(knock())
        assert server.wait(30) == READER_GONE
        assert server.stderr is not None and server.stderr.read() == ""  # no traceback
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()


def test_a_log_line_that_cannot_be_written_is_lost_alone_and_a_closed_pipe_stops_once() -> None:
    stops: list[bool] = []
    said: list[str] = []

    def say(line: Text) -> None:
        if line == "disk full":
            raise OSError(errno.ENOSPC, "No space left on device")
        if line == "pipe closed":
            raise BrokenPipeError(errno.EPIPE, "Broken pipe")
        said.append(text(line))

    log = GuardedLog(say, lambda: stops.append(True))
    log("disk full")  # a full disk must not end a game night
    log("one")
    assert said == ["one"] and stops == [] and not log.reader_gone
    log("pipe closed")
    log("two")
    assert said == ["one"] and stops == [True] and log.reader_gone
