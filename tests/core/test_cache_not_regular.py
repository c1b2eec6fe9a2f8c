"""A named pipe put where the cache keeps a file (a compiled catalog, a content parse) is
refused and the work done again, not waited on: every command reads the cache at its start, so
`read_bytes()` of a pipe with no writer held each of them forever (core/cachefile.read_kept)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SIMULATE = [sys.executable, "-m", "tui.cli", "--lang", "ja", "simulate", "dangerous"]
SIMULATE += ["--games", "1", "--seed", "1"]


def simulate(cache: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PARTYLINE_CACHE_DIR": str(cache)}
    return subprocess.run(
        SIMULATE, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=False
    )


def test_named_pipes_in_place_of_the_kept_files_are_passed_over(tmp_path: Path) -> None:
    first = simulate(tmp_path)
    assert first.returncode == 0, first.stderr
    kept = sorted(path for path in tmp_path.rglob("*") if path.is_file())
    assert {path.parent.name for path in kept} == {"locale", "content"}
    for path in kept:
        path.unlink()
        os.mkfifo(path)
    again = simulate(tmp_path)  # (a hang is a TimeoutExpired)
    assert again.returncode == 0, again.stderr
    assert without_speed(again.stdout) == without_speed(first.stdout)  # in Japanese still
    assert all(stat.S_ISREG(path.lstat().st_mode) for path in kept)  # kept again, in their place


def without_speed(said: str) -> list[str]:
    return [line for line in said.splitlines() if not line.startswith("速さ")]
