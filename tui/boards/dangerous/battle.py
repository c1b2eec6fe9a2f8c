"""The Dangerous battle view: the battle going on (both rows front first, the dice, bonuses and
result, the battle's own log), the final battle's party building, or the last battle once it is
over."""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from core.games.base import View
from core.games.dangerous.view import Board, CombatView, FinalView
from tui.boards.dangerous.common import boss_title, card, card_label, seat_mark, who


def render_battle(view: View, names: tuple[str, ...]) -> RenderableType:
    board = view.board
    if not isinstance(board, Board):
        return Text(str(board))
    parts: list[RenderableType] = []
    if board.combat is not None:
        parts.extend(_combat(board, board.combat, names))
    elif board.final is not None:
        parts.extend(_final(view, board, board.final, names))
    if board.combat is None and board.last_battle:
        parts.append(Text("Last battle", style="bold"))
        parts.extend(_log_lines(board.last_battle))
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
    kinds = {"lv1": "Lv1 fight", "lv2": "Lv2 fight", "boss": "Boss fight", "final": "Final duel"}
    head = Text(kinds.get(combat.kind, combat.kind), style="bold reverse")
    head.append(" ")
    head.append_text(_side_title(board, combat, 0, names))
    head.append(" vs ")
    head.append_text(_side_title(board, combat, 1, names))
    parts: list[RenderableType] = [head]
    grid = RichTable.grid(padding=(0, 1), expand=True)
    grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    enemy = who(names, combat.seats[1]) if combat.kind == "final" else Text("Enemy", style="bold")
    grid.add_row(Text.assemble(who(names, combat.seats[0]), ("  > fights", "dim")), enemy)
    rows = combat.rows
    for index in range(max(len(rows[0]), len(rows[1]), 1)):
        cells = []
        for side in (0, 1):
            row = rows[side]
            if index >= len(row):
                cells.append(Text("no card standing" if not row else "", style="dim"))
                continue
            found = card(row[index])
            line = Text("> " if index == 0 else "  ", style="bold")
            line.append(f"{index + 1} Lv{found.level} ")
            line.append(found.name, style="bold")
            cells.append(line)
        grid.add_row(*cells)
    if any(combat.dice) or combat.result != (0, 0):
        dice = []
        for side in (0, 1):
            faces = "".join(f"[{face}]" for face in combat.dice[side]) or "-"
            line = Text("dice ", style="dim")
            line.append(faces, style="bold")
            bonus = combat.bonus[side]
            if bonus:
                line.append(f" {bonus:+d}")
            if combat.result != (0, 0):
                line.append(f" = {combat.result[side]}", style="bold")
            dice.append(line)
        grid.add_row(*dice)
    parts.append(grid)
    if combat.result != (0, 0):
        mine, theirs = combat.result
        verdict = "win" if mine > theirs else ("mutual kill" if mine == theirs else "loss")
        parts.append(Text(f"Result {mine} vs {theirs}: {verdict} for the left", style="bold"))
    if combat.defeated:
        beaten = Text("Beaten: ", style="bold")
        beaten.append(", ".join(f"{card(c).name} Lv{card(c).level}" for c in combat.defeated))
        parts.append(beaten)
    parts.append(Text.assemble(("Battle log", "bold"), (" newest first", "dim")))
    parts.extend(_log_lines(reversed(combat.log)))
    return parts


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
