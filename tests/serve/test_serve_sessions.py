"""Sessions over real SSH: `partyline serve` as a process, asyncssh clients with a terminal read by
pyte. A player sees the app, types into it and resizes it; the app child gets only the terminal's
type and size from the client; the child and everything of its session go when the client does."""

from __future__ import annotations

import asyncio
import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import asyncssh
import pytest
from mirrorkit import create_table
from sshkit import (
    FIRST_QUESTION,
    FIRST_ROLE,
    SECOND_OPTION,
    SEED,
    Server,
    SSHTerminal,
    authorized_keys,
    client_key,
    cmdline,
    environ,
    run,
)

from server.child import TOKEN_VARIABLE
from server.protocol import dump
from server.relay import STOP_GRACE

AKI = client_key()
BEA = client_key()
CHO = client_key()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server that lets in Aki's, Bea's and Cho's keys."""
    home = tmp_path_factory.mktemp("serve")
    keys = authorized_keys(home / "authorized_keys", AKI, BEA, CHO)
    with Server.start(home, "--authorized-keys", str(keys)) as started:
        yield started


def app_children(server: Server) -> list[int]:
    return server.children()


def session_folders(server: Server) -> list[str]:
    return sorted(name for name in os.listdir(server.home / "tmp") if "partyline-session" in name)


def sessions_over(server: Server) -> bool:
    """Whether every session the server started has ended, as it says once the session's child
    is reaped, its terminal closed and its folder removed. (The child gone from its children is
    not enough: the rest follows in the same callback, which a loaded machine can interrupt.)"""
    said = server.lines
    started = sum("session started (app pid " in line for line in said)
    return started == sum("session ended (app pid " in line for line in said)


def test_a_player_sees_the_lobby_and_plays_a_table_with_keys(server: Server) -> None:
    # Cho, not Aki: Cho's seat at the unfinished game stays Cho's, and Cho coming again would
    # be put back at it, not in the lobby the other tests meet.
    with SSHTerminal.connect(server, "Cho", keys=[CHO]) as term:
        term.wait_for("you are Cho")  # the name the key logged in with: no name asked
        term.wait_for("No open table yet: c makes one.")
        create_table(term, "light-and-dark", 4, bots=(1, 2, 3), seed=SEED)
        term.wait_for("Every seat is filled: F2 starts the game.")
        term.press("f2")
        for text in (FIRST_ROLE[4], *FIRST_QUESTION):
            term.wait_for(text)
        term.press("down")
        term.wait_for(SECOND_OPTION)
    assert server.wait_for_line("Cho: session started")


def test_a_resize_reaches_the_app(server: Server) -> None:
    with SSHTerminal.connect(server, "Aki", keys=[AKI], size=(80, 24)) as term:
        term.wait_for("Open tables")
        term.wait_until(lambda: "q Quit" in term.lines()[23], "the footer on line 24")
        term.resize(100, 30)
        term.wait_until(lambda: "q Quit" in term.lines()[29], "the footer on line 30")
        term.wait_until(
            lambda: any(line.startswith("╭") and line.endswith("╮") for line in term.lines()),
            "boxes as wide as the new window",
        )
        term.resize(70, 20)
        term.wait_until(lambda: "q Quit" in term.lines()[19], "the footer on line 20")


def test_the_app_gets_the_terminal_type_the_name_and_nothing_else_of_the_client(
    server: Server,
) -> None:
    before = set(app_children(server))
    hostile = {"TEXTUAL": "devtools", "PARTYLINE_SAVE_DIR": "/etc", "LD_PRELOAD": "/tmp/x.so"}
    with SSHTerminal.connect(
        server, "Bea", keys=[BEA], term_type="screen-256color", env=hostile
    ) as term:
        term.wait_for("Open tables")
        (pid,) = set(app_children(server)) - before
        env = environ(pid)
        assert env["TERM"] == "screen-256color"
        assert not set(hostile) & set(env)
        assert set(env) <= {"PATH", "HOME", "TMPDIR", "TERM", "LANG", TOKEN_VARIABLE}
        args = cmdline(pid)
        assert args[1:4] == ["-I", "-m", "tui.remote"]
        assert args[args.index("--player") + 1] == "Bea"
        folder = Path(args[args.index("--save-dir") + 1])
        assert folder.parent == server.home / "tmp"
        assert folder.stat().st_mode & 0o777 == 0o700


