"""Dangerous cards in full: the card viewer's pages (every player's party, items, boss tokens
and discard pile; the decks and bosses) and the party-ordering prompt's card lines."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from core.decisions import OptionId
from core.games.base import View
from core.games.dangerous.content import content
from core.games.dangerous.view import Board
from tui.boards import CardInfo
from tui.boards.dangerous.common import LETTERS, boss_title, card, space_name, timing_name
from tui.boards.dangerous.tables import render_table


def card_info(option: OptionId) -> CardInfo | None:
    instance = str(option)
    if instance.split("#", 1)[0] not in content().cards:
        return None
    found = card(instance)
    timing = timing_name(found.timing)
    return CardInfo(found.name, found.level, timing, found.ability, found.text)


def card_block(index: int | None, instance: str) -> Text:
    """A card in full: level, name, timing, its ability in English and Japanese."""
    found = card(instance)
    text = Text()
    if index is not None:
        text.append(f"{index}. ", style="bold")
    text.append(found.name, style="bold")
    text.append(f" Lv{found.level}", style="bold")
    text.append(f" {found.english}", style="dim")
    text.append(f"  [{timing_name(found.timing)}]\n", style="italic")
    if found.ability:
        text.append(f"   {found.ability}: ", style="bold")
    else:
        text.append("   ")
    text.append(found.text_en)
    if found.text_ja:
        text.append(f"\n   {found.text_ja}", style="dim")
    return text


def item_block(item_id: str) -> Text:
    item = content().items.get(item_id)
    if item is None:
        return Text(item_id)
    # The item die's number goes last, named: "2. 刀" under "Items (1)" read as a miscount.
    text = Text()
    text.append(item.name, style="bold")
    text.append(f" {item.english}", style="dim")
    text.append(f"  [{timing_name(item.timing)}]", style="italic")
    text.append(f"  item die: {item.number}\n", style="dim")
    text.append(f"   {item.text_en}")
    return text


def card_pages(view: View, names: tuple[str, ...]) -> list[tuple[str, RenderableType]]:
    """One page per player (party front first, secret final party for its owner only, items,
    boss tokens, discard pile), then the decks and bosses."""
    board = view.board
    if not isinstance(board, Board):
        return [("Board", Text(str(board)))]
    pages: list[tuple[str, RenderableType]] = []
    for seat, player in enumerate(board.players):
        parts: list[RenderableType] = []
        final = board.final
        if final is not None and final.own is not None and seat == view.viewer:
            parts.append(Text("Your secret final party, front first", style="bold reverse"))
            parts.extend(card_block(i + 1, c) for i, c in enumerate(final.own))
        head = "Final party, front first" if final and final.revealed else "Party, front first"
        parts.append(Text(f"{head} ({len(player.party)})", style="bold reverse"))
        parts.extend(card_block(i + 1, c) for i, c in enumerate(player.party))
        if not player.party:
            parts.append(Text("   no card", style="dim"))
        parts.append(Text(f"Items ({len(player.items)})", style="bold reverse"))
        parts.extend(item_block(item) for item in player.items)
        if player.tokens:
            tokens = ", ".join(str(boss_title(token)) for token in player.tokens)
            parts.append(Text(f"Boss tokens: {tokens}", style="bold"))
        parts.append(Text(f"Discard pile ({len(player.discard)})", style="bold reverse"))
        parts.extend(card_block(None, c) for c in player.discard)
        where = "" if board.phase in ("final", "over") else f", at {space_name(player.space)}"
        out = ", out" if player.out else ""
        pages.append((f"{LETTERS[seat]} {names[seat]}{where}{out}", Group(*parts)))
    pages.append(("Decks and bosses", render_table(view, names)))
    return pages
