"""The help screen: every key the screen it was opened from accepts, and the game's rules.

The keys are read from the bindings themselves, never from a second list: the screen's own, then
each pane's (every focusable widget on it: the prompt, the map, the log...; a pane's keys work
while it has the focus, Tab moves it), then the app's. A binding says what it does in its
`tooltip` (its footer `description` when that is enough). Keys a widget reads outside its
bindings (the prompt's digits) it lists in `HELP_KEYS`; notes that are not keys (the mouse) come
from the caller.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text
from textual.actions import parse
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Static

from core.i18n import N_, Translator
from tui.boards import board_kit
from tui.lang import tr
from tui.widgets.footer import KeysFooter
from tui.wrapped import Wrapped

HelpKeys = tuple[tuple[str, str], ...]
"""(keys, what they do): keys a widget reads outside its bindings, for the help."""


@dataclass
class Section:
    title: str
    keys: list[tuple[str, str]] = field(default_factory=list)


def key_names(app: Any, keys: Iterable[str]) -> str:
    """Keys as the footer names them, joined: "esc / q"."""
    return " / ".join(app.get_key_display(Binding(key, "")) for key in keys)


def accepted(node: DOMNode, action: str) -> bool:
    """Does `node` take `action` at all (its check_action does not rule it out)?"""
    namespace, name, parameters = parse(action)
    if namespace:
        return True  # an action of another node (app.focus_next): always there
    return node.check_action(name, parameters) is not False


def what(binding: Binding, _: Translator) -> str:
    if binding.tooltip or binding.description:
        return _(binding.tooltip or binding.description)
    return parse(binding.action)[1].replace("_", " ")


def binding_rows(node: DOMNode, _: Translator) -> list[tuple[str, str]]:
    """`node`'s bindings as (keys, what), one row per action, in their order, in `_`'s
    language; digits that do alike in turn (1 to 9: the page of that number) are one row, "1-9"."""
    by_action: dict[str, tuple[list[str], Binding]] = {}
    for key, bindings in node._bindings.key_to_bindings.items():
        for binding in bindings:
            if not accepted(node, binding.action) or shadowed(node, key) or idle(node, binding):
                continue
            keys = by_action.setdefault(binding.action, ([], binding))[0]
            if key not in keys:
                keys.append(key)
    seen: set[str] = set()
    rows: list[tuple[list[str], str]] = []
    runs: set[int] = set()  # the rows that are a run of digits
    for keys, binding in by_action.values():
        fresh = [key for key in keys if key not in seen]
        if not fresh:  # a second action on the same keys (u: undo, or why not) is one row
            continue
        seen.update(fresh)
        does = what(binding, _)
        if rows and rows[-1][1] == does and carries_on(rows[-1][0], fresh):
            rows[-1][0].append(fresh[0])
            runs.add(len(rows) - 1)
        else:
            rows.append((fresh, does))
    return [
        (f"{keys[0]}-{keys[-1]}" if index in runs else key_names(node.app, keys), does)
        for index, (keys, does) in enumerate(rows)
    ]


def carries_on(run: list[str], keys: list[str]) -> bool:
    """Is `keys` the one digit after the digits of `run` ("3" after "1", "2")?"""
    digits = [*run, *keys]
    return (
        len(keys) == 1
        and all(key.isdecimal() and len(key) == 1 for key in digits)
        and all(int(after) == int(before) + 1 for before, after in pairwise(digits))
    )


def shadowed(node: DOMNode, key: str) -> bool:
    """A priority binding of the screen or the app takes `key` before `node` sees it (ctrl+c:
    the app copies or saves and quits, never Textual's screen copy; the replay's arrows step
    through the log, never scroll its panel), so `node`'s binding on it never acts."""
    return any(
        binding.priority and accepted(above, binding.action)
        for above in node.ancestors
        for binding in above._bindings.key_to_bindings.get(key, ())
    )


SIDEWAYS = frozenset({"scroll_left", "scroll_right", "page_left", "page_right"})
"""A scrolling widget's actions that move it sideways."""


def idle(node: DOMNode, binding: Binding) -> bool:
    """Does `binding` never act on `node`: a sideways scroll of a widget that never scrolls
    sideways (its overflow-x hidden: a list, a wrapped page). Textual skips it, and the key goes
    on to the screen (the new table's Left/Right change the highlighted row)."""
    return (
        isinstance(node, Widget)
        and parse(binding.action)[1] in SIDEWAYS
        and node.styles.overflow_x == "hidden"
    )


WIDGET_KINDS = {
    "Input": N_("In a text field"),
    "Cycle": N_("In a choice (Left/Right)"),
    "TickBox": N_("In a tick box"),
    "Button": N_("In a button"),
    "OptionList": N_("In a list"),
}
"""The section of keys that work in a widget without a titled pane, by the widget's kind."""