def test_a_terminal_type_that_is_not_one_becomes_the_default(server: Server) -> None:
    before = set(app_children(server))
    with SSHTerminal.connect(server, "Aki", keys=[AKI], term_type="xterm;rm -rf ~") as term:
        term.wait_for("Open tables")
        (pid,) = set(app_children(server)) - before
        assert environ(pid)["TERM"] == "xterm-256color"


def test_when_the_client_goes_the_app_child_is_stopped_and_reaped(server: Server) -> None:
    server.wait_until(lambda: sessions_over(server), "earlier sessions to end")
    fds = server.open_fds()
    with SSHTerminal.connect(server, "Aki", keys=[AKI]) as term:
        term.wait_for("Open tables")
        (pid,) = app_children(server)
        assert len(session_folders(server)) == 1
    # The connection is closed: the child gets SIGHUP, exits and is reaped (no zombie), and
    # nothing of the session is left: no file descriptor, no folder. The server says the
    # session ended once the child is reaped, its terminal closed and its folder removed.
    stopped, ended = session_end(server, pid)
    assert not app_children(server) and not Path(f"/proc/{pid}").exists()
    assert session_folders(server) == []
    # Its sockets (SSH, the tables') close in callbacks of their own, maybe after that line, as
    # may an earlier session's, open when `fds` was read: no file opened since stays open.
    server.wait_until(lambda: not server.open_fds() - fds, "the session's files to be closed")
    # What ended it, as the server says for this session: SIGHUP, which ends it; or, if the
    # child was still there after the grace (a loaded machine), the SIGKILL the server sent.
    assert (stopped, ended) in {
        ("SIGHUP", "the app was ended by SIGHUP"),
        (f"SIGHUP, then SIGKILL after {STOP_GRACE:g} s", "the app was ended by SIGHUP"),
        (f"SIGHUP, then SIGKILL after {STOP_GRACE:g} s", "the app was ended by SIGKILL"),
    }


def test_a_child_still_there_after_the_grace_is_killed_and_reaped(server: Server) -> None:
    server.wait_until(lambda: sessions_over(server), "earlier sessions to end")
    with SSHTerminal.connect(server, "Aki", keys=[AKI]) as term:
        term.wait_for("Open tables")
        (pid,) = app_children(server)
        os.kill(pid, signal.SIGSTOP)  # stopped, SIGHUP waits: as a child that will not end
        # (once it has stopped: a SIGHUP pending beside the SIGSTOP is taken first, the lower
        # number, and ends it, as seen once on a loaded machine)
        server.wait_until(lambda: stopped(pid), "the app child to stop")
    # Logged once the child is killed and reaped, its terminal closed, its folder removed.
    said = session_end(server, pid)
    assert not app_children(server) and not Path(f"/proc/{pid}").exists()
    assert session_folders(server) == []
    assert said == (
        f"SIGHUP, then SIGKILL after {STOP_GRACE:g} s",
        "the app was ended by SIGKILL",
    )


def stopped(pid: int) -> bool:
    """Whether every thread of process `pid` is stopped (state T in /proc: the field after its
    name). /proc/PID/stat is the main thread's alone, and while another thread is still running
    the kernel may give it the SIGHUP, which then ends them all (the app has three threads)."""
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            stat = (task / "stat").read_text()
        except FileNotFoundError:  # a thread that has ended takes no signal
            continue
        if stat[stat.rindex(")") + 2] != "T":
            return False
    return True


def session_end(server: Server, pid: int) -> tuple[str, str]:
    """What the server did to stop the session of app `pid`, and what ended the app."""
    line = server.wait_for_line(f"session ended (app pid {pid}; ")
    said = line.partition(f"(app pid {pid}; ")[2].removesuffix(")")
    stopped, _, ended = said.partition("; ")
    return stopped.removeprefix("stopped with "), ended


