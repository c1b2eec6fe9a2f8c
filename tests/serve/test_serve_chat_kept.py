"""The table chat outlives the server: a table's file keeps its last lines, and a start reads
them back as it reads anything from a file, bounded and checked as a line said is."""

from __future__ import annotations

import tomllib
from pathlib import Path

import tomli_w
from test_serve_tables import Seen, three_at_light_and_dark

from core.narration import text
from server.store import CHAT_KEPT, TableStore
from server.tables import Hub


def stored_hub(folder: Path, log: list[str]) -> tuple[Hub, TableStore]:
    """A hub keeping its tables in `folder`, as a start of the server makes it."""
    store = TableStore(folder, log=lambda line: log.append(text(line)))
    hub = Hub(lambda: 42, lambda table: None, store)
    hub.resume()
    return hub, store


def test_the_table_chat_is_there_again_after_a_restart(tmp_path: Path) -> None:
    hub, store = stored_hub(tmp_path, [])
    aki, bea, _ = three_at_light_and_dark(hub)
    aki.say(type="chat", text="I am the Warrior, honestly")
    bea.say(type="chat", text="闇の人は誰？")
    store.close()  # as a kill: nothing more is written (the file is rewritten with each line)
    again, _ = stored_hub(tmp_path, [])
    said = [["Aki", "I am the Warrior, honestly"], ["Bea", "闇の人は誰？"]]
    assert Seen(again, "Cho").last("state")["chat"] == said
    readable = tomllib.loads((tmp_path / "tables" / "0001.table.toml").read_text())
    assert readable["chat"] == said


def test_the_file_keeps_only_the_last_lines(tmp_path: Path) -> None:
    hub, store = stored_hub(tmp_path, [])
    aki, _, _ = three_at_light_and_dark(hub)
    for number in range(CHAT_KEPT + 5):
        aki.say(type="chat", text=f"line {number}")
    store.close()
    readable = tomllib.loads((tmp_path / "tables" / "0001.table.toml").read_text())
    assert len(readable["chat"]) == CHAT_KEPT
    assert readable["chat"][0] == ["Aki", "line 5"]
    again, _ = stored_hub(tmp_path, [])
    assert again.tables[1].chat[-1] == ("Aki", f"line {CHAT_KEPT + 4}")


def test_chat_read_from_a_file_is_bounded_and_checked_as_a_line_said(tmp_path: Path) -> None:
    hub, store = stored_hub(tmp_path, [])
    three_at_light_and_dark(hub)
    store.close()
    path = tmp_path / "tables" / "0001.table.toml"
    data = tomllib.loads(path.read_text())
    good = [[f"p{n}", f"line {n}"] for n in range(CHAT_KEPT + 10)]
    bad = [
        ["Aki", "\x1b[2Jwiped"],  # a control character
        ["Bea\x07", "bell in the name"],
        ["Cho", "闇" * 150],  # 300 cells
        ["Dan", ""],
        ["Eve"],
        "a string",
        [1, 2],
    ]
    data["chat"] = [*good[:-2], *bad, *good[-2:]]
    path.write_text(tomli_w.dumps(data))
    log: list[str] = []
    again, _ = stored_hub(tmp_path, log)
    chat = again.tables[1].chat
    assert len(chat) == CHAT_KEPT
    assert chat[-1] == ("p59", "line 59") and chat[0] == ("p10", "line 10")
    assert all(isinstance(who, str) and who.startswith("p") for who, _ in chat)
    assert [line for line in log if "chat" in line] == [
        "0001.table.toml: 7 chat lines left out: the chat line "
        '"\\x1b[2Jwiped" contains a control character (\\x1b)'
    ]
    assert again.tables[1].sitting == {0: "Aki", 1: "Bea", 2: "Cho"}  # the table itself is back


def test_a_chat_that_is_not_a_list_loses_the_chat_not_the_table(tmp_path: Path) -> None:
    hub, store = stored_hub(tmp_path, [])
    three_at_light_and_dark(hub)
    store.close()
    path = tmp_path / "tables" / "0001.table.toml"
    data = tomllib.loads(path.read_text()) | {"chat": {"a": "table"}}
    path.write_text(tomli_w.dumps(data))
    log: list[str] = []
    again, _ = stored_hub(tmp_path, log)
    assert again.tables[1].chat == [] and again.tables[1].table is not None
    assert [line for line in log if "chat" in line] == [
        "0001.table.toml: the chat is not a list of lines: left out"
    ]


def test_a_chat_line_an_older_server_kept_comes_back(tmp_path: Path) -> None:
    """Lines (and names) that draw nothing but a blank braille cell or a soft hyphen were said
    and kept before session 28 refused them as typed; a table file that holds them still gives
    them back, as a save's names load (the rule they were said under)."""
    hub, store = stored_hub(tmp_path, [])
    three_at_light_and_dark(hub)
    store.close()
    path = tmp_path / "tables" / "0001.table.toml"
    data = tomllib.loads(path.read_text())
    data["chat"] = [["Aki", "\u2800"], ["\u00ad", "hello"]]
    path.write_text(tomli_w.dumps(data))
    log: list[str] = []
    again, _ = stored_hub(tmp_path, log)
    assert again.tables[1].chat == [("Aki", "\u2800"), ("\u00ad", "hello")]
    assert not [line for line in log if "chat" in line]
