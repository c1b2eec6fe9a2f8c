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
from core.i18n import DEFAULT_LANGUAGE, N_, Translator, translator
from core.narration import LIST_SEPARATOR, Message, Name
from tui.boards import BoardKit
from tui.wrapped import Wrapped

RULES = N_("""\
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
""")


def sided(role_id: str) -> Message:
    return content().roles[role_id].sided


def card(role_id: str) -> Name:
    return content().roles[role_id].label


def colour(role_id: str) -> str:
    return content().roles[role_id].colour.value


def render(view: View, names: tuple[str, ...], _: Translator | None = None) -> RenderableType:
    """The board in `_`'s language (English without one)."""
    _ = _ or translator(DEFAULT_LANGUAGE)
    board = view.board
    if not isinstance(board, Board):
        return Text(str(board))
    grid = RichTable.grid(padding=(0, 1), expand=True)
    grid.add_column(width=8, no_wrap=True, style="bold")
    grid.add_column(ratio=1, overflow="fold")
    if board.boss_dice and not view.over:
        boss = Text(_(board.boss)) if board.boss else Text(_("hidden until the reveal"), "dim")
        _row(grid, _("Boss"), boss)
        dice = " ".join(map(str, board.boss_dice))
        _row(
            grid,
            _("Boss HP"),
            Text.assemble(
                (str(board.boss_hp), "bold"), (f"  {_('dice {dice}', dice=dice)}", "dim")
            ),
        )
    if view.over or board.sudden is not None:
        _row(grid, _("Turns"), _("{count} played", count=len(board.history)))
    else:
        _row(grid, _("Turn"), _(turn_text(board.turn, board.turns_max, board.turns_certain)))
        parent = Text(names[board.parent])
        held = board.roles[board.parent]
        if held is not None:
            parent.append(_(", holds the {card}", card=_(sided(held))), style="dim")
        _row(grid, _("Parent"), parent)
        own = board.roles[view.seat] if view.seat is not None else None
        if own is not None and view.seat != board.parent:
            _row(grid, _("You hold"), Text(_(sided(own)), style=colour(own)))
    _row(grid, _("Deck"), _("{count} role cards left", count=board.role_deck_left))
    _row(grid, _("Discard"), _discard(board, _))
    if board.rolls and board.signs:
        _battle(grid, board, names, _)
    if board.sudden is not None:
        _sudden(grid, board, names, _)
    if board.history:
        _last_turn(grid, board.history[-1], names, _)
    return grid


def _discard(board: Board, _: Translator) -> Text:
    if not board.discard:
        return Text(_("empty"), style="dim")
    counts = Counter(board.discard)
    order = list(content().roles)
    return Text(
        _(LIST_SEPARATOR).join(
            _(card(role)) + (f" x{counts[role]}" if counts[role] > 1 else "")
            for role in sorted(counts, key=order.index)
        )
    )


def _roll_text(roll: Roll, _: Translator) -> str:
    dice = " ".join(map(str, roll.dice))
    if roll.reroll is not None:
        return _("dice {dice}, reroll {reroll}", dice=dice, reroll=roll.reroll)
    return _("dice {dice}", dice=dice)


def _battle(grid: RichTable, board: Board, names: tuple[str, ...], _: Translator) -> None:
    _row(grid, "", "")
    boss = _(board.boss) if board.boss else _("the boss")
    _row(grid, _("Battle"), Text(_("{boss}, {hp} HP", boss=boss, hp=board.boss_hp), "bold"))
    total = 0
    for roll, sign in zip(board.rolls, board.signs):
        line = Text()
        line.append(_(card(roll.role)), style="blue" if colour(roll.role) == "blue" else "red")
        line.append(f"  {_roll_text(roll, _)}", style="dim")
        if roll.value is None:
            line.append("  ?", style="bold")
        else:
            total += sign * roll.value
            line.append(f"  {'+' if sign > 0 else '-'}{_paren(roll.value)}", style="bold")
        _row(grid, Text(names[roll.seat], overflow="ellipsis", no_wrap=True), line)
    waiting = len(board.party) - sum(1 for roll in board.rolls if roll.value is not None)
    if waiting:
        result = Text(_("{total} vs {hp} HP", total=total, hp=board.boss_hp), style="bold")
        result.append(f"  {_('({count} still to roll)', count=waiting)}", style="dim")
    elif total >= board.boss_hp:
        result = Text(_("{total} vs {hp} HP: the party wins", total=total, hp=board.boss_hp))
    else:
        result = Text(_("{total} vs {hp} HP: the party loses", total=total, hp=board.boss_hp))
    _row(grid, _("Total"), result)


def _last_turn(grid: RichTable, record: TurnRecord, names: tuple[str, ...], _: Translator) -> None:
    parent = names[record.parent]
    hero = record.roles[record.parent]
    _row(grid, "", "")
    if hero:
        head = _("parent {name}, {card}", name=parent, card=_(card(hero)))
    else:
        head = _("parent {name}", name=parent)
    _row(grid, _("Turn {number}", number=record.number), Text(head))
    if record.gave_up:
        _row(grid, "", _("{name} gave up against {hp} HP.", name=parent, hp=record.boss_hp))
    else:
        parts = []
        for roll in record.rolls:
            same = hero and colour(roll.role) == colour(hero)
            parts.append(
                f"{names[roll.seat]} {_(card(roll.role))} {'+' if same else '-'}"
                f"{_paren(roll.value or 0)}"
            )
        _row(grid, "", _(LIST_SEPARATOR).join(parts))
        if record.won:
            said = _(
                "Total {total} vs {hp} HP: the party won.", total=record.total, hp=record.boss_hp
            )
        else:
            said = _(
                "Total {total} vs {hp} HP: the party lost.", total=record.total, hp=record.boss_hp
            )
        _row(grid, "", said)
    changes = [f"{names[seat]} {delta:+d}" for seat, delta in enumerate(record.deltas) if delta]
    if changes:
        points = _("Points: {changes}", changes=_(LIST_SEPARATOR).join(changes))
        _row(grid, "", Text(points, style="dim"))


def _sudden(grid: RichTable, board: Board, names: tuple[str, ...], _: Translator) -> None:
    sudden = board.sudden
    assert sudden is not None
    _row(grid, "", "")
    _row(grid, _("Sudden"), Text(_("death: tied leaders"), style="bold"))
    for index, seat in enumerate(sudden.seats):
        parts = [
            _("HP {hp}", hp=sudden.hp[index]) if index < len(sudden.hp) else _("HP not rolled yet")
        ]
        if sudden.alive and seat not in sudden.alive:
            parts.append(_("out"))
        if sudden.rolloff and seat in sudden.rolloff:
            parts.append(_("in the roll-off"))
        _row(
            grid,
            Text(names[seat], overflow="ellipsis", no_wrap=True),
            _(LIST_SEPARATOR).join(parts),
        )


def _row(grid: RichTable, label: str | Text, value: str | Text) -> None:
    """A row of the board: `value` Wrapped (Japanese between characters, never a line starting
    with a closing mark; Rich folded "。" onto a line of its own in this narrow column)."""
    grid.add_row(label, Wrapped(value))


def _paren(value: int) -> str:
    return f"({value})" if value < 0 else str(value)


KIT = BoardKit(render, RULES)
