"""The help of the lobby's new-table screen (a Pilot, the tables' server in the same event
loop): every key says what it does in the reader's language. `left` read "change", the
action's name, in both languages; `right` and F2 only their footer words."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.i18n import Language, translator
from server.hub import TableServer
from server.limits import Limits
from tui.screens.help import GOES_BACK, NEVER_NEEDS_THE_MOUSE, HelpScreen
from tui.screens.lobby import CreateScreen, LobbyScreen
from tui.tables_app import TablesApp

SIZE = (80, 24)
SAID = {
    "f2": "make the table with these settings and sit at it",
    "right": "the highlighted row: its next choice (Enter too)",
    "left": "the highlighted row: its previous choice",
    "esc": "back to the lobby",
}


async def help_at(tmp_path: Path, language: Language, *keys: str) -> HelpScreen:
    """The help of the lobby's screen that `keys`, pressed in the lobby, lead to."""
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
            if keys:
                await pilot.press(*keys)
                await pilot.pause()
                assert isinstance(app.screen, CreateScreen)
            await pilot.press("f1")
            await pilot.pause()
            help_screen = app.screen
            assert isinstance(help_screen, HelpScreen)
            return help_screen
    finally:
        await server.stop()


async def create_help(tmp_path: Path, language: Language) -> dict[str, dict[str, str]]:
    """The new-table screen's help rows by section title, keys: what they do."""
    help_screen = await help_at(tmp_path, language, "c")
    return {section.title: dict(section.keys) for section in help_screen.sections}


@pytest.mark.parametrize("language", ["en", "ja"])
async def test_every_key_of_the_new_table_screen_says_what_it_does(
    tmp_path: Path, language: Language
) -> None:
    _ = translator(language)
    rows = next(iter((await create_help(tmp_path, language)).values()))  # on this screen
    assert {keys: rows.get(keys) for keys in SAID} == {keys: _(does) for keys, does in SAID.items()}
    # No row falls back on its action's name (help.what: "change", "create", "back").
    assert not {"change", "create", "back"} & set(rows.values())


@pytest.mark.parametrize("language", ["en", "ja"])
async def test_the_settings_list_lists_only_keys_that_act(
    tmp_path: Path, language: Language
) -> None:
    """The list of the table's settings had its section titled "In the A new table panel" (the
    screen's title as the panel's), and listed Left/Right as scrolling it sideways: the list
    never scrolls sideways, the keys go on to the screen and change the highlighted row."""
    _ = translator(language)
    sections = await create_help(tmp_path, language)
    panel = _("In the {title} panel", title=_("Settings"))
    assert list(sections)[:2] == [_("On this screen"), panel]
    assert list(sections[panel]) == ["up", "down", "home", "end", "pgup", "pgdn", "enter"]
    assert not any(_("A new table") in title for title in sections)


async def test_the_lobby_help_does_not_promise_escape(tmp_path: Path) -> None:
    """The help ends "Escape goes back from every screen": the lobby, the first screen of an
    SSH player, has nowhere to go back to and takes no Escape (q leaves the server). Its help
    says only what is true there; the new-table screen's, where Escape goes back, keeps it."""
    lobby = await help_at(tmp_path, "en")
    assert lobby.closing_line == NEVER_NEEDS_THE_MOUSE
    assert (await help_at(tmp_path, "en", "c")).closing_line == GOES_BACK
