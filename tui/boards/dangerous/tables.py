"""The Dangerous tables: the turn, the decks and bosses (render_table), and the strategy
meeting's AP board (render_ap). Japanese names appear in tables whose widths rich measures by
cell."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from core.games.base import View
from core.games.dangerous.content import content
from core.games.dangerous.view import Board, BossView
from core.i18n import DEFAULT_LANGUAGE, N_, Translator, translator
from core.narration import LIST_SEPARATOR, Joined, Name
from tui.boards.dangerous.common import (
    BOSS_ABBREV,
    boss_title,
    card,
    card_label,
    card_list,
    seat_mark,
    space_name,
    timing_name,
    who,
)
from tui.lang import assemble
from tui.wrapped import Wrapped

# --- decks, tokens, bosses ---------------------------------------------------------------------


def _turn_line(view: View, board: Board, names: tuple[str, ...], _: Translator) -> Text:
    line = Text()
    if view.over:
        line.append(_("Game over"), style="bold")
        return line
    if board.phase == "final":
        line.append(_("Final battle"), style="bold")
    elif board.turn_limit:
        line.append(_("Turn {turn} of {limit}", turn=board.turn, limit=board.turn_limit))
        line.stylize("bold")
    else:
        line.append(_("Turn {turn}", turn=board.turn), style="bold")
    if board.start >= 0 and board.phase != "final":
        line.append("  ")
        line.append_text(assemble(_("start {seat}"), seat=who(names, board.start)))
    return line


DECK_NAMES = {"lv3": N_("Lv3"), "transfer": N_("transfer students")}
"""The face-down decks by name (translated where shown)."""


def render_table(view: View, names: tuple[str, ...], _: Translator | None = None) -> RenderableType:
    _ = _ or translator(DEFAULT_LANGUAGE)
    board = view.board
    if not isinstance(board, Board):
        return Text(str(board))
    parts: list[RenderableType] = [_turn_line(view, board, names, _)]
    if board.next_start >= 0 and board.phase == "meeting":
        parts.append(assemble(_("Next start {seat}"), seat=who(names, board.next_start)))
    for deck, top in (("lv1", board.lv1_top), ("lv2", board.lv2_top)):
        count = board.decks.get(deck, 0)
        head = Text(_("{deck} deck {count}", deck=deck.upper(), count=count), style="bold")
        if deck == "lv2" and board.lv2_retired:
            head.append(_(", tokens retired"), style="dim")
        if top is None:
            head.append(_(": empty"), style="dim")
            parts.append(head)
            continue
        head.append_text(assemble(_(", top: {card}"), card=card_label(top)))
        parts.append(head)
        parts.append(Wrapped(_ability(top, _, indent=2)))
    tokens = Text(_("Lv2 tokens") + " ", style="bold")
    if board.tokens:
        on_board = _.text(
            Joined(tuple(space_name(space) for space in board.tokens), LIST_SEPARATOR)
        )
        tokens.append(
            _("{spaces}; {supply} in the supply", spaces=on_board, supply=board.token_supply)
        )
    else:
        tokens.append(_("none on the board; {supply} in the supply", supply=board.token_supply))
    parts.append(tokens)
    parts.append(Text(_("Bosses"), style="bold"))
    for boss in board.bosses:
        line = Text("  ")
        line.append(BOSS_ABBREV.get(boss.space, "") + " ", style="dim")
        line.append(_.text(boss_title(boss.id)))
        line.append(": ")
        line.append_text(_boss_state(boss, names, _))
        parts.append(line)
    rest = [name for name, count in board.decks.items() if name not in ("lv1", "lv2")]
    if rest:
        hidden = _.text(
            Joined(
                tuple(
                    _("{deck} {count}", deck=_(DECK_NAMES.get(name, name)), count=board.decks[name])
                    for name in rest
                ),
                LIST_SEPARATOR,
            )
        )
        parts.append(Text(_("Face-down decks: {decks}", decks=hidden), style="dim"))
    return Group(*parts)


def _boss_state(boss: BossView, names: tuple[str, ...], _: Translator) -> Text:
    text = Text()
    if boss.cleared_by >= 0:
        text.append_text(assemble(_("cleared by {seat}"), seat=who(names, boss.cleared_by)))
        return text
    hidden = sum(1 for c in boss.cards if c is None)
    seen = [c for c in boss.cards if c is not None]
    if seen:
        text.append(card_list(seen, _))
    if hidden:
        text.append(("; " if seen else "") + _("{count} face down", count=hidden), style="dim")
    if not boss.cards:
        text.append(_("no card left"), style="dim")
    return text


def _ability(instance: str, _: Translator, indent: int = 0) -> Text:
    found = card(instance)
    text = Text(" " * indent)
    text.append(f"[{_(timing_name(found.timing))}] ", style="italic")
    if found.ability:
        text.append(f"{found.ability}: ", style="bold")
    text.append(found.text_ja if _.language == "ja" else found.text_en)
    return text


# --- the AP board ------------------------------------------------------------------------------


def render_ap(view: View, names: tuple[str, ...], _: Translator | None = None) -> RenderableType:
    _ = _ or translator(DEFAULT_LANGUAGE)
    board = view.board
    if not isinstance(board, Board):
        return Text(str(board))
    meeting = board.meeting
    count = len(board.players)
    head = Text(_("Strategy meeting") if board.phase == "meeting" else _("AP placed this turn"))
    head.stylize("bold")
    parts: list[RenderableType] = [head]
    if meeting is None:
        parts.append(Text(_("No AP on the board now (the meeting opens each turn)."), style="dim"))
        parts.append(_next_ap(board, names, _))
        return Group(*parts)
    grid = RichTable.grid(padding=(0, 1), expand=True)
    grid.add_column(ratio=1, overflow="fold")
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column(no_wrap=True, min_width=3 * count - 1)
    for action in content().actions:
        placed = meeting.placed.get(action.id, (0,) * count)
        cap = action.cap(count)
        total = sum(placed)
        amount = Text(f"{total}/{cap}" if cap else str(total))
        if cap and total >= cap:
            amount.stylize("bold")
            amount.append(" " + _("full"), style="dim")
        who_ = Text()
        for seat, ap in enumerate(placed):
            if ap:
                who_.append_text(seat_mark(seat))
                who_.append(f"{ap} ")
        grid.add_row(Text(_.text(Name(action.name, action.english))), amount, who_)
    parts.append(grid)
    left = Text(_("AP left") + " ", style="bold")
    for seat, ap in enumerate(meeting.ap_left):
        left.append_text(seat_mark(seat))
        left.append(f"{ap}  ")
    parts.append(left)
    if meeting.order:
        turn = Text(_("Placing order") + " ", style="dim")
        for seat in meeting.order:
            turn.append_text(seat_mark(seat))
            turn.append(" ")
        parts.append(turn)
    parts.append(_next_ap(board, names, _))
    return Group(*parts)


def _next_ap(board: Board, names: tuple[str, ...], _: Translator) -> Text:
    text = Text(_("AP next turn") + " ", style="dim")
    for seat, player in enumerate(board.players):
        text.append_text(seat_mark(seat))
        text.append(f"{player.ap_next}  ")
    return text
