"""The prompt panel: renders any pending Decision by its kind and collects the answer.

One widget serves every decision kind, so a new game needs no new prompt:

- choose one / confirm: every option has a number (its key, kept for the whole decision: see
  tui/widgets/optionkeys.py); typing it picks the option (a key of 10 or more is typed digit by
  digit; a digit that could start a longer key waits for the next one or Enter); arrows move,
  Enter picks. An unavailable option stays in its place, dimmed, with its reason; its key
  says why it cannot be chosen.
- choose several: numbers or Space toggle; Enter confirms the set.
- choose one / several: `/` opens a filter line: typing shows only the options whose text
  contains it (numbers still pick by key, the keys never change); Backspace edits, Escape
  clears it.
- order: Up/Down select an item; Left/Right, [ ] or Shift+Up/Down move it; Home or f moves it
  to the front; Space picks it up (arrows then move it) or puts it down; Enter confirms. With a
  `card_info` hook (the game's kit), each item shows as a card: position, level, name, timing.
  The mouse: a click on an item selects it; press on one, drag it up or down and release on
  another line to move it there (the others shift).
- the option under the cursor shows in full below the options when it is a card (`card_info`)
  or the decision is an order.
- allocate: arrows pick a line; Left/Right or -/+ change its amount; digits set it; Enter confirms.

The widget never judges legality itself: it posts `Chosen` and the screen hands the answer to the
table, whose IllegalAction message comes back through `show_error` (nothing is lost). It tells
`on_cursor` when its cursor lands on another option (the screen marks it on the board), and
`select` moves its cursor to the option chosen on the board's map. A decision taken for another
side (`Decision.acting_for`) gets a banner above the question (`acting_banner`).

A change within the prompt (a cursor key, a toggle, a typed digit) repaints only the lines it
changed while the prompt keeps its height, and lays the screen out again only when the height
changes (`_repaint`): a cursor key repaints two options' lines, not the panel.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.widget import Widget

from core.decisions import ActingFor, Choice, Decision, DecisionKind, Option, OptionId
from core.i18n import N_, Translator
from core.narration import Text as GameText
from core.text import visible
from tui.boards import CardInfo
from tui.lang import tr
from tui.widgets.optionkeys import Keys, keys_for, matches, waits
from tui.wrapped import wrap_text

KEYED = (DecisionKind.CHOOSE_ONE, DecisionKind.CONFIRM, DecisionKind.CHOOSE_SEVERAL)
"""The kinds whose options are picked by their keys, and can be filtered."""

FILTER_LINE = N_("Filter: {text}_  (Backspace edits, Esc clears)")
NO_MATCH = N_("No option matches.")
FILTER_HINT = N_("/ filters")
GONE = N_("{label}: no longer on offer")
NO_OPTION = N_("there is no option {key}")
COUNT = N_("To confirm, choose {span} ({chosen} chosen).")
TYPED = N_("{typed}_: type the next digit, or Enter for {typed}.")


@dataclass
class _Painted:
    """What the prompt last rendered: its content size, the lines its content needed, the
    lines shown, and the screen's size then."""

    width: int
    height: int
    needed: int
    lines: list[Text]
    screen: Size


@dataclass
class _Line:
    text: Text
    option: int | None = None
    row: int | None = None  # an option's row (its place in an order)


CursorHook = Callable[[Decision, int], None]
"""Told that the cursor of a decision is now on option `index` (an index into its options)."""


class OptionMessage(Message):
    """About option `index` (an index into its options) of `decision`."""

    def __init__(self, decision: Decision, index: int) -> None:
        super().__init__()
        self.decision = decision
        self.index = index


