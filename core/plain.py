"""Core's values as plain JSON data and back, exactly: what goes in comes out equal and of the
same types (a list stays a list, a tuple a tuple, a dict keeps keys that are not strings).

For data Partyline writes and reads again itself (core/resume_cache.py), read as untrusted all
the same: `decode` builds only plain values and core's own types (its dataclasses, enums and
NamedTuples, named in a table of types; the narration's messages), and raises PlainError for
anything else. Never pickle: nothing read can run code.

The forms: None, booleans, numbers and strings as themselves; a tuple as a JSON array; any
other value as a JSON object of one key, the kind (`l` list, `d` dict, `f` frozenset, `s` set,
`m` Message, `j` Joined, `n` Narration, `e` enum member, `t` NamedTuple, `c` dataclass),
dataclasses, enums and NamedTuples by their index in the table of types (`Types`).
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import math
from collections.abc import Callable
from typing import Any

from core.narration import Joined, Message, Narration

_CORE = "core."


class PlainError(ValueError):
    """Data that `decode` does not take."""


class Types:
    """The table of types a document names by index: filled while encoding, read when decoding
    (then only core's dataclasses, enums and NamedTuples are accepted)."""

    def __init__(self, names: list[str] | None = None) -> None:
        self.names: list[str] = names or []
        self._index: dict[type, int] = {}
        self._kinds: list[Any] | None = None
        self._fields: dict[type, tuple[str, ...]] = {}

    def index(self, kind: type) -> int:
        found = self._index.get(kind)
        if found is None:
            found = self._index[kind] = len(self.names)
            self.names.append(f"{kind.__module__}:{kind.__qualname__}")
        return found

    def kind(self, index: object) -> Any:
        if self._kinds is None:
            self._kinds = [None] * len(self.names)
        if type(index) is not int or not 0 <= index < len(self.names):
            raise PlainError("a type index out of the table")
        kind = self._kinds[index]
        if kind is None:
            kind = self._kinds[index] = _core_type(self.names[index])
        return kind

    def dataclass(self, index: object) -> tuple[Any, tuple[str, ...]]:
        """The dataclass at `index` and its fields' names."""
        kind: type = self.kind(index)
        names = self._fields.get(kind)
        if names is None:
            if not dataclasses.is_dataclass(kind):
                raise PlainError("a dataclass of a type that is none")
            names = tuple(field.name for field in dataclasses.fields(kind))
            self._fields[kind] = names
        return kind, names


def _core_type(name: object) -> Any:
    """The class `name` ("module:qualname") names, if it is core's dataclass, enum or
    NamedTuple."""
    if not isinstance(name, str):
        raise PlainError("a type name that is not a string")
    module, _, qualname = name.partition(":")
    if not module.startswith(_CORE) or not all(part.isidentifier() for part in qualname.split(".")):
        raise PlainError(f"not a type of core's: {name[:80]!r}")
    try:
        kind: Any = importlib.import_module(module)
        for part in qualname.split("."):
            kind = getattr(kind, part)
    except (ImportError, AttributeError):
        raise PlainError(f"no type {name[:80]!r}") from None
    if not isinstance(kind, type) or not (
        dataclasses.is_dataclass(kind) or issubclass(kind, enum.Enum) or _is_named_tuple(kind)
    ):
        raise PlainError(f"not a type of core's: {name[:80]!r}")
    return kind


def _is_named_tuple(kind: type) -> bool:
    return issubclass(kind, tuple) and hasattr(kind, "_fields")


# --- encoding ------------------------------------------------------------------------------------


def encode(value: Any, types: Types) -> Any:
    """`value` as JSON-able data; raises TypeError for a value of no known form."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return value
    if kind is float:
        if not math.isfinite(value):
            raise TypeError("a number JSON cannot hold")
        return value
    if kind is tuple:
        return [encode(item, types) for item in value]
    if kind is Message:
        params = {name: encode(item, types) for name, item in value.params.items()}
        return {"m": [value.template, params]}
    if kind is Narration:
        return {"n": encode_narration(value, types)}
    if kind is Joined:
        return {"j": [encode(value.items, types), encode(value.separator, types)]}
    if kind is list:
        return {"l": [encode(item, types) for item in value]}
    if kind is dict:
        return {"d": [[encode(k, types), encode(v, types)] for k, v in value.items()]}
    if kind is frozenset or kind is set:
        return {"f" if kind is frozenset else "s": [encode(item, types) for item in value]}
    if isinstance(value, enum.Enum):
        return {"e": [types.index(kind), encode(value.value, types)]}
    if _is_named_tuple(kind):
        return {"t": [types.index(kind), [encode(item, types) for item in value]]}
    if dataclasses.is_dataclass(value):
        fields = dataclasses.fields(value)
        if not all(field.init for field in fields):
            raise TypeError(f"{kind.__qualname__} has a field its constructor does not take")
        return {"c": [types.index(kind), [encode(getattr(value, f.name), types) for f in fields]]}
    raise TypeError(f"no plain form for a {kind.__qualname__}")


def encode_narration(line: Narration, types: Types) -> list[Any]:
    public, secret, full = line.parts()
    pairs = [[seat, encode(said, types)] for seat, said in secret]
    return [encode(public, types), pairs, encode(full, types)]


# --- decoding ------------------------------------------------------------------------------------


def decode(data: Any, types: Types) -> Any:
    """What `encode` wrote, back; raises PlainError for anything else."""
    kind = type(data)
    if kind is str or kind is int or kind is bool or kind is float or data is None:
        return data
    if kind is list:
        return tuple([decode(item, types) for item in data])
    if kind is not dict or len(data) != 1:
        raise PlainError("a value of no known form")
    ((tag, body),) = data.items()
    reader = _READERS.get(tag)
    if reader is None:
        raise PlainError(f"a value of no known form ({str(tag)[:20]!r})")
    try:
        return reader(body, types)
    except (TypeError, ValueError, AttributeError) as error:
        if isinstance(error, PlainError):
            raise
        raise PlainError(f"a malformed value ({tag}): {error}") from None


def _items(body: object) -> list[Any]:
    if type(body) is not list:
        raise PlainError("items that are not a list")
    return body


def _pair(body: object) -> tuple[Any, Any]:
    items = _items(body)
    if len(items) != 2:
        raise PlainError("not a pair")
    return items[0], items[1]


def _message(body: object, types: Types) -> Message:
    template, params = _pair(body)
    if type(template) is not str or type(params) is not dict:
        raise PlainError("a message without its template and values")
    return Message(template, **{name: decode(item, types) for name, item in params.items()})


def decode_narration(body: object, types: Types) -> Narration:
    items = _items(body)
    if len(items) != 3:
        raise PlainError("a narration line that is not three parts")
    public, secret, full = items
    pairs = []
    for pair in _items(secret):
        seat, said = _pair(pair)
        if type(seat) is not int:
            raise PlainError("a secret line's seat that is not a number")
        pairs.append((seat, _text(decode(said, types))))
    return Narration(_text(decode(public, types)), tuple(pairs), _text(decode(full, types)))


def _text(value: Any) -> Any:
    """`value` if it is a text a narration may hold (see core.narration.Text)."""
    if type(value) is str or isinstance(value, Message) or dataclasses.is_dataclass(value):
        return value
    raise PlainError("a narration line that is not a text")


def _joined(body: object, types: Types) -> Joined:
    items, separator = _pair(body)
    return Joined(tuple([decode(item, types) for item in _items(items)]), decode(separator, types))


def _dict(body: object, types: Types) -> dict[Any, Any]:
    found = {}
    for pair in _items(body):
        key, value = _pair(pair)
        found[decode(key, types)] = decode(value, types)
    return found


def _enum(body: object, types: Types) -> enum.Enum:
    index, value = _pair(body)
    kind = types.kind(index)
    if not issubclass(kind, enum.Enum):
        raise PlainError("an enum member of a type that is no enum")
    member: enum.Enum = kind(decode(value, types))
    return member


def _named_tuple(body: object, types: Types) -> tuple[Any, ...]:
    index, items = _pair(body)
    kind = types.kind(index)
    if not _is_named_tuple(kind):
        raise PlainError("a named tuple of a type that is none")
    value: tuple[Any, ...] = kind(*[decode(item, types) for item in _items(items)])
    return value


def _dataclass(body: object, types: Types) -> Any:
    index, values = _pair(body)
    kind, names = types.dataclass(index)
    values = _items(values)
    if len(values) != len(names):
        raise PlainError(f"{kind.__qualname__} with {len(values)} fields, not {len(names)}")
    return kind(**{name: decode(value, types) for name, value in zip(names, values, strict=True)})


_READERS: dict[str, Callable[[Any, Types], Any]] = {
    "m": _message,
    "n": decode_narration,
    "j": _joined,
    "l": lambda body, types: [decode(item, types) for item in _items(body)],
    "d": _dict,
    "f": lambda body, types: frozenset(decode(item, types) for item in _items(body)),
    "s": lambda body, types: {decode(item, types) for item in _items(body)},
    "e": _enum,
    "t": _named_tuple,
    "c": _dataclass,
}
