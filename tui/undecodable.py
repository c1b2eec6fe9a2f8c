"""Keys that are not UTF-8 read as U+FFFD instead of ending the app.

Textual's terminal driver decodes its input strictly: one byte that is not UTF-8 (a Latin-1
terminal's é, a raw 8-bit CSI 0x9b, a paste from another encoding) kills the input thread with
a traceback and the app with it (Textual issue #6456, open as of 8.2). The driver takes its
decoder factory from its module (`getincrementaldecoder`, imported from codecs), so handing it
one that replaces such bytes is enough; a Textual that no longer takes it from there is left as
it is. The app over SSH reads the bytes the server's relay passes on as they came, so this
covers it there too."""

from __future__ import annotations

import codecs
import functools


def replace_undecodable_keys() -> None:
    """Make Textual's terminal driver (the full-screen one Partyline runs) decode its input with
    errors="replace"."""
    try:
        from textual.drivers import linux_driver
    except ImportError:  # (no termios: a system whose terminal Textual drives another way)
        return
    if getattr(linux_driver, "getincrementaldecoder", None) is codecs.getincrementaldecoder:
        linux_driver.getincrementaldecoder = _replacing_decoder  # type: ignore[attr-defined,assignment]


def _replacing_decoder(encoding: str) -> functools.partial[codecs.IncrementalDecoder]:
    return functools.partial(codecs.getincrementaldecoder(encoding), errors="replace")
