"""What every Dangerous board view shares: cards and places by name, the seats' letters."""

from __future__ import annotations

from rich.text import Text

from core.games.base import View
from core.games.dangerous.board import space_label
from core.games.dangerous.content import Card, content
from core.games.dangerous.view import Board
from core.i18n import N_, Translator
from core.narration import LIST_SEPARATOR, Joined, Message, Name
from core.narration import Text as Said

LETTERS = "ABCDEF"
SEAT_STYLES = (
    "bold reverse red",
    "bold reverse blue",
    "bold reverse green",
    "bold reverse magenta",
)
BOSS_ABBREV = {
    "forest": "FOR",
    "classroom": "CLS",
    "dojo": "DOJ",
    "banchou": "BAN",
    "council": "COU",
    "old-building": "OLD",
}


def card(instance: str) -> Card:
    return content().card(instance)


TIMINGS = {
    "meeting_start": N_("meeting start"),
    "meeting_end": N_("meeting end"),
    "field": N_("field"),
    "ambush": N_("ambush"),
    "support": N_("support"),
    "before_dice": N_("before dice"),
    "dice": N_("dice"),
    "after_dice": N_("after dice"),
    "final_result": N_("final result"),
    "on_win": N_("on win"),
    "on_discard": N_("on discard"),
    "passive": N_("passive"),
    "revival": N_("revival"),
}
"""A card's timing window in words (translated where shown)."""


def timing_name(timing: str) -> str:
    return TIMINGS.get(timing, timing.replace("_", " "))


def card_label(instance: str) -> Text:
    found = card(instance)
    return Text.assemble((found.name, "bold"), (f" Lv{found.level}", "dim"))


def card_list(instances: list[str] | tuple[str, ...], _: Translator) -> str:
    """Cards in a row ("name Lv1"), in their order, parted by the reader's list separator."""
    labels = tuple(f"{card(c).name} Lv{card(c).level}" for c in instances)
    return _.text(Joined(labels, LIST_SEPARATOR))


def boss_code(space_id: str) -> str:
    """A boss space's three letters on the map."""
    space = content().board.spaces[space_id]
    return BOSS_ABBREV.get(space.id, space.english[:3].upper())


def space_name(space_id: str) -> Said:
    """A place by name (the English beside it in English; a boss space with its map code)."""
    space = content().board.spaces.get(space_id)
    if space is None:
        return space_id
    if space.kind == "boss":
        return f"{boss_code(space.id)} {space.name}"
    return Name(space.name, space.english)


def square_name(space_id: str) -> Said:
    """A square in full: its names and its number (core's label for it)."""
    return space_label(space_id)


def boss_title(boss_id: str) -> Name:
    site = content().board.boss(boss_id)
    return Name(site.name, site.english)


def seat_letter(seat: int) -> str:
    return LETTERS[seat % len(LETTERS)]


def seat_style(seat: int) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def seat_mark(seat: int) -> Text:
    return Text(seat_letter(seat), style=seat_style(seat))


def seat_note(view: View, seat: int) -> Said:
    board = view.board
    if not isinstance(board, Board) or seat >= len(board.players):
        return ""
    player = board.players[seat]
    if board.phase in ("final", "over") or not player.space:
        return ""  # not on the map: the draft, before the pieces go to the spring
    return Message("at {place}", place=space_name(player.space))


def who(names: tuple[str, ...], seat: int) -> Text:
    return Text.assemble(seat_mark(seat), " ", names[seat])
