"""What a grid map shows, and how it is drawn: the model a game's board kit builds, the layout
that fits it to a width, the lines of text, the legend and the arrow keys' nearest cell.

Pure functions over frozen data (no Textual), so the drawing is tested without an app and the
widget (tui/widgets/gridmap.py) only scrolls, repaints and takes keys.

The drawing, for a cell `cell` columns wide and a `gap` between columns:

    BAN--5---1--[4]--2        a row: each cell's label (and pieces) centred in its columns,
              |       |         padded with the joint to its neighbour ("-", or " ")
              6       5       the line between two rows: each cell's south joint ("|")

Only ASCII is drawn: box-drawing and CJK glyphs are East-Asian-ambiguous or wide, and some
terminals draw them double width, which breaks the grid. Highlights are text attributes, not
colours, so they hold under NO_COLOR and the terminal-palette theme: the cells an option names
are underlined, the cursor's cell reversed (and bracketed where there is room), the joints
along the cursor option's path reversed, its area in italics.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import field
from itertools import pairwise

from rich.cells import cell_len
from rich.text import Text

from core.decisions import Decision
from core.grid import Cell, Direction
from core.i18n import N_, Translator
from core.narration import Text as Said
from core.records import dataclass

Run = tuple[str, str]
"""A piece of a line: its text and its rich style."""

Line = tuple[Run, ...]


@dataclass(frozen=True)
class Key:
    """A legend entry: a sample of what is drawn (runs of text and style) and what it means."""

    meaning: str
    sample: tuple[Run, ...]


def key(sample: str, meaning: str, style: str = "") -> Key:
    return Key(meaning, ((sample, style),))


@dataclass(frozen=True)
class Glyph:
    """Something drawn in a cell (ASCII only), with the legend entry that explains it (None for
    what needs no explanation)."""

    text: str
    style: str = ""
    key: Key | None = None


@dataclass(frozen=True)
class MapCell:
    """One cell: its place code, the pieces on it and the joints to its east and south
    neighbours. The code always shows (its short form in a narrow cell); the pieces follow it,
    a space apart where there is room, and in their own style (a colour block per seat), so
    the two read apart even when a narrow cell leaves no room for the space."""

    label: tuple[Glyph, ...]
    short: tuple[Glyph, ...] = ()
    """The label for a narrow cell (the label itself when empty)."""
    pieces: tuple[Glyph, ...] = ()
    east: Glyph | None = None
    """Drawn between this cell and the next one east (a path: "-"); None: nothing."""
    south: Glyph | None = None
    """Drawn between this cell and the one below (a path: "|"); None: nothing."""
    name: Said = ""
    """The place in full (a game's text, any script): the line under the map names the cursor's
    cell."""


@dataclass(frozen=True)
class GridModel:
    """A board as a grid map: the cells by position (missing ones are blank) and the order of
    the legend's entries (entries not listed follow, in the order they are first drawn)."""

    cells: Mapping[Cell, MapCell]
    order: tuple[Key, ...] = ()


MORE = key("+", N_("more pieces"), "bold")

CAN_CHOOSE_STYLE = "underline"
CURSOR_STYLE = "bold reverse"
PATH_STYLE = "bold reverse"
AREA_STYLE = "italic"

CAN_CHOOSE = key(N_("options"), "", CAN_CHOOSE_STYLE)
CURSOR = Key(N_("cursor"), (("[", "bold"), (" ", CURSOR_STYLE), ("]", "bold")))
PATH = key("-", N_("way"), PATH_STYLE)
AREA = key(N_("area"), "", AREA_STYLE)
HIGHLIGHT_KEYS = (CAN_CHOOSE, CURSOR, PATH, AREA)


# --- what the pending decision marks -------------------------------------------------------------


@dataclass(frozen=True)
class Marks:
    """The highlight sets: every cell an option names, and the option at the cursor's cell,
    path and area."""

    options: frozenset[Cell] = frozenset()
    cursor: Cell | None = None
    path: tuple[Cell, ...] = ()
    area: frozenset[Cell] = frozenset()
    paths: bool = False
    """Some option has a path (the legend explains ways for the whole decision, so that it
    does not change size as the cursor moves)."""
    areas: bool = False


def marks_for(decision: Decision | None, index: int | None) -> Marks:
    """What `decision`'s options mark on the map, with option `index` at the cursor."""
    if decision is None:
        return Marks()
    options = decision.options
    # An unavailable option's cell is not one to choose (the prompt says why not).
    cells = frozenset(option.at for option in options if option.at is not None and option.available)
    paths = any(len(option.path) > 1 for option in options)
    areas = any(option.area for option in options)
    if index is None or not 0 <= index < len(options):
        return Marks(cells, paths=paths, areas=areas)
    at = options[index]
    return Marks(cells, at.at, at.path, frozenset(at.area), paths, areas)


def option_at(decision: Decision, cell: Cell, current: int | None = None) -> int | None:
    """The option to choose at `cell`: the current one if it is there, else the first there."""
    here = [i for i, o in enumerate(decision.options) if o.at == cell and o.available]
    return current if current in here else next(iter(here), None)


def nearest(origin: Cell, direction: Direction, cells: Iterable[Cell]) -> Cell | None:
    """The cell an arrow key jumps to: among `cells` ahead of `origin` in `direction`, the
    closest, counting a step aside as two steps ahead (so a cell straight ahead wins over a
    nearer one off to the side). None if nothing is ahead."""
    dx, dy = direction
    best: tuple[int, int, Cell] | None = None
    for cell in cells:
        ox, oy = cell[0] - origin[0], cell[1] - origin[1]
        ahead = ox * dx + oy * dy
        if ahead <= 0:
            continue
        aside = abs(ox * dy - oy * dx)
        score = (ahead + 2 * aside, aside, cell)
        if best is None or score < best:
            best = score
    return None if best is None else best[2]


# --- layout --------------------------------------------------------------------------------------

SMALLEST_CELL = 3
LARGEST_CELL = 7


@dataclass(frozen=True)
class Layout:
    """Where each cell is drawn: `cell` columns per cell, `gap` columns between two."""

    x0: int
    y0: int
    columns: int
    rows: int
    cell: int
    gap: int

    @property
    def step(self) -> int:
        return self.cell + self.gap

    @property
    def width(self) -> int:
        return self.columns * self.step - self.gap if self.columns else 0

    @property
    def height(self) -> int:
        return 2 * self.rows - 1 if self.rows else 0

    def column(self, x: int) -> int:
        """The first screen column of cells in map column `x`."""
        return (x - self.x0) * self.step

    def line(self, y: int) -> int:
        """The screen line of map row `y`."""
        return 2 * (y - self.y0)

    def cell_at(self, column: int, line: int) -> Cell | None:
        """The cell drawn at a screen position, if any (None between cells)."""
        if line < 0 or line % 2 or column < 0 or column % self.step >= self.cell:
            return None
        x, y = self.x0 + column // self.step, self.y0 + line // 2
        if x >= self.x0 + self.columns or y >= self.y0 + self.rows:
            return None
        return x, y


def layout(model: GridModel, cell: int) -> Layout:
    """The layout of `model` with cells `cell` columns wide (a gap of 2 from 5 columns up)."""
    if not model.cells:
        return Layout(0, 0, 0, 0, cell, 1)
    xs = [x for x, _ in model.cells]
    ys = [y for _, y in model.cells]
    gap = 2 if cell >= 5 else 1
    return Layout(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1, cell, gap)


def fit(model: GridModel, width: int) -> Layout:
    """The widest cells that fit `width` columns (the smallest if none fits: the map then
    scrolls sideways)."""
    for cell in range(LARGEST_CELL, SMALLEST_CELL, -1):
        found = layout(model, cell)
        if found.width <= width:
            return found
    return layout(model, SMALLEST_CELL)


# --- drawing -------------------------------------------------------------------------------------


@dataclass
class Drawing:
    """The lines of a map, and the legend entries of what they show, in drawing order."""

    lines: list[Line]
    keys: list[Key] = field(default_factory=list)
    unexplained: list[str] = field(default_factory=list)
    """What was drawn without a legend entry (blanks aside): a kit's test keeps this empty."""

    def use(self, found: Key | None) -> None:
        if found is not None and found not in self.keys:
            self.keys.append(found)

    def draws(self, glyph: Glyph, text: str) -> None:
        """`text` of `glyph` is drawn: its legend entry is used (or its lack noted)."""
        if glyph.key is None and text.strip():
            self.unexplained.append(text)
        self.use(glyph.key)


def draw(model: GridModel, marks: Marks, at: Layout) -> Drawing:
    """The lines of `model` laid out `at`, with `marks` highlighted."""
    return _Painter(model, marks, at).paint()


class _Painter:
    """Draws one map: the model, its marks and layout, and what has been drawn so far."""

    def __init__(self, model: GridModel, marks: Marks, at: Layout) -> None:
        self.cells = model.cells
        self.marks = marks
        self.at = at
        self.drawing = Drawing([])
        # The joints the cursor option's path runs along, as (west or north, east or south).
        self.links = frozenset((min(a, b), max(a, b)) for a, b in pairwise(marks.path))
        self.columns = range(at.x0, at.x0 + at.columns)

    def paint(self) -> Drawing:
        at, marks, drawing = self.at, self.marks, self.drawing
        for y in range(at.y0, at.y0 + at.rows):
            drawing.lines.append(self.row(y))
            if y < at.y0 + at.rows - 1:
                drawing.lines.append(self.joints(y))
        if marks.options:
            drawing.use(CAN_CHOOSE)
            drawing.use(CURSOR)
        if marks.paths:
            drawing.use(PATH)
        if marks.areas:
            drawing.use(AREA)
        return drawing

    def joint(self, glyph: Glyph | None, width: int, between: tuple[Cell, Cell]) -> Run:
        """`width` columns of the joint between two cells (reversed along the path)."""
        if glyph is None or width <= 0:
            return (" " * max(width, 0), "")
        if between in self.links:
            self.drawing.use(PATH)
            return (glyph.text * width, PATH_STYLE)
        self.drawing.draws(glyph, glyph.text)
        return (glyph.text * width, glyph.style)

    def row(self, y: int) -> Line:
        """A row of cells, each padded with the joints to its neighbours, a gap between two."""
        runs: list[Run] = []
        cells, at = self.cells, self.at
        for x in self.columns:
            here = cells.get((x, y))
            west = cells.get((x - 1, y))
            west_joint = west.east if west is not None and here is not None else None
            east_joint = here.east if here is not None and (x + 1, y) in cells else None
            if here is None:
                runs.append((" " * at.cell, ""))
            else:
                runs += self.cell(here, (x, y), west_joint, east_joint)
            if x < self.columns[-1]:
                runs.append(self.joint(east_joint, at.gap, ((x, y), (x + 1, y))))
        return tuple(runs)

    def cell(
        self, here: MapCell, cell: Cell, west_joint: Glyph | None, east_joint: Glyph | None
    ) -> list[Run]:
        """A cell's columns: its content centred, padded with the joints to its west and east
        (the cursor's cell bracketed where the padding leaves room)."""
        marks, width = self.marks, self.at.cell
        extra = ""
        if cell == marks.cursor:
            extra = CURSOR_STYLE
        elif cell in marks.options:
            extra = CAN_CHOOSE_STYLE
        if cell in marks.area:
            extra = f"{extra} {AREA_STYLE}".strip()
        content: list[Run] = []
        for glyph in fitted(here, width):
            self.drawing.draws(glyph, glyph.text)
            content.append((glyph.text, f"{glyph.style} {extra}".strip()))
        size = sum(cell_len(text) for text, _ in content)
        before = (width - size) // 2
        after = width - size - before
        x, y = cell
        west = self.joint(west_joint, before, ((x - 1, y), cell))
        east = self.joint(east_joint, after, (cell, (x + 1, y)))
        if cell == marks.cursor and before and after:
            west = (west[0][:-1], west[1])
            east = (east[0][1:], east[1])
            return [west, ("[", "bold"), *content, ("]", "bold"), east]
        return [west, *content, east]

    def joints(self, y: int) -> Line:
        """The line between rows `y` and `y + 1`: each cell's south joint under its middle."""
        runs: list[Run] = []
        at = self.at
        middle = (at.cell - 1) // 2
        for x in self.columns:
            here = self.cells.get((x, y))
            if here is None or here.south is None or (x, y + 1) not in self.cells:
                runs.append((" " * at.cell, ""))
            else:
                runs.append((" " * middle, ""))
                runs.append(self.joint(here.south, 1, ((x, y), (x, y + 1))))
                runs.append((" " * (at.cell - middle - 1), ""))
            if x < self.columns[-1]:
                runs.append((" " * at.gap, ""))
        return tuple(runs)


def fitted(here: MapCell, width: int) -> tuple[Glyph, ...]:
    """What of a cell fits `width` columns: its label (or short label), a space and its
    pieces; with no room for the space, the short label and the pieces side by side (their
    style sets them apart); with no room for every piece, as many as fit and a `+`. The label
    always shows (cropped to leave a column for the pieces if it must)."""
    label = here.label
    short = here.short or label
    pieces = here.pieces
    if not pieces:
        for choice in (label, short):
            if _size(choice) <= width:
                return choice
        return _crop(short, width)
    for choice in (label, short):
        if _size(choice) + 1 + _size(pieces) <= width:
            return (*choice, Glyph(" "), *pieces)
    code = short if _size(short) < width else _crop(short, width - 1)
    room = width - _size(code)
    if _size(pieces) <= room:
        return (*code, *pieces)
    more = Glyph(MORE.sample[0][0], MORE.sample[0][1], MORE)
    return (*code, *pieces[: room - 1], more)


def _size(glyphs: tuple[Glyph, ...]) -> int:
    return sum(cell_len(glyph.text) for glyph in glyphs)


def _crop(glyphs: tuple[Glyph, ...], width: int) -> tuple[Glyph, ...]:
    kept: list[Glyph] = []
    room = width
    for glyph in glyphs:
        if room <= 0:
            break
        kept.append(Glyph(glyph.text[:room], glyph.style, glyph.key))
        room -= len(kept[-1].text)
    return tuple(kept)


def plain(line: Line) -> str:
    return "".join(text for text, _ in line)


def map_text(
    model: GridModel, at: Layout, marks: Marks | None = None, _: Translator | None = None
) -> Text:
    """The map as rich text with its legend below: for a renderable board view."""
    drawing = draw(model, marks or Marks(), at)
    lines = [Text.assemble(*line, no_wrap=True, overflow="crop") for line in drawing.lines]
    entries = legend_keys(model, drawing.keys)
    lines += legend_lines(entries, max(at.width, 20), _)
    return Text("\n").join(lines)


# --- the legend ----------------------------------------------------------------------------------


def legend_keys(model: GridModel, drawn: list[Key]) -> list[Key]:
    """The entries for what is drawn: the model's order first, then the rest as drawn, the
    highlights last."""
    ordered = [entry for entry in model.order if entry in drawn]
    rest = [entry for entry in drawn if entry not in ordered and entry not in HIGHLIGHT_KEYS]
    marks = [entry for entry in HIGHLIGHT_KEYS if entry in drawn]
    return ordered + rest + marks


def entry_text(entry: Key, _: Translator | None = None) -> Text:
    """A legend entry in the viewer's language (`_`: a sample that is a word, such as
    "options", is translated too; a code such as "SPR" is in no catalog and stays)."""
    text = Text()
    for sample, style in entry.sample:
        text.append(_(sample) if _ is not None and sample.strip() else sample, style=style)
    if entry.meaning:
        text.append(f" {_(entry.meaning) if _ is not None else entry.meaning}")
    return text


def legend_lines(entries: list[Key], width: int, _: Translator | None = None) -> list[Text]:
    """The entries packed into lines of `width` columns, two spaces apart, none split."""
    lines: list[Text] = []
    for entry in entries:
        text = entry_text(entry, _)
        if lines and lines[-1].cell_len + 2 + text.cell_len <= width:
            lines[-1].append("  ")
            lines[-1].append_text(text)
        else:
            lines.append(text)
    return lines
