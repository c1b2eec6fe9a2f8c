"""A seat at a table the server holds, as the game screen plays it (tui.seat.PlaySession).

It holds only what the server sent this seat (server.tables.Hub.send_state): its view, its
decision, the log lines it may read, whose turn it is, the result at the end; nothing else of
the game is in this process. Each `state` message is applied as it comes (`apply`): the log
grows by the lines the server sent after the entries this seat has (`narration_keep`: an undo
sends fewer), and the game screen is told (`subscribe`). Acting sends a request (`decide`,
`undo`, `say`); the answer is the next state, or one error line the app shows.

Everything decoded is made visible (control characters escaped) before a screen reads it: the
server checked names and chat lines, but a screen never trusts the wire. Free of Textual.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from string import Formatter
from typing import Any

from core.decisions import BadAnswer, Choice, Decision, IllegalAction
from core.errors import reason_of
from core.games import REGISTRY, get_game
from core.games.base import Game, Result, View
from core.i18n import N_
from core.narration import Message, Name, Text, text
from core.table import Render, Table, answer_refused
from core.text import one_line, visible
from server.protocol import GARBLED_STATE, ProtocolError, decode
from tui.shown import Line, shown

SAVED_BY_THE_SERVER = N_("The server saves this table after every move.")
CHAT_KEPT = 50
"""Chat lines kept for the screen (the server keeps as many for newcomers)."""

Send = Callable[[dict[str, Any]], None]


class RemoteSession:
    def __init__(self, send: Send, state: dict[str, Any]) -> None:
        """`state`: the first state message of a started game; `send` sends a request."""
        summary = state["table"]
        if summary.get("game") not in REGISTRY:
            raise _garbled_state(Message(N_("no such game")))
        self._send = send
        self.table_id: int = summary["id"]
        self.seat: int | None = state.get("seat")
        self._game = get_game(summary["game"])
        self._subscribers: list[Callable[[], None]] = []
        self.lines: list[tuple[int, Text]] = []  # as the server sent them, not written out
        self.entries = 0
        self._fed = 0  # entries whose lines the log panel has ...
        self._cut = 0  # ... of which those past this were taken back since
        self._fed_as: Render | None = None  # ... written out by this reader
        self._moment: int | None = None  # the last notable entry's number
        self._new_moment = False
        self._asked_for: Decision | None = None  # answered: waiting for the server's state
        self._said = 0  # chat lines said (each sent with its number, `n`)
        # The lines said on their way, oldest first: the server answers each, in order, by
        # saying it back (with its number) or refusing it.
        self._on_the_way: list[tuple[int, str]] = []
        self._refused: str | None = None  # the last said, refused: offered again
        self._chat: list[tuple[str, str]] = [
            (visible(str(who)), visible(str(text))) for who, text in state.get("chat", [])
        ][-CHAT_KEPT:]
        self.apply(state)

    # --- what the server says ----------------------------------------------------------------

    def apply(self, state: dict[str, Any]) -> None:
        """Take a state message for this table. Raises ProtocolError for a garbled one (then
        nothing changed)."""
        try:
            names = tuple(_names(state["names"]))
            bots = tuple(bool(bot) for bot in state["bots"])
            view = decode(state.get("view"))
            decision = decode(state.get("decision"))
            result = decode(state.get("result"))
            keep = int(state["narration_keep"])
            new = [(int(number), _line(decode(line))) for number, line in state["narration"]]
            notable = [int(number) for number in state.get("notable", [])]
            asked = [(int(seat), str(name)) for seat, name in state.get("asked", [])]
            entries = int(state["entries"])
            undo_refusal = decode(state.get("undo_refusal", ""))
            away = frozenset(_names(dict(state["table"]).get("waiting", [])))
        except (KeyError, TypeError, ValueError) as error:
            raise _garbled_state(reason_of(error)) from None
        expected = ((view, View), (decision, Decision), (result, Result))
        if any(value is not None and not isinstance(value, kind) for value, kind in expected):
            raise _garbled_state(Message(N_("not a view, a decision and a result")))
        if not isinstance(undo_refusal, str | Message):
            raise _garbled_state(Message(N_("a reason not to undo that is not a text")))
        self._names, self._bots, self._away = names, bots, away
        self._view: View | None = shown(view)
        self._decision: Decision | None = shown(decision)
        self._result: Result | None = shown(result)
        self._asked, self.entries = asked, entries
        self._over = bool(state.get("over"))
        self._can_undo = bool(state.get("can_undo"))
        self._undo_refusal: Text = shown(undo_refusal)  # written out in the reader's language
        self.table = state["table"]
        del self.lines[bisect_right(self.lines, keep, key=lambda line: line[0]) :]
        self.lines.extend(new)
        self._cut = min(self._cut, keep)
        if self._moment is not None and self._moment > keep:
            self._moment = None  # undone
        if notable:
            self._moment, self._new_moment = notable[-1], True
        self._asked_for = None
        self._changed()

    def refused(self, answers: object = None) -> None:
        """An `error` came from the server, answering a request of type `answers` (its field of
        that name; None when the server could not tell, a line it could not read). While a
        `decide` waits for the table's reply, a refusal of it (or of a line it could not read)
        is that reply: the question is open again, to be answered once more. A refusal of
        another request (a chat line said meanwhile) leaves the answer waiting."""
        if self._asked_for is not None and answers in ("decide", None):
            self._asked_for = None
            self._changed()
        elif answers == "chat" and self._on_the_way:
            self._refused = self._on_the_way.pop(0)[1]  # (answered in order: the oldest)
            self._changed()

    def hear(self, who: str, text: str, number: object = None) -> None:
        """A chat line said at this table; `number` (the message's `n`): this session's own
        line coming back, heard."""
        self._chat = [*self._chat, (visible(who), visible(text))][-CHAT_KEPT:]
        self._on_the_way = [line for line in self._on_the_way if line[0] != number]
        self._changed()

    def _changed(self) -> None:
        for callback in list(self._subscribers):
            callback()

    # --- the game, as the screen reads it ----------------------------------------------------

    @property
    def game(self) -> Game[Any]:
        return self._game

    @property
    def names(self) -> tuple[str, ...]:
        return self._names

    @property
    def bots(self) -> tuple[bool, ...]:
        return self._bots

    @property
    def over(self) -> bool:
        return self._over

    @property
    def spectator(self) -> bool:
        return self.seat is None

    @property
    def sees(self) -> bool:
        return True

    @property
    def from_lobby(self) -> bool:
        return True

    @property
    def turn_alert(self) -> bool:
        return True

    @property
    def chat(self) -> list[tuple[str, str]]:
        return self._chat

    @property
    def chat_refused(self) -> str | None:
        return self._refused

    def subscribe(self, callback: Callable[[], None]) -> Callable[[], None]:
        self._subscribers.append(callback)
        return lambda: self._subscribers.remove(callback)

    def name(self, seat: int) -> str:
        return self._names[seat] if 0 <= seat < len(self._names) else "?"

    def away(self, seat: int) -> bool:
        """The table's summary names the players whose seat waits for them (`waiting`)."""
        human = 0 <= seat < len(self._bots) and not self._bots[seat]
        return human and self.name(seat) in self._away

    def view(self) -> View | None:
        return self._view

    def result(self) -> Result | None:
        return self._result

    def my_decision(self) -> Decision | None:
        return None if self._asked_for is not None else self._decision

    def waiting_for(self) -> tuple[int, str] | None:
        return self._asked[0] if self._asked else None

    def log_lines(self, render: Render = text) -> tuple[int, list[Line]]:
        keep = min(self._fed, self._cut) if render == self._fed_as else 0  # a new language: all
        start = bisect_right(self.lines, keep, key=lambda line: line[0])
        self._fed = self._cut = self.entries
        self._fed_as = render
        return keep, [(number, render(said)) for number, said in self.lines[start:]]

    def take_moments(self) -> bool:
        found, self._new_moment = self._new_moment, False
        return found

    def last_reveal(self, render: Render = text) -> tuple[int, list[str]] | None:
        if self._moment is None:
            return None
        number = self._moment
        start = bisect_right(self.lines, number - 1, key=lambda line: line[0])
        stop = bisect_right(self.lines, number, key=lambda line: line[0])
        return number, [render(said) for _, said in self.lines[start:stop]]

    def goes_on_alone(self) -> bool:
        return self._over

    # --- no curtain, no bots here: the server plays them ---------------------------------------

    def hand_over(self) -> int | None:
        return None

    def curtain_for(self) -> int | None:
        return None

    def pass_to(self, seat: int) -> None:
        pass

    def bot_to_play(self) -> bool:
        return False

    def play_bot(self) -> bool:
        return False

    # --- acting: a request to the server -------------------------------------------------------

    def decide(self, choice: Choice) -> None:
        decision = self.my_decision()
        if decision is None or self.seat is None:
            raise IllegalAction(Message("you have no decision to make right now"))
        try:  # an illegal choice is refused here already, as the table would refuse it
            normalised = decision.normalise(choice)
        except BadAnswer as error:
            name = self.name(self.seat)
            raise answer_refused(error, self.game.id, name, decision.name) from None
        self._send({"type": "decide", "seat": self.seat, "choice": _plain(normalised)})
        self._asked_for = decision
        self._changed()

    def can_undo(self) -> bool:
        return self._can_undo and self._asked_for is None

    def can_redo(self) -> bool:
        return False

    def undo(self) -> None:
        if not self.can_undo():
            raise IllegalAction(self.undo_reason() or Message("cannot undo now"))
        self._send({"type": "undo"})

    def redo(self) -> None:
        raise IllegalAction(Message("nothing to redo"))

    def undo_reason(self) -> Text:
        return "" if self._can_undo else self._undo_refusal

    def save(self) -> None:
        return None

    def unsaved(self) -> str:
        return SAVED_BY_THE_SERVER

    def saved(self) -> bool:
        return True  # by the server, after every move

    def replay_table(self) -> Table | None:
        return None

    def say(self, text: str) -> None:
        self._said += 1
        self._send({"type": "chat", "text": text, "n": self._said})
        self._on_the_way.append((self._said, text))  # until the table says it or refuses it
        self._refused = None
        self._changed()

    def close(self) -> None:
        self._subscribers.clear()


def _plain(choice: object) -> object:
    """A normalised choice as JSON data (a tuple of ids as a list)."""
    return list(choice) if isinstance(choice, tuple) else choice


def refusal_line(message: dict[str, Any], render: Render) -> str:
    """An `error` from the server as one line written out by `render` (the reader's
    translator's `text`): its message id with its values, decoded as a state's texts are (a
    game's reason with its card names), so it reads in this app's language. When those cannot
    be read (a garbled error, a template that asks more of its values than to name them), the
    line the server wrote (`message`). Either way made safe for a terminal."""
    said = one_line(str(message.get("message", "")))
    template, values = message.get("id"), message.get("values", {})
    if not isinstance(template, str) or not isinstance(values, dict):
        return said
    try:
        params = {str(name): shown(decode(value)) for name, value in values.items()}
        for _, field, spec, _ in Formatter().parse(template):
            # Only named values, as the catalogs' messages have: "{a.b}" or "{a[0]}" would
            # reach into a value, "{a:{b}}" format with another.
            if field is not None and (
                not field.isidentifier() or field not in params or "{" in (spec or "")
            ):
                return said
        return one_line(render(Message(template, **params)))
    except (ProtocolError, ValueError, TypeError, KeyError, IndexError):
        return said


def _names(value: object) -> list[str]:
    """Players' names as sent, made visible. Only a list of strings: a string would be read
    letter by letter (a player named "A" away when "Aki" is), so anything else is a TypeError
    and the state garbled."""
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise TypeError(Message(N_("names that are not a list of texts")))
    return [visible(name) for name in value]


def _line(value: object) -> Text:
    """A log line as decoded: a text (names in it made visible), or a garbled state."""
    if isinstance(value, str | Message | Name):
        return shown(value)
    raise _garbled_state(Message(N_("a log line that is not a text")))


def _garbled_state(why: Text) -> ProtocolError:
    """A state that cannot be read, and why, for the app to say in its language."""
    return ProtocolError(Message(GARBLED_STATE, why=why))
