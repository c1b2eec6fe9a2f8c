"""What the screen shows of a table, with every string made visible: the TUI's second line of
defence against text that would drive the terminal.

Names are refused at the boundary (a Seat checks its name), so a table normally holds no control
character at all. The screens still read every text of a table through `ShownTable` (the game
screen through its Session), and every file name, message and notification through
`core.text.visible`, so that a name that got past the boundary by some other path (a bug, a
future way in) is shown as escapes instead of acting on the terminal. On clean text both are the
identity: nothing is copied, and a table whose names are clean is not even walked.

Free of Textual, like the session.
"""

from __future__ import annotations

import dataclasses
from abc import abstractmethod
from collections.abc import Sequence
from typing import Any, TypeVar, cast, overload

from core.decisions import Decision
from core.games.base import Result, View
from core.narration import Joined, Message, Text, text
from core.table import Render, Table
from core.text import visible
from core.viewer import Viewer

T = TypeVar("T")

Line = tuple[int, str]
"""A log line: its entry's number and the sentence."""


def shown(value: T) -> T:
    """`value` with every string in it (in tuples, lists, dicts and frozen dataclasses, however
    deep) made visible. Returns `value` itself when nothing needed escaping."""
    return cast(T, _shown(value))


def _shown(value: Any) -> Any:
    if isinstance(value, str):
        return visible(value)
    if isinstance(value, Message):  # its values hold names
        params = {key: _shown(item) for key, item in value.params.items()}
        if all(params[key] is item for key, item in value.params.items()):
            return value
        return Message(value.template, **params)
    if isinstance(value, Joined):
        items = _shown(value.items)
        return value if items is value.items else Joined(items, value.separator)
    if isinstance(value, tuple | list | frozenset):
        items = [_shown(item) for item in value]
        if all(new is old for new, old in zip(items, value, strict=True)):
            return value
        return type(value)(items)
    if isinstance(value, dict):
        pairs = [(_shown(key), _shown(item)) for key, item in value.items()]
        if all(k is old_k and v is old_v for (k, v), (old_k, old_v) in zip(pairs, value.items())):
            return value
        return dict(pairs)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for field in dataclasses.fields(value):
            if field.init:
                old = getattr(value, field.name)
                new = _shown(old)
                if new is not old:
                    changes[field.name] = new
        return dataclasses.replace(value, **changes) if changes else value
    return value


def once_each(render: Render) -> Render:
    """`render` writing each text object out once: a game opened from the resume cache
    (core/resume_cache.py) shares one object among all the lines that say the same (a long
    log's ten thousand lines are a few hundred texts)."""
    written: dict[int, tuple[object, str]] = {}

    def once(value: Any) -> str:
        found = written.get(id(value))
        if found is None or found[0] is not value:  # (the text is held: its id stays its own)
            found = written[id(value)] = (value, render(value))
        return found[1]

    return once


class ShownTable:
    """The texts of a table as the screen shows them. Reading only: acting (decide, undo...)
    goes to the table itself.

    A table's texts are the rules' own words and what came from outside: the seat names (and
    the options). Every log entry was checked against the rules' legal answers, so nothing else
    in it came from a person or a file. When all those outside texts show as themselves, so
    does everything built from them, and the table's texts pass through untouched (nothing to
    walk on every redraw of a long game); otherwise every string is escaped.
    """

    def __init__(self, table: Table) -> None:
        self.table = table
        outside = [*table.names, *(v for v in table.options.values() if isinstance(v, str))]
        self.clean = all(visible(text) is text for text in outside)

    def _shown(self, value: T) -> T:
        return value if self.clean else shown(value)

    @property
    def names(self) -> tuple[str, ...]:
        return self._shown(self.table.names)

    def name(self, seat: int) -> str:
        return visible(self.table.seats[seat].name)

    def view(self, viewer: Viewer) -> View:
        return self._shown(self.table.view(viewer))

    def view_at(self, position: int, viewer: Viewer) -> View:
        return self._shown(self.table.view_at(position, viewer))

    def narration(
        self, viewer: Viewer, upto: int | None = None, start: int = 0, render: Render = text
    ) -> Narration:
        """The lines of entries `start` to `upto` (0-based, `upto` excluded; None: the last),
        each written out by `render` (the viewer's translator's `text`) when first read."""
        table = self.table
        said: Sequence[tuple[int, Any]]
        if not start:
            said = table.narration(viewer, upto, _unwritten)
        else:
            stop = len(table) if upto is None else upto
            said = [
                (index + 1, line)
                for index in range(start, stop)
                for line in table.entry_texts(index, viewer)
            ]
        return Narration(said, render, escape=not self.clean)

    def entry_narration(self, index: int, viewer: Viewer, render: Render = text) -> list[str]:
        return self._shown(self.table.entry_narration(index, viewer, render))

    def result(self) -> Result | None:
        return self._shown(self.table.result())

    def decision_for(self, seat: int) -> Decision | None:
        return self._shown(self.table.decision_for(seat))

    def decisions(self) -> tuple[Decision, ...]:
        return self._shown(self.table.decisions())


def _unwritten(value: Text) -> Any:
    """A line's text as it is (`Table.narration` with this for its `render`: not written out)."""
    return value


class Lines(Sequence[Line]):
    """Log lines whose entry numbers are known at once (`numbers`) and whose sentences are
    written out only when read (`text`). Compares, adds and prints as a list of lines."""

    numbers: list[int]

    @abstractmethod
    def text(self, index: int) -> str:
        """Line `index`'s sentence, written out (each kind of lines writes its own)."""

    def __len__(self) -> int:
        return len(self.numbers)

    @overload
    def __getitem__(self, index: int) -> Line: ...

    @overload
    def __getitem__(self, index: slice) -> list[Line]: ...

    def __getitem__(self, index: int | slice) -> Line | list[Line]:
        if isinstance(index, slice):
            return [self[at] for at in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self.numbers[index], self.text(index)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # (compares as a list does)

    def __add__(self, other: Sequence[Line]) -> list[Line]:
        return [*self, *other]

    def __radd__(self, other: Sequence[Line]) -> list[Line]:
        return [*other, *self]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self)!r})"


class Narration(Lines):
    """A table's log lines, each written out (and made visible) only when read, and once: a
    long game's log holds thousands of lines, and the screen shows a screenful (issue 10)."""

    def __init__(self, said: Sequence[tuple[int, Any]], render: Render, escape: bool) -> None:
        self.numbers = [number for number, _ in said]
        self._said = said
        self._render = once_each(render)
        self._escape = escape

    def text(self, index: int) -> str:
        written = self._render(self._said[index][1])
        return visible(written) if self._escape else written
