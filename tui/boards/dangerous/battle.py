"""The Dangerous battle view: the battle going on (its own log, oldest first, then both rows
front first, the dice and each side's result part by part), the final battle's party building,
or the last battle once it is over. The newest is at the bottom, where the panel stays scrolled
(`BoardMode.follow`), as in the game's log."""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from core.games.base import View
from core.games.dangerous import tally
from core.games.dangerous.tally import Parts, part_name
from core.games.dangerous.view import Board, CombatView, FinalView
from core.i18n import DEFAULT_LANGUAGE, N_, Translator, translator
from core.narration import Text as Said
from tui.boards.dangerous.common import boss_title, card, card_label, card_list, seat_mark, who
from tui.lang import assemble
from tui.wrapped import Wrapped

ENEMY = N_("Enemy")
NO_CARD_LEFT = N_("no card left")
KINDS = {
    "lv1": N_("Lv1 fight"),
    "lv2": N_("Lv2 fight"),
    "boss": N_("Boss fight"),
    "final": N_("Final duel"),
}


def render_battle(
    view: View, names: tuple[str, ...], _: Translator | None = None
) -> RenderableType:
    _ = _ or translator(DEFAULT_LANGUAGE)
    board = view.board
    if not isinstance(board, Board):
        return Text(str(board))
    parts: list[RenderableType] = []
    # Oldest first: the last battle's log above the final battle's parties.
    if board.combat is None and board.last_battle:
        parts.append(Text(_("Last battle"), style="bold"))
        parts.extend(_log_lines(board.last_battle, _))
    if board.combat is not None:
        parts.extend(_combat(board, board.combat, names, _))
    elif board.final is not None:
        parts.extend(_final(view, board, board.final, names, _))
    if not parts:
        parts.append(Text(_("No battle yet."), style="dim"))
    return Group(*parts)


def _side_title(
    board: Board, combat: CombatView, side: int, names: tuple[str, ...], _: Translator
) -> Text:
    seat = combat.seats[side]
    if side == 0 or combat.kind == "final":
        return who(names, seat)
    if combat.kind == "boss":
        title = Text(_("{boss} boss", boss=_.text(boss_title(combat.boss))), style="bold")
    elif combat.kind == "lv1":
        title = Text(_("Lv1 enemy"), style="bold")
    else:
        title = Text(_("Lv2 enemy"), style="bold")
    return Text.assemble(title, " ", assemble(_("({seat} plays)"), seat=who(names, seat)))


def _combat(
    board: Board, combat: CombatView, names: tuple[str, ...], _: Translator
) -> list[RenderableType]:
    """The battle's log, oldest first, then where it stands now: the newest at the bottom,
    where the panel stays scrolled (the game's log reads the same way)."""
    parts: list[RenderableType] = [Text(_("Battle log"), style="bold")]
    parts.extend(_log_lines(combat.log, _))
    kind = KINDS.get(combat.kind)
    head = Text(_(kind) if kind else combat.kind, style="bold reverse")
    head.append(" ")
    head.append_text(
        assemble(
            _("{left} vs {right}"),
            left=_side_title(board, combat, 0, names, _),
            right=_side_title(board, combat, 1, names, _),
        )
    )
    parts.append(head)
    grid = RichTable.grid(padding=(0, 1), expand=True)
    grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    grid.add_row(
        Text.assemble(who(names, combat.seats[0]), ("  " + _("> fights"), "dim")),
        _side_head(combat, names, _),
    )
    rows = combat.rows
    for index in range(max(len(rows[0]), len(rows[1]), 1)):
        grid.add_row(*(_row_cell(rows[side], index, _) for side in (0, 1)))
    if any(combat.dice) or any(combat.parts):
        grid.add_row(*(_dice(combat.dice[side], _) for side in (0, 1)))
    parts.append(grid)
    for side in (0, 1):
        if combat.parts[side]:
            parts.append(
                _sum_line(
                    _side_head(combat, names, _) if side else who(names, combat.seats[0]),
                    combat.parts[side],
                    _,
                )
            )
    if combat.result != (0, 0):
        mine, theirs = combat.result
        if mine > theirs:
            verdict = _("Result {mine} vs {theirs}: win for the left", mine=mine, theirs=theirs)
        elif mine == theirs:
            verdict = _(
                "Result {mine} vs {theirs}: mutual kill for the left", mine=mine, theirs=theirs
            )
        else:
            verdict = _("Result {mine} vs {theirs}: loss for the left", mine=mine, theirs=theirs)
        parts.append(Text(verdict, style="bold"))
    if combat.defeated:
        beaten = card_list(combat.defeated, _)
        parts.append(assemble(_("Beaten: {cards}"), cards=Text(beaten)))
    return parts


