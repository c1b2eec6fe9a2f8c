"""The refusal of a new table on a full server reads right for any limit, in both languages
(docs/serve.md, "Limits")."""

from __future__ import annotations

import pytest
from test_serve_finished_tables import quiet_hub
from test_serve_tables import Seen

from server import tables

FULL = {
    1: "the server is full: no more tables (at most 1)",
    2: "the server is full: no more tables (at most 2)",
}
FULL_JA = {
    1: "サーバーは満員です: これ以上テーブルを作れません（最大 1 卓）",
    2: "サーバーは満員です: これ以上テーブルを作れません（最大 2 卓）",
}


@pytest.mark.parametrize("most", [1, 2])
def test_a_full_server_refuses_a_new_table_in_words_right_for_its_limit(
    monkeypatch: pytest.MonkeyPatch, most: int
) -> None:
    monkeypatch.setattr(tables, "MAX_TABLES", most)
    hub = quiet_hub()
    for name in ["Aki", "Bea", "Cho"][:most]:
        Seen(hub, name).say(type="create", game="light-and-dark", players=3)
    dan = Seen(hub, "Dan")
    dan.say(type="create", game="light-and-dark", players=3)
    dan.client.language = "ja"
    dan.say(type="create", game="light-and-dark", players=3)
    assert dan.errors() == [FULL[most], FULL_JA[most]] and len(hub.tables) == most
