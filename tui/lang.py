"""The viewer's language in the app: every screen and widget translates through `tr(self)`.

The language belongs to whoever looks at the screen (tui.host.Host.language), so it is read from
the app each time a text is made, never kept in a module: two apps (two SSH seats) may differ.
"""

from __future__ import annotations

from string import Formatter

from rich.text import Text
from textual.dom import DOMNode

from core.i18n import DEFAULT_LANGUAGE, Translator, is_language, translator


def tr(node: DOMNode) -> Translator:
    """The translator of the app `node` runs in (English in an app that has no language: a
    widget tried on its own)."""
    language = getattr(node.app, "language", DEFAULT_LANGUAGE)
    return translator(language if is_language(language) else DEFAULT_LANGUAGE)


def assemble(message: str, **parts: Text | str) -> Text:
    """A translated `message` whose placeholders are filled with styled parts: "you are
    {name}" with the name in bold, wherever the language puts it."""
    text = Text()
    for literal, field, _spec, _conversion in Formatter().parse(message):
        text.append(literal)
        if field is not None:
            text.append(parts[field])
    return text
