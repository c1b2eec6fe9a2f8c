"""The limits over real SSH, each refusing with its one line: connections per address and in all,
the idle timeout, the input rate, the name width; and the server's own end (SIGTERM), which
tells every client why."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import asyncssh
import pytest
from sshkit import (
    Server,
    SSHTerminal,
    authorized_keys,
    client_key,
    connect,
    environ,
    hang_up,
    run,
)

from core.i18n import translator
from core.narration import Text, text
from server.limits import Admission, Limits, address_group
from server.relay import RESTORE_TERMINAL
from server.serve import ServeConfig, start
from server.ssh import NO_SESSION, SHUTTING_DOWN


def refusal(
    server: Server, username: str = "late", keys: list[asyncssh.SSHKey] | None = None
) -> str:
    """The disconnect reason of a connection the server refuses."""

    async def attempt() -> None:
        async with await connect(server, username, keys or []):
            pass

    with pytest.raises(asyncssh.DisconnectError) as refused:
        run(attempt())
    return refused.value.reason.removesuffix(f" (error {refused.value.code})")


def test_connections_per_address_are_limited(tmp_path: Path) -> None:
    with Server.start(tmp_path, "--guests", "--max-per-address", "2") as server:
        held = [run(connect(server, "one")), run(connect(server, "two"))]
        assert refusal(server) == "partyline: too many connections from your address (at most 2)"
        server.wait_for_line("refused: partyline: too many connections")
        hang_up(held.pop())
        # The place comes free once the server has seen that connection go.
        server.wait_until(lambda: _admits(server), "a place to come free")
        hang_up(held.pop())


def _admits(server: Server) -> bool:
    async def attempt() -> bool:
        try:
            async with await connect(server, "again"):
                return True
        except asyncssh.DisconnectError:
            return False

    return run(attempt())


def test_connections_in_all_are_limited(tmp_path: Path) -> None:
    with Server.start(tmp_path, "--guests", "--max-sessions", "2") as server:
        held = [run(connect(server, "one")), run(connect(server, "two"))]
        assert refusal(server) == "partyline: the server is full (at most 2 sessions); try later"
        for conn in held:
            hang_up(conn)


def test_an_idle_session_is_closed_with_why_and_the_terminal_put_back(tmp_path: Path) -> None:
    with (
        Server.start(tmp_path, "--guests", "--idle-timeout", "3") as server,
        SSHTerminal.connect(server, "idler") as term,
    ):
        term.wait_for("Your name at the tables")
        typing_until = time.monotonic() + 4.5
        while time.monotonic() < typing_until:  # keystrokes keep a session alive
            term.press("right")
            time.sleep(0.3)
        assert server.children() and term.exit_status is None
        assert term.wait_closed() == 1
        term.wait_for("partyline: no input for 3 seconds: the session is closed")
        closing = server.wait_for_line("127.0.0.1: a limit closes the session (app pid ")
        assert closing.endswith("): no input for 3 s")  # the host reads why, too
        ending = term.raw
        assert ending.index(RESTORE_TERMINAL) < ending.index(b"partyline: no input")
        server.wait_until(lambda: not server.children(), "the app child to be reaped")


def test_a_japanese_client_is_told_in_japanese_and_its_app_gets_the_language(
    tmp_path: Path,
) -> None:
    with (
        Server.start(tmp_path, "--guests", "--idle-timeout", "4") as server,
        SSHTerminal.connect(server, "idler", env={"LANG": "ja_JP.UTF-8"}) as term,
    ):
        term.wait_for("Partyline")  # the app runs: its environment is the one it was given
        (child,) = server.children()
        assert environ(child)["LC_MESSAGES"] == "ja"
        assert term.wait_closed() == 1
        term.wait_for("partyline: 4 秒間入力がなかったため、セッションを閉じました")
    assert Limits().idle(translator("ja")) == (
        "partyline: 30 分間入力がなかったため、セッションを閉じました"
    )
    assert Limits().idle() == "partyline: no input for 30 minutes: the session is closed"
    assert (
        Limits(idle_timeout=1).idle() == "partyline: no input for 1 second: the session is closed"
    )


def test_input_faster_than_the_rate_closes_the_session_with_why(tmp_path: Path) -> None:
    with (
        Server.start(tmp_path, "--guests", "--max-input-rate", "100") as server,
        SSHTerminal.connect(server, "flood") as term,
    ):
        term.wait_for("Your name at the tables")
        term.send("x" * 1000)  # a burst may be 4 seconds' worth: 400 bytes
        assert term.wait_closed() == 1
        term.wait_for("partyline: input faster than 100 bytes a second: the session is closed")
        closing = server.wait_for_line("127.0.0.1: a limit closes the session (app pid ")
        assert closing.endswith("): input faster than 100 bytes a second")
        server.wait_until(lambda: not server.children(), "the app child to be reaped")


def test_the_name_width_limit_is_a_flag(tmp_path: Path) -> None:
    key = client_key()
    keys = authorized_keys(tmp_path / "keys", key)
    with Server.start(tmp_path, "--authorized-keys", str(keys), "--max-name-length", "4") as server:
        assert refusal(server, "Alexandra", [key]) == (
            'partyline: the name "Alexandra" is too wide (9 cells; the limit is 4)'
        )
        hang_up(run(connect(server, "Aki", [key])))  # 3 cells: in


def test_a_guests_name_screen_says_the_flags_name_width(tmp_path: Path) -> None:
    with (
        Server.start(tmp_path, "--guests", "--max-name-length", "6") as server,
        SSHTerminal.connect(server, "guest") as term,
    ):
        term.wait_for("Your name at the tables (at most 6 cells; Enter):")
        term.press(*"Alexandra", "enter")
        term.wait_for('the name "Alexandra" is too wide (9 cells; the')


class Lurker(asyncssh.SSHClient):
    """A client that logs in and opens nothing; `lost` is how its connection ended (None: the
    server disconnected it by application)."""

    def __init__(self) -> None:
        self.lost: asyncio.Future[Exception | None] = asyncio.get_running_loop().create_future()

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost.set_result(exc)

    @classmethod
    async def connect(cls, server: Server) -> Lurker:
        _, client = await asyncssh.create_connection(
            cls, "127.0.0.1", server.port, username="lurker", known_hosts=None, config=[]
        )
        return client


def test_stopping_the_server_tells_every_player_and_stops_every_app(tmp_path: Path) -> None:
    with Server.start(tmp_path, "--guests") as server:
        terms = [SSHTerminal.connect(server, name) for name in ("one", "two")]
        for term in terms:
            term.wait_for("Your name at the tables")
        children = server.children()
        assert len(children) == 2
        lurker = run(Lurker.connect(server))  # logged in, no session (yet)
        assert server.stop() == 0
        # Disconnected by the server, not dropped when its process ended.
        assert run(asyncio.wait_for(lurker.lost, 30)) is None
        for term in terms:
            assert term.wait_closed() == 1
            term.wait_for(SHUTTING_DOWN)
            term.close()
        assert not any(Path(f"/proc/{pid}").exists() for pid in children)
        assert list((tmp_path / "tmp").iterdir()) == []  # no session folder left


async def test_a_connection_that_opens_no_session_is_closed(tmp_path: Path) -> None:
    said: list[str] = []

    def say(line: Text) -> None:
        said.append(text(line))

    serving = await start(
        ServeConfig(save_dir=tmp_path, authorized_keys=None, port=0, host_key=tmp_path / "key"),
        say,
    )
    serving.state.session_grace = 0.2
    _, client = await asyncssh.create_connection(
        Lurker, "127.0.0.1", serving.port, username="idle", known_hosts=None, config=[]
    )
    # The server disconnects "by application" with NO_SESSION as the reason, which ssh prints;
    # asyncssh's client takes that code for a clean close and keeps no reason.
    assert await asyncio.wait_for(client.lost, 30) is None
    assert f"127.0.0.1: refused: {NO_SESSION}" in said
    await serving.stop(say)


def test_an_ipv6_home_is_counted_as_one_address_by_its_64() -> None:
    assert address_group("2a01:4f8:1:2::10") == address_group("2a01:4f8:1:2:ffff::1")
    assert address_group("2a01:4f8:1:2::10") == "2a01:4f8:1:2::/64"
    assert address_group("2a01:4f8:1:3::10") != address_group("2a01:4f8:1:2::10")
    assert address_group("fe80::1%eth0") == "fe80::1%eth0"  # a guest in the same room
    assert address_group("fe80::2%eth0") != address_group("fe80::1%eth0")
    assert address_group("fd12:3456:789a:1::5") == "fd12:3456:789a:1::5"  # (unique local)
    assert address_group("::ffff:192.0.2.7") == "192.0.2.7" == address_group("192.0.2.7")
    assert address_group("?") == "?"
    admission = Admission(Limits(per_address=2))
    assert admission.admit(address_group("2a01:4f8::1")) is None
    assert admission.admit(address_group("2a01:4f8::2")) is None
    assert admission.admit(address_group("2a01:4f8::3")) is not None  # the same /64
    assert admission.admit(address_group("2a01:4f8:0:1::3")) is None  # another
