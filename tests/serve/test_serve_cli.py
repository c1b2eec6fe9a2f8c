"""`partyline serve` refuses a command line it cannot serve with one line and exit status 2, and
a server that cannot start (keys, port, host key) with one line and exit status 1. The server
side never loads Textual or Rich: the apps run in the children."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from oskit import ROOT
from sshkit import authorized_keys, client_key

from server.store import TableStore


def serve(home: Path, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tui.cli", "serve", *args],
        cwd=ROOT,
        env=dict(os.environ, XDG_DATA_HOME=str(home)),
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ((), "one of the arguments --authorized-keys --guests is required"),
        (("--guests", "--authorized-keys", "k"), "argument --authorized-keys: not allowed with"),
        (("--guests", "--max-sessions", "0"), "--max-sessions must be at least 1, not 0"),
        (("--guests", "--max-per-address", "-3"), "--max-per-address must be at least 1, not -3"),
        (("--guests", "--idle-timeout", "0"), "--idle-timeout must be more than 0 seconds, not 0"),
        (("--guests", "--idle-timeout", "nan"), "--idle-timeout must be more than 0 seconds"),
        (("--guests", "--max-input-rate", "0"), "--max-input-rate must be at least 1, not 0"),
        (("--guests", "--max-name-length", "40"), "--max-name-length must be 1 to 32, not 40"),
        (("--guests", "--max-chat-rate", "0"), "--max-chat-rate must be at least 1, not 0"),
        (("--guests", "--port", "70000"), "--port must be 0 to 65535, not 70000"),
        (("--guests", "--max-sessions", "many"), "argument --max-sessions: invalid int value"),
        # a host name the resolver would raise on (it ended in a traceback)
        (("--guests", "--host", "192.168..1"), "--host '192.168..1': not an address or a host"),
        (("--guests", "--host", "a" * 64), "not an address or a host name"),
        (("--guests", "--host", "\udcff"), "--host '\\udcff': not an address or a host name"),
        (("--lang", "ja", "--guests", "--host", "a..b"), "アドレスでもホスト名でもありません"),
    ],
)
def test_a_command_line_it_cannot_serve_is_one_line_and_status_2(
    tmp_path: Path, args: tuple[str, ...], error: str
) -> None:
    done = serve(tmp_path, *args)
    assert done.returncode == 2
    assert error in done.stderr
    assert done.stderr.count("\n") == 1 and done.stdout == ""
    assert not (tmp_path / "partyline").exists()  # no host key made for nothing


def test_authorized_keys_that_cannot_be_read_or_hold_no_key(tmp_path: Path) -> None:
    missing = serve(tmp_path, "--authorized-keys", str(tmp_path / "missing"))
    assert missing.returncode == 1
    assert missing.stderr == (
        f"partyline: {tmp_path}/missing: cannot read the authorized keys: No such file or "
        "directory\n"
    )
    (tmp_path / "junk").write_text("# only a comment\nnot a key at all\n")
    junk = serve(tmp_path, "--authorized-keys", str(tmp_path / "junk"))
    assert junk.returncode == 1
    assert junk.stderr.startswith(f"partyline: {tmp_path}/junk: no usable authorized key (")
    assert junk.stderr.count("\n") == 1
    assert not (tmp_path / "partyline").exists()


def test_authorized_keys_that_never_end_are_refused_not_read_forever(tmp_path: Path) -> None:
    huge = tmp_path / "huge"
    with huge.open("wb") as file:
        file.truncate(2**20 + 1)  # (a file with a hole: nothing written)
    for language, path, said in (
        ("en", huge, "too big for authorized keys (the limit is 1 MiB)"),
        ("ja", huge, "authorized_keys としては大きすぎます（上限は 1 MiB）"),
        ("en", Path("/dev/zero"), "cannot read the authorized keys: it is a device, not a regular"),
        ("ja", Path("/dev/zero"), "authorized_keys を読めません: デバイスであり、通常のファイル"),
    ):
        done = serve(tmp_path, "--lang", language, "--authorized-keys", str(path))
        assert done.returncode == 1
        assert done.stderr.startswith(f"partyline: {path}: {said}")
        assert done.stderr.count("\n") == 1
    assert not (tmp_path / "partyline").exists()


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "cannot read the authorized keys: it is a named pipe, not a regular file"),
        ("ja", "authorized_keys を読めません: 名前付きパイプであり、通常のファイルではありません"),
    ],
)
def test_authorized_keys_that_are_a_named_pipe_are_refused_not_waited_on(
    tmp_path: Path, language: str, said: str
) -> None:
    """Opened normally, a named pipe with no writer held the start forever."""
    pipe = tmp_path / "keys"
    os.mkfifo(pipe)
    done = serve(tmp_path, "--lang", language, "--authorized-keys", str(pipe), timeout=20)
    assert done.returncode == 1
    assert done.stderr == f"partyline: {pipe}: {said}\n"
    assert not (tmp_path / "partyline").exists()


def test_a_host_name_that_is_not_known_says_so_in_the_resolvers_words(tmp_path: Path) -> None:
    done = serve(tmp_path, "--guests", "--port", "0", "--host", "no-such-host.invalid")
    assert done.returncode == 1 and done.stderr.count("\n") == 1
    assert done.stderr.startswith("partyline: cannot listen on no-such-host.invalid:0: ")
    assert "Unknown error" not in done.stderr  # (os.strerror of a resolver's code)


def test_a_port_in_use_is_one_line_and_status_1(tmp_path: Path) -> None:
    keys = authorized_keys(tmp_path / "keys", client_key())
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = serve(tmp_path, "--authorized-keys", str(keys), "--port", str(port))
    assert done.returncode == 1
    assert done.stderr == (
        f"partyline: cannot listen on 127.0.0.1:{port}: Address already in use\n"
    )


def test_a_host_key_others_can_read_stops_the_start(tmp_path: Path) -> None:
    key = tmp_path / "partyline" / "ssh_host_ed25519_key"
    key.parent.mkdir()
    key.write_text("whatever")
    key.chmod(0o640)
    done = serve(tmp_path, "--guests")
    assert done.returncode == 1
    assert done.stderr == (
        f"partyline: {key}: the host key's permissions 0640 let other users read it; "
        "make it private (chmod 600) or remove it for a new key\n"
    )
    japanese = serve(tmp_path, "--lang", "ja", "--guests")
    assert japanese.returncode == 1
    assert japanese.stderr == (
        f"partyline: {key}: ホスト鍵のパーミッション 0640 では、ほかのユーザーが読めます。"
        "本人だけが読めるようにする（chmod 600）か、削除して新しい鍵を作らせてください\n"
    )


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "the host key is not a regular file (a named pipe)"),
        ("ja", "ホスト鍵が通常のファイルではありません（名前付きパイプ）"),
    ],
)
def test_a_host_key_that_is_a_named_pipe_stops_the_start_at_once(
    tmp_path: Path, language: str, said: str
) -> None:
    key = tmp_path / "partyline" / "ssh_host_ed25519_key"
    key.parent.mkdir()
    os.mkfifo(key, 0o600)
    done = serve(tmp_path, "--lang", language, "--guests", timeout=20)
    assert done.returncode == 1
    assert done.stderr == f"partyline: {key}: {said}\n"


@pytest.mark.parametrize(
    ("language", "busy", "not_a_folder"),
    [
        ("en", "another partyline serve keeps its tables in", "cannot keep the tables there"),
        (
            "ja",
            "のテーブルは、別の partyline serve が使っています",
            "ここにテーブルを保存できません",
        ),
    ],
)
def test_a_tables_folder_it_cannot_use_stops_the_start_in_the_operators_language(
    tmp_path: Path, language: str, busy: str, not_a_folder: str
) -> None:
    saves = tmp_path / "saves"
    store = TableStore(saves, log=print)  # another server keeps its tables there
    try:
        done = serve(tmp_path, "--lang", language, "--guests", "--save-dir", str(saves))
    finally:
        store.close()
    assert done.returncode == 1
    assert busy in done.stderr and done.stderr.count("\n") == 1
    afile = tmp_path / "afile"
    afile.write_text("")
    done = serve(tmp_path, "--lang", language, "--guests", "--save-dir", str(afile))
    assert done.returncode == 1
    assert done.stderr.startswith(f"partyline: {afile}: {not_a_folder}: ")
    assert done.stderr.count("\n") == 1


def test_the_server_side_loads_no_ui() -> None:
    code = (
        "import sys, tui.cli\n"
        "import server.serve, server.ssh, server.relay, server.child, server.hostkey\n"
        "tui.cli.build_parser().parse_args(['serve', '--guests'])\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"
