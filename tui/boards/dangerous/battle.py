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
from core.i18n import Translator
from tui.boards.dangerous.common import boss_title, card, card_label, seat_mark, who

ENEMY = "Enemy"
NO_CARD_LEFT = "no card left"


def render_battle(
    view: View, names: tuple[str, ...], _: Translator | None = None
) -> RenderableType:
    board = view.board
    if not isinstance(board, Board):
        return Text(str(board))
    parts: list[RenderableType] = []
    # Oldest first: the last battle's log above the final battle's parties.
    if board.combat is None and board.last_battle:
        parts.append(Text("Last battle", style="bold"))
        parts.extend(_log_lines(board.last_battle))
    if board.combat is not None:
        parts.extend(_combat(board, board.combat, names))
    elif board.final is not None:
        parts.extend(_final(view, board, board.final, names))
    if not parts:
        parts.append(Text("No battle yet.", style="dim"))
    return Group(*parts)


def _side_title(board: Board, combat: CombatView, side: int, names: tuple[str, ...]) -> Text:
    seat = combat.seats[side]
    if side == 0 or combat.kind == "final":
        return who(names, seat)
    if combat.kind == "boss":
        title = Text(f"{boss_title(combat.boss)} boss")
    else:
        title = Text(f"{combat.kind.capitalize()} enemy")
    title.stylize("bold")
    title.append(" (")
    title.append_text(who(names, seat))
    title.append(" plays)")
    return title


def _combat(board: Board, combat: CombatView, names: tuple[str, ...]) -> list[RenderableType]:
    """The battle's log, oldest first, then where it stands now: the newest at the bottom,
    where the panel stays scrolled (the game's log reads the same way)."""
    parts: list[RenderableType] = [Text("Battle log", style="bold")]
    parts.extend(_log_lines(combat.log))
    kinds = {"lv1": "Lv1 fight", "lv2": "Lv2 fight", "boss": "Boss fight", "final": "Final duel"}
    head = Text(kinds.get(combat.kind, combat.kind), style="bold reverse")
    head.append(" ")
    head.append_text(_side_title(board, combat, 0, names))
    head.append(" vs ")
    head.append_text(_side_title(board, combat, 1, names))
    parts.append(head)
    grid = RichTable.grid(padding=(0, 1), expand=True)
    grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    grid.add_row(
        Text.assemble(who(names, combat.seats[0]), ("  > fights", "dim")),
        _side_head(combat, names),
    )
    rows = combat.rows
    for index in range(max(len(rows[0]), len(rows[1]), 1)):
        grid.add_row(*(_row_cell(rows[side], index) for side in (0, 1)))
    if any(combat.dice) or any(combat.parts):
        grid.add_row(*(_dice(combat.dice[side]) for side in (0, 1)))
    parts.append(grid)
    for side in (0, 1):
        if combat.parts[side]:
            parts.append(
                _sum_line(
                    _side_head(combat, names) if side else who(names, combat.seats[0]),
                    combat.parts[side],
                )
            )
    if combat.result != (0, 0):
        mine, theirs = combat.result
        verdict = "win" if mine > theirs else ("mutual kill" if mine == theirs else "loss")
        parts.append(Text(f"Result {mine} vs {theirs}: {verdict} for the left", style="bold"))
    if combat.defeated:
        beaten = Text("Beaten: ", style="bold")
        beaten.append(", ".join(f"{card(c).name} Lv{card(c).level}" for c in combat.defeated))
        parts.append(beaten)
    return parts


def _side_head(combat: CombatView, names: tuple[str, ...]) -> Text:
    """The right-hand side's name: the other party in the final battle, else the enemy."""
    if combat.kind == "final":
        return who(names, combat.seats[1])
    return Text(ENEMY, style="bold")


def _row_cell(row: tuple[str, ...], index: int) -> Text:
    """Card `index` of a row, front first; an empty row says so once."""
    if index >= len(row):
        return Text(NO_CARD_LEFT if index == 0 else "", style="dim")
    found = card(row[index])
    line = Text("> " if index == 0 else "  ", style="bold")
    line.append(f"{index + 1} Lv{found.level} ")
    line.append(found.name, style="bold")
    return line


def _dice(faces: tuple[int, ...]) -> Text:
    line = Text("dice ", style="dim")
    line.append("".join(f"[{face}]" for face in faces) or "none", style="bold")
    return line


def _sum_line(side: Text, parts: Parts) -> Text:
    """A side's result part by part, each part named as the log names it (core tally):
    "A Aki: 4 +1 戦闘力 AP +2 刀 Katana = 7"."""
    line = Text.assemble(side, ": ")
    first, rest = parts[0], parts[1:]
    line.append(str(first.amount), style="bold")
    if first.kind != tally.DIE:
        line.append(f" ({part_name(first)})", style="dim")
    for part in rest:
        line.append(f" {part.amount:+d} ", style="bold")
        line.append(part_name(part))
    if rest:
        line.append(f" = {tally.result(parts)}", style="bold")
    return line


def _log_lines(lines: Iterable[str]) -> list[RenderableType]:
    out: list[RenderableType] = []
    for line in lines:
        grid = RichTable.grid()
        grid.add_column(width=2, no_wrap=True)
        grid.add_column(ratio=1)
        grid.add_row(Text("-", style="dim"), Text(line))
        out.append(grid)
    return out


def _final(
    view: View, board: Board, final: FinalView, names: tuple[str, ...]
) -> list[RenderableType]:
    parts: list[RenderableType] = [Text("Final battle", style="bold reverse")]
    order = Text("Turn order ", style="bold")
    for seat in final.order:
        order.append_text(seat_mark(seat))
        order.append(" ")
    parts.append(order)
    grid = RichTable.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    for seat, player in enumerate(board.players):
        if final.revealed:
            state = (
                Text("out", style="dim")
                if player.out
                else Text(", ".join(f"{card(c).name} Lv{card(c).level}" for c in player.party))
            )
        else:
            size = final.size[seat] if seat < len(final.size) else 0
            ready = final.ready[seat] if seat < len(final.ready) else False
            state = Text(f"{size} cards, " + ("ready, face down" if ready else "choosing"))
        grid.add_row(who(names, seat), state)
    parts.append(grid)
    if final.own is not None and not final.revealed:
        parts.append(Text("Your secret party, front first", style="bold"))
        for index, instance in enumerate(final.own):
            parts.append(Text.assemble(f"{index + 1} ", card_label(instance)))
    return parts
