"""The interface's languages: gettext catalogs read at run time, one translator per language.

Messages are English source text with named placeholders ("Waiting for {who}."), so a
translation may put the parts in any order. Code marks them for `pybabel extract`
(docs/i18n.md) in one of two ways:

- `N_("...")` where a message is defined but not yet shown (a constant, a key binding): it
  returns the message unchanged, to be translated where it is rendered;
- `_("...", name=value)` where it is rendered, `_` being the translator of whoever looks at the
  screen (`translator(language)`); `_.ngettext(singular, plural, n, ...)` for a count.

The language belongs to the viewer, not to the game: nothing here holds a current language.
Two seats at one table may read it in two languages, each through its own translator.

Catalogs are the `.po` files under core/locale/, compiled in memory when a language is first
used (never committed as binaries); a catalog that cannot be read leaves the English source text.
"""

from __future__ import annotations

import functools
import gettext
import io
from collections.abc import Mapping
from pathlib import Path
from typing import Final, Literal, TypeGuard, get_args

Language = Literal["ja", "en"]
LANGUAGES: Final[tuple[Language, ...]] = get_args(Language)
DEFAULT_LANGUAGE: Final[Language] = "en"
LANGUAGE_NAMES: Final[dict[Language, str]] = {"ja": "日本語", "en": "English"}
"""Each language in its own words, as the language setting offers it."""

DOMAIN: Final = "partyline"
LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"
ENV_LOCALE: Final = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The environment's locale variables, the first one set winning (as POSIX orders them)."""


def N_(message: str) -> str:
    """Mark `message` for extraction where it is defined; it is translated where shown."""
    return message


def is_language(value: object) -> TypeGuard[Language]:
    return value in LANGUAGES


def parse_language(text: str) -> Language:
    """`text` as a language ("ja", "en"); ValueError naming the known ones otherwise."""
    value = text.strip().lower()
    if not is_language(value):
        raise ValueError(f"unknown language {text!r} (known: {', '.join(LANGUAGES)})")
    return value


def language_from_env(environ: Mapping[str, str]) -> Language:
    """The language the environment asks for: the first of LC_ALL, LC_MESSAGES and LANG that is
    set; Japanese for ja or ja_* (ja_JP.UTF-8), English for anything else or nothing."""
    for name in ENV_LOCALE:
        value = environ.get(name, "")
        if value:
            code = value.split(".")[0].split("@")[0]
            return "ja" if code == "ja" or code.startswith("ja_") else "en"
    return DEFAULT_LANGUAGE


class Translator:
    """One language's catalog: `_(message, **params)` is the message in that language with its
    placeholders filled."""

    def __init__(self, language: Language, catalog: gettext.NullTranslations) -> None:
        self.language = language
        self._catalog = catalog

    def __call__(self, message: str, /, **params: object) -> str:
        text = self._catalog.gettext(message)
        return text.format(**params) if params else text

    def ngettext(self, singular: str, plural: str, n: int, /, **params: object) -> str:
        """The form for `n` (Japanese has one; English two), with `{n}` and `params` filled."""
        return self._catalog.ngettext(singular, plural, n).format(n=n, **params)


def catalog_path(language: Language) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def compile_catalog(path: Path, language: Language) -> gettext.GNUTranslations:
    """The .po file at `path`, compiled in memory (fuzzy entries left out, as msgfmt does)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as file:
        catalog = read_po(file, locale=language, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


@functools.cache
def translator(language: Language) -> Translator:
    """The translator for `language`, its catalog compiled on first use. A catalog that is
    missing or unreadable (a broken install) leaves the English source text rather than stop
    the program; tests/test_i18n_catalogs.py checks that every catalog loads."""
    catalog: gettext.NullTranslations
    try:
        catalog = compile_catalog(catalog_path(language), language)
    except (OSError, ValueError, SyntaxError):
        catalog = gettext.NullTranslations()
    return Translator(language, catalog)
