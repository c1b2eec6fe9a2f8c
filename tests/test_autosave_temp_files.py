"""The temporary file a whole write puts in place (core/paths.py, `create_temp`): beside the
save, named so that `clean_stale_temps` knows it, its owner's only, never over another file."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from core import paths


def test_a_temporary_file_is_new_private_and_named_for_its_save(tmp_path: Path) -> None:
    save = tmp_path / "game.toml"
    made = [paths.create_temp(save) for _ in range(2)]
    for fd, name in made:
        os.write(fd, b"x")
        os.close(fd)
        assert Path(name).parent == tmp_path
        assert paths._TEMP_NAME.fullmatch(Path(name).name)
        assert Path(name).name.startswith(paths.temp_prefix(save))
        assert stat.S_IMODE(os.stat(name).st_mode) == 0o600
        assert Path(name).read_bytes() == b"x"
    assert made[0][1] != made[1][1]
    assert paths.clean_stale_temps(tmp_path) == []  # (this process's own: kept)


def test_a_name_taken_already_is_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "game.toml"
    letters = iter([b"\x00" * 5, b"\x00" * 5, b"\x01" * 5])
    monkeypatch.setattr(os, "urandom", lambda size: next(letters))
    first, taken = paths.create_temp(save)
    second, other = paths.create_temp(save)
    os.close(first)
    os.close(second)
    assert taken.endswith("0000000000.tmp") and other.endswith("0101010101.tmp")
    assert Path(taken).read_bytes() == b""