class DecisionPrompt(Widget, can_focus=True):
    """The pending decision of the seat at the screen, or what the table is waiting for."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(-1)", N_("Up"), show=False, tooltip=N_("the option above")),
        Binding("down", "cursor(1)", N_("Down"), show=False, tooltip=N_("the option below")),
        Binding(
            "enter", "submit", N_("Choose"), show=False, tooltip=N_("pick the option; confirm")
        ),
        Binding(
            "space",
            "space",
            N_("Toggle"),
            show=False,
            tooltip=N_("choose several: toggle; order a list: pick up / put down"),
        ),
        Binding(
            "left,minus",
            "adjust(-1)",
            N_("Less"),
            show=False,
            tooltip=N_("allocate: one less; order a list: move the item up"),
        ),
        Binding(
            "right,plus,equals_sign",
            "adjust(1)",
            N_("More"),
            show=False,
            tooltip=N_("allocate: one more; order a list: move the item down"),
        ),
        Binding("home", "home", show=False, tooltip=N_("the first option; order: to the front")),
        Binding("end", "cursor_to(-1)", show=False, tooltip=N_("the last option")),
        Binding(
            "shift+up,left_square_bracket",
            "move(-1)",
            show=False,
            tooltip=N_("order a list: move the item up"),
        ),
        Binding(
            "shift+down,right_square_bracket",
            "move(1)",
            show=False,
            tooltip=N_("order a list: move the item down"),
        ),
        Binding("f", "front", show=False, tooltip=N_("order a list: move the item to the front")),
    ]
    HELP_KEYS: ClassVar[tuple[tuple[str, str], ...]] = (
        (
            "1-9",
            N_(
                "pick an option by its number (choose several: toggle it; allocate: set the "
                "amount); a number keeps its option for the whole question. A dimmed option "
                "cannot be chosen now: its number says why"
            ),
        ),
        (
            "10, 11 ...",
            N_(
                "type both digits; when a longer number could follow (1 of 1-19), type the next "
                "digit or press Enter"
            ),
        ),
        (
            "/",
            N_(
                "filter a long list: type part of an option's text to show only those that "
                "match (numbers still pick, and never change); Backspace edits, Escape clears"
            ),
        ),
    )
    """Keys read outside the bindings (on_key), for the help screen (what they do: message
    ids)."""

    class Chosen(Message):
        """The seat at the screen answered `decision` with `choice`."""

        def __init__(self, decision: Decision, choice: Choice) -> None:
            super().__init__()
            self.decision = decision
            self.choice = choice

    def __init__(
        self,
        *,
        on_cursor: CursorHook | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.on_cursor = on_cursor
        """Told at once when the cursor lands on another option (the screen marks it on the
        board): the board then repaints in the same frame as the prompt, where a message would
        reach the screen after the prompt's repaint and cost a second frame."""
        self.decision: Decision | None = None
        self.waiting = ""
        self.error = ""
        self._cursor = 0
        self.selected: set[int] = set()
        self.order: list[int] = []
        self.amounts: list[int] = []
        self.held = False
        self.banner = ""
        self.card_info: Callable[[OptionId], CardInfo | None] | None = None
        self._line_options: dict[int, int] = {}
        self._line_rows: dict[int, int] = {}
        self._dragging = False
        self.keys: Keys | None = None
        """The option keys of the last keyed decision shown (kept while it is asked again)."""
        self.typed = ""
        """The digits of a key typed so far (a key of 10 or more is typed digit by digit)."""
        self.filter: str | None = None
        """The filter line's text; None while it is closed."""
        self._left: tuple[OptionId | None, set[OptionId]] = (None, set())
        self._painted: _Painted | None = None
        self._made: tuple[tuple[object, ...], tuple[list[_Line], ...]] | None = None
        """The last parts made (`_parts`), and everything they were made from."""
        self._option_texts: tuple[tuple[object, ...], dict[tuple[object, ...], Text]] = ((), {})
        """The options' lines made for what `_kept_option_lines` names, by what each shows."""
        self._kept: tuple[int, int] | None = None
        """While this seat's answer is on its way to a server's table: the content height and
        the lines the question had, kept (`show(keep_height=True)`) ..."""
        self._kept_at: Size | None = None
        """... at this size of the screen (resized, the room is measured afresh)."""

    @property
    def cursor(self) -> int:
        """The row under the cursor (its place in the rows shown)."""
        return self._cursor

    @cursor.setter
    def cursor(self, row: int) -> None:
        before = self.option_index()
        self._cursor = row
        index = self.option_index()
        decision, hook = self.decision, self.on_cursor
        if index != before and index is not None and decision is not None and hook is not None:
            hook(decision, index)

    def option_index(self) -> int | None:
        """The index in decision.options of the option under the cursor."""
        rows = self.rows
        return rows[self._cursor] if 0 <= self._cursor < len(rows) else None

    @property
    def rows(self) -> list[int]:
        """The options shown, top to bottom (indices in decision.options): an order as it
        stands; the other kinds by key, only those the filter matches."""
        decision = self.decision
        if decision is None:
            return []
        if decision.kind is DecisionKind.ORDER:
            return self.order
        indices = list(range(len(decision.options)))
        keys = self.keys
        if decision.kind in KEYED and keys is not None:
            indices.sort(key=lambda i: keys.by_id[decision.options[i].id])
            text = self.filter
            if text:
                _ = tr(self)
                indices = [i for i in indices if matches(decision.options[i], text, _)]
        return indices

    def key_of(self, index: int) -> int:
        """The number that picks option `index` (an order's: its place)."""
        decision = self.decision
        assert decision is not None
        if decision.kind is DecisionKind.ORDER:
            return self.order.index(index) + 1
        if decision.kind in KEYED and self.keys is not None:
            return self.keys.by_id[decision.options[index].id]
        return index + 1

    def _row_of(self, index: int) -> int | None:
        rows = self.rows
        return rows.index(index) if index in rows else None

    # --- what to show ------------------------------------------------------------------------

    def show(
        self,
        decision: Decision | None,
        waiting: str = "",
        banner: str = "",
        *,
        keep_height: bool = False,
    ) -> None:
        """Ask `decision` (or show `waiting` when the seat at the screen has nothing to decide);
        `banner` is a line above the question (whose behalf the seat decides on).

        `keep_height` (with no decision): `waiting` takes the place of the question shown, in
        the prompt's height, until the next `show` without it. The seat's answer is on its way
        to a server's table: the changed lines are repainted at once, and the screen is laid
        out once, for the table's reply, not twice (issue 12: two layouts and a frame cost
        the answering seat's process about 50 ms of CPU)."""
        banner = banner if decision is not None else ""
        kept = None
        if keep_height and decision is None:
            kept = self._kept_rows() or self._shown_rows()
        if (decision, waiting, banner, kept) == (
            self.decision,
            self.waiting,
            self.banner,
            self._kept,
        ):
            return  # shown already: an update of the table that changed nothing here
        self._kept = kept
        self._kept_at = self.screen.size if kept else None
        self.banner = banner
        if decision != self.decision:
            self._ask(decision)
        self.waiting = waiting
        self._repaint()

    def _kept_rows(self) -> tuple[int, int] | None:
        """The height and lines kept for the question, unless the screen was resized since:
        the question's room at the old size would be padding of the wrong height, and a
        resize lays the screen out anyway (nothing to save by keeping it)."""
        if self._kept is not None and self._kept_at != self.screen.size:
            self._kept = self._kept_at = None
        return self._kept

    def _shown_rows(self) -> tuple[int, int] | None:
        """The content height and the lines of what the prompt shows now, if painted at the
        present sizes: painted before a resize that is not laid out and repainted yet (the
        screen's size changes first, the prompt's at the layout), they are the old size's,
        padding of the wrong height (as in `_kept_rows`)."""
        painted = self._painted
        if painted is None or (painted.screen, (painted.width, painted.height)) != (
            self.screen.size,
            self.content_region.size,
        ):
            return None
        return painted.needed, len(painted.lines)

    def _ask(self, decision: Decision | None) -> None:
        """A new decision (or none). Asked again (the same decision name for the same seat),
        its options keep their keys, the filter, the cursor's option and the chosen ones."""
        old = self.decision
        if old is not None and old.kind in KEYED:
            at = self._cursor_option()
            chosen = {old.options[i].id for i in self.selected}
            self._left = (at.id if at is not None else None, chosen)
        self.decision = decision
        self._end_drag()
        if decision is None:
            return  # the keys, filter and error stay until the next question
        again = decision.kind in KEYED and self.keys is not None and self.keys.asks_again(decision)
        self.keys = keys_for(decision, self.keys) if decision.kind in KEYED else None
        self.order = list(range(len(decision.options)))
        self.amounts = [0] * len(decision.options)
        self.held = False
        self._cursor = 0
        self.selected = set()
        if not again:
            self.error, self.typed, self.filter = "", "", None
            return
        cursor_id, chosen = self._left
        options = decision.options
        self.selected = {i for i, o in enumerate(options) if o.id in chosen and o.available}
        index = next((i for i, option in enumerate(options) if option.id == cursor_id), None)
        row = None if index is None else self._row_of(index)
        self._cursor = row or 0

    def select(self, index: int) -> None:
        """Put the cursor on option `index` (the player moved to it on the map); a filter that
        hides it is cleared."""
        decision = self.decision
        if decision is None or self._ordering() or not 0 <= index < len(decision.options):
            return
        if self._row_of(index) is None:
            self.filter = None
        row = self._row_of(index)
        if row is not None and row != self._cursor:
            self.cursor = row
        self._repaint()

    def show_error(self, message: GameText) -> None:
        """Show why an answer was refused (a game's reason: in the viewer's language)."""
        self.error = visible(tr(self)(message))  # reasons may quote names and answers
        self._repaint()

    # --- keys --------------------------------------------------------------------------------

    def _count(self) -> int:
        return len(self.rows)

    def action_cursor(self, step: int) -> None:
        count = self._count()
        if not count:
            return
        target = max(0, min(count - 1, self.cursor + step))
        self._move_cursor(target)

    def action_cursor_to(self, index: int) -> None:
        count = self._count()
        if count:
            self._move_cursor(index % count)

    def _move_cursor(self, target: int) -> None:
        decision = self.decision
        if decision is not None and decision.kind is DecisionKind.ORDER and self.held:
            item = self.order.pop(self.cursor)
            self.order.insert(target, item)
        self.cursor = target
        self._repaint()

    def _filterable(self) -> bool:
        return self.decision is not None and self.decision.kind in KEYED

    def _ordering(self) -> bool:
        return self.decision is not None and self.decision.kind is DecisionKind.ORDER

    def action_move(self, step: int) -> None:
        """Order a list: move the selected item `step` places (towards the front if negative)."""
        if not self._ordering():
            if step < 0:
                self.action_cursor(step)
            return
        target = max(0, min(len(self.order) - 1, self.cursor + step))
        item = self.order.pop(self.cursor)
        self.order.insert(target, item)
        self.cursor = target
        self.error = ""
        self._repaint()

    def action_front(self) -> None:
        if self._ordering():
            self.action_move(-self.cursor)

    def action_home(self) -> None:
        if self._ordering():
            self.action_front()
        else:
            self.action_cursor_to(0)

    def action_space(self) -> None:
        decision = self.decision
        if decision is None:
            return
        index = self.option_index()
        if decision.kind is DecisionKind.CHOOSE_SEVERAL:
            if index is not None:
                self._toggle(index)
        elif decision.kind is DecisionKind.ORDER:
            self.held = not self.held
            self._repaint()
        elif decision.kind in (DecisionKind.CHOOSE_ONE, DecisionKind.CONFIRM):
            self.action_submit()

    def _toggle(self, index: int) -> None:
        option = self.decision.options[index] if self.decision else None
        if option is not None and option.unavailable and index not in self.selected:
            self.show_error(option.refusal())
            return
        self.selected ^= {index}
        self.error = ""
        self._repaint()

    def action_adjust(self, step: int) -> None:
        decision = self.decision
        if self._ordering():
            self.action_move(step)
            return
        index = self.option_index()
        if decision is None or decision.kind is not DecisionKind.ALLOCATE or index is None:
            return
        self._set_amount(index, self.amounts[index] + step)

    def _set_amount(self, index: int, amount: int) -> None:
        decision = self.decision
        assert decision is not None
        others = sum(self.amounts) - self.amounts[index]
        ceiling = decision.total - others
        if decision.max_each:
            ceiling = min(ceiling, decision.max_each)
        self.amounts[index] = max(0, min(amount, ceiling))
        self.error = ""
        self._repaint()

    def action_submit(self) -> None:
        _ = tr(self)
        decision = self.decision
        if decision is None:
            return
        kind = decision.kind
        options = decision.options
        choice: Choice
        if kind in (DecisionKind.CHOOSE_ONE, DecisionKind.CONFIRM):
            index = self.option_index()
            if index is None:
                self.show_error(_(NO_MATCH))
                return
            choice = options[index].id
        elif kind is DecisionKind.CHOOSE_SEVERAL:
            chosen = len(self.selected)
            if not decision.min_count <= chosen <= decision.max_count:
                # Said here, for people: the table's reason names the question by its id.
                self.show_error(_(COUNT, span=_span(decision, _), chosen=chosen))
                return
            choice = tuple(options[index].id for index in sorted(self.selected))
        elif kind is DecisionKind.ORDER:
            self.held = False
            choice = tuple(options[index].id for index in self.order)
        else:
            choice = tuple(self.amounts)
        self.post_message(self.Chosen(decision, choice))

    def on_key(self, event: events.Key) -> None:
        """Numbers pick by key, `/` opens the filter, and while it is open the keys that
        type go into it."""
        decision = self.decision
        if decision is None:
            return
        char = event.character or ""
        if self.filter is not None and self._filtering(event.key, char):
            pass
        elif len(char) == 1 and char in "0123456789":
            self._digit(char)
        elif char == "/" and self._filterable():
            self.filter = ""
            self._refilter()
        elif self.typed and event.key in ("enter", "escape"):
            typed, self.typed = self.typed, ""
            if event.key == "enter":
                self._choose_key(int(typed))
            self._repaint()
        else:
            if self.typed:  # any other key: the number typed so far is dropped
                self.typed = ""
                self._repaint()
            return
        event.stop()
        event.prevent_default()

    def _filtering(self, key: str, char: str) -> bool:
        """A key while the filter line is open: True if it edited the filter."""
        text = self.filter or ""
        if key == "escape":
            self.filter = None
        elif key == "backspace":
            self.filter = text[:-1]
        elif len(char) == 1 and char.isprintable() and char not in "0123456789":
            self.filter = text + char
        else:
            return False
        self._refilter()
        return True

    def _refilter(self) -> None:
        """The filter changed: keep the cursor on its option if it still shows, else the
        first that does."""
        at = self._cursor_option()
        rows = self.rows
        options = self.decision.options if self.decision else ()
        index = next((i for i in rows if at is not None and options[i].id == at.id), None)
        self.cursor = rows.index(index) if index is not None else 0
        self.error = ""
        self._repaint()

    def _digit(self, digit: str) -> None:
        decision = self.decision
        assert decision is not None
        if decision.kind is DecisionKind.ALLOCATE:
            index = self.option_index()
            if index is not None:
                self._set_amount(index, int(digit))
            return
        if decision.kind is DecisionKind.ORDER:
            self._choose_key(int(digit))
            return
        self.typed += digit
        keys = self.keys
        taken = [*keys.by_id.values()] if keys is not None else []
        if waits(self.typed, taken):
            index = self._index_of_key(int(self.typed))
            row = None if index is None else self._row_of(index)
            if row is not None:
                self.cursor = row
            self._repaint()
            return
        typed, self.typed = self.typed, ""
        self._choose_key(int(typed))

    def _index_of_key(self, key: int) -> int | None:
        decision = self.decision
        if decision is None:
            return None
        return next((i for i in range(len(decision.options)) if self.key_of(i) == key), None)

    def _choose_key(self, key: int) -> None:
        """The key `key` was typed: pick its option (an order: select the item in that
        place), or say why not."""
        _ = tr(self)
        decision = self.decision
        assert decision is not None
        if decision.kind is DecisionKind.ORDER:
            if 1 <= key <= len(self.order):
                self.cursor = key - 1
                self._repaint()
            else:
                self.show_error(_(NO_OPTION, key=key))
            return
        index = self._index_of_key(key)
        if index is None:
            gone = self.keys.gone(decision) if self.keys is not None else {}
            if key in gone:
                self.show_error(_(GONE, label=_(gone[key])))
            else:
                self.show_error(_(NO_OPTION, key=key))
            return
        self._pick(index)

    def _pick(self, index: int) -> bool:
        """Option `index` chosen by its digit or a click: choose it at once (choose one), or
        toggle it (choose several). False for the other kinds, which do not pick this way."""
        decision = self.decision
        assert decision is not None
        row = self._row_of(index)
        if row is not None:
            self.cursor = row
        if decision.kind in (DecisionKind.CHOOSE_ONE, DecisionKind.CONFIRM):
            self.post_message(self.Chosen(decision, decision.options[index].id))
        elif decision.kind is DecisionKind.CHOOSE_SEVERAL:
            self._toggle(index)
        else:
            return False
        return True

    def on_click(self, event: events.Click) -> None:
        # Measure from inside the border and padding, as the order's drag does.
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = self._line_options.get(offset.y + self.scroll_offset.y)
        decision = self.decision
        if index is None or decision is None:
            return
        if not self._pick(index) and decision.kind is DecisionKind.ALLOCATE:
            self._move_cursor(self._row_of(index) or 0)
        # In an order, the mouse-down selects (and starts a drag): nothing more to do.

    # --- the mouse in an order: press on an item, drag it, release it where it goes ----------

    @property
    def allow_select(self) -> bool:
        # Dragging an item must not select the prompt's text.
        return super().allow_select and not self._ordering()

    def _row_at(self, event: events.MouseEvent) -> int | None:
        """The row of the item on the line under the pointer (inside the border and padding)."""
        y = event.get_content_offset_capture(self).y
        return self._line_rows.get(y + self.scroll_offset.y)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        if not self._ordering() or event.button != 1:
            return
        row = self._row_at(event)
        if row is None:
            return
        self.held = False
        self._dragging = True
        self.capture_mouse()
        self.cursor = row
        self._repaint()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._drag_to(event)

    def on_mouse_up(self, event: events.MouseUp) -> None:
        if self._dragging:
            self._drag_to(event)
            self._end_drag()
            self._repaint()

    def on_mouse_release(self, event: events.MouseRelease) -> None:
        if self._dragging:
            self._dragging = False
            self._repaint()

    def _drag_to(self, event: events.MouseEvent) -> None:
        """Move the dragged item to the row of the line under the pointer (an item's line)."""
        if not self._dragging or not self._ordering():
            return
        row = self._row_at(event)
        if row is not None and row != self.cursor:
            self.action_move(row - self.cursor)

    def _end_drag(self) -> None:
        if self._dragging:
            self._dragging = False
            self.release_mouse()

    # --- drawing -----------------------------------------------------------------------------

    def _parts(self, width: int) -> tuple[list[_Line], ...]:
        """The banner and question, the filter line, one line per option, the cursor option's
        detail, the keys, the decision's help and the error: made once for what they show.
        Opening a game, the prompt was measured four times and rendered three, each making
        every option's line again (issue 10)."""
        made_from = (
            width,
            tr(self),
            self.decision,
            self.waiting,
            self.banner,
            self.error,
            self.filter,
            self.typed,
            self.keys,
            self._cursor,
            frozenset(self.selected),
            tuple(self.order),
            tuple(self.amounts),
            self.held,
            self._dragging,
            self.has_focus,
            self.card_info,
        )
        made = self._made
        if made is None or made[0] != made_from:
            made = self._made = (made_from, self._make_parts(width))
        return made[1]

    def _make_parts(self, width: int) -> tuple[list[_Line], ...]:
        _ = tr(self)
        width = max(width, 10)
        decision = self.decision
        detail: list[_Line] = []
        head: list[_Line] = []
        filter_: list[_Line] = []
        body: list[_Line] = []
        hint: list[_Line] = []
        help_: list[_Line] = []
        error: list[_Line] = []
        if self.error:
            error = _wrapped(Text(self.error, style="bold red"), width)
        if decision is None:
            waiting = Text(self.waiting or _("Nothing to decide."), style="italic")
            head = _wrapped(waiting, width)
            return head, filter_, body, detail, hint, help_, error
        if self.banner:
            head = _wrapped(Text(self.banner, style="bold reverse"), width)
        head += _wrapped(Text(_(decision.prompt), style="bold"), width)
        if self.filter is not None:
            line = Text(_(FILTER_LINE, text=self.filter), style="bold")
            line.truncate(width, overflow="ellipsis")
            filter_ = [_Line(line)]
        key_width = len(str(self._widest_key()))  # once, not once an option
        kept = self._kept_option_lines(decision, width, key_width)
        for row, index in enumerate(self.rows):
            # (each option's line is made again only if what it shows changed: a cursor key
            # changes two lines of the list, and making every one again was most of a key's cost)
            at, amount = row == self.cursor, self.amounts[index]
            shown = (index, self.key_of(index), at, index in self.selected, amount)
            made = kept.get(shown)
            if made is None:
                option = decision.options[index]
                made = kept[shown] = self._option_line(option, index, row, width, key_width)
            body.append(_Line(made, index, row))
        if not body:
            body = [_Line(Text(_(NO_MATCH), style="italic"))]
        full = self._detail(width, key_width)
        detail = _wrapped(full, width) if body and full.plain else []
        hint = _wrapped(Text(self._hint(), style="dim"), width)
        if decision.help:
            help_ = _wrapped(Text(_(decision.help), style="dim italic"), width)
        return head, filter_, body, detail, hint, help_, error

    def _cursor_option(self) -> Option | None:
        decision = self.decision
        index = self.option_index()
        return None if decision is None or index is None else decision.options[index]

    def _info(self, option: Option) -> CardInfo | None:
        return self.card_info(option.id) if self.card_info is not None else None

    def _detail(self, width: int, key_width: int) -> Text:
        """The option under the cursor in full: a card's name, timing and ability, an order's
        item's detail text, or any other option whole if its line is cut off."""
        option = self._cursor_option()
        if option is None:
            return Text()
        if self._whole_option():
            return self._cut_off(option, width, key_width)
        info = self._info(option)
        if info is not None:
            _ = tr(self)
            text = Text.assemble((f"{info.name} Lv{info.level}", "bold"), f" [{_(info.timing)}] ")
            if info.ability:
                text.append(f"{info.ability}: ", style="bold")
            text.append(_(info.text))
            return text
        return Text(tr(self)(option.detail), style="italic") if option.detail else Text()

    def _whole_option(self) -> bool:
        """Is the detail line the option under the cursor in full (if its line is cut off),
        rather than a card's text (its line shows only the card's name)?"""
        option = self._cursor_option()
        return option is not None and self._info(option) is None and not self._ordering()

    def _cut_off(self, option: Option, width: int, key_width: int) -> Text:
        """The option under the cursor in full if its line is cut off at `width` (what giving
        up costs, or options alike but for their ends, at 80x24); else nothing: its line shows
        it all."""
        index = self.option_index()
        assert index is not None
        line = self._option_line(option, index, self.cursor, width, key_width, cut=False)
        if line.cell_len <= width:
            return Text()
        _ = tr(self)
        text = Text(_(option.label), style="italic")
        if option.unavailable:
            text.append(f"  ({_(option.unavailable)})", style="dim italic")
        elif option.detail:
            text.append(f"  {_(option.detail)}", style="italic")
        return text

    def _kept_option_lines(
        self, decision: Decision, width: int, key_width: int
    ) -> dict[tuple[object, ...], Text]:
        """The options' lines kept while everything else they show is as it was (`_parts` keys
        them by what each shows); emptied when any of it changes. The lines are never changed
        once made."""
        made_from = (
            width,
            key_width,
            tr(self),
            decision,
            self.has_focus,
            self.held,
            self._dragging,
            self.card_info,
        )
        if self._option_texts[0] != made_from:
            self._option_texts = (made_from, {})
        return self._option_texts[1]

    def _option_line(
        self, option: Option, index: int, row: int, width: int, key_width: int, cut: bool = True
    ) -> Text:
        """Option `index`'s line in the list, cut off at `width` (unless not `cut`)."""
        decision = self.decision
        assert decision is not None
        kind = decision.kind
        at_cursor = row == self.cursor
        line = Text("> " if at_cursor else "  ", style="bold")
        line.append(f"{f'{self.key_of(index)}.':<{key_width + 2}}")
        if kind is DecisionKind.CHOOSE_SEVERAL:
            box = "[-] " if option.unavailable else "[ ] "
            line.append("[x] " if index in self.selected else box)
        if kind is DecisionKind.ALLOCATE:
            line.append(f"{self.amounts[index]:>2} ", style="bold")
        label_style = "reverse" if at_cursor and self.has_focus else ("bold" if at_cursor else "")
        if kind is DecisionKind.ORDER and at_cursor and (self.held or self._dragging):
            label_style = "bold reverse"
        info = self._info(option) if kind is DecisionKind.ORDER else None
        if info is not None:
            line.append(f"Lv{info.level} ", style="bold" if at_cursor else "")
            line.append(info.name, style=label_style)
            line.append(f" {tr(self)(info.timing)}", style="italic")
            if info.ability:
                line.append(f" {info.ability}", style="dim")
        elif option.unavailable:
            # Still in its place (its key stays), dimmed, saying why it cannot be chosen.
            _ = tr(self)
            line.append(_(option.label), style=f"{label_style} dim".strip())
            line.append(f"  ({_(option.unavailable)})", style="dim italic")
        else:
            _ = tr(self)
            line.append(_(option.label), style=label_style)
            if option.detail:
                line.append(f"  {_(option.detail)}", style="dim")
        if cut:
            line.truncate(width, overflow="ellipsis")
        return line

    def _widest_key(self) -> int:
        decision = self.decision
        if decision is None:
            return 1
        if decision.kind in KEYED and self.keys is not None:
            return max(self.keys.by_id.values(), default=1)
        return len(decision.options)

    def _hint(self) -> str:
        _ = tr(self)
        decision = self.decision
        assert decision is not None
        kind = decision.kind
        if self.typed:
            return _(TYPED, typed=self.typed)
        widest = self._widest_key()
        numbers = f"1-{widest}" if widest > 1 else "1"
        if kind in (DecisionKind.CHOOSE_ONE, DecisionKind.CONFIRM):
            if any(option.at is not None for option in decision.options):
                return _(
                    "Press {numbers}, or arrows and Enter; m: choose on the map.", numbers=numbers
                )
            return _("Press {numbers}, or arrows and Enter.", numbers=numbers)
        if kind is DecisionKind.CHOOSE_SEVERAL:
            return _(
                "Choose {span}: {numbers} or Space toggle, Enter confirms ({chosen} chosen).",
                span=_span(decision, _),
                numbers=numbers,
                chosen=len(self.selected),
            )
        if kind is DecisionKind.ORDER:
            if self.held:
                return _(
                    "Put in order. Moving: arrows move it, Space puts it down; Enter confirms."
                )
            return _(
                "Put in order (1 = front). Up/Down select; Left/Right or [ ] move; "
                "Home or f: to the front; Enter confirms."
            )
        left = decision.total - sum(self.amounts)
        if decision.max_each:
            return _(
                "Share {total}, at most {each} each: Left/Right or 0-9 set the amount; "
                "{left} left; Enter confirms.",
                total=decision.total,
                each=decision.max_each,
                left=left,
            )
        return _(
            "Share {total}: Left/Right or 0-9 set the amount; {left} left; Enter confirms.",
            total=decision.total,
            left=left,
        )

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        needed = sum(len(part) for part in self._parts(width))
        kept = self._kept_rows()
        return max(needed, kept[0]) if kept else needed

    def _repaint(self) -> None:
        """Show a change made within the prompt: repaint only the lines that differ from those
        on the screen while the prompt keeps its height (a cursor key: the two options' lines),
        or lay it out again when its height would change. A layout refresh repaints the whole
        prompt (issue 10: a cursor key sent several times the bytes of a bare app's)."""
        painted = self._painted
        width, height = self.content_region.size
        if painted is None or (width, height) != (painted.width, painted.height):
            self.refresh(layout=True)
            return
        lines, needed = self._fitted(width, height)
        # Cut to its height before and after (its most: the stylesheet's share of the screen),
        # the prompt keeps that height: its lines are repainted, not the screen laid out.
        held = min(needed, painted.needed) > height
        if (needed != painted.needed and not held) or len(lines) != len(painted.lines):
            self.refresh(layout=True)
            return
        changed = [
            Region(0, y, width, 1)
            for y, (line, before) in enumerate(zip(lines, painted.lines))
            if line.text != before
        ]
        if changed:
            self.refresh(*changed)

    def render(self) -> Text:
        width = self.content_region.width or self.size.width
        height = self.content_region.height or self.size.height
        lines, needed = self._fitted(width, height)
        texts = [line.text for line in lines]
        self._painted = _Painted(width, height, needed, texts, self.screen.size)
        return Text("\n").join(texts)

    def _fitted(self, width: int, height: int) -> tuple[list[_Line], int]:
        """The lines shown in `height` lines of `width` cells (none: all of them), and how many
        the prompt would need (its content height)."""
        head, filter_, body, detail, hint, help_, error = self._parts(width)
        needed = sum(map(len, (head, filter_, body, detail, hint, help_, error)))
        error = filter_ + error  # the filter line and the error always show

        def total() -> int:
            return len(head) + len(body) + len(detail) + len(hint) + len(help_) + len(error)

        if height and total() > height:
            help_ = []
        if height and total() > height and detail and self._whole_option():
            detail = []  # the rest of a line cut off matters less than the options themselves
        if height and total() > height and len(detail) > 2:
            detail = detail[:2]
            detail[-1] = _Line(detail[-1].text.copy())
            detail[-1].text.truncate(width - 1)
            detail[-1].text.append("~", style="dim")
        if height and body and len(head) + min(len(body), 3) + len(error) > height:
            # A long question: cut it so that some options always show.
            keep = max(1, height - min(len(body), 3) - len(error))
            head = head[:keep]
            head[-1] = _Line(head[-1].text.copy())
            head[-1].text.truncate(max(1, width - 1))
            head[-1].text.append("~", style="dim")
        if height and total() > height:
            room = height - len(head) - len(detail) - len(hint) - len(error)
            if room < 3:
                detail = []
                room = height - len(head) - len(hint) - len(error)
            if room < 3:
                hint = []
                room = height - len(head) - len(error)
            _ = tr(self)
            more = "" if self.filter is not None or not self._filterable() else _(FILTER_HINT)
            body = _window(body, self.cursor, max(1, room), _, more)
        lines = head + filter_ + body + detail + hint + help_ + error[len(filter_) :]
        kept = self._kept_rows()
        if kept:
            kept_needed, kept_lines = kept
            needed = max(needed, kept_needed)
            rows = min(kept_lines, height) if height else kept_lines
            lines += [_Line(Text()) for _ in range(rows - len(lines))]
        self._line_options = {
            number: line.option for number, line in enumerate(lines) if line.option is not None
        }
        self._line_rows = {
            number: line.row for number, line in enumerate(lines) if line.row is not None
        }
        return lines, needed

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


