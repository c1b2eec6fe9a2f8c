"""The light-and-dark board: the boss and its HP, the parent, the decks, the battle, last turn.

Per-seat facts (card, claim, party) are in the player panels; this shows the table's middle.
Only ASCII in the chrome (no arrows or circled digits): some terminals draw those double width.
"""

from __future__ import annotations

from collections import Counter

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text

from core.games.base import View
from core.games.light_and_dark.content import content
from core.games.light_and_dark.state import Roll, TurnRecord
from core.games.light_and_dark.view import Board
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
then everyone rolls 1 die at once and loses the sum of the others' dice; the survivor wins.

Variant (keep cards): players left out of a party keep their card for next turn, and may keep
playing it or discard it to draw again.
"""


def label(role_id: str) -> str:
    return content().roles[role_id].label


def english(role_id: str) -> str:
    return content().roles[role_id].english


def colour(role_id: str) -> str:
    return content().roles[role_id].colour.value


def render(view: View, names: tuple[str, ...]) -> RenderableType:
    board = view.board
    if not isinstance(board, Board):
        return Text(str(board))
    text = Text()
    _boss(text, board, view.over)
    _parent(text, board, names, view.over)
    _decks(text, board)
    if board.rolls:
        text.append("\n")
        _battle(text, board, names)
    if board.sudden is not None:
        text.append("\n")
        _sudden(text, board, names)
    if board.history:
        text.append("\n")
        _last_turn(text, board.history[-1], names)
    text.rstrip()
    return text


def _key(text: Text, key: str) -> None:
    text.append(f"{key:<9}", style="bold")


def _boss(text: Text, board: Board, over: bool) -> None:
    if over or not board.boss_dice:
        return
    _key(text, "Boss")
    text.append(board.boss or "hidden until the reveal", style="" if board.boss else "dim")
    text.append("\n")
    _key(text, "Boss HP")
    text.append(str(board.boss_hp), style="bold")
    text.append(f"  (dice {' '.join(map(str, board.boss_dice))})\n", style="dim")


def _parent(text: Text, board: Board, names: tuple[str, ...], over: bool) -> None:
    if over:
        _key(text, "Turns")
        text.append(f"{len(board.history)} played\n")
        return
    _key(text, "Turn")
    text.append(f"{board.turn} of {board.turns_max}\n")
    _key(text, "Parent")
    text.append(names[board.parent])
    card = board.roles[board.parent]
    if card is not None:
        text.append(f", holds the {label(card)}", style="dim")
    text.append("\n")


def _decks(text: Text, board: Board) -> None:
    _key(text, "Deck")
    text.append(f"{board.role_deck_left} role cards left\n")
    _key(text, "Discard")
    if not board.discard:
        text.append("empty\n", style="dim")
        return
    counts = Counter(board.discard)
    order = list(content().roles)
    shown = ", ".join(
        english(card) + (f" x{counts[card]}" if counts[card] > 1 else "")
        for card in sorted(counts, key=order.index)
    )
    text.append(f"{shown}\n")


def _roll_text(roll: Roll) -> str:
    dice = " ".join(map(str, roll.dice))
    if roll.reroll is not None:
        dice += f", reroll {roll.reroll}"
    return dice


def _battle(text: Text, board: Board, names: tuple[str, ...]) -> None:
    text.append("Battle\n", style="bold underline")
    width = max((cell_len(names[roll.seat]) for roll in board.rolls), default=0)
    total = 0
    for roll, sign in zip(board.rolls, board.signs):
        value = "?" if roll.value is None else f"{'+' if sign > 0 else '-'}{_paren(roll.value)}"
        if roll.value is not None:
            total += sign * roll.value
        text.append(f"  {_pad(names[roll.seat], width)} ")
        hue = "blue" if colour(roll.role) == "blue" else "red"
        text.append(f"{english(roll.role):<12}", style=hue)
        text.append(f" {_roll_text(roll):<12} ")
        text.append(f"{value}\n", style="bold")
    waiting = len(board.party) - sum(1 for roll in board.rolls if roll.value is not None)
    text.append(f"  Total {total} vs {board.boss_hp} HP", style="bold")
    if waiting:
        text.append(f"  ({waiting} still to roll)\n", style="dim")
    else:
        text.append(": the party wins\n" if total >= board.boss_hp else ": the party loses\n")


def _last_turn(text: Text, record: TurnRecord, names: tuple[str, ...]) -> None:
    parent = names[record.parent]
    hero = record.roles[record.parent]
    text.append(f"Turn {record.number}", style="bold underline")
    text.append(f": parent {parent}" + (f", {english(hero)}" if hero else "") + "\n")
    if record.gave_up:
        text.append(f"  {parent} gave up against {record.boss_hp} HP.\n")
    else:
        parts = []
        for roll in record.rolls:
            same = hero and colour(roll.role) == colour(hero)
            parts.append(
                f"{names[roll.seat]} {english(roll.role)} {'+' if same else '-'}"
                f"{_paren(roll.value or 0)}"
            )
        text.append("  " + "; ".join(parts) + "\n")
        verdict = "won" if record.won else "lost"
        text.append(f"  Total {record.total} vs {record.boss_hp} HP: the party {verdict}.\n")
    changes = [f"{names[seat]} {delta:+d}" for seat, delta in enumerate(record.deltas) if delta]
    if changes:
        text.append("  " + ", ".join(changes) + "\n", style="dim")


def _sudden(text: Text, board: Board, names: tuple[str, ...]) -> None:
    sudden = board.sudden
    assert sudden is not None
    text.append("Sudden death\n", style="bold underline")
    for index, seat in enumerate(sudden.seats):
        hp = str(sudden.hp[index]) if index < len(sudden.hp) else "not rolled"
        state = ""
        if sudden.alive and seat not in sudden.alive:
            state = "  out"
        if sudden.rolloff and seat in sudden.rolloff:
            state = "  in the roll-off"
        text.append(f"  {names[seat]}: HP {hp}{state}\n")


def _paren(value: int) -> str:
    return f"({value})" if value < 0 else str(value)


def _pad(name: str, width: int) -> str:
    return name + " " * max(0, width - cell_len(name))


KIT = BoardKit(render, RULES)
