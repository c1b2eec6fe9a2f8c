"""A Japanese player over real SSH (tests/sshkit.py) reads the server's refusals at the table in
Japanese (why there is nothing to undo) and the chat line's own limit (101 Japanese characters
are 202 cells; the server takes 200: the line takes no more), while an English player at the
same table reads theirs in English."""

from __future__ import annotations

from pathlib import Path

from mirrorkit import create_table, login
from sshkit import Server, SSHTerminal

from core.i18n import translator
from core.text import MAX_CHAT_CELLS
from tui.widgets.chat import FULL

SERVE = ("--guests", "--bot-pace", "instant")
WIDE = (160, 40)
JAPANESE = {"LANG": "ja_JP.UTF-8"}
JA = translator("ja")


def test_a_japanese_player_reads_the_servers_refusals_at_the_table_in_japanese(
    tmp_path: Path,
) -> None:
    with Server.start(tmp_path, *SERVE) as server:
        aki = SSHTerminal.connect(server, "Aki", size=WIDE)
        ken = SSHTerminal.connect(server, "Ken", size=WIDE, env=JAPANESE)
        try:
            login(aki, "Aki")
            create_table(aki, "light-and-dark", 3, bots=(2,), seed=8)
            ken.wait_for("卓での名前")
            ken.press("Ken", "enter")
            ken.wait_for("あなたは Ken")
            ken.wait_for("#1 ")
            ken.press("enter")  # sits at the highlighted table
            aki.wait_for("Ken")
            aki.press("f2")
            ken.wait_for("Aki が「役職を宣言するか黙る」をするのを待っています")
            ken.press("u")  # nothing of Ken's to take back: the state said why, as a text
            ken.wait_for(JA("nothing to undo: you have not decided anything yet"))
            ken.press("t", "あ" * (MAX_CHAT_CELLS // 2 + 1), "enter")
            ken.wait_for("Ken: ああああ")  # the 100 that fit, said
            assert JA(FULL, cells=MAX_CHAT_CELLS) in ken.text()
            assert "is full" not in ken.text() and "nothing to undo" not in ken.text()
            aki.press("t", "あ" * (MAX_CHAT_CELLS // 2 + 1), "enter")  # the same, in English
            aki.wait_for("Aki: ああああ")
            assert "the chat line is full: at most 200 cells" in aki.text()
        finally:
            aki.close()
            ken.close()


def test_the_sessions_closing_line_follows_the_language_switched_to_in_the_lobby(
    tmp_path: Path,
) -> None:
    with (
        Server.start(tmp_path, "--guests", "--idle-timeout", "4") as server,
        SSHTerminal.connect(server, "Aki") as term,  # no locale sent: English at first
    ):
        login(term, "Aki")
        term.press("l")  # the lobby's language switch
        term.wait_for("募集中の卓")
        assert term.wait_closed() == 1
        term.wait_for("partyline: 4 秒間入力がなかったため、セッションを閉じました")
