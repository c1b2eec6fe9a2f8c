"""The light-and-dark board: the boss and its HP, the parent, the decks, the battle, last turn.

Per-seat facts (card, claim, party) are in the player panels; this shows the table's middle.
Only ASCII in the chrome (no arrows or circled digits): some terminals draw those double width.
"""

from __future__ import annotations

from collections import Counter

from rich.console import RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from core.games.base import View
from core.games.light_and_dark.content import content
from core.games.light_and_dark.state import Roll, TurnRecord
from core.games.light_and_dark.view import Board, turn_text
from tui.boards import BoardKit

RULES = """\
Light and Dark (光と闇の勇者) is a hidden-role boss raid for 3 to 6 players.

Each turn one player is the parent. The boss's HP is rolled with (players - 1) dice. The parent
draws one of the two hero cards (Light Hero, blue / Dark Hero, red); everyone else draws a role
card face down. Blue roles: Warrior, Mage, Sage, Priest, Gambler. Red roles: Devil, Half-devil,
Witch, Fallen Angel.

Discussion: each player may claim a role (lying is allowed) or stay silent. Then the parent
either gives up (the parent alone loses 1 point) or picks a party; everyone left out loses
1 point. All cards are revealed and the boss appears: the Demon King faces the Light Hero, God
faces the Dark Hero.

Battle: each party member rolls their role's dice. Warrior and Devil may reroll their one die
once (the reroll stands); Mage and Witch roll two dice and keep one; the Gambler rolls two, even
faces count plus, odd faces count minus; the heroes roll two dice and add them. Values of the
parent's colour are added, the other colour's are subtracted. A total of at least the HP wins.

Scoring: HP / party size (parent included) points each. If the party wins, the parent's colour
gains and the other colour loses; if it loses, the reverse. The parent alone takes any remainder
as 1 extra point gained or lost.

The parent passes left. The game ends when everyone has been parent, or the role deck cannot give
everyone a card. Highest score wins; tied leaders play sudden death: each rolls 2 dice for HP,
then everyone rolls 1 die at once and loses the sum of the others' dice; a lone survivor wins.
If nobody survives, the one closest to 0 wins. Players still level (several survivors, or
several equally close to 0) roll 1 die each: the highest wins.

Variant (keep cards): players left out of a party keep their card for next turn, and may keep
playing it or discard it to draw again.
"""


def sided(role_id: str) -> str:
    return content().roles[role_id].sided


def english(role_id: str) -> str:
    return content().roles[role_id].english


def colour(role_id: str) -> str:
    return content().roles[role_id].colour.value


def render(view: View, names: tuple[str, ...]) -> RenderableType:
    board = view.board
    if not isinstance(board, Board):
        return Text(str(board))
    grid = RichTable.grid(padding=(0, 1), expand=True)
    grid.add_column(width=8, no_wrap=True, style="bold")
    grid.add_column(ratio=1, overflow="fold")
    if board.boss_dice and not view.over:
        boss = Text(board.boss) if board.boss else Text("hidden until the reveal", style="dim")
        grid.add_row("Boss", boss)
        dice = " ".join(map(str, board.boss_dice))
        grid.add_row(
            "Boss HP", Text.assemble((str(board.boss_hp), "bold"), (f"  dice {dice}", "dim"))
        )
    if view.over or board.sudden is not None:
        grid.add_row("Turns", f"{len(board.history)} played")
    else:
        grid.add_row("Turn", turn_text(board.turn, board.turns_max, board.turns_certain))
        parent = Text(names[board.parent])
        card = board.roles[board.parent]
        if card is not None:
            parent.append(f", holds the {sided(card)}", style="dim")
        grid.add_row("Parent", parent)
        own = board.roles[view.viewer] if view.viewer is not None else None
        if own is not None and view.viewer != board.parent:
            grid.add_row("You hold", Text(sided(own), style=colour(own)))
    grid.add_row("Deck", f"{board.role_deck_left} role cards left")
    grid.add_row("Discard", _discard(board))
    if board.rolls and board.signs:
        _battle(grid, board, names)
    if board.sudden is not None:
        _sudden(grid, board, names)
    if board.history:
        _last_turn(grid, board.history[-1], names)
    return grid


