"""A start of the server resumes at most MAX_TABLES unfinished tables: the newest. The others'
files stay as they are, each named in the log, for the host to continue by hand."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from test_serve_tables import Seen

from core.narration import text
from server import tables
from server.store import TableStore
from server.tables import Hub


def test_a_start_resumes_only_the_newest_tables_up_to_the_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tables, "MAX_TABLES", 2)
    store = TableStore(tmp_path, log=print)
    hub = Hub(lambda: 42, lambda table: None, store)
    hub.resume()
    for name in ("Aki", "Bea"):
        Seen(hub, name).say(type="create", game="light-and-dark", players=3)
    store.close()
    monkeypatch.setattr(tables, "MAX_TABLES", 3)  # (a third table may be made, then 2 again)
    store = TableStore(tmp_path, log=print)
    hub = Hub(lambda: 42, lambda table: None, store)
    hub.resume()
    Seen(hub, "Cho").say(type="create", game="light-and-dark", players=3)
    assert sorted(hub.tables) == [1, 2, 3]
    store.close()
    monkeypatch.setattr(tables, "MAX_TABLES", 2)
    said: list[str] = []
    store = TableStore(tmp_path, log=lambda line: said.append(text(line)))
    hub = Hub(lambda: 42, lambda table: None, store)
    resumed = hub.resume()
    assert [table.id for table in resumed] == [2, 3] and sorted(hub.tables) == [2, 3]
    first = tmp_path / "tables" / "0001.table.toml"
    assert first.exists()  # left for the host
    assert said == [
        f"{first}: not resumed: the server holds at most 2 tables "
        f"(its save, if any: {tmp_path / 'tables' / '0001.save.toml'})"
    ]
    store.close()


def test_the_newest_tables_are_found_by_number_past_9999(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "tables"
    folder.mkdir()
    (folder / "9998.save.toml").write_text("")  # (a closed table's: the next is 9999)
    store = TableStore(tmp_path, log=print)
    hub = Hub(lambda: 42, lambda table: None, store)
    hub.resume()
    for name in ("Aki", "Bea"):
        Seen(hub, name).say(type="create", game="light-and-dark", players=3)
    assert sorted(hub.tables) == [9999, 10000]
    store.close()
    monkeypatch.setattr(tables, "MAX_TABLES", 1)
    said: list[str] = []
    store = TableStore(tmp_path, log=lambda line: said.append(text(line)))
    hub = Hub(lambda: 42, lambda table: None, store)
    assert [table.id for table in hub.resume()] == [10000]
    assert len(said) == 1 and said[0].startswith(f"{folder / '9999.table.toml'}: not resumed")
    store.close()


def test_a_named_pipe_among_the_tables_is_left_out_not_waited_on(tmp_path: Path) -> None:
    """Read with read_text, a named pipe named as a table's file held the start forever."""
    folder = tmp_path / "tables"
    folder.mkdir()
    os.mkfifo(folder / "0001.table.toml")
    said: list[str] = []
    store = TableStore(tmp_path, log=lambda line: said.append(text(line)))
    hub = Hub(lambda: 42, lambda table: None, store)
    done = threading.Thread(target=hub.resume, daemon=True)
    done.start()
    done.join(10)
    assert not done.is_alive(), "the start waits on the named pipe"
    assert hub.tables == {}
    assert said == [
        f"{folder / '0001.table.toml'}: cannot resume this table: "
        "it is a named pipe, not a regular file"
    ]
    store.close()
