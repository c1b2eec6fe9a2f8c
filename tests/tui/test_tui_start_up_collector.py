"""tui.app.freeze_start_up while tui.cli has paused the collector for the start-up: the young
generation then holds all of start-up, and walking it for its few hundred objects of garbage
cost the first screen 15 to 45 ms; everything is frozen as it is, and the collector let go
once the first screen is up."""

from __future__ import annotations

import gc

import pytest

import tui.app


def test_a_paused_collector_s_start_up_is_frozen_without_a_collection(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[str] = []
    enabled = [False]  # (as tui.cli leaves it for the app's start-up)
    monkeypatch.setattr(tui.app, "_frozen", set())  # as in a fresh process
    monkeypatch.setattr(gc, "isenabled", lambda: enabled[0])
    monkeypatch.setattr(gc, "enable", lambda: enabled.__setitem__(0, True))
    monkeypatch.setattr(gc, "collect", lambda *args: calls.append(f"collect{args}") or 0)
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
    tui.app.freeze_start_up("app")
    assert calls == ["freeze"] and not enabled[0]
    tui.app.freeze_start_up("first screen")
    assert calls == ["freeze", "freeze"] and enabled[0]  # then collecting as always
    tui.app.freeze_start_up("first screen")
    assert calls == ["freeze", "freeze"]  # (once a process)