def test_quitting_the_app_ends_the_session_with_its_exit_status(server: Server) -> None:
    term = SSHTerminal.connect(server, "Aki", keys=[AKI])
    with term:
        term.wait_for("Open tables")
        term.press("q")  # the lobby's quit
        assert term.wait_closed() == 0
    server.wait_until(lambda: not app_children(server), "the app child to be reaped")
    assert b"\x1b[?1049l" in term.raw  # Textual put the terminal back itself


def test_a_key_that_is_not_authorized_is_refused(server: Server) -> None:
    with pytest.raises(asyncssh.PermissionDenied):
        SSHTerminal.connect(server, "Aki", keys=[client_key()])
    with pytest.raises(asyncssh.PermissionDenied):
        SSHTerminal.connect(server, "Aki")  # no key at all: no password, nothing else


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        # (Control characters never get this far: SSH user names go through SASLprep, which
        # refuses them, and asyncssh applies it on both sides. These pass it.)
        ("   ", "partyline: the name is blank"),
        ("Bartholomew the Brave", "is too wide (21 cells; the limit is 16)"),
        # The server's limit (16) is the one named, not the core's wider one (32).
        ("勇者" * 9, "is too wide (36 cells; the limit is 16)"),
    ],
)
def test_a_name_that_cannot_be_a_players_is_refused_with_why(
    server: Server, name: str, reason: str
) -> None:
    with pytest.raises(asyncssh.DisconnectError) as refused:
        SSHTerminal.connect(server, name, keys=[AKI])
    assert refused.value.reason.startswith("partyline: ")
    assert reason in refused.value.reason


def test_the_client_sees_the_host_key_the_server_announced(server: Server) -> None:
    async def host_key() -> str:
        async with await asyncssh.connect(
            "127.0.0.1",
            server.port,
            username="Aki",
            client_keys=[AKI],
            known_hosts=None,
            agent_path=None,
            config=[],
        ) as conn:
            key = conn.get_server_host_key()
            assert key is not None
            return key.get_fingerprint("sha256")

    assert run(host_key()) == server.fingerprint


def test_guests_get_in_without_a_key(tmp_path: Path) -> None:
    with (
        Server.start(tmp_path, "--guests") as server,
        SSHTerminal.connect(server, "anything at all") as term,
    ):
        term.wait_for("Your name at the tables")
        (pid,) = server.children()
        assert "--player" not in cmdline(pid)  # the name is asked later, not taken from SSH
        server.wait_for_line("a guest: session started")


def test_a_sessions_app_meets_the_tables_as_its_player_and_nobody_else_does(
    server: Server,
) -> None:
    """The server's tables listen on a UNIX socket in a folder of mode 0700; the app child of a
    session is given its path and, in its environment, a token that makes it the SSH user."""
    before = set(app_children(server))
    with SSHTerminal.connect(server, "Bea", keys=[BEA]) as term:
        term.wait_for("Open tables")
        (pid,) = set(app_children(server)) - before
        args = cmdline(pid)
        socket = Path(args[args.index("--tables") + 1])
        assert socket.parent.stat().st_mode & 0o777 == 0o700
        token = environ(pid)[TOKEN_VARIABLE]

        async def hello(token: str) -> list[bytes]:
            reader, writer = await asyncio.open_unix_connection(str(socket))
            writer.write(dump({"type": "hello", "token": token}))
            first = await reader.readline()
            writer.write(dump({"type": "lobby"}))
            second = await reader.readline()
            writer.close()
            return [first, second]

        welcome, lobby = run(hello(token))
        assert json.loads(welcome) == {"v": 3, "type": "welcome", "player": "Bea"}
        assert json.loads(lobby)["type"] == "lobby"
        refused, _ = run(hello("0" * 32))
        assert json.loads(refused) == {
            "v": 3,
            "type": "error",
            "message": "unknown session",
            "id": "unknown session",
            "values": {},
        }
