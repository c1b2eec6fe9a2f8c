"""The message catalogs against the code: every message marked in core/ and tui/ is in the
template and translated in every language, with the same placeholders; nothing fuzzy or stale
ships; every catalog compiles. A new message that is not extracted and translated fails here
(docs/i18n.md says how to add one)."""

from __future__ import annotations

import contextlib
import io
import re
from gettext import GNUTranslations
from pathlib import Path
from string import Formatter

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

from core.i18n import LANGUAGES, Language, catalog_path, compile_catalog, translator

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "core" / "locale" / "partyline.pot"

EXTRACT = ["pybabel", "-q", "extract", "-F", "babel.cfg", "--add-location=file", "--sort-output"]
"""docs/i18n.md's extraction command (its output options aside)."""

PERCENT = re.compile(r"%(?:\((\w+)\))?[-#0 +]*\d*(?:\.\d+)?[srdifgxXeE]")


def read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=language)


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    """The messages marked in the code today, extracted as docs/i18n.md does."""
    out = tmp_path_factory.mktemp("pot") / "extracted.pot"
    with contextlib.chdir(ROOT):  # babel.cfg's patterns are relative to the repository's root
        CommandLineInterface().run([*EXTRACT, "-o", str(out), "."])
    return read(out)


def ids(catalog: Catalog) -> set[str | tuple[str, ...]]:
    return {message.id for message in catalog if message.id}


def placeholders(text: str) -> list[str]:
    """A message's placeholders, sorted: {name} fields with their format spec ({seconds:g}),
    or argparse's %-placeholders (%(value)r, %s)."""
    if PERCENT.search(text):
        return sorted(match.group(0) for match in PERCENT.finditer(text))
    fields = []
    for _literal, name, spec, conversion in Formatter().parse(text):
        if name is not None:
            fields.append(f"{{{name}{'!' + conversion if conversion else ''}:{spec}}}")
    return sorted(fields)


def forms(message: Message) -> tuple[list[str], list[str]]:
    """A message's ids and its translations (one each, or its plural forms)."""
    msgids = list(message.id) if isinstance(message.id, tuple) else [message.id]
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return msgids, [string or "" for string in strings]


def test_the_template_holds_exactly_the_messages_marked_in_the_code(extracted: Catalog) -> None:
    assert len(ids(extracted)) > 250  # the extraction found the chrome
    template = ids(read(TEMPLATE))
    missing = ids(extracted) - template
    stale = template - ids(extracted)
    assert not missing, f"marked in the code but not in the template (extract again): {missing}"
    assert not stale, f"in the template but no longer in the code (extract again): {stale}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_marked_message_is_translated_with_the_same_placeholders(
    language: Language, extracted: Catalog
) -> None:
    catalog = read(catalog_path(language), language)
    translated = {message.id: message for message in catalog if message.id}
    untranslated, fuzzy, mismatched = [], [], []
    for message in extracted:
        if not message.id:
            continue
        found = translated.get(message.id)
        if found is None:
            untranslated.append(message.id)
            continue
        if found.fuzzy:
            fuzzy.append(message.id)
        msgids, strings = forms(found)
        if len(strings) != catalog.num_plurals and isinstance(found.id, tuple):
            untranslated.append(message.id)
        for string in strings:
            if not string.strip():
                untranslated.append(message.id)
            elif placeholders(string) not in [placeholders(msgid) for msgid in msgids]:
                mismatched.append((message.id, string))
    assert not untranslated, f"{language}: not translated: {untranslated}"
    assert not fuzzy, f"{language}: fuzzy (not shipped until checked): {fuzzy}"
    assert not mismatched, f"{language}: placeholders differ from the message's: {mismatched}"
    stale = set(translated) - ids(extracted)
    assert not stale, f"{language}: translations of messages the code no longer has: {stale}"
    assert not list(catalog.obsolete), f"{language}: obsolete entries (#~): update the catalog"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalog_compiles_with_its_plural_rule(language: Language) -> None:
    compiled = GNUTranslations(io.BytesIO(compile_catalog(catalog_path(language).read_bytes())))
    expected = "nplurals=1; plural=0;" if language == "ja" else "nplurals=2; plural=(n != 1);"
    assert compiled.info()["plural-forms"] == expected
    _ = translator(language)
    one, many = (
        _.ngettext("{n} save in {folder}", "{n} saves in {folder}", n, folder="F") for n in (1, 2)
    )
    if language == "ja":
        assert (_("Quit"), one, many) == ("終了", "F にセーブ 1 件", "F にセーブ 2 件")
    else:
        assert (_("Quit"), one, many) == ("Quit", "1 save in F", "2 saves in F")


def test_placeholders_are_named_in_our_messages(extracted: Catalog) -> None:
    """Positional placeholders ({} or {0}) would fix the order of the parts; only argparse's own
    words (ARGPARSE_MESSAGES in tui/cli.py) keep its %-placeholders."""
    for message in extracted:
        for msgid in forms(message)[0] if message.id else []:
            for _literal, name, _spec, _conversion in Formatter().parse(msgid):
                assert name is None or name.isidentifier(), (msgid, name)
