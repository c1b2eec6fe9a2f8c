"""`replace` for the frozen dataclasses that game states are made of, about 7 times faster than
`dataclasses.replace`.

Every entry of a game makes a new state out of the last one, about ten times over (each agenda
task taken or pushed, each player or battle changed), and `dataclasses.replace` walks every field
through `fields()` and `__init__` each time: it was a third of a Dangerous game's time (issue
10). A frozen dataclass with no `__post_init__`, no `init=False` field, no `InitVar`, no
`__slots__` and no cached property is its fields and nothing else, so a copy of its `__dict__`
with the changes written in is exactly the object `dataclasses.replace` would build. Any other
class goes through `dataclasses.replace` itself. Unknown field names raise TypeError, as there.

mypy sees `dataclasses.replace` (its dataclass plugin checks each call's field names and types).
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dataclasses import replace as replace
else:
    _plain: dict[type, frozenset[str] | None] = {}
    _UNSEEN = frozenset({"<unseen>"})
    _new = object.__new__
    _set = object.__setattr__

    def replace(obj: Any, /, **changes: Any) -> Any:
        cls = obj.__class__
        names = _plain.get(cls, _UNSEEN)
        if names is _UNSEEN:
            names = _plain[cls] = _field_names(cls)
        if names is None:
            return dataclasses.replace(obj, **changes)
        fields = obj.__dict__.copy()  # a plain dataclass's __dict__ is its fields
        fields.update(changes)
        if len(fields) != len(names):
            unknown = sorted(set(changes) - names)[0]
            raise TypeError(
                f"{cls.__name__}.__init__() got an unexpected keyword argument {unknown!r}"
            )
        new = _new(cls)
        _set(new, "__dict__", fields)
        return new


def _field_names(cls: type) -> frozenset[str] | None:
    """The field names of a frozen dataclass that is nothing but its fields, built by the
    `__init__` the dataclass wrote; None for any other class (`dataclasses.replace` builds those
    through their `__init__`)."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or hasattr(cls, "__post_init__"):
        return None
    if any(vars(klass).get("__slots__") for klass in cls.__mro__):
        return None  # fields in slots are not in __dict__
    if any(isinstance(value, functools.cached_property) for value in _attributes(cls)):
        return None  # a value cached in __dict__ must not follow the copy
    names = frozenset(field.name for field in dataclasses.fields(cls))
    # init=False fields, an InitVar or an __init__ of the class's own show in its parameters.
    if set(inspect.signature(cls.__init__).parameters) - {"self"} != names:  # type: ignore[misc]
        return None
    return names


def _attributes(cls: type) -> list[object]:
    return [value for klass in cls.__mro__ for value in vars(klass).values()]
