"""The Dangerous board: the school map, the decks and bosses, the AP board and the battle.

Four board modes (`b` cycles them, `w` gives the board the whole body width), one module each:

- map.py: the school map as a grid map (tui/widgets/gridmap.py): while the seat looking chooses
  a square (a move, a jump, a Lv2 token, a field ability's target), the squares its options name
  are marked and can be chosen there; the legend explains every symbol shown.
- tables.py: turn, start player, turn limit, the visible top cards and sizes of the decks, the
  Lv2 tokens and every boss; and the AP board (the six actions with their caps, who placed how
  many AP, the AP left).
- battle.py: the battle going on, the final battle's party building, or the last battle.
- cards.py: the card viewer (`c`) and the cards in the party-ordering prompt.

common.py holds what they share (names of cards and places, the seats' letters); help.py the
rules in short and the keys.
"""

from __future__ import annotations

from core.games.base import View
from core.games.dangerous.content import content
from core.games.dangerous.view import Board
from core.i18n import N_
from tui.boards import BoardKit, BoardMode
from tui.boards.dangerous.battle import render_battle
from tui.boards.dangerous.cards import card_info, card_pages
from tui.boards.dangerous.common import seat_mark, seat_note
from tui.boards.dangerous.help import KEYS, RULES
from tui.boards.dangerous.map import render_map, school_map
from tui.boards.dangerous.tables import render_ap, render_table


def auto_mode(view: View) -> str:
    board = view.board
    if not isinstance(board, Board):
        return "map"
    if board.combat is not None or board.phase in ("final", "over"):
        return "battle"
    if board.phase == "meeting":
        return "ap"
    if board.phase == "setup":
        return "table"
    return "map"


def on_the_map(view: View) -> bool:
    """The map has nothing to show once the final battle begins (the pieces leave it)."""
    board = view.board
    return not isinstance(board, Board) or board.phase not in ("final", "over")


def _narrowest_map() -> int:
    """The map's width at its smallest cells: the other views take at least as much."""
    spaces = content().board.spaces.values()
    span = max(space.x for space in spaces) - min(space.x for space in spaces)
    return span * 4 + 3


KIT = BoardKit(
    render_map,
    RULES,
    modes=(
        BoardMode("map", N_("Map"), render_map, grid=school_map, shows=on_the_map),
        BoardMode("table", N_("Decks & bosses"), render_table, _narrowest_map()),
        BoardMode("ap", N_("AP board"), render_ap, _narrowest_map()),
        BoardMode("battle", N_("Combat"), render_battle, _narrowest_map(), follow=True),
    ),
    auto_mode=auto_mode,
    seat_mark=seat_mark,
    seat_note=seat_note,
    card_info=card_info,
    card_pages=card_pages,
    keys=KEYS,
)
