"""The operator's lines come in the operator's language (the serve process's --lang, config or
locale, as for the app): the banner, and the log of what happens, over real SSH; every line one
line, a name from the network escaped as in English."""

from __future__ import annotations

import io
import re
from contextlib import redirect_stdout
from pathlib import Path

import asyncssh
from sshkit import Server, SSHTerminal, connect, run
from test_serve_tables import three_at_light_and_dark

from core.i18n import N_, translator
from core.narration import Message, text
from server.hostkey import HostKey
from server.serve import ServeConfig, Serving, banner, host_and_port
from server.store import TableStore
from server.tables import Hub
from tui.cli import _say_now

LATIN_WORD = re.compile(r"\b(?!ssh\b|partyline\b|serve\b|pid\b)[a-z]{3,}\b")
"""An English word in a Japanese line (the command's name, ssh's and a pid aside)."""


def test_a_japanese_operator_reads_the_banner_and_the_log_in_japanese(tmp_path: Path) -> None:
    with Server.start(tmp_path, "--guests", "--lang", "ja", "--idle-timeout", "2") as server:
        key = server.host_key_path
        fingerprint = server.fingerprint
        assert server.lines[:4] == [
            f"partyline serve: 新しいホスト鍵を作りました {key}",
            f"partyline serve: ホスト鍵のフィンガープリント ssh-ed25519 {fingerprint}",
            f"partyline serve: 127.0.0.1:{server.port} で待ち受けています。"
            "誰でも入れます（ゲスト）",
            f"partyline serve: プレイヤーは ssh -p {server.port} ホスト で参加します"
            "（名前はゲームで入力します）。"
            f"初回は ssh にフィンガープリント {fingerprint} が表示されることを確かめてください",
        ]
        with SSHTerminal.connect(server, "guest") as term:
            term.wait_for("Partyline")  # the player's screen is the player's language (English)
            server.wait_for_line("127.0.0.1: ゲストがログインしました")
            started = server.wait_for_line(
                "127.0.0.1: ゲスト: セッションを開始しました（アプリの pid "
            )
            pid = started.rpartition("pid ")[2].removesuffix("）")
            idle = server.wait_for_line(
                f"127.0.0.1: 制限によりセッションを閉じます（アプリの pid {pid}）"
            )
            assert idle.endswith("）: 2 秒間入力なし")
            assert term.wait_closed() == 1
        ended = server.wait_for_line(f"127.0.0.1: セッションが終了しました（アプリの pid {pid}。")

        async def command() -> asyncssh.SSHCompletedProcess:
            async with await connect(server, "guest") as conn:
                return await conn.run("ls")

        assert run(command()).exit_status == 1
        refused = server.wait_for_line("127.0.0.1: 拒否しました: partyline: このサーバーは")
        assert server.stop() == 0
    assert server.lines[-1] == "partyline serve: 停止します"
    for line in [*server.lines[:4], started, idle, ended, refused, server.lines[-1]]:
        assert not LATIN_WORD.search(line.replace(str(key), "")), line


def test_the_log_line_of_an_untrusted_name_is_one_line_escaped_in_japanese() -> None:
    said = io.StringIO()
    with redirect_stdout(said):
        _say_now(translator("ja"))(
            Message(N_("{address}: {name} logged in"), address="10.0.0.1", name="Aki\n\x1b[2J")
        )
    assert said.getvalue() == "10.0.0.1: Aki\\n\\x1b[2J がログインしました\n"


def test_the_tables_saves_are_commented_in_the_operators_language(tmp_path: Path) -> None:
    """The host reads the tables' saves (and continues an abandoned one): their comments are
    in the host's language, as the saves the app writes are in its player's."""
    store = TableStore(tmp_path, log=print, render=translator("ja").text)
    hub = Hub(lambda: 42, lambda table: None, store)
    aki, _, _ = three_at_light_and_dark(hub)
    aki.say(type="decide", seat=0, choice="silent")
    store.close()
    save = (tmp_path / "tables" / "0001.save.toml").read_text()
    comments = [line.partition("#")[2] for line in save.splitlines() if line.startswith("[[log]]")]
    assert comments[0] == " 1: 役職カード14枚をシャッフルして山札にします。"
    assert comments[-1].endswith(": Akiは黙っています。")


def test_the_banner_says_how_players_join_as_each_mode_lets_them_in(tmp_path: Path) -> None:
    """A guest's SSH user name is not used (the game asks for the name): the guests' banner
    does not tell players to give one."""
    key = HostKey(asyncssh.generate_private_key("ssh-ed25519"), tmp_path / "key", created=False)
    serving = Serving(listener=None, state=None, host_key=key, port=2222)  # type: ignore[arg-type]
    guests = ServeConfig(save_dir=tmp_path, authorized_keys=None)
    keys = ServeConfig(save_dir=tmp_path, authorized_keys=Path("/srv/friends.pub"))
    joins = [text(banner(config, serving)[-1]) for config in (guests, keys)]
    assert joins == [
        "partyline serve: players join with: ssh -p 2222 HOST (the game asks for their name), and "
        f"check that ssh shows the fingerprint {key.fingerprint} the first time",
        "partyline serve: players join with: ssh -p 2222 NAME@HOST, and check that ssh shows the "
        f"fingerprint {key.fingerprint} the first time",
    ]
    assert text(banner(config=keys, serving=serving)[2]) == (
        "partyline serve: listening on 127.0.0.1:2222; letting in the keys in /srv/friends.pub, "
        "as the user name they give"
    )


def test_why_a_table_file_is_not_resumed_is_in_the_operators_language(tmp_path: Path) -> None:
    folder = tmp_path / "tables"
    folder.mkdir()
    head = 'format = "partyline-server-table"\nformat_version = 1\n'
    (folder / "0001.table.toml").write_text(head + 'game = "light-and-dark"\n')
    (folder / "0002.table.toml").write_text(head + 'id = 2\ngame = "chess"\n')
    (folder / "0003.table.toml").write_text('format = "something else"\n')
    (folder / "0004.table.toml").write_text(head + 'id = 5\ngame = "light-and-dark"\n')
    said: list[str] = []
    store = TableStore(tmp_path, log=lambda line: said.append(translator("ja").text(line)))
    assert store.load() == []
    store.close()
    assert said == [
        f"{folder / '0004.table.toml'}: このテーブルを再開できません: "
        "ファイル名がテーブル 5 のものではありません",
        f"{folder / '0003.table.toml'}: このテーブルを再開できません: "
        "形式 partyline-server-table 1 のテーブルファイルではありません",
        f"{folder / '0002.table.toml'}: このテーブルを再開できません: ゲーム 'chess' はありません",
        f"{folder / '0001.table.toml'}: このテーブルを再開できません: フィールド 'id' がありません",
    ]


def test_an_ipv6_address_is_written_in_brackets_so_its_port_can_be_told(tmp_path: Path) -> None:
    key = HostKey(asyncssh.generate_private_key("ssh-ed25519"), tmp_path / "key", created=False)
    serving = Serving(listener=None, state=None, host_key=key, port=2222)  # type: ignore[arg-type]
    every = ServeConfig(save_dir=tmp_path, authorized_keys=None, host="::")
    assert text(banner(every, serving)[2]) == (
        "partyline serve: listening on [::]:2222; letting in anyone (guests)"
    )
    assert host_and_port("::", 2222) == "[::]:2222"
    assert host_and_port("::1", 0) == "[::1]:0"
    assert host_and_port("127.0.0.1", 2222) == "127.0.0.1:2222"
    assert host_and_port("game-host.example", 22) == "game-host.example:22"
