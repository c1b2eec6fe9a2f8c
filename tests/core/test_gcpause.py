"""The collector paused for a stretch of engine work, and as it was afterwards."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from core import gcpause


@pytest.fixture
def collector() -> Iterator[None]:
    was = gc.isenabled()
    yield
    if was:
        gc.enable()
    else:
        gc.disable()


def test_paused_turns_collection_off_then_back_on(collector: None) -> None:
    gc.enable()
    with gcpause.paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_paused_turns_it_back_on_after_an_error(collector: None) -> None:
    gc.enable()
    with pytest.raises(ValueError), gcpause.paused():
        raise ValueError("a bad entry")
    assert gc.isenabled()


def test_paused_leaves_a_collector_that_was_off_off(collector: None) -> None:
    gc.disable()
    with gcpause.paused():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_a_bot_game_and_a_load_leave_the_collector_on(collector: None) -> None:
    from core import saves
    from core.simulate import play_one

    gc.enable()
    table = play_one("light-and-dark", 4, 3, "random")
    assert gc.isenabled()
    assert saves.loads(saves.dumps(table)).table.log == table.log
    assert gc.isenabled()
