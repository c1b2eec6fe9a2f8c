"""The header's values the saver writes itself, without tomli_w, are written as tomli_w writes
them: the saves stay byte for byte what they were (core/saves.py, `_toml_value`)."""

from __future__ import annotations

import datetime as dt

import pytest
import tomli_w

from core import saves

VALUES = [
    True,
    False,
    dt.datetime(2026, 12, 1, 22, 3, 51, tzinfo=dt.UTC),
    dt.datetime(2026, 12, 1, 22, 3, 51, 250, tzinfo=dt.timezone(dt.timedelta(hours=9))),
    dt.datetime(1999, 1, 2, 3, 4, 5),
]


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_a_boolean_or_a_time_is_written_as_tomli_w_writes_it(value: object) -> None:
    assert saves._toml_value(value) == tomli_w.dumps({"v": value})[len("v = ") :].rstrip("\n")
