"""Errors that a viewer reads in their own language.

An error of the core says why as a `core.narration.Text`, usually a Message (a template, which
is the message id, and its values): `str(error)` is the English line (logs, tests, --json), and
whoever shows it to a person renders `message` through their translator (`explain`). A value may
be another error's message, so a save's `file: entry N: why` is translated whole.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from core.decisions import IllegalAction
from core.narration import Message, Text, text
from core.text import one_line


class Explained(Exception):
    """An error whose `message` is a text to render in the reader's language; str() is the
    English line."""

    def __init__(self, message: Text) -> None:
        super().__init__(one_line(text(message)))
        self.message = message


def reason_of(error: BaseException) -> Text:
    """What `error` says, as a text a translator renders: the message it was raised with, else
    its English line (an error from Python or the system)."""
    if isinstance(error, Explained):
        return error.message
    if isinstance(error, IllegalAction):
        return error.reason
    if len(error.args) == 1 and isinstance(error.args[0], Message):
        return error.args[0]  # any error raised with a Message (ValueError(Message(...)))
    return str(error)


def explain(error: BaseException, render: Callable[[Text], str]) -> str:
    """`error` as one line, written out by `render` (a translator's `text`)."""
    return one_line(render(reason_of(error)))


def at_entry(number: int, why: Text | None = None) -> Message:
    """`entry N` (a log entry, numbered from 1 as a save's comments number them), or
    `entry N: why`."""
    if why is None:
        return Message("entry {number}", number=number)
    return Message("entry {number}: {why}", number=number, why=why)


def os_reason(error: OSError) -> Text:
    """Why the system refused (its own words, without what a library wrapped around them:
    asyncio's "error while attempting to bind on address ..."), or the Message Partyline raised
    the OSError with (`OSError(errno.ENOENT, Message(...))`). A resolver's error (a negative
    errno, no system error's) says its own words; an OSError raised with a Message alone
    (`OSError(Message(...))`, no errno) says that Message."""
    why = error.strerror
    if isinstance(why, Message):
        return why
    code = error.errno
    if isinstance(code, int) and code > 0:
        return os.strerror(code)
    return why if isinstance(why, str) else reason_of(error)
