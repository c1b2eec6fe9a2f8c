"""The saved games list: continue one, or open its replay; delete one (after a confirmation);
sort by date (newest first), by game or by file name. Broken ones explained.

The list reads only each file's header (`saves.peek`), so a folder of long or hostile saves opens
at once. Whether a game is finished needs its log replayed: a worker thread does that one save at
a time, after the list is shown, and keeps only the answer. The save the user opens is loaded in
full then.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from core import paths, saves
from core.text import visible
from tui.widgets.footer import KeysFooter


@dataclass(frozen=True)
class SaveRow:
    path: Path
    summary: saves.Summary | None
    """What the header says; None when the file cannot be read as a save (see `error`)."""
    error: str = ""
    state: str = ""
    """Once the log has been replayed: 'finished: ...' or 'in progress' ('' until then)."""
    loaded: saves.Loaded | None = None
    """The whole game: only for the row the user chose."""
    rules_changed: bool = False
    """A save of older rules that today's rules stop replaying (`error` says where): its replay
    can still be opened, up to that entry."""
    note: str = ""
    """Why the chosen save's replay stops before the end of the file."""


SORTS: tuple[tuple[str, str], ...] = (
    ("date", "by date, newest first"),
    ("game", "by game, newest first"),
    ("name", "by file name"),
)
"""The orders the list cycles through (its sort key), and how the status line names each."""


def sorted_rows(rows: list[SaveRow], order: str) -> list[SaveRow]:
    """`rows` in `order` (one of SORTS). A file that is not a save has no game: it goes last."""
    by_date = sorted(rows, key=lambda row: modified(row.path), reverse=True)
    if order == "game":
        return sorted(by_date, key=lambda row: (row.summary is None, _game(row).casefold()))
    if order == "name":
        return sorted(rows, key=lambda row: row.path.name.casefold())
    return by_date


def _game(row: SaveRow) -> str:
    return row.summary.game if row.summary is not None else ""


def modified(path: Path) -> float:
    """When the file (or, failing that, the link itself) last changed; 0 if neither can say."""
    for follow in (True, False):
        try:
            return path.stat(follow_symlinks=follow).st_mtime
        except (OSError, ValueError):
            continue
    return 0.0


def delete_save(path: Path) -> str:
    """Remove the file listed at `path` (a link: the link, never what it leads to). "" when
    done, else why not, in one line."""
    try:
        path.unlink()
    except IsADirectoryError:
        return f"Cannot delete {visible(path.name)}: it is a folder"
    except FileNotFoundError:
        return ""  # already gone: what was asked is done
    except OSError as error:
        return f"Cannot delete {visible(path.name)}: {error.strerror or error}"
    return ""


def read_saves(folder: Path) -> list[SaveRow]:
    """A row per *.toml file in `folder`, from its header alone. Raises OSError if the folder
    cannot be read."""
    rows: list[SaveRow] = []
    for path in paths.list_saves(folder):
        try:
            rows.append(SaveRow(path, saves.peek(path)))
        except saves.SaveError as error:
            rows.append(SaveRow(path, None, str(error)))
    return rows


def check(row: SaveRow) -> SaveRow:
    """`row` with its state (or the error its log holds), from replaying the whole save."""
    try:
        table = saves.load(row.path, continue_chance=False).table
    except saves.RulesChanged as changed:
        return replace(row, error=str(changed), rules_changed=True)
    except saves.SaveError as error:
        return replace(row, error=str(error))
    result = table.result()
    return replace(row, state=f"finished: {result.summary}" if result else "in progress")


