"""Suite-wide set-up: the hypothesis profile, loaded before any test module builds its settings
from it (derandomized by default; `HYPOTHESIS_PROFILE=deep` for a long random run); and an
environment that does not depend on the machine's: English unless a test asks for another
language; settings and compiled catalogs in folders of the run's own, never the user's."""

import os
import tempfile
from pathlib import Path

import profiles
import pytest

profiles.load()

for _name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"
os.environ["PARTYLINE_CONFIG_DIR"] = tempfile.mkdtemp(prefix="partyline-config-")
os.environ["PARTYLINE_CACHE_DIR"] = tempfile.mkdtemp(prefix="partyline-cache-")


@pytest.fixture
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of the test's own (the resume cache's files, compiled catalogs)."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("PARTYLINE_CACHE_DIR", str(folder))
    return folder
