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

Catalogs are the `.po` files under core/locale/, compiled when a language is first used (never
committed as binaries; the compiled form is cached in the user cache folder, ready to use); a
catalog that cannot be read leaves the English source text.
"""

from __future__ import annotations

import contextlib
import functools
import gettext
import hashlib
import io
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Final, Literal, TypeGuard, get_args

import platformdirs

from core.cachefile import keep_newest, put, read_kept, sealed, unsealed
from core.narration import Joined, Message, Name, Text, Worded

Language = Literal["ja", "en"]
LANGUAGES: Final[tuple[Language, ...]] = get_args(Language)
DEFAULT_LANGUAGE: Final[Language] = "en"
LANGUAGE_NAMES: Final[dict[Language, str]] = {"ja": "日本語", "en": "English"}
"""Each language in its own words, as the language setting offers it."""

DOMAIN: Final = "partyline"
LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"
ENV_CACHE_DIR: Final = "PARTYLINE_CACHE_DIR"
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

    def __call__(self, message: Text, /, **params: object) -> str:
        """`message` in this language with `params` filled (a game's text among them rendered in
        this language too); a game's text (a Message, a Name) as `text` renders it."""
        if not isinstance(message, str):
            return self.text(message)
        text = self._catalog.gettext(message)
        if not params:
            return text
        return text.format_map({key: self._value(item) for key, item in params.items()})

    def ngettext(self, singular: str, plural: str, n: int, /, **params: object) -> str:
        """The form for `n` (Japanese has one; English two), with `{n}` and `params` filled."""
        return self._catalog.ngettext(singular, plural, n).format(n=n, **params)

    def text(self, value: object) -> str:
        """A text a game gave (core.narration.Text) in this language: a plain string is final
        and stays as it is (a player's name, a number); a Message is looked up by its template
        (the message id; one not in the catalog stays English) and filled with its values, each
        rendered the same way; a Name is Japanese alone in Japanese, with its English in
        English; Joined parts are rendered one by one."""
        if isinstance(value, str):
            return value
        if isinstance(value, Message):
            template = self._catalog.gettext(value.template)
            params = value.params
            if not params:
                return template
            return template.format_map({key: self._value(item) for key, item in params.items()})
        if isinstance(value, Worded):
            return value.ja if self.language == "ja" else value.en
        if isinstance(value, Name):
            return value.ja if self.language == "ja" else str(value)
        if isinstance(value, Joined):
            return self.text(value.separator).join(map(self.text, value.items))
        return str(value)

    def _value(self, value: object) -> object:
        """A placeholder's value: a text rendered, anything else (a number, for its format
        spec) as it is."""
        if value.__class__ is str or not isinstance(value, Message | Name | Joined | Worded):
            return value
        return self.text(value)


def catalog_path(language: Language) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def compile_catalog(source: bytes) -> bytes:
    """A .po file's text compiled to .mo bytes (fuzzy entries left out, as msgfmt does)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    catalog = read_po(io.BytesIO(source), domain=DOMAIN)  # its Plural-Forms, not CLDR data
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    return compiled.getvalue()


def cache_dir() -> Path:
    """Where compiled catalogs are kept: $PARTYLINE_CACHE_DIR, else the user cache folder."""
    return Path(os.environ.get(ENV_CACHE_DIR) or platformdirs.user_cache_dir("partyline"))


def load_catalog(path: Path) -> gettext.GNUTranslations:
    """The catalog in the .po file at `path`. Compiling it takes Babel (tens of milliseconds
    with its import, at every start), and even reading the compiled .mo back took 2 to 7 ms:
    what reading it gives (its messages, headers and plural rule) is kept in the cache folder,
    as sealed JSON, under the .po's hash, and read from there after the first time (a changed .po is
    compiled again; a cache that cannot be read or written only costs the compiling)."""
    source = path.read_bytes()
    language = path.parent.parent.name
    cached = cache_dir() / "locale" / f"{language}-{_digest(source)}.catalog"
    with contextlib.suppress(OSError):
        kept = _unpacked(read_kept(cached))
        if kept is not None:
            return kept
    compiled = gettext.GNUTranslations(io.BytesIO(compile_catalog(source)))
    if put(cached, sealed(_packed(compiled))):
        keep_newest(cached.parent.glob(f"{language}-*"), KEPT_PER_LANGUAGE)
    return compiled


KEPT_PER_LANGUAGE: Final = 4
"""Compiled catalogs kept for each language (a few .po versions: branches, upgrades)."""


def _packed(catalog: gettext.GNUTranslations) -> bytes:
    """What reading the .mo gave `catalog`, as JSON: its messages as pairs (a plural form's key
    is [message id, form]), its headers, its charset."""
    messages = catalog._catalog  # type: ignore[attr-defined]
    pairs = [[key if isinstance(key, str) else list(key), text] for key, text in messages.items()]
    info = catalog._info  # type: ignore[attr-defined]
    return json.dumps([pairs, info, catalog._charset], ensure_ascii=False).encode()  # type: ignore[attr-defined]


def _unpacked(raw: bytes) -> gettext.GNUTranslations | None:
    """The catalog `_packed` kept, or None if `raw` is not one (cut short, changed, garbage).
    JSON, every value's type checked, as every cache is read (docs/architecture.md)."""
    body = unsealed(raw)
    if body is None:
        return None
    try:
        pairs, info, charset = json.loads(body)
        messages = dict(_message(key, text) for key, text in pairs)
    except (ValueError, TypeError, RecursionError):
        return None
    if not (
        isinstance(info, dict)
        and all(isinstance(value, str) for value in info.values())
        and (charset is None or isinstance(charset, str))
    ):
        return None
    catalog = gettext.GNUTranslations()  # empty: filled as reading the .mo fills it
    forms = info.get("plural-forms")
    try:
        plural = gettext.c2py(forms.split(";")[1].split("plural=")[1]) if forms else _germanic
    except (IndexError, ValueError):
        return None
    vars(catalog).update(_catalog=messages, _info=info, _charset=charset, plural=plural)
    return catalog


def _message(key: object, text: object) -> tuple[str | tuple[str, int], str]:
    """One message of a kept catalog, or TypeError."""
    if not isinstance(text, str):
        raise TypeError(text)
    if isinstance(key, str):
        return key, text
    if isinstance(key, list) and len(key) == 2:
        singular, form = key
        if isinstance(singular, str) and type(form) is int:
            return (singular, form), text
    raise TypeError(key)


def _germanic(n: int) -> int:
    """GNUTranslations' plural rule for a catalog that names none."""
    return int(n != 1)


def _digest(source: bytes) -> str:
    return hashlib.sha256(source).hexdigest()[:16]


@functools.cache
def translator(language: Language) -> Translator:
    """The translator for `language`, its catalog loaded on first use. A catalog that is
    missing or unreadable (a broken install) leaves the English source text rather than stop
    the program; tests/test_i18n_catalogs.py checks that every catalog loads."""
    catalog: gettext.NullTranslations
    try:
        catalog = load_catalog(catalog_path(language))
    except (OSError, ValueError, SyntaxError):
        catalog = gettext.NullTranslations()
    return Translator(language, catalog)
