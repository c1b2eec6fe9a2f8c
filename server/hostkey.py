"""The server's host key: an ed25519 key made on the first start in the user data folder (mode
0600, in a folder of mode 0700) and reused on every start after, so that players' ssh clients
recognise the server. Players check its fingerprint, which `serve` prints, the first time they
connect."""

from __future__ import annotations

import contextlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path

import asyncssh
import platformdirs

HOST_KEY_NAME = "ssh_host_ed25519_key"
MAX_KEY_BYTES = 64 * 1024
"""An OpenSSH private key is well under 1 KB; anything far bigger is not one."""


class HostKeyError(Exception):
    """The host key cannot be made or used. str() is one line naming the file."""


@dataclass(frozen=True)
class HostKey:
    key: asyncssh.SSHKey
    path: Path
    created: bool
    """Made by this start (else an existing key was reused)."""

    @property
    def fingerprint(self) -> str:
        """As OpenSSH shows it: `SHA256:` and the base64 digest of the public key."""
        return self.key.get_fingerprint("sha256")

    @property
    def algorithm(self) -> str:
        return self.key.get_algorithm()


def default_path() -> Path:
    return Path(platformdirs.user_data_dir("partyline", appauthor=False)) / HOST_KEY_NAME


def load_or_create(path: Path) -> HostKey:
    """The host key at `path`, made there first if there is none. A key is written whole or not
    at all (a temporary file, then a hard link that fails if another start got there first), so
    a start killed half-way never leaves a broken key behind."""
    try:
        return HostKey(_read(path), path, created=False)
    except FileNotFoundError:
        pass
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        _write_new(path)
    except FileExistsError:
        pass  # another start made it meanwhile: use theirs
    except OSError as error:
        raise HostKeyError(f"{path}: cannot create the host key: {os_reason(error)}") from None
    else:
        return HostKey(_read(path), path, created=True)
    return HostKey(_read(path), path, created=False)


def _write_new(path: Path) -> None:
    data = asyncssh.generate_private_key("ssh-ed25519", comment="partyline").export_private_key()
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.link(temp, path)  # FileExistsError if a key is there by now
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)


def _read(path: Path) -> asyncssh.SSHKey:
    """Raises FileNotFoundError if there is no key; HostKeyError if it cannot be used."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except FileNotFoundError:
        raise
    except OSError as error:
        raise HostKeyError(f"{path}: cannot read the host key: {os_reason(error)}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise HostKeyError(f"{path}: the host key is not a regular file")
        if info.st_mode & 0o077:
            mode = stat.S_IMODE(info.st_mode)
            raise HostKeyError(
                f"{path}: the host key's permissions {mode:04o} let other users read it; "
                f"make it private (chmod 600) or remove it for a new key"
            )
        if info.st_uid != os.geteuid():
            raise HostKeyError(f"{path}: the host key belongs to another user")
        data = os.read(fd, MAX_KEY_BYTES + 1)
    finally:
        os.close(fd)
    if len(data) > MAX_KEY_BYTES:
        raise HostKeyError(f"{path}: not a private key (over {MAX_KEY_BYTES} bytes)")
    try:
        return asyncssh.import_private_key(data)
    except (asyncssh.KeyImportError, ValueError) as error:
        raise HostKeyError(f"{path}: not a usable private key ({error})") from None


def os_reason(error: OSError) -> str:
    """The system's words for an OSError, without what a library added around them."""
    return os.strerror(error.errno) if error.errno else str(error)
