"""`replace` for the frozen dataclasses that game states are made of, about 7 times faster than
`dataclasses.replace`; `fast_init` for the small frozen dataclasses made many times an entry.

Every entry of a game makes a new state out of the last one, about ten times over (each agenda
task taken or pushed, each player or battle changed), and `dataclasses.replace` walks every field
through `fields()` and `__init__` each time: it was a third of a Dangerous game's time (issue
10). A frozen dataclass with no `__post_init__`, no `init=False` field, no `InitVar`, no
`__slots__` and no cached property is its fields and nothing else, so a copy of its `__dict__`
with the changes written in is exactly the object `dataclasses.replace` would build. Any other
class goes through `dataclasses.replace` itself. Unknown field names raise TypeError, as there.

mypy sees `dataclasses.replace` (its dataclass plugin checks each call's field names and types).

`fast_init` gives a frozen dataclass an `__init__` that sets its fields in one step (their dict
at once) instead of one `object.__setattr__` call per field: an option, a decision or a log entry
is made two to three times faster, and the engine makes dozens of them an entry. The class is
the same dataclass otherwise (fields, defaults, equality, repr, `__post_init__`).
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
from typing import TYPE_CHECKING, Any, TypeVar

T = TypeVar("T")

_new = object.__new__
_set = object.__setattr__
# A copy's fields go into a new dict made by `{**...}`, not by `.copy()`. An instance its class's
# __init__ made keeps its attributes in a "split" dict (keys shared with its class), `.copy()`
# of which is split again; and in CPython 3.11 reading an attribute of an instance whose
# __dict__ is a split dict set this way is never specialised: about five times slower than from
# a plain dict. Game code reads a state's fields hundreds of times an entry. A `fast_init`
# class's instances hold a plain dict from the start, and `.copy()` of that is one block copied
# where `{**...}` inserts the fields one by one (a Light and Dark state's 21).

_plain_dicts: set[type] = set()
"""The classes `fast_init` gave an __init__: every instance's __dict__ is a plain dict."""

if TYPE_CHECKING:
    from dataclasses import replace as replace
else:
    _sizes: dict[type, int] = {}
    """A plain frozen dataclass's number of fields; -1 for any other class."""

    def replace(obj: Any, /, **changes: Any) -> Any:
        cls = obj.__class__
        size = _sizes.get(cls)
        if size is None:
            names = _field_names(cls)
            size = _sizes[cls] = -1 if names is None else len(names)
        if size < 0:
            return dataclasses.replace(obj, **changes)
        if cls in _plain_dicts:
            fields = obj.__dict__.copy()  # a plain dataclass's __dict__ is its fields
            fields.update(changes)
        else:
            fields = {**obj.__dict__, **changes}
        if len(fields) != size:
            unknown = sorted(set(changes) - set(obj.__dict__))[0]
            raise TypeError(
                f"{cls.__name__}.__init__() got an unexpected keyword argument {unknown!r}"
            )
        new = _new(cls)
        _set(new, "__dict__", fields)
        return new


def with_field(obj: T, name: str, value: object) -> T:
    """`replace(obj, name=value)` for one field of a plain frozen dataclass (no `__post_init__`,
    no slots: what `replace` copies by its `__dict__`), without building keyword arguments:
    about twice as fast, for the one change made several times an entry (an agenda task taken or
    pushed). `name` must be one of its fields; mypy cannot check that here, so callers pass a
    literal and tests/core/test_frozen.py checks each against `replace`."""
    fields = {**obj.__dict__}
    fields[name] = value
    new = _new(obj.__class__)
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


def fast_init(cls: type[T]) -> type[T]:
    """Replace the `__init__` of the frozen dataclass `cls` (put under `@dataclass(frozen=True)`)
    by one with the same parameters and defaults that sets the instance's `__dict__` in one
    step, then calls `__post_init__` if the class has one. TypeError for any class whose fields
    are not all `__init__` parameters (init=False, InitVar) or that lives in slots."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen:
        raise TypeError(f"fast_init: {cls.__name__} is not a frozen dataclass")
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    names = [field.name for field in fields]
    if any(vars(klass).get("__slots__") for klass in cls.__mro__):
        raise TypeError(f"fast_init: {cls.__name__} keeps its fields in slots")
    if set(inspect.signature(cls.__init__).parameters) - {"self"} != set(names):
        raise TypeError(f"fast_init: {cls.__name__} has fields that are not parameters")
    namespace: dict[str, Any] = {"__set": object.__setattr__, "__missing": dataclasses.MISSING}

    def parameter(field: dataclasses.Field[Any]) -> str:
        if field.default is not dataclasses.MISSING:
            namespace[f"__default_{field.name}"] = field.default
            return f"{field.name}=__default_{field.name}"
        if field.default_factory is not dataclasses.MISSING:
            namespace[f"__factory_{field.name}"] = field.default_factory
            return f"{field.name}=__missing"
        return field.name

    def value(field: dataclasses.Field[Any]) -> str:
        if field.default_factory is not dataclasses.MISSING:
            return f"__factory_{field.name}() if {field.name} is __missing else {field.name}"
        return field.name

    signature = ["self", *(parameter(field) for field in fields if not field.kw_only)]
    keywords = [parameter(field) for field in fields if field.kw_only]
    if keywords:
        signature += ["*", *keywords]
    items = ", ".join(f"{field.name!r}: {value(field)}" for field in fields)
    body = [f"    __set(self, '__dict__', {{{items}}})"]
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    exec(f"def __init__({', '.join(signature)}):\n" + "\n".join(body), namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    cls.__init__ = init  # type: ignore[method-assign]
    _plain_dicts.add(cls)
    return cls
