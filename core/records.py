"""`dataclass` for the frozen dataclasses a game's rules are made of, made with half the
compiling; the classes are the same as `dataclasses.dataclass` makes them.

`dataclasses.dataclass` writes the source of each class's methods and compiles it: six small
functions a frozen class (`__init__`, `__repr__`, `__eq__`, `__hash__`, `__setattr__`,
`__delattr__`), about a tenth of a millisecond each. Dangerous's rules are some 120 such classes:
compiling them was most of their import, which every opened game waits for (issue 10; with
this, the import takes about two thirds of the instructions it took). Here
`__repr__`, `__eq__` and `__hash__` are closures over the class's field names instead, nothing
compiled: the same results (`__eq__` and `__hash__` compare and hash the same tuple of the same
fields, `__repr__` writes the same text and guards against recursion the same way), and a class
that writes one of them itself keeps its own, as with `dataclasses`. Every other use (not
frozen, `order`, `unsafe_hash`, `slots`, `eq` or `repr` turned off) is `dataclasses.dataclass`
itself. tests/core/test_records.py holds each method against the one `dataclasses` writes.

mypy sees `dataclasses.dataclass` (its dataclass plugin checks the classes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dataclasses import dataclass as dataclass
else:
    import dataclasses
    import threading
    from operator import attrgetter

    def dataclass(cls=None, /, **params):
        """`dataclasses.dataclass(cls, **params)`, its repr, eq and hash built without
        compiling when the class is frozen and otherwise plain."""

        def wrap(cls):
            return _made(cls, params)

        return wrap if cls is None else wrap(cls)

    _PLAIN = frozenset({"frozen", "init", "repr", "eq", "kw_only", "match_args"})

    def _made(cls, params):
        if (
            not params.get("frozen")
            or not params.get("repr", True)
            or not params.get("eq", True)
            or not _PLAIN.issuperset(params)
        ):
            return dataclasses.dataclass(cls, **params)
        own = cls.__dict__
        own_hash = own.get("__hash__", dataclasses.MISSING)
        # As dataclasses decides: a __hash__ of the class's own is kept; the None that Python
        # writes for a class that defines __eq__ without __hash__ is not one.
        explicit_hash = not (
            own_hash is dataclasses.MISSING or (own_hash is None and "__eq__" in own)
        )
        own_repr, own_eq = "__repr__" in own, "__eq__" in own
        cls = dataclasses.dataclass(cls, **{**params, "repr": False, "eq": False})
        fields = dataclasses.fields(cls)
        if not own_repr:
            _set(cls, "__repr__", _repr([f.name for f in fields if f.repr]))
        if not own_eq:
            _set(cls, "__eq__", _eq(_values([f.name for f in fields if f.compare])))
        if not explicit_hash:
            hashed = [f.name for f in fields if (f.compare if f.hash is None else f.hash)]
            _set(cls, "__hash__", _hash(_values(hashed)))
        cls.__dataclass_params__.repr = True
        cls.__dataclass_params__.eq = True
        return cls

    def _set(cls, name, function):
        function.__name__ = name
        function.__qualname__ = f"{cls.__qualname__}.{name}"
        function.__module__ = cls.__module__
        setattr(cls, name, function)

    def _values(names):
        """The tuple of the fields `names` of an instance (what dataclasses compares)."""
        if len(names) == 1:
            name = names[0]
            return lambda self: (getattr(self, name),)
        if not names:
            return lambda self: ()
        return attrgetter(*names)

    def _eq(values):
        def __eq__(self, other):
            if other.__class__ is self.__class__:
                return values(self) == values(other)
            return NotImplemented

        return __eq__

    def _hash(values):
        def __hash__(self):
            return hash(values(self))

        return __hash__

    def _repr(names):
        running = set()

        def __repr__(self):
            key = id(self), threading.get_ident()
            if key in running:
                return "..."
            running.add(key)
            try:
                shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in names])
            finally:
                running.discard(key)
            return f"{self.__class__.__qualname__}({shown})"

        return __repr__
