"""A catalog read back from the cache translates exactly as the compiled .mo file does: every
message, every plural form of every count, and a message it does not know."""

from __future__ import annotations

import io
from gettext import GNUTranslations
from pathlib import Path

import pytest

from core import i18n
from core.cachefile import sealed
from core.i18n import LANGUAGES, Language, catalog_path, compile_catalog, load_catalog

_COUNTS = range(0, 23)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_cached_catalog_translates_as_the_compiled_one(
    language: Language, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARTYLINE_CACHE_DIR", str(tmp_path))
    source = catalog_path(language).read_bytes()
    compiled = GNUTranslations(io.BytesIO(compile_catalog(source)))
    load_catalog(catalog_path(language))  # compiles it and keeps it

    def compiled_again(source: bytes) -> bytes:
        raise AssertionError("compiled again")

    monkeypatch.setattr(i18n, "compile_catalog", compiled_again)
    cached = load_catalog(catalog_path(language))
    assert cached.info() == compiled.info() and cached.charset() == compiled.charset()
    messages = compiled._catalog  # type: ignore[attr-defined]
    assert messages
    for key in messages:
        if isinstance(key, str):
            assert cached.gettext(key) == compiled.gettext(key), key
        else:
            singular, _ = key
            for n in _COUNTS:
                got = cached.ngettext(singular, "plural", n)
                assert got == compiled.ngettext(singular, "plural", n), (key, n)
    assert cached.gettext("Not in any catalog") == "Not in any catalog"
    assert [cached.ngettext("a", "b", n) for n in _COUNTS] == [
        compiled.ngettext("a", "b", n) for n in _COUNTS
    ]


@pytest.mark.parametrize(
    "kept",
    [
        b"not json",
        b'[[["a", 1]], {}, null]',  # a message that is not text
        b'[[[["a", "0"], "x"]], {}, null]',  # a plural form that is not a number
        b'[[], {"plural-forms": 3}, null]',  # a header that is not text
        b'[[], {"plural-forms": "nplurals=2; plural=os.system(1)"}, null]',  # not a plural rule
        b"[[], {}, 7]",  # a charset that is not text
        b"[[], {}]",
    ],
)
def test_a_kept_catalog_that_is_not_one_is_compiled_again(
    kept: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARTYLINE_CACHE_DIR", str(tmp_path))
    load_catalog(catalog_path("ja"))
    [cached] = (tmp_path / "locale").glob("ja-*")
    cached.write_bytes(sealed(kept))  # sealed as the app seals, so only the reading refuses it
    compiled = GNUTranslations(io.BytesIO(compile_catalog(catalog_path("ja").read_bytes())))
    assert load_catalog(catalog_path("ja")).gettext("Start") == compiled.gettext("Start") != "Start"
