"""Textual's own key descriptions that Partyline's help screens list (the text field's, the
option list's, the screen's Tab...), marked here so the catalogs translate them: the help
translates every binding's words through the viewer's translator. tests/tui/test_tui_language.py
finds any that a new Textual adds (a help row left in English)."""

from __future__ import annotations

from core.i18n import N_

TEXTUAL_WORDS = (
    N_("Focus Next"),
    N_("Focus Previous"),
    N_("Copy selected text"),
    N_("Scroll Up"),
    N_("Scroll Down"),
    N_("Scroll Left"),
    N_("Scroll Right"),
    N_("Scroll Home"),
    N_("Scroll End"),
    N_("Move cursor left"),
    N_("Move cursor right or accept the completion suggestion"),
    N_("Go to start"),
    N_("Go to end"),
    N_("Page Up"),
    N_("Page Down"),
    N_("Page Left"),
    N_("Page Right"),
    N_("Move cursor left and select"),
    N_("Move cursor left a word"),
    N_("Move cursor left a word and select"),
    N_("Move cursor right and select"),
    N_("Move cursor right a word"),
    N_("Move cursor right a word and select"),
    N_("Delete character left"),
    N_("Select all"),
    N_("Select line start"),
    N_("Select line end"),
    N_("Delete character right"),
    N_("Submit"),
    N_("Delete left to start of word"),
    N_("Delete all to the left"),
    N_("Delete right to start of word"),
    N_("Delete all to the right"),
    N_("Cut selected text"),
    N_("Paste text from the clipboard"),
    N_("Press button"),
    N_("Select"),
)
