"""The user's remembered settings: a small TOML file in the user's config folder.

Only what a person chose on purpose is kept (today: the interface language picked on the setup
screen). A file that cannot be read or makes no sense costs one line of warning and the
defaults, never a traceback; writing replaces the file whole (a temporary file renamed over it).
"""

from __future__ import annotations

import contextlib
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import platformdirs
import tomli_w

from core.errors import os_reason
from core.i18n import LANGUAGES, Language, Translator, is_language
from core.regular import NotRegular, open_regular

ENV_CONFIG_DIR: Final = "PARTYLINE_CONFIG_DIR"
CONFIG_FILE: Final = "config.toml"
MAX_CONFIG_BYTES: Final = 64 * 1024
"""A settings file is a few lines: anything longer is not ours, and is not read into memory."""


@dataclass(frozen=True)
class Settings:
    language: Language | None = None
    """The language chosen on the setup screen (None: none chosen, the environment decides)."""


def config_path() -> Path:
    """$PARTYLINE_CONFIG_DIR/config.toml, else config.toml in the user config folder."""
    folder = os.environ.get(ENV_CONFIG_DIR)
    if folder:
        return Path(folder).expanduser() / CONFIG_FILE
    return Path(platformdirs.user_config_dir("partyline", appauthor=False)) / CONFIG_FILE


def read_settings(path: Path, _: Translator) -> tuple[Settings, str]:
    """The settings at `path` and a warning in `_`'s language ("" if none): a missing file is
    no settings; a file that cannot be read or holds something wrong gives the defaults and a
    one-line reason."""
    try:
        with open_regular(path) as (file, _info):  # (a named pipe is refused, not waited on)
            raw = file.read(MAX_CONFIG_BYTES + 1)
    except FileNotFoundError:
        return Settings(), ""
    except NotRegular:
        return Settings(), _ignored(path, _("not a regular file"), _)
    except OSError as error:
        return Settings(), _ignored(path, _.text(os_reason(error)), _)
    try:
        return _settings(raw, _), ""
    except ValueError as error:
        return Settings(), _ignored(path, str(error), _)


def _settings(raw: bytes, _: Translator) -> Settings:
    """A settings file's bytes as Settings; ValueError says what is wrong with them."""
    if len(raw) > MAX_CONFIG_BYTES:
        raise ValueError(_("larger than {size} KiB", size=MAX_CONFIG_BYTES // 1024))
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ValueError(_("not UTF-8 text")) from None
    except tomllib.TOMLDecodeError as error:
        raise ValueError(_("not TOML: {error}", error=error)) from None
    language = data.get("language")
    if language is not None and not is_language(language):
        raise ValueError(_("language must be {known}", known=" / ".join(LANGUAGES)))
    return Settings(language=language)


def _ignored(path: Path, why: str, _: Translator) -> str:
    return _("{path}: ignored ({why}); using the default settings", path=path, why=why)


def remember(path: Path, settings: Settings, _: Translator) -> str:
    """Write `settings` to `path` (creating its folder); "" when done, else why not, in one
    line in `_`'s language (the choice still holds for this run)."""
    data = {} if settings.language is None else {"language": settings.language}
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp.write_text(tomli_w.dumps(data), encoding="utf-8")
        os.replace(temp, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)
        why = os_reason(error)
        return _("{path}: cannot remember the settings: {why}", path=path, why=why)
    return ""
