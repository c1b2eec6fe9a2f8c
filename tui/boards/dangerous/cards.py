"""Dangerous cards in full: the card viewer's pages (every player's party, items, boss tokens
and discard pile; the decks and bosses) and the party-ordering prompt's card lines."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from core.decisions import OptionId
from core.games.base import View
from core.games.dangerous.content import content
from core.games.dangerous.view import Board
from core.i18n import Translator
from core.narration import Name, listing
from tui.boards import CardInfo
from tui.boards.dangerous.common import LETTERS, boss_title, card, space_name, timing_name
from tui.boards.dangerous.tables import render_table
from tui.wrapped import Wrapped


def card_info(option: OptionId) -> CardInfo | None:
    instance = str(option)
    if instance.split("#", 1)[0] not in content().cards:
        return None
    found = card(instance)
    timing = timing_name(found.timing)
    return CardInfo(found.name, found.level, timing, found.ability, found.text)


def card_block(index: int | None, instance: str, _: Translator) -> Text:
    """A card in full: level, name, timing, its ability and rules text in the reader's
    language (the English name beside the Japanese in English only). Shown Wrapped: Japanese
    breaks between characters."""
    found = card(instance)
    text = Text()
    if index is not None:
        text.append(f"{index}. ", style="bold")
    text.append(_.text(Name(found.name, found.english)), style="bold")
    text.append(f" Lv{found.level}", style="bold")
    text.append(f"  [{_(timing_name(found.timing))}]\n", style="italic")
    if found.ability:
        text.append(f"   {_.text(Name(found.ability, found.ability_en))}: ", style="bold")
    else:
        text.append("   ")
    text.append(_.text(found.text))
    return text


def item_block(item_id: str, _: Translator) -> Text:
    item = content().items.get(item_id)
    if item is None:
        return Text(item_id)
    # The item die's number goes last, named: "2. 刀" under "Items (1)" read as a miscount.
    text = Text()
    text.append(_.text(Name(item.name, item.english)), style="bold")
    text.append(f"  [{_(timing_name(item.timing))}]", style="italic")
    text.append("  " + _("item die: {number}", number=item.number) + "\n", style="dim")
    text.append(f"   {_.text(item.text)}")
    return text


def card_pages(
    view: View, names: tuple[str, ...], _: Translator
) -> list[tuple[str, RenderableType]]:
    """One page per player (party front first, secret final party for its owner only, items,
    boss tokens, discard pile), then the decks and bosses, in `_`'s language."""
    board = view.board
    if not isinstance(board, Board):
        return [(_("Board"), Text(str(board)))]
    pages: list[tuple[str, RenderableType]] = []
    for seat, player in enumerate(board.players):
        parts: list[RenderableType] = []
        final = board.final
        if final is not None and final.own is not None and seat == view.viewer:
            parts.append(Text(_("Your secret final party, front first"), style="bold reverse"))
            parts.extend(Wrapped(card_block(i + 1, c, _)) for i, c in enumerate(final.own))
        count = len(player.party)
        head = (
            _("Final party, front first ({count})", count=count)
            if final and final.revealed
            else _("Party, front first ({count})", count=count)
        )
        parts.append(Text(head, style="bold reverse"))
        parts.extend(Wrapped(card_block(i + 1, c, _)) for i, c in enumerate(player.party))
        if not player.party:
            parts.append(Text("   " + _("no card"), style="dim"))
        parts.append(Text(_("Items ({count})", count=len(player.items)), style="bold reverse"))
        parts.extend(Wrapped(item_block(item, _)) for item in player.items)
        if player.tokens:
            tokens = _.text(listing([boss_title(token) for token in player.tokens]))
            parts.append(Text(_("Boss tokens: {tokens}", tokens=tokens), style="bold"))
        discard = _("Discard pile ({count})", count=len(player.discard))
        parts.append(Text(discard, style="bold reverse"))
        parts.extend(Wrapped(card_block(None, c, _)) for c in player.discard)
        title = _("{letter} {name}", letter=LETTERS[seat], name=names[seat])
        if board.phase not in ("final", "over"):
            place = _.text(space_name(player.space))
            title = _(
                "{letter} {name}, at {place}", letter=LETTERS[seat], name=names[seat], place=place
            )
        if player.out:
            title = _("{who}, out", who=title)
        pages.append((title, Group(*parts)))
    pages.append((_("Decks and bosses"), render_table(view, names, _)))
    return pages