def section_title(widget: Widget, _: Translator) -> str:
    """Where a widget's keys work: in its own titled pane, its nearest titled container's, or
    a widget of its kind ("In a text field")."""
    named: str = getattr(widget, "HELP_TITLE", "")
    if named:
        return _("In {place}", place=_(named))
    for node in (widget, *widget.ancestors):
        title = getattr(node, "border_title", None)
        if title:
            return _("In the {title} panel", title=title)
    for cls in type(widget).__mro__:  # a subclass (TypedInput) is of its base's kind
        if cls.__name__ in WIDGET_KINDS:
            return _(WIDGET_KINDS[cls.__name__])
    kind = type(widget).__name__
    words = re.sub(r"(?<!^)(?=[A-Z])", " ", kind).lower()
    return "In " + ("an " if words[0] in "aeiou" else "a ") + words


def screen_sections(screen: Screen[Any], _: Translator) -> list[Section]:
    """Every key `screen` accepts, by where it works (one section for alike widgets), in `_`'s
    language."""
    sections: dict[str, Section] = {"": Section(_("On this screen"), binding_rows(screen, _))}
    for widget in screen.walk_children(Widget):
        extra: HelpKeys = getattr(widget, "HELP_KEYS", ())
        # Keys work in a widget that takes the focus; one that takes it only at times (the
        # map, while a square may be chosen) names those times in its HELP_TITLE.
        named: str = getattr(widget, "HELP_TITLE", "")
        reachable = widget.focusable or widget.can_focus or bool(named)
        rows = binding_rows(widget, _) if reachable else []
        if rows or extra:
            title = section_title(widget, _)
            section = sections.setdefault(title, Section(title))
            extra = tuple((keys, _(does)) for keys, does in extra)
            section.keys += [row for row in (*extra, *rows) if row not in section.keys]
    everywhere = Section(_("Everywhere"), binding_rows(screen.app, _))
    return [section for section in (*sections.values(), everywhere) if section.keys]


GOES_BACK = N_("Escape goes back from every screen. The mouse works but is never needed.")
NEVER_NEEDS_THE_MOUSE = N_("The mouse works but is never needed.")
"""The help's last line, where Escape does nothing on the screen it tells of."""


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1", "close", N_("Close"), tooltip=N_("close the help")),
        Binding("up", "scroll(-1)", show=False, tooltip=N_("scroll up")),
        Binding("down", "scroll(1)", show=False, tooltip=N_("scroll down")),
        Binding("pageup", "scroll(-10)", show=False, tooltip=N_("a page up")),
        Binding("pagedown,space", "scroll(10)", show=False, tooltip=N_("a page down")),
    ]

    def __init__(
        self,
        title: str,
        of: Screen[Any],
        game_id: str | None = None,
        notes: Sequence[tuple[str, str]] = (),
    ):
        """The keys of screen `of` (read now: it is the screen on show), `notes` (what is not
        a key: the mouse; message ids) and the rules of `game_id`."""
        super().__init__()
        _ = tr(of)
        self.title_text = title
        self.sections = screen_sections(of, _)
        # (a screen with nowhere to go back to, the SSH lobby, takes no Escape)
        goes_back = "escape" in of._bindings.key_to_bindings
        self.closing_line = GOES_BACK if goes_back else NEVER_NEEDS_THE_MOUSE
        if notes:
            self.sections.append(Section(_("Also"), [(_(k), _(does)) for k, does in notes]))
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        _ = tr(self)
        parts: list[RenderableType] = [Text(self.title_text, style="bold")]
        for section in self.sections:
            keys = RichTable.grid(padding=(0, 2))
            keys.add_column(no_wrap=True, style="bold")
            keys.add_column(ratio=1)
            for key, does in section.keys:
                keys.add_row(key, Wrapped(does))
            parts += [Text(f"\n{section.title}", style="bold underline"), keys]
        parts.append(Wrapped("\n" + _(self.closing_line)))
        if self.game_id:
            # The rules summaries are the games' texts (tui/boards/): translated where the
            # catalogs have them.
            rules = board_kit(self.game_id).rules
            if rules:
                parts += [
                    Text("\n" + _("The rules in short") + "\n", style="bold"),
                    Wrapped(_unwrap(_(rules))),
                ]
        with VerticalScroll(id="help-body"):
            yield Static(Group(*parts), id="help-text")
        yield KeysFooter()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#help-body", VerticalScroll).scroll_relative(y=lines, animate=False)


def _unwrap(text: str) -> str:
    """Join hard-wrapped lines into paragraphs, so the text reflows to the screen's width."""
    paragraphs = [" ".join(chunk.split()) for chunk in text.split("\n\n")]
    return "\n\n".join(paragraph for paragraph in paragraphs if paragraph)
