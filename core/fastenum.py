"""Enum members that hot code reads as fast as any class attribute.

In Python 3.11 `EnumType` has a `__getattr__`, and a metaclass with one makes CPython read
every attribute of the class through a slow hook: `Phase.ROLL` costs about 0.3 us, several
times a plain class attribute (3.12 dropped that `__getattr__`). Rules that compare their phase
a dozen times an entry spent more on those reads than on the comparisons.

`members(Phase)` is a plain class whose attributes are the very same members (so `is` and `==`
compare exactly as before). A module that reads members in its hot paths binds it to the enum's
name at run time only, where its code reads as it always did, and mypy still sees the enum:

    if not TYPE_CHECKING:
        Phase = members(Phase)

Such a module only reads members by name (`Phase.ROLL`); it does not call, iterate or test
against the enum under that name.
"""

from __future__ import annotations

from enum import Enum


def members(enum: type[Enum]) -> type:
    """A plain class with `enum`'s members as its attributes, by name (aliases included)."""
    namespace = dict(enum.__members__)
    return type(f"{enum.__name__}Members", (), namespace)
