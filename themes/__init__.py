"""Partyline's Textual themes and the stylesheet the TUI loads.

`THEMES` maps a theme name to a `textual.theme.Theme`; `THEME_NAMES` lists the names in the order
the CLI offers them. `partyline-ansi` uses the terminal's own 16-colour palette (Textual's native
ANSI colours), for terminals and multiplexers that draw true colour badly.
"""

from __future__ import annotations

from pathlib import Path

from rich.terminal_theme import TerminalTheme
from textual.theme import Theme

DEFAULT_THEME = "partyline-dark"

STYLESHEET = Path(__file__).parent / "partyline.tcss"
"""The TUI's stylesheet (layout and colours by theme variable, never by literal colour)."""

THEMES: dict[str, Theme] = {
    "partyline-dark": Theme(
        name="partyline-dark",
        primary="#5B8DEF",
        secondary="#3A5BA0",
        accent="#E8B04B",
        warning="#E8B04B",
        error="#F47A7A",
        success="#5CBF7A",
        foreground="#E4E4E8",
        background="#15161C",
        surface="#1E2029",
        panel="#2A2D3A",
        dark=True,
        variables={"footer-key-foreground": "#E8B04B"},
    ),
    "partyline-light": Theme(
        name="partyline-light",
        primary="#1E4AA0",
        secondary="#6A8AD0",
        accent="#A8600C",
        warning="#6E4000",
        error="#A02020",
        success="#2E7D46",
        foreground="#111318",
        background="#F6F5F1",
        surface="#ECEAE3",
        panel="#E3E0D7",
        dark=False,
        variables={"footer-key-foreground": "#6E4000"},
    ),
    "partyline-ansi": Theme(
        name="partyline-ansi",
        ansi=True,
        primary="ansi_blue",
        secondary="ansi_cyan",
        accent="ansi_yellow",
        warning="ansi_yellow",
        error="ansi_red",
        success="ansi_green",
        foreground="ansi_default",
        background="ansi_default",
        surface="ansi_default",
        panel="ansi_default",
        boost="ansi_default",
        dark=True,
        variables={
            "ansi-background": "ansi_black",
            "ansi-foreground": "ansi_white",
            "border-blurred": "ansi_bright_black",
            "block-cursor-foreground": "ansi_black",
            "block-cursor-background": "ansi_white",
            "input-cursor-background": "ansi_white",
            "input-cursor-foreground": "ansi_black",
            "input-cursor-text-style": "none",
            "input-selection-background": "ansi_bright_blue",
            "input-selection-foreground": "ansi_black",
            "screen-selection-background": "ansi_bright_blue",
            "screen-selection-foreground": "ansi_black",
            "footer-key-foreground": "ansi_yellow",
        },
    ),
}

THEME_NAMES: tuple[str, ...] = tuple(THEMES)


def _terminal(theme: Theme, black: str, white: str, colours: dict[str, str]) -> TerminalTheme:
    """A terminal palette for `theme`: what the TUI's rich styles name (`bold red` for an
    error, the seats' letters in reverse) is drawn in these colours, chosen to keep 4.5:1 on the
    theme's background and surface (Textual's own palettes reach less than 3:1 for some)."""

    def rgb(colour: str) -> tuple[int, int, int]:
        return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)

    names = ("red", "green", "yellow", "blue", "magenta", "cyan")
    normal = [rgb(black), *(rgb(colours[name]) for name in names), rgb(white)]
    assert theme.background is not None and theme.foreground is not None
    return TerminalTheme(rgb(theme.background), rgb(theme.foreground), normal, normal)


TERMINAL_DARK = _terminal(
    THEMES["partyline-dark"],
    "#15161C",
    "#E4E4E8",
    {
        "red": "#FF7070",
        "green": "#6BD08A",
        "yellow": "#F0C050",
        "blue": "#7AA2FF",
        "magenta": "#E879F9",
        "cyan": "#5FD0E0",
    },
)
TERMINAL_LIGHT = _terminal(
    THEMES["partyline-light"],
    "#111318",
    "#F6F5F1",
    {
        "red": "#A02020",
        "green": "#1D6A2C",
        "yellow": "#6B4A00",
        "blue": "#183F94",
        "magenta": "#7A2E9D",
        "cyan": "#00607F",
    },
)
"""The palettes the app draws terminal colours with under the dark and light themes
(`partyline-ansi` leaves them to the terminal)."""

__all__ = [
    "DEFAULT_THEME",
    "STYLESHEET",
    "TERMINAL_DARK",
    "TERMINAL_LIGHT",
    "THEMES",
    "THEME_NAMES",
]