def acting_banner(acting: ActingFor | None, names: tuple[str, ...], _: Translator) -> str:
    """The line above a question asked for another side: "You act for the ENEMY against Aki."
    (empty when the seat decides for itself)."""
    if acting is None:
        return ""
    side = _(acting.side).upper()  # the side's word is the game's: translated where known
    if acting.against is not None and 0 <= acting.against < len(names):
        return _("You act for the {side} against {name}.", side=side, name=names[acting.against])
    return _("You act for the {side}.", side=side)


def _span(decision: Decision, _: Translator) -> str:
    """How many of a choose-several question's options to choose: "2", or "0 to 3"."""
    low, high = decision.min_count, decision.max_count
    return f"{low}" if low == high else _("{low} to {high}", low=low, high=high)


def _wrapped(text: Text, width: int) -> list[_Line]:
    """`text` as the prompt's lines, wrapped to `width` cells (`wrap_text`)."""
    return [_Line(line) for line in wrap_text(text, width)]


def _window(
    body: list[_Line], cursor: int, room: int, _: Translator, more: str = ""
) -> list[_Line]:
    """`room` lines of the options around the cursor, with markers for what is cut off (and
    `more` after them: how to filter)."""
    if len(body) <= room:
        return body
    if room < 3:
        start = max(0, min(cursor, len(body) - room))
        return body[start : start + room]
    inner = room - 2
    start = max(0, min(cursor - inner // 2, len(body) - inner))
    if start == 0:
        inner = room - 1
    elif start + inner >= len(body):
        inner = room - 1
        start = len(body) - inner
    end = start + inner
    result: list[_Line] = []
    if start:
        above = _("{count} more", count=start)
        result.append(_Line(Text(f"   ^ {above}  {more}".rstrip(), style="dim")))
    result.extend(body[start:end])
    if end < len(body):
        below = _("{count} more", count=len(body) - end)
        result.append(_Line(Text(f"   v {below}  {more}".rstrip(), style="dim")))
    return result
