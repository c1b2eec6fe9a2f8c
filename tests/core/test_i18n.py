"""The interface language: the environment's default, translators per viewer, the remembered
setting on a real disk (and what a broken settings file costs: one line, never a traceback)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from core import i18n
from core.config import MAX_CONFIG_BYTES, Settings, config_path, read_settings, remember
from core.i18n import language_from_env, load_catalog, parse_language, translator

EN = translator("en")
JA = translator("ja")


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({}, "en"),
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LANG": "ja"}, "ja"),
        ({"LANG": "ja_JP@euro"}, "ja"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "jav_ID"}, "en"),  # Javanese, not Japanese
        ({"LANG": "", "LC_MESSAGES": "ja_JP.UTF-8"}, "ja"),
        # LC_ALL first, then LC_MESSAGES, then LANG; an empty one counts as unset.
        ({"LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8", "LANG": "ja_JP"}, "en"),
        ({"LC_ALL": "", "LC_MESSAGES": "en_US", "LANG": "ja_JP.UTF-8"}, "en"),
        ({"LC_ALL": "ja_JP.eucJP", "LANG": "en_US.UTF-8"}, "ja"),
    ],
)
def test_the_environment_picks_the_language(environ: dict[str, str], language: str) -> None:
    assert language_from_env(environ) == language


def test_a_language_is_parsed_or_refused_in_one_line() -> None:
    assert parse_language(" JA ") == "ja" and parse_language("en") == "en"
    with pytest.raises(ValueError, match=r"^unknown language 'fr' \(known: ja, en\)$"):
        parse_language("fr")


def test_each_viewer_has_its_own_translator_and_no_language_is_global() -> None:
    # Two seats at one table read the same message in two languages, in any order.
    assert JA("Your move") == "あなたの手番" and EN("Your move") == "Your move"
    assert (
        JA("Waiting for {who} to {what}.", who="Bea", what="X")
        == "Bea が「X」をするのを待っています。"
    )
    assert EN("Waiting for {who} to {what}.", who="Bea", what="X") == "Waiting for Bea to X."
    assert JA("Your move") == "あなたの手番"
    # A message no catalog knows (a game's text, until it is marked) is shown as written.
    assert JA("Not in any catalog {x}", x=1) == "Not in any catalog 1"


PO = (
    'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n'
    '"Plural-Forms: nplurals=1; plural=0;\\n"\n\n'
    'msgid "Quit"\nmsgstr "やめる"\n\n'
    '#, fuzzy\nmsgid "Help"\nmsgstr "たすけて"\n'
)


def test_a_catalog_is_compiled_once_then_read_from_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARTYLINE_CACHE_DIR", str(tmp_path / "cache"))
    po = tmp_path / "ja" / "LC_MESSAGES" / "partyline.po"
    po.parent.mkdir(parents=True)
    po.write_text(PO, encoding="utf-8")
    compiled = load_catalog(po)
    assert compiled.gettext("Quit") == "やめる"
    assert compiled.gettext("Help") == "Help"  # a fuzzy guess nobody checked never ships
    [cached] = (tmp_path / "cache" / "locale").iterdir()
    assert cached.name.startswith("ja-") and cached.suffix == ".catalog"

    def no_babel(source: bytes) -> bytes:
        raise AssertionError("compiled again")

    monkeypatch.setattr(i18n, "compile_catalog", no_babel)
    assert load_catalog(po).gettext("Quit") == "やめる"  # from the cache, without Babel
    monkeypatch.undo()
    monkeypatch.setenv("PARTYLINE_CACHE_DIR", str(tmp_path / "cache"))
    po.write_text(PO.replace("やめる", "終わる"), encoding="utf-8")
    assert load_catalog(po).gettext("Quit") == "終わる"  # a changed .po is compiled again
    for stale in (tmp_path / "cache" / "locale").iterdir():
        stale.write_bytes(b"\x00garbage")
    assert load_catalog(po).gettext("Quit") == "終わる"  # a broken cache only costs the compiling
    blocked = tmp_path / "blocked"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv("PARTYLINE_CACHE_DIR", str(blocked))
    assert load_catalog(po).gettext("Quit") == "終わる"  # so does a cache that cannot be made


# --- the remembered setting -------------------------------------------------------------------


def test_the_settings_file_is_in_the_folder_the_environment_names(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PARTYLINE_CONFIG_DIR", str(tmp_path / "conf"))
    assert config_path() == tmp_path / "conf" / "config.toml"
    monkeypatch.delenv("PARTYLINE_CONFIG_DIR")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert config_path() == tmp_path / "xdg" / "partyline" / "config.toml"


def test_a_chosen_language_is_remembered_on_disk(tmp_path: Path) -> None:
    path = tmp_path / "new" / "folder" / "config.toml"
    assert read_settings(path, EN) == (Settings(), "")  # no file: no settings, no warning
    assert remember(path, Settings(language="ja"), EN) == ""
    assert path.read_text(encoding="utf-8") == 'language = "ja"\n'
    assert read_settings(path, EN) == (Settings(language="ja"), "")
    assert remember(path, Settings(language="en"), EN) == ""
    assert read_settings(path, EN) == (Settings(language="en"), "")
    assert [p.name for p in path.parent.iterdir()] == ["config.toml"]  # no temporary left


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b'language = "ja', "not TOML: "),
        (b"\xff\xfe language", "not UTF-8 text"),
        (b'language = "fr"\n', "language must be ja / en"),
        (b"language = 3\n", "language must be ja / en"),
        (b"# " + b"x" * MAX_CONFIG_BYTES + b"\n", "larger than 64 KiB"),
    ],
)
def test_a_broken_settings_file_gives_one_warning_line_and_the_defaults(
    tmp_path: Path, content: bytes, why: str
) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(content)
    settings, warning = read_settings(path, EN)
    assert settings == Settings()
    assert warning.startswith(f"{path}: ignored ({why}") and "\n" not in warning
    assert warning.endswith("); using the default settings")
    _settings, japanese = read_settings(path, JA)
    assert japanese.endswith("既定の設定を使います")


@pytest.mark.parametrize("special", ["named pipe", "device"])
def test_a_settings_file_that_is_no_file_is_not_waited_on(tmp_path: Path, special: str) -> None:
    """A named pipe with no writer blocked every command (`partyline games` too) at start-up."""
    path = tmp_path / "config.toml"
    if special == "named pipe":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    assert read_settings(path, EN) == (
        Settings(),
        f"{path}: ignored (not a regular file); using the default settings",
    )
    assert read_settings(path, JA)[1].endswith("既定の設定を使います")


def test_an_unreadable_or_unwritable_settings_file_costs_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "config.toml"
    folder.mkdir()  # a folder where the file should be
    settings, warning = read_settings(folder, EN)
    assert (
        settings == Settings()
        and warning == f"{folder}: ignored (not a regular file); using the default settings"
    )
    failure = remember(folder, Settings(language="ja"), EN)
    assert failure == f"{folder}: cannot remember the settings: Is a directory"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    if os.geteuid() != 0:  # root reads anything
        locked = tmp_path / "locked.toml"
        locked.write_text('language = "ja"\n', encoding="utf-8")
        locked.chmod(0)
        assert read_settings(locked, EN)[1].startswith(f"{locked}: ignored (Permission denied")
