"""Partyline's Textual themes and the stylesheet the TUI loads.

`THEMES` maps a theme name to a `textual.theme.Theme`; `THEME_NAMES` lists the names in the order
the CLI offers them. `partyline-ansi` uses the terminal's own 16-colour palette (Textual's native
ANSI colours), for terminals and multiplexers that draw true colour badly.
"""

from __future__ import annotations

from pathlib import Path

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
        error="#E05A5A",
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
        primary="#2F5FC4",
        secondary="#6A8AD0",
        accent="#A8600C",
        warning="#A8600C",
        error="#B42D2D",
        success="#2E7D46",
        foreground="#1D1F27",
        background="#F6F5F1",
        surface="#ECEAE3",
        panel="#DAD7CD",
        dark=False,
        variables={"footer-key-foreground": "#A8600C"},
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

__all__ = ["DEFAULT_THEME", "STYLESHEET", "THEMES", "THEME_NAMES"]