def _side_head(combat: CombatView, names: tuple[str, ...], _: Translator) -> Text:
    """The right-hand side's name: the other party in the final battle, else the enemy."""
    if combat.kind == "final":
        return who(names, combat.seats[1])
    return Text(_(ENEMY), style="bold")


def _row_cell(row: tuple[str, ...], index: int, _: Translator) -> Text:
    """Card `index` of a row, front first; an empty row says so once."""
    if index >= len(row):
        return Text(_(NO_CARD_LEFT) if index == 0 else "", style="dim")
    found = card(row[index])
    line = Text("> " if index == 0 else "  ", style="bold")
    line.append(f"{index + 1} Lv{found.level} ")
    line.append(found.name, style="bold")
    return line


def _dice(faces: tuple[int, ...], _: Translator) -> Text:
    shown = "".join(f"[{face}]" for face in faces) or _("none")
    return Text.assemble((_("dice") + " ", "dim"), (shown, "bold"))


def _sum_line(side: Text, parts: Parts, _: Translator) -> Text:
    """A side's result part by part, each part named as the log names it (core tally):
    "A Aki: 4 +1 戦闘力 AP +2 刀 Katana = 7"."""
    line = Text.assemble(side, ": ")
    first, rest = parts[0], parts[1:]
    line.append(str(first.amount), style="bold")
    if first.kind != tally.DIE:
        line.append(f" ({_.text(part_name(first))})", style="dim")
    for part in rest:
        line.append(f" {part.amount:+d} ", style="bold")
        line.append(_.text(part_name(part)))
    if rest:
        line.append(f" = {tally.result(parts)}", style="bold")
    return line


def _log_lines(lines: Iterable[Said], _: Translator) -> list[RenderableType]:
    """The battle's log, a line to an item: Wrapped (Japanese between characters, never a row
    starting with a closing mark, as in the game's log)."""
    out: list[RenderableType] = []
    for line in lines:
        grid = RichTable.grid()
        grid.add_column(width=2, no_wrap=True)
        grid.add_column(ratio=1)
        grid.add_row(Text("-", style="dim"), Wrapped(_.text(line)))
        out.append(grid)
    return out


def _final(
    view: View, board: Board, final: FinalView, names: tuple[str, ...], _: Translator
) -> list[RenderableType]:
    parts: list[RenderableType] = [Text(_("Final battle"), style="bold reverse")]
    order = Text(_("Turn order") + " ", style="bold")
    for seat in final.order:
        order.append_text(seat_mark(seat))
        order.append(" ")
    parts.append(order)
    grid = RichTable.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    for seat, player in enumerate(board.players):
        if final.revealed:
            state = Text(_("out"), style="dim") if player.out else Text(card_list(player.party, _))
        else:
            size = final.size[seat] if seat < len(final.size) else 0
            ready = final.ready[seat] if seat < len(final.ready) else False
            state = Text(
                _("{size} cards, ready, face down", size=size)
                if ready
                else _("{size} cards, choosing", size=size)
            )
        grid.add_row(who(names, seat), state)
    parts.append(grid)
    if final.own is not None and not final.revealed:
        parts.append(Text(_("Your secret party, front first"), style="bold"))
        for index, instance in enumerate(final.own):
            parts.append(Text.assemble(f"{index + 1} ", card_label(instance)))
    return parts
