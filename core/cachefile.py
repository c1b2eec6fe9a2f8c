"""Files in the user's cache folder (core.i18n.cache_dir): written whole or not at all, read
back only when their SHA-256 matches, and never a reason to fail, since a cache only saves
time (a file that cannot be written or read costs the work it would have saved)."""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Iterable
from pathlib import Path

from core.regular import open_regular


def put(target: Path, content: bytes) -> bool:
    """Write `content` to `target` (through a temporary file, so that no reader meets half of
    it); whether it was written."""
    temp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        temp.write_bytes(content)
        os.replace(temp, target)
    except OSError:
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)
        return False
    return True


def read_kept(path: Path, limit: int = -1) -> bytes:
    """What the cache keeps at `path` (at most `limit` bytes; -1: all). Raises OSError, NotRegular
    among them: a named pipe, a device or a folder put where a kept file goes is refused, not
    waited on or read forever (every command reads the cache at its start)."""
    with open_regular(path) as (file, _):
        return file.read(limit)


def sealed(body: bytes) -> bytes:
    """`body` after a first line holding its SHA-256, for `unsealed` to check."""
    return hashlib.sha256(body).hexdigest().encode() + b"\n" + body


def unsealed(raw: bytes) -> bytes | None:
    """The body `sealed` wrote, or None if it is not what was written (cut short, changed)."""
    digest, _, body = raw.partition(b"\n")
    return body if hashlib.sha256(body).hexdigest().encode() == digest else None


def keep_newest(files: Iterable[Path], count: int) -> None:
    """Remove all but the `count` most recently written of `files` (a cache stays bounded
    however often what it keeps changes)."""
    dated: list[tuple[float, Path]] = []
    for path in files:
        with contextlib.suppress(OSError):
            dated.append((path.stat().st_mtime, path))
    dated.sort(key=lambda pair: pair[0], reverse=True)
    for _, old in dated[count:]:
        with contextlib.suppress(OSError):
            old.unlink(missing_ok=True)
