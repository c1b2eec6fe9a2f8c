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

from core import paths, resume_cache, saves
from core.errors import os_reason
from core.i18n import N_, Translator
from core.narration import Text as GameText
from core.text import one_line, visible
from tui.lang import assemble, tr
from tui.widgets.footer import KeysFooter

IN_PROGRESS, FINISHED = "in progress", "finished"


@dataclass(frozen=True)
class SaveRow:
    path: Path
    summary: saves.Summary | None
    """What the header says; None when the file cannot be read as a save (see `error`)."""
    error: GameText = ""
    state: str = ""
    """Once the log has been replayed: FINISHED or IN_PROGRESS ('' until then)."""
    result: GameText = ""
    """A finished game's result, as the game sums it up (rendered in the viewer's language)."""
    loaded: saves.Loaded | None = None
    """The whole game: only for the row the user chose."""
    rules_changed: bool = False
    """A save of older rules that today's rules stop replaying (`error` says where): its replay
    can still be opened, up to that entry."""
    note: GameText = ""
    """Why the chosen save's replay stops before the end of the file."""


SORTS: tuple[tuple[str, str], ...] = (
    ("date", N_("by date, newest first")),
    ("game", N_("by game, newest first")),
    ("name", N_("by file name")),
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


def delete_save(path: Path, _: Translator) -> str:
    """Remove the file listed at `path` (a link: the link, never what it leads to). "" when
    done, else why not, in one line in `_`'s language."""
    try:
        path.unlink()
    except IsADirectoryError:
        return _("Cannot delete {name}: it is a folder", name=visible(path.name))
    except FileNotFoundError:
        return ""  # already gone: what was asked is done
    except OSError as error:
        why = os_reason(error)
        return _("Cannot delete {name}: {why}", name=visible(path.name), why=why)
    return ""


def read_saves(folder: Path) -> list[SaveRow]:
    """A row per *.toml file in `folder`, from its header alone. Raises OSError if the folder
    cannot be read."""
    rows: list[SaveRow] = []
    for path in paths.list_saves(folder):
        try:
            rows.append(SaveRow(path, saves.peek(path)))
        except saves.SaveError as error:
            rows.append(SaveRow(path, None, error.message))
    return rows


def check(row: SaveRow) -> SaveRow:
    """`row` with its state (or the error its log holds), from replaying the whole save."""
    try:
        table = saves.load(row.path, continue_chance=False).table
    except saves.RulesChanged as changed:
        return replace(row, error=changed.message, rules_changed=True)
    except saves.SaveError as error:
        return replace(row, error=error.message)
    result = table.result()
    if result is None:
        return replace(row, state=IN_PROGRESS)
    return replace(row, state=FINISHED, result=result.summary)


def describe(row: SaveRow, _: Translator) -> Text:
    """A save's entry in the list, in `_`'s language. File names and errors come from the
    disk, names and results from the file: all shown with their control characters escaped."""
    text = Text(visible(row.path.name), style="bold")
    try:
        stamp = dt.datetime.fromtimestamp(row.path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
        text.append(f"  {stamp}", style="dim")
    except (OSError, ValueError, OverflowError):
        pass
    text.append("\n  ")
    summary = row.summary
    if summary is None:
        text.append(_shown(row.error, _), style="red")
        return text
    names = ", ".join(visible(name) for name in summary.names)
    text.append(f"{visible(_(summary.game))}: {names}\n  ")  # a game's title: translated
    if summary.entries is not None:
        text.append(_.ngettext("{n} entry, ", "{n} entries, ", summary.entries))
    if row.error:
        text.append(_shown(row.error, _), style="red")
    elif row.state == FINISHED:
        text.append(_("finished: {result}", result=visible(_(row.result))), style="green")
    elif row.state == IN_PROGRESS:
        state = _("in progress (practice)") if summary.practice else _("in progress")
        text.append(state, style="bold")
    else:
        text.append(_("checking..."), style="dim")
    return text


def _shown(error: GameText, _: Translator) -> str:
    """Why a save does not load, in `_`'s language, on one line that is safe to show."""
    return one_line(_(error))


class SavesScreen(Screen[SaveRow | None]):
    """Dismissed with the chosen save, loaded in full, or None."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", N_("Back"), tooltip=N_("back to the setup screen")),
        Binding(
            "delete,d",
            "delete",
            N_("Delete"),
            key_display="del",
            tooltip=N_("delete the save (after you confirm)"),
        ),
        Binding(
            "s",
            "sort",
            N_("Sort"),
            tooltip=N_("sort the list: by date, newest first; by game, newest first; by file name"),
        ),
        Binding("f5", "reload", N_("Reload"), tooltip=N_("read the folder again")),
        Binding("question_mark,f1", "help", N_("Help"), key_display="?", tooltip=N_("this help")),
    ]

    def __init__(self, folder: Path, purpose: str) -> None:
        super().__init__()
        self.folder = folder
        self.purpose = purpose
        self.rows: list[SaveRow] = []
        self.order = SORTS[0][0]
        self._reads = 0  # how many times the folder was read: a check of an older read is late

    def compose(self) -> ComposeResult:
        _ = tr(self)
        verb = _("Continue a saved game") if self.purpose == "continue" else _("Open a replay")
        yield Static(Text(verb, style="bold"), id="saves-title", classes="title-bar")
        yield OptionList(id="saves-list")
        yield Static(id="saves-status")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.action_reload()

    def action_reload(self) -> None:
        _ = tr(self)
        self._reads += 1
        try:
            rows = read_saves(self.folder)
        except OSError as error:
            self.rows = []
            self._show_rows()
            where = visible(str(self.folder))
            message = _("Cannot read {folder}: {why}", folder=where, why=os_reason(error))
            self._status(message, "bold red")
            return
        self.rows = sorted_rows(rows, self.order)
        self._show_rows()
        self._check_rows(self._reads, list(rows))

    def _show_rows(self, highlight: int = 0) -> None:
        """List `self.rows` as they are (checked or not), the cursor on `highlight`."""
        _ = tr(self)
        listing = self.query_one(OptionList)
        listing.clear_options()
        where = visible(str(self.folder))
        if not self.rows:
            self._status(_("No saved games in {folder}", folder=where), "italic")
            return
        listing.add_options(
            [Option(describe(row, _), id=str(index)) for index, row in enumerate(self.rows)]
        )
        listing.highlighted = min(highlight, len(self.rows) - 1)
        listing.focus()
        listing.border_title = _("Sorted {order} (s: sort)", order=_(dict(SORTS)[self.order]))
        self._status(
            _.ngettext(
                "{n} save in {folder}", "{n} saves in {folder}", len(self.rows), folder=where
            ),
            "dim",
        )

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
        self.query_one(OptionList).replace_option_prompt_at_index(index, describe(row, tr(self)))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        _ = tr(self)
        index = int(event.option.id or 0)
        row = self.rows[index]
        if row.summary is not None and (not row.error or row.rules_changed):
            try:
                row = replace(row, loaded=resume_cache.load(row.path))
            except saves.RulesChanged as changed:
                if self.purpose == "replay":  # watch it up to where today's rules stop it
                    row = replace(row, loaded=changed.accepted, note=changed.reason)
                else:
                    row = replace(row, error=changed.message, rules_changed=True)
                    self._checked(self._reads, row)
            except saves.SaveError as error:
                row = replace(row, error=error.message)
                self._checked(self._reads, row)
        if row.loaded is None:
            self._status(_shown(row.error, _), "bold red")
            return
        if self.purpose == "continue" and row.loaded.table.over:
            self.notify(_("That game is finished: opening its results."), timeout=3)
        if row.loaded.note:  # its last entry was incomplete: it goes on from the one before
            self.notify(_(row.loaded.note), severity="warning", timeout=10)
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

        _ = tr(self)
        row = self._current()
        if row is None:
            return
        name = Text(visible(row.path.name), style="bold")
        question = assemble(_("Delete {name} from the disk? It cannot be undone."), name=name)

        def answered(yes: bool | None) -> None:
            if yes:
                self._delete(row)

        confirm = ConfirmScreen(_("Delete a save"), question, _("Delete it"), _("Keep it"))
        self.app.push_screen(confirm, answered)

    def _delete(self, row: SaveRow) -> None:
        _ = tr(self)
        index = next((i for i, old in enumerate(self.rows) if old.path == row.path), None)
        failure = delete_save(row.path, tr(self))
        if failure:
            self._status(failure, "bold red")
            return
        if index is not None:
            del self.rows[index]
        self._show_rows(index or 0)
        self.notify(_("Deleted {name}", name=row.path.name), timeout=3)

    def _current(self) -> SaveRow | None:
        highlighted = self.query_one(OptionList).highlighted
        if highlighted is None or not 0 <= highlighted < len(self.rows):
            return None
        return self.rows[highlighted]

    def action_help(self) -> None:
        _ = tr(self)
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(_("Saved games: keys"), self))
