"""The help of the lobby's new-table screen (a Pilot, the tables' server in the same event
loop): every key says what it does in the reader's language. `left` read "change", the
action's name, in both languages; `right` and F2 only their footer words."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.i18n import Language, translator
from server.hub import TableServer
from server.limits import Limits
from tui.screens.help import HelpScreen
from tui.screens.lobby import CreateScreen, LobbyScreen
from tui.tables_app import TablesApp

SIZE = (80, 24)
SAID = {
    "f2": "make the table with these settings and sit at it",
    "right": "the highlighted row: its next choice (Enter too)",
    "left": "the highlighted row: its previous choice",
    "esc": "back to the lobby",
}


async def create_help(tmp_path: Path, language: Language) -> dict[str, str]:
    """The new-table screen's help rows, keys: what they do."""
    server = TableServer(Limits(), bot_delay=0, log=lambda line: None)
    await server.start()
    app = TablesApp(
        tables=server.path,
        token=server.token_for("Aki"),
        player="Aki",
        save_dir=tmp_path,
        language=language,
    )
    try:
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(200):
                await pilot.pause(0.01)
                if app.player is not None and isinstance(app.screen, LobbyScreen):
                    break
            await pilot.press("c")
            await pilot.pause()
            assert isinstance(app.screen, CreateScreen)
            await pilot.press("f1")
            await pilot.pause()
            help_screen = app.screen
            assert isinstance(help_screen, HelpScreen)
            return dict(row for section in help_screen.sections[:1] for row in section.keys)
    finally:
        await server.stop()


@pytest.mark.parametrize("language", ["en", "ja"])
async def test_every_key_of_the_new_table_screen_says_what_it_does(
    tmp_path: Path, language: Language
) -> None:
    _ = translator(language)
    rows = await create_help(tmp_path, language)
    assert {keys: rows.get(keys) for keys in SAID} == {keys: _(does) for keys, does in SAID.items()}
    # No row falls back on its action's name (help.what: "change", "create", "back").
    assert not {"change", "create", "back"} & set(rows.values())
