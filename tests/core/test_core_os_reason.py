"""`core.errors.os_reason`: the one way an OSError's reason is said (saves, settings, the
server's host key and its listening socket): the system's own words, not what a library wrapped
around them; a resolver's error in its own words; Partyline's own Message as raised."""

from __future__ import annotations

import errno
import os
import socket
from pathlib import Path

import pytest

from core.errors import os_reason
from core.narration import Message


def test_the_system_words_without_what_asyncio_wrapped_around_them() -> None:
    # asyncio's create_server raises this for a port in use
    error = OSError(
        errno.EADDRINUSE,
        "error while attempting to bind on address ('127.0.0.1', 2222): address already in use",
    )
    assert os_reason(error) == os.strerror(errno.EADDRINUSE)


def test_a_plain_system_error_says_what_the_system_says() -> None:
    with pytest.raises(OSError) as caught:
        Path("/no/such/folder/file").read_bytes()
    assert os_reason(caught.value) == "No such file or directory"


def test_a_resolvers_error_says_its_own_words_not_an_unknown_system_error() -> None:
    error = socket.gaierror(socket.EAI_NONAME, "Name or service not known")
    assert os_reason(error) == "Name or service not known"


def test_partylines_own_message_is_kept_for_the_readers_language() -> None:
    why = Message("the folder {folder} does not exist", folder="/x")
    assert os_reason(OSError(errno.ENOENT, why)) is why


def test_an_error_without_a_code_says_its_line() -> None:
    assert os_reason(OSError("the socket closed")) == "the socket closed"


def test_an_error_raised_with_a_message_alone_keeps_it_for_the_readers_language() -> None:
    why = Message("the table file {path} is empty", path="/x")
    assert os_reason(OSError(why)) is why
