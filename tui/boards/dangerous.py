"""The Dangerous board: the school map, the decks and bosses, the AP board and the battle.

Four board modes (`b` cycles them, `w` gives the board the whole body width):

- Map: the spaces of content().board on their grid (x 0..12, y 0..6), edges drawn with ASCII
  `-` and `|`; a piece is its seat's letter (A-D, also shown in the players panel as the
  legend), `*` a Lv2 token, boss spaces in capitals (bold while a boss stands, dim once
  cleared), the spring SPR. Only ASCII in the map: box-drawing and CJK glyphs are avoided so no
  terminal draws a space at double width and breaks the grid. While the seat looking chooses a
  square (move, teleport, Lv2 token), the squares it may choose are underlined and the one under
  the prompt's cursor reversed and bracketed, named in full on a line under the map (attributes,
  not colours: they hold under NO_COLOR and the terminal-palette theme).
- Table: turn, start player, turn limit, the visible top cards and sizes of the decks, the Lv2
  tokens and every boss (standing or cleared, by whom, its cards once seen).
- AP board: the six actions with their caps, who placed how many AP, the AP left.
- Battle: the battle going on (both rows front first, the dice, bonuses and result, the battle's
  own log), the final battle's party building, or the last battle once it is over.

Japanese names appear only outside the map, in tables whose widths rich measures by cell.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table as RichTable
from rich.text import Text

from core.decisions import Decision, OptionId
from core.games.base import View
from core.games.dangerous.content import Card, Space, content
from core.games.dangerous.view import Board, BossView, CombatView, FinalView
from tui.boards import BoardKit, BoardMode, CardInfo

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

RULES = """\
Dangerous (戦闘破壊学園ダンゲロス・ボードゲーム) is a dungeon crawl around a school for 2 to 4
players. Each of you leads a party of demon students (your hand, an ordered row: it fights from
the front, winner stays on) and hunts the bosses of the school; when the last card of the old
school building (旧校舎, OLD on the map) falls, or the turn limit is reached, the final battle
decides the winner.

