"""The saved games list: continue one, or open its replay. Newest first; broken ones explained."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core import paths, saves
from core.text import visible
from tui.shown import ShownTable
from tui.widgets.footer import KeysFooter


@dataclass(frozen=True)
class SaveRow:
    path: Path
    loaded: saves.Loaded | None
    error: str = ""


def read_saves(folder: Path) -> list[SaveRow]:
    rows: list[SaveRow] = []
    for path in paths.list_saves(folder):
        try:
            rows.append(SaveRow(path, saves.load(path)))
        except saves.SaveError as error:
            rows.append(SaveRow(path, None, str(error)))
    return rows


def describe(row: SaveRow) -> Text:
    """A save's entry in the list. File names and errors come from the disk, names from the
    file: all shown with their control characters escaped."""
    text = Text(visible(row.path.name), style="bold")
    try:
        stamp = dt.datetime.fromtimestamp(row.path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
        text.append(f"  {stamp}", style="dim")
    except OSError:
        pass
    text.append("\n  ")
    if row.loaded is None:
        text.append(visible(row.error), style="red")
        return text
    table = row.loaded.table
    shown = ShownTable(table)
    text.append(f"{table.game.title}: {', '.join(shown.names)}\n  ")
    text.append(f"{len(table)} entries, ")
    result = shown.result()
    if result is not None:
        text.append(f"finished: {result.summary}", style="green")
    else:
        text.append("in progress" + (" (practice)" if table.practice else ""), style="bold")
    return text


class SavesScreen(Screen[SaveRow | None]):
    """Dismissed with the chosen (loadable) save, or None."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", "Back"),
        Binding("f5", "reload", "Reload"),
        Binding("question_mark,f1", "help", "Help", key_display="?"),
    ]

    def __init__(self, folder: Path, purpose: str) -> None:
        super().__init__()
        self.folder = folder
        self.purpose = purpose
        self.rows: list[SaveRow] = []

    def compose(self) -> ComposeResult:
        verb = "Continue a saved game" if self.purpose == "continue" else "Open a replay"
        yield Static(Text(verb, style="bold"), id="saves-title", classes="title-bar")
        yield OptionList(id="saves-list")
        yield Static(id="saves-status")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.action_reload()

    def action_reload(self) -> None:
        self.rows = read_saves(self.folder)
        listing = self.query_one(OptionList)
        listing.clear_options()
        status = self.query_one("#saves-status", Static)
        if not self.rows:
            status.update(Text(visible(f"No saved games in {self.folder}"), style="italic"))
            return
        listing.add_options(
            [Option(describe(row), id=str(index)) for index, row in enumerate(self.rows)]
        )
        listing.highlighted = 0
        listing.focus()
        status.update(Text(visible(f"{len(self.rows)} saves in {self.folder}"), style="dim"))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        row = self.rows[int(event.option.id or 0)]
        if row.loaded is None:
            status = self.query_one("#saves-status", Static)
            status.update(Text(visible(row.error), style="bold red"))
            return
        if self.purpose == "continue" and row.loaded.table.over:
            self.notify("That game is finished: opening its results.", timeout=3)
        self.dismiss(row)

    def action_leave(self) -> None:
        self.dismiss(None)

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        keys = [
            ("Up / Down", "move through the saves (newest first)"),
            ("Enter", "continue the game / open its replay"),
            ("F5", "read the folder again"),
            ("Escape", "back to the setup screen"),
        ]
        self.app.push_screen(HelpScreen("Saved games: keys", keys))
