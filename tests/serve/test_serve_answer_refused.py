"""An answer the server refuses (an `error` answering the seat's `decide`) opens the question
again: the prompt asks it with the refusal in one line, not "Your answer is sent", and the
seat's next answer goes to the table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_serve_answer_sent import SENT, lines_in
from test_serve_remote_screen import SIZE, SeatApp
from test_serve_screen_updates import akis_screen

from core.i18n import translator
from tui.remote_session import RemoteSession, refusal_line
from tui.tables_app import TablesApp
from tui.widgets.prompt import DecisionPrompt


class RefusedOnce(SeatApp):
    """Aki's screen, whose first answer reaches the table as a choice it does not offer (as if
    the table had moved on): the hub refuses it with an `error`, handed over as the socket
    would (TablesApp._on_error: the session told, then the line shown)."""

    def _send(self, message: dict[str, Any]) -> None:
        if message["type"] == "decide" and not self.sent:
            message = {**message, "choice": "no such choice"}
        super()._send(message)

    def deliver(self) -> None:
        for message in self.seen.messages[self._read :]:
            if message["type"] == "error":
                self.session.refused()
                self.screen.show_error(refusal_line(message, translator("en").text))
        super().deliver()


def tables_app_at(session: RemoteSession, folder: Path) -> tuple[TablesApp, list[str]]:
    app = TablesApp(tables=folder / "t.sock", token="t", player=None, save_dir=folder)
    app.session = session
    shown: list[str] = []
    app.show_error = shown.append  # type: ignore[method-assign]
    return app, shown


async def test_a_refused_answer_asks_the_question_again_and_the_next_answer_is_sent(
    tmp_path: Path,
) -> None:
    aki = akis_screen(tmp_path).seen
    app = RefusedOnce(aki, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        prompt = app.screen.query_one(DecisionPrompt)
        question = prompt.decision
        await pilot.press("1", "enter")  # Aki stays silent
        await pilot.pause()
        assert SENT in " ".join(lines_in(app, prompt.content_region))
        assert aki.errors()  # the table refused it
        app.deliver()
        await pilot.pause()
        shown = lines_in(app, prompt.content_region)
        assert prompt.decision == question and prompt.has_class("-your-turn")
        assert SENT not in " ".join(shown)
        assert "no such choice" in " ".join(" ".join(shown).split()), shown  # (wrapped)
        await pilot.press("1", "enter")  # answered again: the table takes it
        await pilot.pause()
        assert app.sent[-1] == {"type": "decide", "seat": 0, "choice": "silent"}
        assert len(app.sent) == 2 and aki.errors() == [aki.errors()[0]]
        app.deliver()
        await pilot.pause()
        assert "Waiting for Bea" in " ".join(lines_in(app, prompt.content_region))


def test_the_apps_error_from_the_server_opens_the_refused_question_again(tmp_path: Path) -> None:
    session = akis_screen(tmp_path).session
    question = session.my_decision()
    assert question is not None
    session.decide("silent")
    assert session.my_decision() is None  # answered: waiting for the table's reply
    app, shown = tables_app_at(session, tmp_path)
    app._receive(b'{"v": 3, "type": "error", "message": "not now", "id": "not now"}\n')
    assert shown == ["not now"]
    assert session.my_decision() == question


def test_a_refusal_says_which_request_it_answers(tmp_path: Path) -> None:
    seen = akis_screen(tmp_path).seen
    seen.say(type="chat", text="")
    seen.say(type="decide", seat=0, choice="no such choice")
    chat, decide = [m for m in seen.messages if m["type"] == "error"][-2:]
    assert (chat["answers"], decide["answers"]) == ("chat", "decide")


def test_a_chat_line_refused_while_an_answer_waits_leaves_the_answer_waiting(
    tmp_path: Path,
) -> None:
    session = akis_screen(tmp_path).session
    question = session.my_decision()
    session.decide("silent")
    app, shown = tables_app_at(session, tmp_path)
    app._receive(b'{"v": 3, "type": "error", "message": "too fast", "answers": "chat"}\n')
    assert shown == ["too fast"]
    assert session.my_decision() is None  # still waiting for the table's reply to the answer
    app._receive(b'{"v": 3, "type": "error", "message": "not now", "answers": "decide"}\n')
    assert session.my_decision() == question
