"""WCAG contrast of the themes' text: the colour pairs the TUI draws text in, resolved from a
theme's variables the way Textual resolves them, and the ratio WCAG 2 defines for a pair.

Text is drawn in (foreground, background) pairs: the foreground on the screen's, dialogs' and
title bars' backgrounds, the footer's keys and descriptions, dimmed text (Textual's dim factor,
`dim` in rich styles and disabled footer keys), highlights (the block cursor of lists, reversed
text), errors and warnings, and the terminal colours rich styles name (`bold red` for an error,
the seats' letters) through the palette the app renders them with. `partyline-ansi` leaves its
colours to the terminal: its pairs are measured on Textual's own terminal palette.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.color import Color as RichColor
from rich.color import ColorSystem
from rich.terminal_theme import TerminalTheme
from textual.color import Color
from textual.constants import DIM_FACTOR
from textual.theme import Theme

AA_TEXT = 4.5
"""WCAG 2 AA: the least contrast for normal-size text."""

NAMED_COLOURS = ("red", "green", "yellow", "blue", "magenta", "cyan")
"""The terminal colours the TUI's rich styles name (errors, marks, the seats' letters)."""


@dataclass(frozen=True)
class Pair:
    what: str
    foreground: Color
    background: Color

    @property
    def ratio(self) -> float:
        return contrast(self.foreground, self.background)


def luminance(colour: Color) -> float:
    """WCAG 2 relative luminance of an opaque sRGB colour."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(colour.r) + 0.7152 * linear(colour.g) + 0.0722 * linear(colour.b)


def contrast(foreground: Color, background: Color) -> float:
    """WCAG 2 contrast ratio, 1 to 21."""
    light, dark = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def dimmed(foreground: Color, background: Color) -> Color:
    """Dim text as Textual draws it: the foreground blended towards the background."""
    return background.blend(foreground, DIM_FACTOR, 1.0)


def eight_bit(colour: Color) -> Color:
    """The colour a 256-colour terminal shows for `colour`."""
    downgraded = RichColor.from_rgb(colour.r, colour.g, colour.b).downgrade(ColorSystem.EIGHT_BIT)
    return Color.from_rich_color(downgraded, ansi=False)


class Palette:
    """A theme's variables as opaque colours: alpha blended over what they are drawn on, `auto`
    as Textual's contrasting text, `ansi_*` through `terminal` (the palette the app renders
    terminal colours with)."""

    def __init__(self, theme: Theme, terminal: TerminalTheme) -> None:
        self.variables = theme.to_color_system().generate()
        self.terminal = terminal

    def colour(self, name: str, over: Color | None = None) -> Color:
        """Variable `name`, drawn over `over` (None: it is the screen's background)."""
        return self.parse(self.variables[name], over, ground=name.endswith("background"))

    def parse(self, text: str, over: Color | None = None, ground: bool = False) -> Color:
        text = text.strip()
        if text.startswith("auto"):
            assert over is not None, f"{text} needs a background"
            percent = text.removeprefix("auto").strip().rstrip("%") or "100"
            return over + over.get_contrast_text(float(percent) / 100)
        if text.startswith("ansi_"):
            return self.terminal_colour(text.removeprefix("ansi_"), ground or over is None)
        if text == "transparent":
            assert over is not None, "transparent needs a background"
            return over
        colour = Color.parse(text)
        if colour.a < 1:
            assert over is not None, f"{text} needs a background"
            return over + colour
        return colour

    def terminal_colour(self, name: str, background: bool = False) -> Color:
        """A terminal colour by name (`default`: the terminal's own text or background)."""
        if name == "default":
            triplet = (
                self.terminal.background_color if background else self.terminal.foreground_color
            )
        else:
            number = RichColor.parse(name).number
            assert number is not None
            triplet = self.terminal.ansi_colors[number]
        return Color(*triplet)


def text_pairs(theme: Theme, terminal: TerminalTheme) -> list[Pair]:
    """Every (text, background) pair the TUI draws with `theme`, its terminal colours drawn
    from `terminal`."""
    palette = Palette(theme, terminal)
    pairs: list[Pair] = []
    background = palette.colour("background")
    grounds = {name: palette.colour(name, background) for name in ("surface", "panel")}
    grounds = {"background": background, **grounds}
    for ground, colour in grounds.items():  # panels, dialogs, title bars and the curtain
        text = palette.colour("foreground", colour)
        pairs.append(Pair(f"foreground on {ground}", text, colour))
        pairs.append(Pair(f"dim foreground on {ground}", dimmed(text, colour), colour))
        pairs.append(Pair(f"reversed foreground on {ground}", colour, text))
    for ground in ("background", "surface"):  # what panels and dialogs colour
        colour = grounds[ground]
        for name in ("error", "warning", "text-error", "text-warning", "text-success"):
            pairs.append(Pair(f"{name} on {ground}", palette.colour(name, colour), colour))
        for name in NAMED_COLOURS:
            named = palette.terminal_colour(name)
            pairs.append(Pair(f"{name} on {ground}", named, colour))
            pairs.append(Pair(f"reversed {name} on {ground}", colour, named))
    footer = palette.colour("footer-background", grounds["background"])
    key = palette.colour("footer-key-foreground", footer)
    description = palette.colour("footer-description-foreground", footer)
    pairs.append(Pair("footer key", key, footer))
    pairs.append(Pair("footer description", description, footer))
    # A disabled key is dim, in the description's colour (KeysFooter's stylesheet).
    pairs.append(Pair("disabled footer key", dimmed(description, footer), footer))
    cursor = palette.colour("block-cursor-background", grounds["surface"])
    pairs.append(Pair("block cursor", palette.colour("block-cursor-foreground", cursor), cursor))
    blurred = palette.colour("block-cursor-blurred-background", grounds["surface"])
    blurred_text = palette.colour("block-cursor-blurred-foreground", blurred)
    pairs.append(Pair("blurred block cursor", blurred_text, blurred))
    return pairs
