"""The local protocol between the server's tables and the app children: JSON lines of plain data.

Every message is one JSON object on one line, UTF-8, at most a size limit (MAX_FROM_CLIENT from
a child, MAX_FROM_SERVER from the server), with `"v": VERSION` and a `"type"`. A line that is not
such an object, is too long, has another version or an unknown type is refused with one line
(ProtocolError, raised with a catalog Message: the server writes it in the client's language
once the client's hello has named one) and nothing else happens.

What the server sends of a game is only what core hands a seat: `Table.view(seat)`,
`Table.narration(seat)`, `Table.decision_for(seat)`; those are frozen dataclasses, tuples, enums
and dicts, written here as plain JSON with a tag naming the core type (`encode`), and read back
only into core's own dataclasses, enums and NamedTuples (`decode`: nothing else is ever named
or built).
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import json
from typing import Any

from core.errors import reason_of
from core.i18n import N_
from core.narration import Joined, Message, Text

VERSION = 3
"""2: a state sends only the log lines after the entries the client has (narration_keep).
3: an error's values, and a state's reason not to undo, are texts as data (a game's Message
with its card names, `encode`), which the client writes out in its own language."""
MAX_FROM_CLIENT = 4096
"""Bytes in one line from an app child: a decision, a chat line, a table's settings."""
MAX_FROM_SERVER = 4 * 1024 * 1024
"""Bytes in one line from the server: a seat's whole view and log of a long game."""

CLIENT_TYPES = frozenset(
    {
        "hello",
        "language",
        "lobby",
        "create",
        "sit",
        "watch",
        "start",
        "leave",
        "decide",
        "undo",
        "chat",
    }
)
SERVER_TYPES = frozenset({"welcome", "lobby", "state", "chat", "error", "bell"})

OPEN = "open"
PLAYING = "playing"
OVER = "over"
"""A table's state, as the lobby's list sends it."""
STATE_WORDS = {OPEN: N_("open"), PLAYING: N_("playing"), OVER: N_("over")}
"""A table's state in words (message ids): the lobby shows them, the host's log says them."""

TOO_LONG = N_("message too long ({length} bytes; the limit is {limit})")
LINE_TOO_LONG = N_("message too long (the limit is {limit} bytes)")
"""A line cut off unread (server.protocol.LineBuffer): its length is not known."""
NOT_JSON = N_("garbled message: not one JSON object in UTF-8")
NOT_AN_OBJECT = N_("garbled message: not a JSON object")
OTHER_VERSION = N_("protocol version {version} is not {expected}")
UNKNOWN_TYPE = N_("unknown message type {type}")
NAME_IN_USE = N_("the name {name} is in use; to take your seat back, give its code")
"""The refusal of a guest's hello without the name's code (its id tells the client to ask):
here, not in server.hub, so that an app child needs not import the hub to know it."""
GARBLED_VALUE = N_("garbled message: a value of type {tag} that cannot be read ({why})")
"""A value `decode` cannot read (only a server with a bug sends one: the app child says it)."""
NO_TYPE = N_("garbled message: a value without its type")
NOT_A_GAME_TYPE = N_("garbled message: {tag} is not a type of the game's")
GARBLED_STATE = N_("garbled message: a table's state that cannot be read ({why})")
GARBLED_LOBBY = N_("garbled message: a lobby that is not a list of tables")

_TYPE_TAG = "~t"
_CORE = "core."


class ProtocolError(ValueError):
    """A message that cannot be taken. str() is one line, for the sender; a framing error is
    raised with a Message (core.errors.reason_of finds it), to be written in its language."""


# --- framing -----------------------------------------------------------------------------------


def dump(message: dict[str, Any]) -> bytes:
    """One message as its line (with the version), newline included."""
    return json.dumps({"v": VERSION, **message}, ensure_ascii=False).encode() + b"\n"


def load(line: bytes, limit: int, types: frozenset[str]) -> dict[str, Any]:
    """The message in one line (without its newline), checked: its size, its JSON, its version
    and its type among `types`. Raises ProtocolError saying why not."""
    if len(line) > limit:
        raise ProtocolError(Message(TOO_LONG, length=len(line), limit=limit))
    try:
        message = json.loads(line.decode())
    except (UnicodeDecodeError, ValueError, RecursionError):  # "[[[[..." nests past the stack
        raise ProtocolError(Message(NOT_JSON)) from None
    if not isinstance(message, dict):
        raise ProtocolError(Message(NOT_AN_OBJECT))
    if message.get("v") != VERSION:
        version = repr(message.get("v"))[:40]
        raise ProtocolError(Message(OTHER_VERSION, version=version, expected=VERSION))
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in types:
        raise ProtocolError(Message(UNKNOWN_TYPE, type=repr(str(kind)[:40])))
    return message


