"""`dataclass` for the frozen dataclasses a game's rules are made of, made with nothing
compiled at import; the classes are the same as `dataclasses.dataclass` makes them.

`dataclasses.dataclass` writes the source of each class's methods and compiles it: six small
functions a frozen class (`__init__`, `__repr__`, `__eq__`, `__hash__`, `__setattr__`,
`__delattr__`), about a tenth of a millisecond each. Dangerous's rules are some 140 such classes:
compiling them was most of their import, which every opened game waits for (issue 10). Here
`__repr__`, `__eq__`, `__hash__`, `__setattr__` and `__delattr__` are closures over the class's
field names instead, nothing compiled: the same results (`__eq__` and `__hash__` compare and
hash the same tuple of the same fields, `__repr__` writes the same text and guards against
recursion the same way, a frozen field refuses assignment and deletion with the same error),
and a class that writes one of them itself keeps its own, as with `dataclasses`. `__init__` is
the very function `dataclasses` writes, compiled when the class is first made or its `__init__`
first looked up (an opened game makes a few dozen of its rules' classes; the rest wait for the
play that needs them). Every other use (not frozen, `order`, `unsafe_hash`, `slots`, `eq` or
`repr` turned off), or a Python whose `dataclasses` builds methods otherwise, is
`dataclasses.dataclass` itself, compiling as it does. tests/core/test_records.py holds each
method against the one `dataclasses` writes.

mypy sees `dataclasses.dataclass` (its dataclass plugin checks the classes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dataclasses import dataclass as dataclass
else:
    import contextlib
    import dataclasses
    import inspect
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
        undocumented = _LAZY and not own.get("__doc__")
        if undocumented:
            cls.__doc__ = "-"  # (dataclasses would write it from the signature of __init__)
        with _built_lazily():
            cls = dataclasses.dataclass(cls, **{**params, "repr": False, "eq": False})
        if undocumented:
            cls.__doc__ = _LazyDoc()
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

    # dataclasses (3.11, 3.12) builds `__init__` with `_init_fn` and the frozen `__setattr__` and
    # `__delattr__` with `_frozen_get_del_attr`, both looked up in its module when a class is
    # made: while core.records makes one, they are the two below (under a lock: another
    # thread's dataclass would only be built the same way, lazily). Elsewhere (3.13 builds all
    # of a class's methods at once) dataclasses stays as it is.
    _INIT_ARGS = (
        "fields",
        "std_fields",
        "kw_only_fields",
        "frozen",
        "has_post_init",
        "self_name",
        "globals",
        "slots",
    )
    _LAZY = (
        getattr(getattr(dataclasses, "_init_fn", None), "__code__", None) is not None
        and dataclasses._init_fn.__code__.co_varnames[:8] == _INIT_ARGS
        and getattr(dataclasses, "_frozen_get_del_attr", None) is not None
        and dataclasses._frozen_get_del_attr.__code__.co_varnames[:3]
        == ("cls", "fields", "globals")
    )
    _building = threading.RLock()

    @contextlib.contextmanager
    def _built_lazily():
        if not _LAZY:
            yield
            return
        with _building:
            init_fn, frozen_fn = dataclasses._init_fn, dataclasses._frozen_get_del_attr
            dataclasses._init_fn = _lazy_init_fn(init_fn)
            dataclasses._frozen_get_del_attr = _frozen_get_del_attr
            try:
                yield
            finally:
                dataclasses._init_fn, dataclasses._frozen_get_del_attr = init_fn, frozen_fn

    def _lazy_init_fn(init_fn):
        def _init_fn(fields, std_fields, *args):
            # The error `_init_fn` raises at once, raised at once.
            seen_default = False
            for f in std_fields:
                if f.init:
                    if not (
                        f.default is dataclasses.MISSING
                        and f.default_factory is dataclasses.MISSING
                    ):
                        seen_default = True
                    elif seen_default:
                        raise TypeError(f"non-default argument {f.name!r} follows default argument")
            return _LazyInit(init_fn, (fields, std_fields, *args))

        return _init_fn

    class _LazyInit:
        """A class's `__init__` until it is first needed: then `init_fn(*args)` (the function
        dataclasses writes), put in its place on the class."""

        __slots__ = ("args", "init_fn")

        def __init__(self, init_fn, args):
            self.init_fn = init_fn
            self.args = args

        def __get__(self, instance, owner=None):
            kind = owner if owner is not None else type(instance)
            for cls in kind.__mro__:  # (the class it was made for: `kind` or a base of it)
                if cls.__dict__.get("__init__") is self:
                    break
            else:  # (no class holds it: copied elsewhere, made there)
                cls = None
            init = self.init_fn(*self.args)
            if cls is not None:
                init.__qualname__ = f"{cls.__qualname__}.__init__"
                cls.__init__ = init
            return init if instance is None else init.__get__(instance, owner)

    class _LazyDoc:
        """An undocumented class's `__doc__` until it is first read: then the one dataclasses
        writes (the class's name and the signature of its `__init__`), put in its place."""

        __slots__ = ()

        def __get__(self, instance, owner=None):
            kind = owner if owner is not None else type(instance)
            for cls in kind.__mro__:
                if cls.__dict__.get("__doc__") is self:
                    break
            else:
                return None
            try:
                signature = str(inspect.signature(cls)).replace(" -> None", "")
            except (TypeError, ValueError):
                signature = ""
            cls.__doc__ = doc = cls.__name__ + signature
            return doc

    def _frozen_get_del_attr(cls, fields, globals):
        """dataclasses's frozen `__setattr__` and `__delattr__`, as closures."""
        names = tuple([f.name for f in fields])
        error = dataclasses.FrozenInstanceError

        def __setattr__(self, name, value):
            if type(self) is cls or name in names:
                raise error(f"cannot assign to field {name!r}")
            super(cls, self).__setattr__(name, value)

        def __delattr__(self, name):
            if type(self) is cls or name in names:
                raise error(f"cannot delete field {name!r}")
            super(cls, self).__delattr__(name)

        return __setattr__, __delattr__

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
