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

from core.errors import Explained, os_reason
from core.i18n import N_
from core.narration import Message
from core.regular import NotRegular, open_regular

HOST_KEY_NAME = "ssh_host_ed25519_key"
MAX_KEY_BYTES = 64 * 1024
"""An OpenSSH private key is well under 1 KB; anything far bigger is not one."""


class HostKeyError(Explained):
    """The host key cannot be made or used: `message` says why in one line naming the file, in
    the reader's language; str() is the English."""


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
        why = Message(
            N_("{path}: cannot create the host key: {why}"), path=str(path), why=os_reason(error)
        )
        raise HostKeyError(why) from None
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
        with open_regular(path) as (file, info):
            if info.st_mode & 0o077:
                why = Message(
                    N_(
                        "{path}: the host key's permissions {mode} let other users read it; "
                        "make it private (chmod 600) or remove it for a new key"
                    ),
                    path=str(path),
                    mode=f"{stat.S_IMODE(info.st_mode):04o}",
                )
                raise HostKeyError(why)
            if info.st_uid != os.geteuid():
                why = Message(N_("{path}: the host key belongs to another user"), path=str(path))
                raise HostKeyError(why)
            data = file.read(MAX_KEY_BYTES + 1)
    except FileNotFoundError:
        raise
    except NotRegular as error:
        why = Message(
            N_("{path}: the host key is not a regular file ({kind})"),
            path=str(path),
            kind=error.kind,
        )
        raise HostKeyError(why) from None
    except OSError as error:
        why = Message(
            N_("{path}: cannot read the host key: {why}"), path=str(path), why=os_reason(error)
        )
        raise HostKeyError(why) from None
    if len(data) > MAX_KEY_BYTES:
        why = Message(
            N_("{path}: not a private key (over {limit} bytes)"),
            path=str(path),
            limit=MAX_KEY_BYTES,
        )
        raise HostKeyError(why)
    try:
        return asyncssh.import_private_key(data)
    except (asyncssh.KeyImportError, ValueError) as error:
        why = Message(
            N_("{path}: not a usable private key ({error})"), path=str(path), error=str(error)
        )
        raise HostKeyError(why) from None
