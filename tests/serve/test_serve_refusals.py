"""What the server refuses, over real SSH: commands, subsystems, a shell without a terminal, every
kind of forwarding, agent and X11 forwarding, a second session on one connection. Each refusal a
client can be told about comes with one clear line; nothing is ever run."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import asyncssh
import pytest
from ptykit import TIMEOUT
from sshkit import Server, connect, run

from core.i18n import translator
from server.ssh import (
    EXEC_REFUSED,
    NO_TERMINAL,
    ONE_SESSION,
    PORT_FORWARDING_REFUSED,
    SOCKET_FORWARDING_REFUSED,
    SUBSYSTEM_REFUSED,
    TUNNEL_REFUSED,
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with Server.start(tmp_path_factory.mktemp("refusals"), "--guests") as started:
        yield started


def test_a_command_is_refused_with_one_line_and_runs_nothing(server: Server) -> None:
    async def command() -> asyncssh.SSHCompletedProcess:
        async with await connect(server, "guest") as conn:
            return await conn.run(f"touch {server.home}/ran")

    done = run(command())
    assert (done.exit_status, done.stdout, done.stderr) == (1, "", EXEC_REFUSED + "\n")
    assert not (server.home / "ran").exists()
    server.wait_for_line(f"refused: {EXEC_REFUSED}")


def test_a_refusal_is_in_the_language_of_the_locale_the_client_sends(server: Server) -> None:
    async def command() -> asyncssh.SSHCompletedProcess:
        async with await connect(server, "guest") as conn:
            return await conn.run("ls", env={"LANG": "ja_JP.UTF-8"})

    done = run(command())
    assert done.exit_status == 1
    assert done.stderr == translator("ja")(EXEC_REFUSED) + "\n" != EXEC_REFUSED + "\n"
    assert done.stderr.startswith("partyline: このサーバーはコマンドを実行しません")


def test_a_command_on_a_terminal_is_refused_too(server: Server) -> None:
    async def command() -> asyncssh.SSHCompletedProcess:
        async with await connect(server, "guest") as conn:
            return await conn.run("ls", term_type="xterm")

    done = run(command())
    assert done.exit_status == 1
    assert done.stdout == EXEC_REFUSED + "\r\n"  # a terminal merges stderr into its output


@pytest.mark.parametrize("subsystem", ["sftp", "netconf"])
def test_a_subsystem_is_refused_with_one_line(server: Server, subsystem: str) -> None:
    async def open_subsystem() -> tuple[int | None, str]:
        async with await connect(server, "guest") as conn:
            process = await conn.create_process(subsystem=subsystem)
            said = await process.stderr.read()
            await process.wait_closed()
            return process.exit_status, said

    assert run(open_subsystem()) == (1, SUBSYSTEM_REFUSED + "\n")


def test_sftp_gets_nowhere(server: Server) -> None:
    async def sftp() -> None:
        async with await connect(server, "guest") as conn, conn.start_sftp_client():
            pass

    with pytest.raises(asyncssh.SFTPError):
        run(sftp())


def test_a_shell_without_a_terminal_is_refused_with_one_line(server: Server) -> None:
    async def shell() -> asyncssh.SSHCompletedProcess:
        async with await connect(server, "guest") as conn:
            return await conn.run()  # a shell, no command, no pty: `ssh -T host`

    done = run(shell())
    assert (done.exit_status, done.stdout, done.stderr) == (1, "", NO_TERMINAL + "\n")


@pytest.mark.parametrize(
    ("open_channel", "reason"),
    [
        (lambda conn: conn.open_connection("127.0.0.1", 22), PORT_FORWARDING_REFUSED),
        (lambda conn: conn.open_unix_connection("/run/docker.sock"), SOCKET_FORWARDING_REFUSED),
        (lambda conn: conn.open_tun(), TUNNEL_REFUSED),
        (lambda conn: conn.open_tap(), TUNNEL_REFUSED),
    ],
    ids=["local port forwarding", "socket forwarding", "tun", "tap"],
)
def test_forwarding_channels_are_refused_with_why(
    server: Server, open_channel: object, reason: str
) -> None:
    async def forward() -> None:
        async with await connect(server, "guest") as conn:
            await open_channel(conn)  # type: ignore[operator]

    with pytest.raises(asyncssh.ChannelOpenError) as refused:
        run(forward())
    assert refused.value.code == asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED
    assert refused.value.reason == reason


def test_remote_forwarding_is_refused(server: Server, tmp_path: Path) -> None:
    async def listen_port() -> None:
        async with await connect(server, "guest") as conn:
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)

    async def listen_path() -> None:
        async with await connect(server, "guest") as conn:
            await conn.forward_remote_path(str(tmp_path / "socket"), "/run/docker.sock")

    for listen in (listen_port, listen_path):
        with pytest.raises(asyncssh.ChannelListenError):
            run(listen())
    assert not (tmp_path / "socket").exists()
    server.wait_for_line("refused: partyline: remote forwarding is refused")


def test_x11_forwarding_is_refused(server: Server, tmp_path: Path) -> None:
    (tmp_path / "Xauthority").write_bytes(b"")

    async def x11() -> None:
        async with await connect(server, "guest") as conn:
            await conn.create_session(
                asyncssh.SSHClientSession,
                term_type="xterm",
                x11_forwarding=True,
                x11_display="127.0.0.1:99",
                x11_auth_path=str(tmp_path / "Xauthority"),
            )

    with pytest.raises(asyncssh.ChannelOpenError, match="X11 forwarding request failed"):
        run(x11())


def test_agent_forwarding_is_refused(server: Server) -> None:
    async def agent() -> bool | None:
        async with await connect(server, "guest") as conn:
            chan, _ = await conn.create_session(asyncssh.SSHClientSession, term_type="xterm")
            # asyncssh's client (like OpenSSH's) asks for agent forwarding without asking for
            # an answer; ask for one, to see the refusal.
            return await chan._make_request(b"auth-agent-req@openssh.com")

    assert run(agent()) is False


def test_a_second_session_on_one_connection_is_refused(server: Server) -> None:
    async def two_sessions() -> None:
        async with await connect(server, "guest") as conn:
            await conn.create_session(asyncssh.SSHClientSession, term_type="xterm")
            await conn.create_session(asyncssh.SSHClientSession, term_type="xterm")

    with pytest.raises(asyncssh.ChannelOpenError) as refused:
        run(two_sessions())
    assert refused.value.reason == ONE_SESSION


def test_signals_and_breaks_from_a_client_do_not_reach_the_app(server: Server) -> None:
    before = set(server.children())

    async def signal_app() -> str:
        async with await connect(server, "guest") as conn:
            chan, _ = await conn.create_session(asyncssh.SSHClientSession, term_type="xterm")
            (pid,) = await new_children(server, before)
            for name in ("KILL", "TERM", "INT", "HUP"):
                chan.send_signal(name)
            chan.send_break(100)
            # Requests are handled in order: once this one is answered, those have arrived.
            await chan._make_request(b"auth-agent-req@openssh.com")
            return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]

    assert run(signal_app()) in ("R", "S", "D")  # the app child still runs (not a zombie)


async def new_children(server: Server, before: set[int]) -> set[int]:
    """The server's children that are not in `before`, once there is one: the server starts a
    session's child just after it answers the shell request, so it may not be there yet."""
    deadline = asyncio.get_running_loop().time() + TIMEOUT
    while not (found := set(server.children()) - before):
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError("waited for the session's app child")
        await asyncio.sleep(0.02)  # polling a state that nothing announces
    return found
