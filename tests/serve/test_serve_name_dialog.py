"""The guest's name dialog at 80x24 (a Pilot, the tables' server in the same event loop): a
long refusal wraps inside the dialog, Japanese between characters (tui.wrapped), every word of
it shown, none past the dialog's border."""

from __future__ import annotations

import asyncio
from pathlib import Path

from rich.cells import cell_len
from textual.widgets import Input

from core.i18n import translator
from core.wrap import NO_LINE_START
from server.hub import NAME_TOO_LIKE, TableServer
from server.limits import Limits
from server.protocol import NAME_IN_USE, dump
from tui.screens.lobby import ErrorLine, LobbyScreen, NameScreen
from tui.tables_app import TablesApp

SIZE = (80, 24)
HELD = "勇者勇者勇者勇者"  # 16 cells: the widest name the server allows


def dialog_lines(app: TablesApp) -> tuple[list[str], int]:
    """The rows of the name dialog's refusal as the terminal shows them (inside the border
    and padding), and the width the dialog gives them."""
    box = app.screen.query_one("#name-box")
    error = app.screen.query_one(ErrorLine)
    strips = app.screen._compositor.render_strips()
    inside = box.content_region
    rows = [
        strips[y].crop(inside.x, inside.right).text.rstrip()
        for y in range(error.region.y, error.region.bottom)
    ]
    assert error.region.right <= box.region.right  # nothing drawn past the dialog
    return rows, inside.width


async def refusal_shown(tmp_path: Path, language: str, name: str) -> tuple[list[str], int, str]:
    server = TableServer(Limits(), bot_delay=0, log=lambda line: None)
    await server.start()
    reader, writer = await asyncio.open_unix_connection(str(server.path))
    writer.write(dump({"type": "hello", "token": server.token_for(None), "name": HELD}))
    await writer.drain()
    await reader.readline()  # welcome: the name is taken
    app = TablesApp(
        tables=server.path,
        token=server.token_for(None),
        player=None,
        save_dir=tmp_path,
        language=language,  # type: ignore[arg-type]
    )
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, NameScreen)
            await pilot.press(*name, "enter")
            error = app.screen.query_one(ErrorLine)
            for _ in range(200):
                await pilot.pause(0.01)
                if getattr(error, "text", ""):
                    break
            await pilot.pause()
            rows, width = dialog_lines(app)
            return rows, width, error.text
    finally:
        writer.close()
        await server.stop()


async def test_a_japanese_refusal_wraps_between_characters_inside_the_dialog(
    tmp_path: Path,
) -> None:
    rows, width, said = await refusal_shown(tmp_path, "ja", HELD)
    assert said == translator("ja")(NAME_IN_USE, name=HELD)
    lines = [row for row in rows if row]
    assert len(lines) >= 2
    # Broken only at spaces, the sentence after the name would go down whole, leaving the
    # first row half empty.
    assert cell_len(lines[0]) >= width - 2, rows
    assert all(cell_len(line) <= width for line in lines)
    assert not [line for line in lines[1:] if line[0] in NO_LINE_START]
    assert "".join(lines).replace(" ", "") == said.replace(" ", "")  # every word of it shown


async def test_a_long_english_refusal_is_shown_whole_inside_the_dialog(tmp_path: Path) -> None:
    name = "Bartholomew_the_Bold_and_Brave"
    rows, width, said = await refusal_shown(tmp_path, "en", name)
    assert said.startswith(f'partyline: the name "{name}" is too wide')
    lines = [row for row in rows if row]
    assert all(cell_len(line) <= width for line in lines)
    assert " ".join(line.strip() for line in lines) == said
    assert lines[0] == lines[0].lstrip()  # aligned with the dialog's labels


async def test_a_name_too_like_one_in_use_is_refused_and_another_is_taken(tmp_path: Path) -> None:
    """No code is asked for (no seat of this guest's is behind that name): the refusal says
    whose name it is too like, under the field, and the next name typed gets in."""
    server = TableServer(Limits(), bot_delay=0, log=lambda line: None)
    await server.start()
    reader, writer = await asyncio.open_unix_connection(str(server.path))
    writer.write(dump({"type": "hello", "token": server.token_for(None), "name": "Aki"}))
    await writer.drain()
    await reader.readline()  # welcome: Aki is here
    token = server.token_for(None)
    app = TablesApp(tables=server.path, token=token, player=None, save_dir=tmp_path, language="ja")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, NameScreen)
            await pilot.press(*"aki", "enter")
            error = app.screen.query_one(ErrorLine)
            for _ in range(200):
                await pilot.pause(0.01)
                if getattr(error, "text", ""):
                    break
            assert error.text == translator("ja")(NAME_TOO_LIKE, name="aki", other="Aki")
            assert not app.screen.query_one("#code-input").display
            name = app.screen.query_one("#name-input", Input)
            assert name.has_focus
            name.value = ""
            await pilot.press(*"Ben", "enter")
            for _ in range(200):
                await pilot.pause(0.01)
                if not isinstance(app.screen, NameScreen):
                    break
            assert isinstance(app.screen, LobbyScreen)
    finally:
        writer.close()
        await server.stop()
