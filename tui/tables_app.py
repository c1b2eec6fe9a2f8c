"""The app of an SSH session at `partyline serve`'s tables: the lobby, a table waiting for its
start, and the game screen for this session's seat (a RemoteSession), over the server's local
socket (server.hub, which this child does not import), in this app's event loop.

The connection says hello with the session's token (and, for a guest, the name typed on the
name screen); after that every message the server sends is dispatched here: the lobby's list,
a table's state (the waiting screen before the start, the game screen after), chat lines, and
errors, each shown as one line on the screen that asked. Lines from the server are checked as
the protocol says (size, JSON, version, type); one that is not is an error line too, and
nothing changes.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.screen import Screen

from core.errors import os_reason, reason_of
from core.i18n import DEFAULT_LANGUAGE, N_, Language
from core.narration import Message
from core.text import SERVED_NAME_CELLS, one_line, visible
from server.protocol import (
    GARBLED_LOBBY,
    GARBLED_STATE,
    MAX_FROM_SERVER,
    NAME_IN_USE,
    SERVER_TYPES,
    LineBuffer,
    ProtocolError,
    dump,
    load,
)
from tui.app import PartylineApp
from tui.lang import tr
from tui.remote_session import RemoteSession, refusal_line
from tui.screens.lobby import LobbyScreen, NameScreen, WaitingScreen

READ_SIZE = 65536
GONE = N_("partyline: the tables' server has gone")


class TablesApp(PartylineApp):
    def __init__(
        self,
        *,
        tables: Path,
        token: str,
        player: str | None,
        save_dir: Path,
        language: Language = DEFAULT_LANGUAGE,
        name_cells: int = SERVED_NAME_CELLS,
    ) -> None:
        super().__init__(save_dir=save_dir, language=language)
        self.name_cells = name_cells
        """The widest name the server takes (its --max-name-length), as the name screen says."""
        self.tables_path = tables
        self.token = token
        self.player: str | None = None
        """The name the server welcomed this session as."""
        self._given_player = player
        self.lobby_tables: list[dict[str, Any]] = []
        self.reconnect_code: str | None = None
        """A guest's reconnect code, as the server gave it once (shown in the lobby)."""
        self.session: RemoteSession | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._lines = LineBuffer(MAX_FROM_SERVER)

    def get_default_screen(self) -> Screen[Any]:
        return LobbyScreen()

    # --- the connection ----------------------------------------------------------------------

    def on_mount(self) -> None:
        super().on_mount()
        self.run_worker(self._connect(), exit_on_error=False)

    async def _connect(self) -> None:
        try:
            reader, self._writer = await asyncio.open_unix_connection(str(self.tables_path))
        except OSError as error:
            _ = tr(self)
            why = _.text(os_reason(error))
            self.exit(message=_("partyline: cannot reach the tables: {why}", why=why))
            return
        if self._given_player is not None:
            self.send({"type": "hello", "token": self.token, "lang": self.language})
        else:
            self.push_screen(NameScreen(self.name_cells))
        try:
            while data := await reader.read(READ_SIZE):
                for line in self._lines.feed(data):
                    self._receive(line)
        except OSError:
            pass
        self.exit(message=tr(self)(GONE))

    def send(self, message: dict[str, Any]) -> None:
        writer = self._writer
        if writer is not None and not writer.is_closing():
            writer.write(dump(message))

    def hello(self, name: str, code: str | None = None) -> None:
        message = {"type": "hello", "token": self.token, "name": name, "lang": self.language}
        if code is not None:
            message["code"] = code
        self.send(message)

    def set_language(self, language: Language) -> None:
        """The language switch (the lobby's, the game screen's): the server's refusals follow
        it too."""
        super().set_language(language)
        if self.player is not None:
            self.send({"type": "language", "lang": language})

    # --- what the server says ----------------------------------------------------------------

    def _receive(self, line: bytes | None) -> None:
        _ = tr(self)
        if line is None:
            self.show_error(_("a message from the server was too long"))
            return
        try:
            message = load(line, MAX_FROM_SERVER, SERVER_TYPES)
            getattr(self, f"_on_{message['type']}", self._ignore)(message)
        except ProtocolError as error:  # a garbled message: its reason in this app's language
            self.show_error(visible(one_line(_.text(reason_of(error)))))
        except Exception as error:  # a bug here must not stop the session's reading
            self.show_error(
                _("partyline: could not take the server's message: {why}", why=visible(str(error)))
            )

    def _ignore(self, message: dict[str, Any]) -> None:
        pass

    def _on_welcome(self, message: dict[str, Any]) -> None:
        self.player = str(message.get("player", ""))
        code = message.get("code")
        if isinstance(code, str) and code:
            self.reconnect_code = visible(code)
        if isinstance(self.screen, NameScreen):
            self.pop_screen()
        self._lobby_changed()

    def _on_lobby(self, message: dict[str, Any]) -> None:
        tables = message.get("tables")
        if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
            raise ProtocolError(Message(GARBLED_LOBBY))
        self.lobby_tables = tables
        # A lobby comes only to a session at no table: one that left (or was moved from its
        # seat by the same player's new session) goes back to the lobby.
        if (
            any(isinstance(screen, WaitingScreen) for screen in self.screen_stack)
            or self._at_game()
        ):
            self._back_to_lobby()
            self.session = None
        self._lobby_changed()

    def _lobby_changed(self) -> None:
        for screen in self.screen_stack:
            if isinstance(screen, LobbyScreen) and screen.is_mounted:
                screen.show_tables()

    def _on_state(self, message: dict[str, Any]) -> None:
        from tui.screens.game import GameScreen

        if not isinstance(message.get("table"), dict):
            raise ProtocolError(Message(GARBLED_STATE, why=Message(N_("no table"))))
        if "entries" not in message:  # not started: the table waits
            if isinstance(self.screen, WaitingScreen):
                self.screen.show(message)
            else:
                self._back_to_lobby()
                self.push_screen(WaitingScreen(message))
            return
        session = self.session
        if session is not None and session.table_id == message["table"].get("id"):
            session.apply(message)
            return
        self._back_to_lobby()
        self.session = RemoteSession(self.send, message)
        self.push_screen(GameScreen(self.session))

    def _on_chat(self, message: dict[str, Any]) -> None:
        if self.session is not None:
            said = str(message.get("from", "")), str(message.get("text", ""))
            self.session.hear(*said, message.get("n"))

    def _on_error(self, message: dict[str, Any]) -> None:
        line = refusal_line(message, tr(self).text)  # in this app's language
        if message.get("id") == NAME_IN_USE and isinstance(self.screen, NameScreen):
            self.screen.ask_code(line)  # a guest whose connection dropped: the code takes it back
            return
        if self.session is not None:
            # (before the line: the question asked again shows it)
            self.session.refused(message.get("answers"))
        self.show_error(line)

    def show_error(self, text: str) -> None:
        """One line on the screen in front (a dialog's: as a notification)."""
        shower = getattr(self.screen, "show_error", None)
        if callable(shower):
            shower(text)
        else:
            self.notify(text, severity="error")

    # --- moving between screens ----------------------------------------------------------------

    def _back_to_lobby(self) -> None:
        """Close everything above the lobby (the lobby is the bottom screen)."""
        while len(self.screen_stack) > 1 and not isinstance(self.screen, NameScreen):
            self.pop_screen()
        if self.session is not None and not self._at_game():
            self.session = None

    def _at_game(self) -> bool:
        from tui.screens.game import GameScreen

        return any(isinstance(screen, GameScreen) for screen in self.screen_stack)

    def show_setup(self) -> None:
        """The game screen's way back (Escape, "new game"): the lobby. The seat stays this
        player's: sitting at the table again comes back to it."""
        self.send({"type": "leave"})
        self._back_to_lobby()
        self.session = None
        self.send({"type": "lobby"})