class LineBuffer:
    """Bytes from a stream cut into lines, never holding more than `limit` bytes of one: a line
    longer than that is dropped whole (its rest skipped up to its newline) and reported once."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._data = bytearray()
        self._skipping = False

    def feed(self, data: bytes) -> list[bytes | None]:
        """The lines completed by `data`, in order; None for each line that was too long."""
        found: list[bytes | None] = []
        self._data += data
        while True:
            end = self._data.find(b"\n")
            if end < 0:
                if len(self._data) > self.limit:
                    if not self._skipping:
                        found.append(None)
                    self._skipping = True
                    self._data.clear()
                return found
            line = bytes(self._data[:end])
            del self._data[: end + 1]
            if self._skipping:
                self._skipping = False
            elif len(line) > self.limit:
                found.append(None)
            else:
                found.append(line)


# --- core's values as plain data ---------------------------------------------------------------


def encode(value: Any) -> Any:
    """A view, a decision, a result... as JSON-able data (see `decode`)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return {_TYPE_TAG: _name(type(value)), "value": encode(value.value)}
    if isinstance(value, Message):  # a game's text, written out in each client's language
        params = [[name, encode(item)] for name, item in value.params.items()]
        return {_TYPE_TAG: "message", "template": value.template, "params": params}
    if isinstance(value, Joined):
        items = [encode(item) for item in value.items]
        return {_TYPE_TAG: "joined", "items": items, "separator": encode(value.separator)}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {
            f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value) if f.init
        }
        return {_TYPE_TAG: _name(type(value)), "fields": fields}
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a NamedTuple
        return {_TYPE_TAG: _name(type(value)), "items": [encode(item) for item in value]}
    if isinstance(value, tuple | list):
        return [encode(item) for item in value]
    if isinstance(value, frozenset | set):
        return {_TYPE_TAG: "frozenset", "items": [encode(item) for item in value]}
    if isinstance(value, dict):
        return {_TYPE_TAG: "dict", "items": [[encode(k), encode(v)] for k, v in value.items()]}
    raise TypeError(f"cannot send a {type(value).__name__}")


def decode(data: Any) -> Any:
    """What `encode` wrote, back: lists as tuples (core's values are frozen), tagged objects as
    the core type they name. Raises ProtocolError for anything else."""
    if data is None or isinstance(data, bool | int | float | str):
        return data
    if isinstance(data, list):
        return tuple(decode(item) for item in data)
    if not isinstance(data, dict) or not isinstance(data.get(_TYPE_TAG), str):
        raise ProtocolError(Message(NO_TYPE))
    tag = data[_TYPE_TAG]
    if tag in ("message", "joined"):
        return _text(tag, data)
    if tag in ("frozenset", "dict"):
        items = data.get("items")
        if not isinstance(items, list):
            raise _garbled(tag, Message(N_("no items")))
        if tag == "frozenset":
            return frozenset(decode(item) for item in items)
        try:
            return {decode(key): decode(value) for key, value in items}
        except (TypeError, ValueError):
            raise _garbled(tag, Message(N_("its items are not pairs"))) from None
    kind = _core_type(tag)
    try:
        if isinstance(kind, type) and issubclass(kind, enum.Enum):
            return kind(decode(data.get("value")))
        if isinstance(kind, type) and dataclasses.is_dataclass(kind):
            fields = data.get("fields")
            if not isinstance(fields, dict):
                raise _garbled(tag, Message(N_("no fields")))
            return kind(**{name: decode(value) for name, value in fields.items()})
        items = data.get("items")
        if not isinstance(items, list):
            raise _garbled(tag, Message(N_("no items")))
        return kind(*(decode(item) for item in items))
    except (TypeError, ValueError) as error:
        raise _garbled(tag, reason_of(error)) from None  # (Python's words stay English)


def _text(tag: str, data: dict[str, Any]) -> Message | Joined:
    """A Message or Joined as `encode` wrote it."""
    if tag == "joined":
        items, separator = data.get("items"), decode(data.get("separator"))
        if not isinstance(items, list) or not isinstance(separator, str | Message):
            raise _garbled(tag, Message(N_("no items or separator")))
        return Joined(tuple(decode(item) for item in items), separator)
    template, params = data.get("template"), data.get("params")
    if not isinstance(template, str) or not isinstance(params, list):
        raise _garbled(tag, Message(N_("no template or values")))
    values: dict[str, object] = {}
    for pair in params:
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)):
            raise _garbled(tag, Message(N_("its values are not named pairs")))
        values[pair[0]] = decode(pair[1])
    return Message(template, **values)


def _name(kind: type) -> str:
    return f"{kind.__module__}:{kind.__qualname__}"


def _core_type(tag: str) -> Any:
    """The class `tag` names, if it is one of core's dataclasses, enums or NamedTuples."""
    module, _, name = tag.partition(":")
    if not module.startswith(_CORE) or not name.isidentifier():
        raise ProtocolError(Message(NOT_A_GAME_TYPE, tag=repr(tag[:60])))
    try:
        kind = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        raise _garbled(tag, Message(N_("no such type"))) from None
    usable = isinstance(kind, type) and (
        dataclasses.is_dataclass(kind)
        or issubclass(kind, enum.Enum)
        or (issubclass(kind, tuple) and hasattr(kind, "_fields"))
    )
    if not usable:
        raise ProtocolError(Message(NOT_A_GAME_TYPE, tag=repr(tag[:60])))
    return kind


def _garbled(tag: str, why: Text) -> ProtocolError:
    """A value tagged `tag` that cannot be read, and why (a catalog's message, or what Python
    said), for the client to say in its language."""
    return ProtocolError(Message(GARBLED_VALUE, tag=repr(tag[:60]), why=why))
