"""The operator's log: what `partyline serve` says as it runs, one line an event.

A line is a Text (core.narration): a Message, written out in the operator's language by whoever
prints it (the serve command: its --lang, config or locale), or a plain str, final in every
language. Names and reasons in it come from the network and from files: the printer makes them
safe (control characters as escapes), as it makes every line it prints."""

from __future__ import annotations

from collections.abc import Callable

from core.narration import Text

Log = Callable[[Text], None]
"""Says one line of the operator's log."""
