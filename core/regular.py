"""Opening a file a person named, to read it, without ever waiting on it.

A plain open() of a named pipe with no writer waits for one, forever, and a read of a terminal
or a device waits or never ends: a command or a server start would hang. So the file is opened
non-blocking and anything but a regular file is refused before a byte is read. The settings,
a save, the host key and the authorized keys are all read this way.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from typing import BinaryIO

from core.narration import Message, Text


class NotRegular(OSError):
    """Not a regular file: `kind` says what it is ("a named pipe"); the strerror is the one line
    a reader reads (a Message: `core.errors.os_reason`)."""

    def __init__(self, kind: Text) -> None:
        super().__init__(0, Message("it is {kind}, not a regular file", kind=kind))
        self.kind = kind


@contextmanager
def open_regular(path: str | os.PathLike[str]) -> Iterator[tuple[BinaryIO, os.stat_result]]:
    """`path` open for reading in binary, and what fstat says of it. Raises the open's OSError
    (FileNotFoundError...), or NotRegular for a folder, a named pipe, a device or a socket."""
    # (O_NONBLOCK: opening a named pipe with no writer returns at once, then fstat refuses it;
    # on a regular file the flag changes nothing)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        info = os.fstat(fd)
        kind = not_regular(info.st_mode)
        if kind:
            raise NotRegular(kind)
    except BaseException:
        os.close(fd)
        raise
    with open(fd, "rb") as file:
        yield file, info


def not_regular(mode: int) -> Text:
    """What a file of this mode is, if it is not a regular file ('' if it is)."""
    if stat.S_ISREG(mode):
        return ""
    if stat.S_ISDIR(mode):
        return Message("a folder")
    if stat.S_ISLNK(mode):
        return Message("a symbolic link")
    if stat.S_ISFIFO(mode):
        return Message("a named pipe")
    if stat.S_ISSOCK(mode):
        return Message("a socket")
    return Message("a device")
