"""This working tree against another commit, measured in the same run.

`checkout(ref)` lays the commit out in a temporary git worktree (removed afterwards);
`compare(...)` runs the same probe (bench/engine_probe.py) through both trees in fresh
processes, taking turns (which goes first alternates), so a machine busy with other work
slows both alike; it gives each tree's best run (the least disturbed: other work only ever adds
time) and its median.
"""

from __future__ import annotations

import contextlib
import json
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PROBE = ROOT / "bench" / "engine_probe.py"


class CompareError(RuntimeError):
    """A ref that is not a commit, or a probe that failed; the message is one line."""


@contextlib.contextmanager
def checkout(ref: str) -> Iterator[Path]:
    """A temporary worktree of `ref` (a branch, tag or commit of this repository)."""
    found = _git("rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}", check=False)
    if found.returncode != 0:
        raise CompareError(f"--against {ref}: not a commit of {ROOT}")
    commit = found.stdout.strip()
    with tempfile.TemporaryDirectory(prefix="partyline-bench-") as folder:
        tree = Path(folder) / "tree"
        _git("worktree", "add", "--detach", "--quiet", str(tree), commit)
        try:
            yield tree
        finally:
            _git("worktree", "remove", "--force", str(tree), check=False)


def _git(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["git", "-C", str(ROOT), *args], capture_output=True, text=True, check=check
    )


def probe(tree: Path, *args: str) -> dict[str, Any]:
    """One run of the probe over `tree`'s engine: its JSON figures."""
    done = subprocess.run(
        [sys.executable, str(PROBE), str(tree), *args], capture_output=True, text=True, cwd=tree
    )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise CompareError(f"the probe failed on {tree}: {last}")
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


@dataclass(frozen=True)
class Compared:
    ours: list[float]
    theirs: list[float]

    @property
    def best(self) -> tuple[float, float]:
        return min(self.ours), min(self.theirs)

    @property
    def median(self) -> tuple[float, float]:
        return statistics.median(self.ours), statistics.median(self.theirs)

    @staticmethod
    def times(pair: tuple[float, float]) -> float:
        """How many times less ours costs than theirs."""
        ours, theirs = pair
        return theirs / ours if ours else float("inf")


def compare(
    other: Path, rounds: int, args: tuple[str, ...], cost: Callable[[dict[str, Any]], float]
) -> Compared:
    """The `cost` of the probe `args` in this tree and in `other`, `rounds` runs each, taking
    turns."""
    ours: list[float] = []
    theirs: list[float] = []
    for round_ in range(rounds):
        order = ((ROOT, ours), (other, theirs))
        for tree, samples in order if round_ % 2 == 0 else order[::-1]:
            samples.append(cost(probe(tree, *args)))
    return Compared(ours, theirs)