def describe(row: SaveRow) -> Text:
    """A save's entry in the list. File names and errors come from the disk, names and
    results from the file: all shown with their control characters escaped."""
    text = Text(visible(row.path.name), style="bold")
    try:
        stamp = dt.datetime.fromtimestamp(row.path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
        text.append(f"  {stamp}", style="dim")
    except (OSError, ValueError, OverflowError):
        pass
    text.append("\n  ")
    summary = row.summary
    if summary is None:
        text.append(visible(row.error), style="red")
        return text
    names = ", ".join(visible(name) for name in summary.names)
    text.append(f"{summary.game}: {names}\n  ")
    if summary.entries is not None:
        text.append(f"{summary.entries} entries, ")
    if row.error:
        text.append(visible(row.error), style="red")
    elif row.state.startswith("finished"):
        text.append(visible(row.state), style="green")
    elif row.state:
        text.append(row.state + (" (practice)" if summary.practice else ""), style="bold")
    else:
        text.append("checking...", style="dim")
    return text


class SavesScreen(Screen[SaveRow | None]):
    """Dismissed with the chosen save, loaded in full, or None."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", "Back", tooltip="back to the setup screen"),
        Binding(
            "delete,d",
            "delete",
            "Delete",
            key_display="del",
            tooltip="delete the save (after you confirm)",
        ),
        Binding("s", "sort", "Sort", tooltip="sort the list: " + "; ".join(o for _, o in SORTS)),
        Binding("f5", "reload", "Reload", tooltip="read the folder again"),
        Binding("question_mark,f1", "help", "Help", key_display="?", tooltip="this help"),
    ]

    def __init__(self, folder: Path, purpose: str) -> None:
        super().__init__()
        self.folder = folder
        self.purpose = purpose
        self.rows: list[SaveRow] = []
        self.order = SORTS[0][0]
        self._reads = 0  # how many times the folder was read: a check of an older read is late

    def compose(self) -> ComposeResult:
        verb = "Continue a saved game" if self.purpose == "continue" else "Open a replay"
        yield Static(Text(verb, style="bold"), id="saves-title", classes="title-bar")
        yield OptionList(id="saves-list")
        yield Static(id="saves-status")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.action_reload()

    def action_reload(self) -> None:
        self._reads += 1
        try:
            rows = read_saves(self.folder)
        except OSError as error:
            self.rows = []
            self._show_rows()
            where = visible(str(self.folder))
            self._status(f"Cannot read {where}: {error.strerror}", "bold red")
            return
        self.rows = sorted_rows(rows, self.order)
        self._show_rows()
        self._check_rows(self._reads, list(rows))

    def _show_rows(self, highlight: int = 0) -> None:
        """List `self.rows` as they are (checked or not), the cursor on `highlight`."""
        listing = self.query_one(OptionList)
        listing.clear_options()
        where = visible(str(self.folder))
        if not self.rows:
            self._status(f"No saved games in {where}", "italic")
            return
        listing.add_options(
            [Option(describe(row), id=str(index)) for index, row in enumerate(self.rows)]
        )
        listing.highlighted = min(highlight, len(self.rows) - 1)
        listing.focus()
        listing.border_title = f"Sorted {dict(SORTS)[self.order]} (s: sort)"
        self._status(f"{len(self.rows)} saves in {where}", "dim")

    def _status(self, message: str, style: str) -> None:
        self.query_one("#saves-status", Static).update(Text(message, style=style))

    @work(thread=True, exclusive=True, group="check-saves", exit_on_error=False)
    def _check_rows(self, read: int, rows: list[SaveRow]) -> None:
        """Replay each readable save, newest first, to show whether it is finished."""
        worker = get_current_worker()
        for row in rows:
            if row.summary is None:
                continue
            checked = check(row)
            if worker.is_cancelled:
                return
            self.app.call_from_thread(self._checked, read, checked)

    def _checked(self, read: int, row: SaveRow) -> None:
        """Show what replaying `row` said, wherever sorting or deleting has put it since."""
        if read != self._reads or not self.is_attached:
            return  # the folder was read again meanwhile, or the list is closed
        index = next((i for i, old in enumerate(self.rows) if old.path == row.path), None)
        if index is None:
            return  # deleted meanwhile
        self.rows[index] = row
        self.query_one(OptionList).replace_option_prompt_at_index(index, describe(row))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        index = int(event.option.id or 0)
        row = self.rows[index]
        if row.summary is not None and (not row.error or row.rules_changed):
            try:
                row = replace(row, loaded=saves.load(row.path))
            except saves.RulesChanged as changed:
                if self.purpose == "replay":  # watch it up to where today's rules stop it
                    row = replace(row, loaded=changed.accepted, note=changed.reason)
                else:
                    row = replace(row, error=str(changed), rules_changed=True)
                    self._checked(self._reads, row)
            except saves.SaveError as error:
                row = replace(row, error=str(error))
                self._checked(self._reads, row)
        if row.loaded is None:
            self._status(visible(row.error), "bold red")
            return
        if self.purpose == "continue" and row.loaded.table.over:
            self.notify("That game is finished: opening its results.", timeout=3)
        if row.loaded.note:  # its last entry was incomplete: it goes on from the one before
            self.notify(row.loaded.note, severity="warning", timeout=10, markup=False)
        self.dismiss(replace(row, path=paths.followed(row.path)))

    def action_leave(self) -> None:
        self.dismiss(None)

    def action_sort(self) -> None:
        """Sort by the next order of SORTS, the cursor staying on the save it was on."""
        orders = [order for order, _ in SORTS]
        self.order = orders[(orders.index(self.order) + 1) % len(orders)]
        current = self._current()
        self.rows = sorted_rows(self.rows, self.order)
        self._show_rows(self.rows.index(current) if current is not None else 0)

    def action_delete(self) -> None:
        """Delete the highlighted save, once the player has confirmed."""
        from tui.screens.confirm import ConfirmScreen

        row = self._current()
        if row is None:
            return
        name = visible(row.path.name)
        question = Text.assemble("Delete ", (name, "bold"), " from the disk? It cannot be undone.")

        def answered(yes: bool | None) -> None:
            if yes:
                self._delete(row)

        self.app.push_screen(
            ConfirmScreen("Delete a save", question, "Delete it", "Keep it"), answered
        )

    def _delete(self, row: SaveRow) -> None:
        index = next((i for i, old in enumerate(self.rows) if old.path == row.path), None)
        failure = delete_save(row.path)
        if failure:
            self._status(failure, "bold red")
            return
        if index is not None:
            del self.rows[index]
        self._show_rows(index or 0)
        self.notify(f"Deleted {row.path.name}", timeout=3, markup=False)

    def _current(self) -> SaveRow | None:
        highlighted = self.query_one(OptionList).highlighted
        if highlighted is None or not 0 <= highlighted < len(self.rows):
            return None
        return self.rows[highlighted]

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen("Saved games: keys", self))
