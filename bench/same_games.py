"""Do this tree's games come out exactly as another commit's? A check, not a benchmark.

    python3 bench/same_games.py [--against REF] [--seeds N]

Plays the same bot-only games (both games, two table sizes each, random and heuristic bots,
seeds 1..N) in this tree and in REF (default `i10`, checked out in a temporary worktree), and
compares a SHA-256 of each: its save text, its narration as every seat and as everyone reads it,
every question, option label and chance request on the way, and the views every few entries
(bench/engine_probe.py's `digest`). A change that only makes the engine faster must keep every
one. Prints each game that differs, then how many matched; exits 1 if any differ.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

import compare  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="i10", metavar="REF")
    parser.add_argument("--seeds", type=int, default=4, metavar="N")
    args = parser.parse_args()
    try:
        with compare.checkout(args.against) as other:
            theirs = compare.probe(other, "digest", str(args.seeds))
        ours = compare.probe(compare.ROOT, "digest", str(args.seeds))
    except compare.CompareError as error:
        sys.exit(str(error))
    differ = [key for key in theirs if ours.get(key) != theirs[key]]
    for key in differ:
        print(f"differs: {key}")
    print(f"{len(theirs) - len(differ)} of {len(theirs)} games the same as at {args.against}")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