Every turn starts with a strategy meeting: each player has 3 AP (plus any Next-turn-AP placed
last turn, at most 6) and, from the start player round the table, places one AP at a time on
the six actions: Movement (+1 move each), Combat (+1 to your highest die in this turn's fights),
Next start player (most AP wins the chip), Next turn AP +1, Item (every 2 AP roll the item die:
take that item, even from another player) and Lv2 demon appears (each AP rolls for a Lv2 token).
Every action has a cap for the table; all AP must be placed.

Exploration: each player in turn moves up to their movement (highest level in the party, a
transfer student counts 4, plus Movement AP) and fights what is where they stop. A normal space:
the top card of the face-up Lv1 deck. A Lv2 token: the top card of the Lv2 deck. A boss space:
the boss's face-down party. The spring: take cards back from your discard pile. Pieces can be
passed freely; Lv2 tokens and standing bosses stop you.

Combat: front card against front card, one 1-on-1 at a time. Each card rolls as many dice as
its level; its result is its highest die plus bonuses (Combat AP, supports, abilities, items).
Higher result wins, equal results kill both. Ambush abilities fire first; before-dice,
after-dice, on-win and on-discard abilities at their moments. The next player in turn order
plays the enemy and makes its choices. A beaten field enemy joins your party or your discard
pile; a beaten boss gives one of its cards, a boss token and an item. After losing a card you
may flee. An empty party is wiped out: back to the spring, draw 3 from your discard pile.
At most 5 cards in a party.

Final battle: everyone builds a secret party of 3 + boss tokens cards from hand and discard
pile, orders it face down, and all are revealed at once. After an ambush round, players take
turns attacking another player's front card; the last player with cards wins.
"""

KEYS = (
    ("b", "board: map / table / AP board / battle (follows the phase by itself)"),
    ("w", "wide board: the board takes the whole width (w again: back)"),
    ("c", "cards: every player's party, items and discard pile, with abilities"),
    (
        "order a party",
        "Up/Down select; Left/Right, [ ] or Shift+Up/Down move the card; "
        "Home or f to the front; Enter confirms. The mouse: click a card to select it, or drag "
        "it up or down and release it where it goes",
    ),
)


# --- content helpers -------------------------------------------------------------------------


def card(instance: str) -> Card:
    return content().card(instance)


def timing_name(timing: str) -> str:
    return timing.replace("_", " ")


def card_label(instance: str) -> Text:
    found = card(instance)
    return Text.assemble((found.name, "bold"), (f" Lv{found.level}", "dim"))


def space_name(space_id: str) -> str:
    space = content().board.spaces.get(space_id)
    if space is None:
        return space_id
    if space.kind == "boss":
        return f"{BOSS_ABBREV.get(space.id, space.english[:3].upper())} {space.name}"
    return f"{space.name} {space.english}"


def boss_title(boss_id: str) -> str:
    site = content().board.boss(boss_id)
    return f"{site.name} {site.english}"


def seat_mark(seat: int) -> Text:
    return Text(LETTERS[seat % len(LETTERS)], style=SEAT_STYLES[seat % len(SEAT_STYLES)])


def seat_note(view: View, seat: int) -> str:
    board = view.board
    if not isinstance(board, Board) or seat >= len(board.players):
        return ""
    player = board.players[seat]
    if board.phase in ("final", "over"):
        return ""
    return f"at {space_name(player.space)}"


def who(names: tuple[str, ...], seat: int) -> Text:
    return Text.assemble(seat_mark(seat), " ", names[seat])


# --- the map -----------------------------------------------------------------------------------


class SchoolMap:
    """The map as a rich renderable: 4-cell spaces when it has the room, 3-cell ones otherwise."""

    def __init__(
        self,
        board: Board,
        options: frozenset[str] = frozenset(),
        cursor: frozenset[str] = frozenset(),
    ) -> None:
        self.board = board
        self.options = options
        self.cursor = cursor
        spaces = content().board.spaces.values()
        self.by_pos = {(space.x, space.y): space for space in spaces}
        self.x0 = min(space.x for space in spaces)
        self.x1 = max(space.x for space in spaces)
        self.y1 = max(space.y for space in spaces)

    def width(self, cell: int) -> int:
        step = cell + (2 if cell >= 4 else 1)
        return (self.x1 - self.x0) * step + cell

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(self.width(3), self.width(4))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        cell = 4 if options.max_width >= self.width(4) else 3
        yield from self.lines(cell)

    def lines(self, cell: int) -> list[Text]:
        gap = 2 if cell >= 4 else 1
        bar = (cell - 1) // 2
        rows: list[Text] = []
        for y in range(self.y1 + 1):
            line = Text(no_wrap=True, overflow="crop")
            below = Text(no_wrap=True, overflow="crop")
            for x in range(self.x0, self.x1 + 1):
                space = self.by_pos.get((x, y))
                left = self.link(space, self.by_pos.get((x - 1, y)))
                right = self.link(space, self.by_pos.get((x + 1, y)))
                down = self.link(space, self.by_pos.get((x, y + 1)))
                if space is None:
                    line.append(" " * cell)
                else:
                    content_ = self.cell(space, cell)
                    pad = cell - content_.cell_len
                    before = pad // 2
                    after = pad - before
                    marked = 1 if space.id in self.cursor and before and after else 0
                    line.append(_dash(left) * (before - marked), style=left or "")
                    if marked:
                        line.append("[", style="bold")
                    line.append_text(content_)
                    if marked:
                        line.append("]", style="bold")
                    line.append(_dash(right) * (after - marked), style=right or "")
                line.append(_dash(right) * gap, style=right or "")
                if down is not None:
                    below.append(" " * bar + "|" + " " * (cell - bar - 1), style=down)
                else:
                    below.append(" " * cell)
                below.append(" " * gap)
            line.rstrip()
            below.rstrip()
            rows.append(line)
            if y < self.y1:
                rows.append(below)
        return rows

    def link(self, space: Space | None, other: Space | None) -> str | None:
        """The style of the edge between two spaces ("" or "dim" if closed), None if none."""
        if space is None or other is None or other.id not in content().board.edges[space.id]:
            return None
        return "dim" if self.closed(space) or self.closed(other) else ""

    def closed(self, space: Space | None) -> bool:
        return space is not None and space.closed_2p and len(self.board.players) == 2

    def cell(self, space: Space, size: int) -> Text:
        board = self.board
        pieces = [
            seat
            for seat, player in enumerate(board.players)
            if player.space == space.id and not player.out and board.phase != "final"
        ]
        if board.phase == "over":
            pieces = []
        if self.closed(space):
            return Text("x".ljust(size), style="dim")
        style = ""
        if space.kind == "spring":
            full, short = "SPR", "S"
            style = "bold"
        elif space.kind == "boss":
            full = BOSS_ABBREV.get(space.id, space.english[:3].upper())
            short = full[0]
            standing = any(b.space == space.id and b.cleared_by < 0 for b in board.bosses)
            style = "bold" if standing else "dim"
            if not standing:
                full, short = full.lower(), short.lower()
        else:
            token = "*" if space.id in board.tokens else ""
            full = short = f"{space.number}{token}"
            style = "bold" if token else ""
        count = len(pieces)
        if len(full) + count <= size:
            base = full
        elif len(short) + count <= size:
            base = short
        else:
            base = ""
        text = Text(base, style=style)
        if space.kind == "normal" and "*" in base:
            text.stylize("bold yellow", len(base) - 1)
        shown = pieces if count <= size else pieces[: size - 1]
        for seat in shown:
            text.append_text(seat_mark(seat))
        if count > size:
            text.append("+", style="bold")
        if space.id in self.cursor:
            text.stylize("bold reverse")
        elif space.id in self.options:
            text.stylize("underline")
        return text


def _dash(link: str | None) -> str:
    return " " if link is None else "-"


def render_map(view: View, names: tuple[str, ...]) -> RenderableType:
    board = view.board
    if not isinstance(board, Board):
        return Text(str(board))
    return Group(SchoolMap(board), _map_key())


def _map_key() -> Text:
    return Text("A-D: pieces  *: Lv2 token  boss: cleared", style="dim")


SQUARE_DECISIONS = ("move", "teleport", "token")
"""Decisions whose options are squares: a space id, or "<from>><to>" (a Lv2 token moved)."""


def option_spaces(option: OptionId) -> tuple[str, ...]:
    """The squares an option names (from first, destination last), or () if it is no square."""
    spaces = content().board.spaces
    parts = tuple(str(option).split(">"))
    return parts if all(part in spaces for part in parts) else ()


def point_map(
    view: View, names: tuple[str, ...], decision: Decision, cursor: int
) -> RenderableType | None:
    """The map with the squares `decision` may go to underlined and option `cursor` reversed,
    named under the map; None if the decision is not about squares."""
    board = view.board
    if not isinstance(board, Board) or decision.name not in SQUARE_DECISIONS:
        return None
    places = [option_spaces(option.id) for option in decision.options]
    if not any(places):
        return None
    at = places[cursor] if 0 <= cursor < len(places) else ()
    options = frozenset(spaces[-1] for spaces in places if spaces)
    school = SchoolMap(board, options, frozenset(at))
    line = Text.assemble(("cursor: ", "dim"))
    if 0 <= cursor < len(decision.options):
        option = decision.options[cursor]
        if at:
            line.append(" to ".join(_square(space) for space in at), style="bold reverse")
        else:
            line.append(option.label, style="bold")
            line.append(" (not on the map)", style="dim")
        if option.detail and at:
            line.append(f" - {option.detail}")
    key = _map_key()
    key.append("  ")
    key.append("can go", style="underline")
    key.append(" ")
    key.append("[cursor]", style="bold reverse")
    return Group(school, line, key)


def _square(space_id: str) -> str:
    """A square in full: its Japanese and English names and its number."""
    name = space_name(space_id)
    number = content().board.spaces[space_id].number
    return f"{name} ({number})" if number else name


def _turn_line(view: View, board: Board, names: tuple[str, ...]) -> Text:
    line = Text()
    if view.over:
        line.append("Game over", style="bold")
        return line
    if board.phase == "final":
        line.append("Final battle", style="bold")
    else:
        line.append(f"Turn {board.turn}", style="bold")
        if board.turn_limit:
            line.append(f" of {board.turn_limit}")
    if board.start >= 0 and board.phase != "final":
        line.append("  start ")
        line.append_text(who(names, board.start))
    return line


# --- the table: decks, tokens, bosses ----------------------------------------------------------


def render_table(view: View, names: tuple[str, ...]) -> RenderableType:
    board = view.board
    if not isinstance(board, Board):
        return Text(str(board))
    parts: list[RenderableType] = [_turn_line(view, board, names)]
    if board.next_start >= 0 and board.phase == "meeting":
        parts.append(Text.assemble("Next start ", who(names, board.next_start)))
    for deck, top in (("lv1", board.lv1_top), ("lv2", board.lv2_top)):
        head = Text(f"{deck.upper()} deck {board.decks.get(deck, 0)}", style="bold")
        if deck == "lv2" and board.lv2_retired:
            head.append(", tokens retired", style="dim")
        if top is None:
            head.append(": empty", style="dim")
            parts.append(head)
            continue
        head.append(", top: ")
        head.append_text(card_label(top))
        parts.append(head)
        parts.append(_ability(top, indent=2))
    tokens = Text("Lv2 tokens ", style="bold")
    on_board = ", ".join(space_name(space) for space in board.tokens) or "none on the board"
    tokens.append(f"{on_board}; {board.token_supply} in the supply")
    parts.append(tokens)
    parts.append(Text("Bosses", style="bold"))
    for boss in board.bosses:
        line = Text("  ")
        line.append(BOSS_ABBREV.get(boss.space, "") + " ", style="dim")
        line.append(boss_title(boss.id))
        line.append(": ")
        line.append_text(_boss_state(boss, names))
        parts.append(line)
    rest = [name for name, count in board.decks.items() if name not in ("lv1", "lv2")]
    if rest:
        hidden = ", ".join(f"{name} {board.decks[name]}" for name in rest)
        parts.append(Text(f"Face-down decks: {hidden}", style="dim"))
    return Group(*parts)


def _boss_state(boss: BossView, names: tuple[str, ...]) -> Text:
    text = Text()
    if boss.cleared_by >= 0:
        text.append("cleared by ", style="dim")
        text.append_text(who(names, boss.cleared_by))
        return text
    hidden = sum(1 for c in boss.cards if c is None)
    seen = [c for c in boss.cards if c is not None]
    if seen:
        text.append(", ".join(f"{card(c).name} Lv{card(c).level}" for c in seen))
    if hidden:
        text.append(("; " if seen else "") + f"{hidden} face down", style="dim")
    if not boss.cards:
        text.append("no card left", style="dim")
    return text


def _ability(instance: str, indent: int = 0) -> Text:
    found = card(instance)
    text = Text(" " * indent)
    text.append(f"[{timing_name(found.timing)}] ", style="italic")
    if found.ability:
        text.append(f"{found.ability}: ", style="bold")
    text.append(found.text_en)
    return text


# --- the AP board ------------------------------------------------------------------------------


def render_ap(view: View, names: tuple[str, ...]) -> RenderableType:
    board = view.board
    if not isinstance(board, Board):
        return Text(str(board))
    meeting = board.meeting
    count = len(board.players)
    head = Text("Strategy meeting" if board.phase == "meeting" else "AP placed this turn")
    head.stylize("bold")
    parts: list[RenderableType] = [head]
    if meeting is None:
        parts.append(Text("No AP on the board now (the meeting opens each turn).", style="dim"))
        parts.append(_next_ap(board, names))
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
            amount.append(" full", style="dim")
        who_ = Text()
        for seat, ap in enumerate(placed):
            if ap:
                who_.append_text(seat_mark(seat))
                who_.append(f"{ap} ")
        grid.add_row(Text(f"{action.name} {action.english}"), amount, who_)
    parts.append(grid)
    left = Text("AP left ", style="bold")
    for seat, ap in enumerate(meeting.ap_left):
        left.append_text(seat_mark(seat))
        left.append(f"{ap}  ")
    parts.append(left)
    if meeting.order:
        turn = Text("Placing order ", style="dim")
        for seat in meeting.order:
            turn.append_text(seat_mark(seat))
            turn.append(" ")
        parts.append(turn)
    parts.append(_next_ap(board, names))
    return Group(*parts)


def _next_ap(board: Board, names: tuple[str, ...]) -> Text:
    text = Text("AP next turn ", style="dim")
    for seat, player in enumerate(board.players):
        text.append_text(seat_mark(seat))
        text.append(f"{player.ap_next}  ")
    return text


# --- the battle --------------------------------------------------------------------------------


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


# --- hooks for the prompt ----------------------------------------------------------------------


def card_info(option: OptionId) -> CardInfo | None:
    instance = str(option)
    if instance.split("#", 1)[0] not in content().cards:
        return None
    found = card(instance)
    timing = timing_name(found.timing)
    return CardInfo(found.name, found.level, timing, found.ability, found.text_en)


def banner(view: View, decision: Decision, names: tuple[str, ...]) -> str:
    """For the player deciding for an enemy card in someone else's battle."""
    board = view.board
    if not isinstance(board, Board) or board.combat is None:
        return ""
    combat = board.combat
    if combat.kind == "final" or decision.name not in ("ability", "after-dice", "act-first"):
        return ""
    if decision.seat != combat.seats[1] or combat.seats[0] == combat.seats[1]:
        return ""
    return f"You act for the ENEMY in {names[combat.seats[0]]}'s battle."


# --- the card viewer ---------------------------------------------------------------------------


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
    text = Text()
    text.append(f"{item.number}. {item.name}", style="bold")
    text.append(f" {item.english}", style="dim")
    text.append(f"  [{timing_name(item.timing)}]\n", style="italic")
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
            tokens = ", ".join(boss_title(token) for token in player.tokens)
            parts.append(Text(f"Boss tokens: {tokens}", style="bold"))
        parts.append(Text(f"Discard pile ({len(player.discard)})", style="bold reverse"))
        parts.extend(card_block(None, c) for c in player.discard)
        where = "" if board.phase in ("final", "over") else f", at {space_name(player.space)}"
        out = ", out" if player.out else ""
        pages.append((f"{LETTERS[seat]} {names[seat]}{where}{out}", Group(*parts)))
    pages.append(("Decks and bosses", render_table(view, names)))
    return pages


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


def _map_width() -> int:
    spaces = content().board.spaces.values()
    span = max(space.x for space in spaces) - min(space.x for space in spaces)
    return span * 4 + 3


KIT = BoardKit(
    render_map,
    RULES,
    modes=(
        BoardMode("map", "Map", render_map, _map_width(), point_map),
        BoardMode("table", "Decks & bosses", render_table, _map_width()),
        BoardMode("ap", "AP board", render_ap, _map_width()),
        BoardMode("battle", "Battle", render_battle, _map_width()),
    ),
    auto_mode=auto_mode,
    seat_mark=seat_mark,
    seat_note=seat_note,
    card_info=card_info,
    banner=banner,
    card_pages=card_pages,
    keys=KEYS,
)
