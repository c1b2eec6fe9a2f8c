"""Refusals during play and chat reach the client in its language (docs/serve.md): the server
writes the line in the client's language and sends the message id with its values as data (a
game's reason with the texts in it), which the client writes out in its own language
(tui.remote_session.refusal_line). Untrusted values are made safe on both sides."""

from __future__ import annotations

from typing import Any

from test_serve_tables import Seen, make_hub, three_at_light_and_dark

from core.i18n import translator
from core.narration import Message, Name
from core.text import MAX_CHAT_CELLS
from server.protocol import decode
from server.tables import Refused
from tui.remote_session import RemoteSession, refusal_line

JA, EN = translator("ja"), translator("en")


def japanese(seen: Seen) -> Seen:
    seen.say(type="language", lang="ja")
    return seen


def both_ways(error: dict[str, Any]) -> tuple[str, str]:
    """The refusal as a Japanese client and an English one write it out."""
    return refusal_line(error, JA.text), refusal_line(error, EN.text)


def test_a_decision_out_of_turn_is_refused_in_the_clients_language_with_the_games_reason() -> None:
    hub, _ = make_hub()
    players = three_at_light_and_dark(hub)
    for seen in players:
        japanese(seen)
    idle = next(s for s in players if s.client.seat not in s.last("state")["pending"])
    idle.say(type="decide", seat=idle.client.seat, choice=0)
    error = idle.last("error")
    assert error["id"] == "it is not {name}'s turn; {waiting}"
    waiting = decode(error["values"]["waiting"])  # the game's text, as data
    assert isinstance(waiting, Message) and error["values"]["name"] == idle.client.name
    reason = Message(error["id"], name=idle.client.name, waiting=waiting)
    assert error["message"] == JA.text(reason) != str(reason)
    assert both_ways(error) == (JA.text(reason), str(reason))
    assert "の番" in error["message"] and "turn" not in error["message"]


def test_chat_refusals_are_in_the_clients_language() -> None:
    hub, _ = make_hub()
    aki, bea, _cho = (japanese(seen) for seen in three_at_light_and_dark(hub))
    aki.say(type="chat", text="   ")
    aki.say(type="chat", text="あ" * (MAX_CHAT_CELLS // 2 + 1))
    aki.say(type="chat", text="a\x1b[2Jb")
    bea.say(type="leave")
    bea.say(type="chat", text="hello")
    blank, wide, control = aki.errors()[-3:]
    assert blank == "チャットの発言が空白だけです"
    assert (
        wide.startswith('チャットの発言 "あああ')
        and "は幅が広すぎます（202 セル。上限は 200）" in wide
    )
    assert control == 'チャットの発言 "a\\x1b[2Jb" に制御文字（\\x1b）が入っています'
    assert bea.errors()[-1] == "テーブルに着いていません"
    for error in [m for m in aki.messages if m["type"] == "error"][-3:]:
        assert both_ways(error)[0] == error["message"]
        assert both_ways(error)[1].startswith("the chat line ")


def test_a_table_refused_for_its_options_or_seed_is_refused_in_the_clients_language() -> None:
    hub, _ = make_hub()
    aki = japanese(Seen(hub, "Aki"))
    aki.say(type="create", game="light-and-dark", players=4, options={"colour\x07": 1})
    aki.say(type="create", game="light-and-dark", players=4, seed="x")
    option, seed = aki.errors()
    assert option == "light-and-dark に知らないオプション 'colour\\x07' があります"
    assert seed.startswith("シードは ") and seed.endswith("までの整数です")


def test_the_reason_not_to_undo_reaches_the_client_as_a_text_in_its_language() -> None:
    hub, _ = make_hub()
    aki, *_ = three_at_light_and_dark(hub)
    state = aki.last("state")
    session = RemoteSession(lambda message: None, state)
    assert not session.can_undo()
    reason = session.undo_reason()
    assert isinstance(reason, Message)
    assert JA.text(reason) == "取り消すものがありません: まだ何も決定していません"
    assert str(reason) == "nothing to undo: you have not decided anything yet"


def test_a_refusal_with_a_cards_name_is_written_in_each_readers_language() -> None:
    said = Message("{who} keeps the {card}.", who="Aki\x1b", card=Name("魔王", "Demon King"))
    error = Refused.of(said).to_client("en")
    assert error["message"] == "Aki\\x1b keeps the 魔王 Demon King."
    ja, en = both_ways(error)
    assert en == "Aki\\x1b keeps the 魔王 Demon King."
    assert "魔王" in ja and "Demon King" not in ja and "\x1b" not in ja


def test_an_error_the_client_cannot_write_out_itself_is_shown_as_the_server_wrote_it() -> None:
    values = {"who": "Aki", "who.__class__": "?"}  # a value named for the template's reach
    sneaky = {"id": "{who.__class__}", "values": values, "message": "no\x1b"}
    garbled = {"id": "no table {table}", "values": {"table": {"~t": "os:system"}}, "message": "x"}
    missing = {"id": "no table {table}", "values": {}, "message": "テーブル"}
    assert both_ways(sneaky) == ("no\\x1b", "no\\x1b")
    assert both_ways(garbled) == ("x", "x")
    assert both_ways(missing) == ("テーブル", "テーブル")
    older = {"message": "seat 2 is taken"}  # an error without id (a server of version 2)
    assert both_ways(older) == ("seat 2 is taken", "seat 2 is taken")
