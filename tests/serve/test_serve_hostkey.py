"""The host key: made once with mode 0600 (in a folder of mode 0700), reused with the same
fingerprint on every start after, and refused with one line when it cannot be trusted."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from sshkit import Server

from server.hostkey import HostKeyError, _write_new, load_or_create


def test_the_key_is_made_once_private_and_then_reused(tmp_path: Path) -> None:
    path = tmp_path / "data" / "partyline" / "ssh_host_ed25519_key"
    made = load_or_create(path)
    assert made.created and made.algorithm == "ssh-ed25519"
    assert made.fingerprint.startswith("SHA256:")
    assert path.stat().st_mode & 0o777 == 0o600
    assert path.parent.stat().st_mode & 0o777 == 0o700
    data = path.read_bytes()
    again = load_or_create(path)
    assert not again.created
    assert again.fingerprint == made.fingerprint
    assert path.read_bytes() == data
    assert os.listdir(path.parent) == [path.name]  # no temporary file left


def test_a_key_made_meanwhile_by_another_start_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "key"
    first = load_or_create(path)
    with pytest.raises(FileExistsError):
        _write_new(path)  # the second start links its new key too late
    assert load_or_create(path).fingerprint == first.fingerprint
    assert os.listdir(tmp_path) == ["key"]


def test_a_key_others_may_read_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "key"
    load_or_create(path)
    path.chmod(0o644)
    with pytest.raises(HostKeyError) as refused:
        load_or_create(path)
    assert str(refused.value) == (
        f"{path}: the host key's permissions 0644 let other users read it; "
        "make it private (chmod 600) or remove it for a new key"
    )


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"not a key\n", "not a usable private key"),
        (b"", "not a usable private key"),
        (b"x" * 70_000, "not a private key (over 65536 bytes)"),
    ],
    ids=["text", "empty", "huge"],
)
def test_a_key_file_that_is_not_a_key_is_refused(
    tmp_path: Path, content: bytes, reason: str
) -> None:
    path = tmp_path / "key"
    path.write_bytes(content)
    path.chmod(0o600)
    with pytest.raises(HostKeyError, match="^" + re.escape(f"{path}: {reason}")):
        load_or_create(path)


def test_a_folder_where_the_key_should_be_is_refused(tmp_path: Path) -> None:
    (tmp_path / "key").mkdir(mode=0o700)
    with pytest.raises(HostKeyError, match="the host key is not a regular file"):
        load_or_create(tmp_path / "key")


def test_the_server_makes_its_key_on_the_first_start_and_reuses_it(tmp_path: Path) -> None:
    with Server.start(tmp_path, "--guests") as first:
        first.wait_for_line(f"made a new host key {first.host_key_path}")
        assert first.host_key_path.stat().st_mode & 0o777 == 0o600
        assert first.stop() == 0
    data = first.host_key_path.read_bytes()
    with Server.start(tmp_path, "--guests") as second:
        second.wait_for_line(f"partyline serve: host key {second.host_key_path}")
        assert second.fingerprint == first.fingerprint
        assert f"shows the fingerprint {first.fingerprint}" in second.wait_for_line("join with")
        assert second.stop() == 0
    assert first.host_key_path.read_bytes() == data