def _discard(board: Board) -> Text:
    if not board.discard:
        return Text("empty", style="dim")
    counts = Counter(board.discard)
    order = list(content().roles)
    return Text(
        ", ".join(
            english(card) + (f" x{counts[card]}" if counts[card] > 1 else "")
            for card in sorted(counts, key=order.index)
        )
    )


def _roll_text(roll: Roll) -> str:
    dice = " ".join(map(str, roll.dice))
    if roll.reroll is not None:
        dice += f", reroll {roll.reroll}"
    return dice


def _battle(grid: RichTable, board: Board, names: tuple[str, ...]) -> None:
    grid.add_row("", "")
    grid.add_row("Battle", Text(f"{board.boss or 'the boss'}, {board.boss_hp} HP", style="bold"))
    total = 0
    for roll, sign in zip(board.rolls, board.signs):
        line = Text()
        line.append(english(roll.role), style="blue" if colour(roll.role) == "blue" else "red")
        line.append(f"  dice {_roll_text(roll)}", style="dim")
        if roll.value is None:
            line.append("  ?", style="bold")
        else:
            total += sign * roll.value
            line.append(f"  {'+' if sign > 0 else '-'}{_paren(roll.value)}", style="bold")
        grid.add_row(Text(names[roll.seat], overflow="ellipsis", no_wrap=True), line)
    waiting = len(board.party) - sum(1 for roll in board.rolls if roll.value is not None)
    result = Text(f"{total} vs {board.boss_hp} HP", style="bold")
    if waiting:
        result.append(f"  ({waiting} still to roll)", style="dim")
    else:
        result.append(": the party wins" if total >= board.boss_hp else ": the party loses")
    grid.add_row("Total", result)


def _last_turn(grid: RichTable, record: TurnRecord, names: tuple[str, ...]) -> None:
    parent = names[record.parent]
    hero = record.roles[record.parent]
    grid.add_row("", "")
    head = Text(f"parent {parent}" + (f", {english(hero)}" if hero else ""))
    grid.add_row(f"Turn {record.number}", head)
    if record.gave_up:
        grid.add_row("", f"{parent} gave up against {record.boss_hp} HP.")
    else:
        parts = []
        for roll in record.rolls:
            same = hero and colour(roll.role) == colour(hero)
            parts.append(
                f"{names[roll.seat]} {english(roll.role)} {'+' if same else '-'}"
                f"{_paren(roll.value or 0)}"
            )
        grid.add_row("", "; ".join(parts))
        verdict = "won" if record.won else "lost"
        grid.add_row("", f"Total {record.total} vs {record.boss_hp} HP: the party {verdict}.")
    changes = [f"{names[seat]} {delta:+d}" for seat, delta in enumerate(record.deltas) if delta]
    if changes:
        grid.add_row("", Text("Points: " + ", ".join(changes), style="dim"))


def _sudden(grid: RichTable, board: Board, names: tuple[str, ...]) -> None:
    sudden = board.sudden
    assert sudden is not None
    grid.add_row("", "")
    grid.add_row("Sudden", Text("death: tied leaders", style="bold"))
    for index, seat in enumerate(sudden.seats):
        hp = f"HP {sudden.hp[index]}" if index < len(sudden.hp) else "HP not rolled yet"
        if sudden.alive and seat not in sudden.alive:
            hp += ", out"
        if sudden.rolloff and seat in sudden.rolloff:
            hp += ", in the roll-off"
        grid.add_row(Text(names[seat], overflow="ellipsis", no_wrap=True), hp)


def _paren(value: int) -> str:
    return f"({value})" if value < 0 else str(value)


KIT = BoardKit(render, RULES)
