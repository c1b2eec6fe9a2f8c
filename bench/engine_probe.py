"""Time the engine of one source tree, in a fresh process; prints one JSON object.

    python bench/engine_probe.py ROOT selfplay GAME PLAYERS GAMES [BOT]
    python bench/engine_probe.py ROOT verify FOLDER
    python bench/engine_probe.py ROOT write FOLDER COUNT
    python bench/engine_probe.py ROOT long PLAYERS GAMES MAX_ENTRIES
    python bench/engine_probe.py ROOT digest SEEDS

ROOT is a Partyline checkout (this one, or a temporary worktree of another commit): its `core`
is imported instead of this tree's, so bench/bench.py can run the same work through two
versions of the engine and compare them. Only what every version since issue 6 has is used
(`core.simulate.play_one`, `core.saves.dumps` / `loads` / `write`, the table's log).

- selfplay: bot-only games from seeds 1..GAMES (bot `random` unless told); prints the CPU
  seconds, decisions and entries. The games of two versions are the same games (saves replay
  identically), so their times compare the same work.
- long: heuristic dangerous games without a turn limit from seeds 1..GAMES, each stopped at
  MAX_ENTRIES entries at the latest (by this probe: older versions have no guard); prints each
  game's length and whether it ended.
- verify: every save in FOLDER (*.toml) is read, then loaded and replayed from its text
  (`saves.loads`, as `partyline verify` does); prints the CPU seconds and entries. bench.py
  writes the saves once, with the older tree (`write FOLDER COUNT`), in a save format both
  versions read, so both replay the same games.

- digest: bot-only games of both games (random and heuristic bots, seeds 1..SEEDS) and a
  SHA-256 of each: its save text, every line of its narration as each seat and as everyone sees
  it, every question and chance request on the way (prompts, help, option labels) and every
  seat's view every few entries. bench/same_games.py compares two trees' digests: a change
  that only makes the engine faster must leave every one of them as it was.

CPU time (time.process_time), not wall time: the machine is shared, and what other processes do
then disturbs the figures less.
"""

from __future__ import annotations

import dataclasses
import json
import sys
import time
from pathlib import Path
from typing import Any


def selfplay(game: str, players: int, games: int, bot: str) -> dict[str, float]:
    from core.log import DecisionEntry
    from core.simulate import play_one

    play_one(game, players, 0, bot)  # imports, content files and caches: not what is measured
    seconds = 0.0
    decisions = entries = 0
    for seed in range(1, games + 1):
        start = time.process_time()
        table = play_one(game, players, seed, bot)
        seconds += time.process_time() - start
        entries += len(table)
        decisions += sum(isinstance(entry, DecisionEntry) for entry in table.log)
    return {"seconds": seconds, "decisions": decisions, "entries": entries}


def verify(folder: str) -> dict[str, float]:
    from pathlib import Path

    from core import saves

    texts = [path.read_text("utf-8") for path in sorted(Path(folder).glob("*.toml"))]
    saves.loads(texts[0], continue_chance=False)
    start = time.process_time()
    for text in texts:
        saves.loads(text, continue_chance=False)
    seconds = time.process_time() - start
    return {"seconds": seconds, "entries": sum(text.count("[[log]]") for text in texts)}


def long_games(players: int, games: int, cap: int) -> dict[str, list[int]]:
    from core.runner import BotDriver
    from core.simulate import bot_table

    lengths, ended = [], []
    for seed in range(1, games + 1):
        table = bot_table("dangerous", players, seed, "heuristic", {"turn_limit": 0})
        table.resolve_chance()
        driver = BotDriver(table)
        while len(table) < cap and driver.play_one():
            pass
        lengths.append(len(table))
        ended.append(int(table.over))
    return {"lengths": lengths, "ended": ended}


DIGESTED = (("light-and-dark", 5), ("light-and-dark", 3), ("dangerous", 4), ("dangerous", 2))


def digest(seeds: int) -> dict[str, str]:
    import hashlib

    from core import saves
    from core.runner import BotDriver
    from core.simulate import bot_table

    digests = {}
    for game, players in DIGESTED:
        for bot in ("random", "heuristic"):
            for seed in range(1, seeds + 1):
                table = bot_table(game, players, seed, bot)
                seen: list[str] = []

                def record(change: object, t: Any = table, s: list[str] = seen) -> None:
                    s.append(_position(t))

                table.subscribe(record)
                table.resolve_chance()
                driver = BotDriver(table)
                while len(table) < 3000 and driver.play_one():
                    pass
                viewers = (None, *range(players))
                lines = [repr(table.narration(viewer)) for viewer in viewers]
                text = saves.dumps(table, "2026-01-01T00:00:00+00:00")
                whole = "\n".join([text, *lines, *seen, _spelled(table.result())])
                key = f"{game} {players}p {bot} seed {seed}"
                digests[key] = hashlib.sha256(whole.encode()).hexdigest()
    return digests


RESTATED = {("SeatSummary", "winner")}
"""Fields that restate what the digest holds already (SeatSummary.winner, issue 11: the
result's winners), left out so that a tree from before them compares."""


def _spelled(value: Any) -> str:
    """`value`'s repr, with every game text (a Message, a Name: issue 11) written out in
    English as a tree from before them held it, and the RESTATED fields left out: both trees'
    views compare by what they say."""
    from core import narration

    texts = tuple(
        getattr(narration, kind)
        for kind in ("Message", "Name", "Joined")
        if hasattr(narration, kind)
    )
    if isinstance(value, texts):
        return repr(str(value))
    kind = type(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = [
            f"{f.name}={_spelled(getattr(value, f.name))}"
            for f in dataclasses.fields(value)
            if f.repr and (kind.__name__, f.name) not in RESTATED
        ]
        return f"{kind.__qualname__}({', '.join(fields)})"
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        pairs = [f"{name}={_spelled(item)}" for name, item in zip(value._fields, value)]
        return f"{kind.__qualname__}({', '.join(pairs)})"
    if isinstance(value, tuple):
        items = [_spelled(item) for item in value]
        return f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"
    if isinstance(value, list):
        return f"[{', '.join(_spelled(item) for item in value)}]"
    if isinstance(value, dict):
        pairs = [f"{_spelled(key)}: {_spelled(item)}" for key, item in value.items()]
        return "{" + ", ".join(pairs) + "}"
    return repr(value)


def _position(table: object) -> str:
    """Everything a position offers, spelled out field by field (not by repr, which a lazy
    field could change): its questions, chance request and, every 7th entry, every view."""
    step = table.step  # type: ignore[attr-defined]
    parts = [repr(step.chance), str(step.simultaneous)]
    for decision in step.decisions:
        parts += [
            str(decision.seat),
            decision.name,
            decision.kind.value,
            str(decision.prompt),
            str(decision.help),
            repr(decision.acting_for),
            str(decision.min_count),
            str(decision.max_count),
            str(decision.total),
            str(decision.max_each),
        ]
        for option in decision.options:
            parts += [
                repr(option.id),
                str(option.label),
                str(option.detail),
                repr(option.at),
                repr(option.path),
                repr(option.area),
                str(option.unavailable),
            ]
    if len(table) % 7 == 0:  # type: ignore[arg-type]
        players = len(table.seats)  # type: ignore[attr-defined]
        parts += [_spelled(table.view(viewer)) for viewer in (None, *range(players))]  # type: ignore[attr-defined]
    return "\x1f".join(parts)


def write_saves(folder: str, count: int) -> dict[str, float]:
    """`count` heuristic 4-player dangerous games saved into `folder` by ROOT's code, so that
    an older tree can read them too (a newer save format would stop it)."""
    from core import saves
    from core.simulate import play_one

    for seed in range(count):
        saves.write(play_one("dangerous", 4, seed, "heuristic"), Path(folder, f"{seed}.toml"))
    return {"saves": count}


def main() -> None:
    root, mode, *rest = sys.argv[1:]
    sys.path.insert(0, root)
    figures: object
    if mode == "selfplay":
        game, players, count, *bot = rest
        figures = selfplay(game, int(players), int(count), bot[0] if bot else "random")
    elif mode == "digest":
        figures = digest(int(rest[0]))
    elif mode == "write":
        folder, count = rest
        figures = write_saves(folder, int(count))
    elif mode == "long":
        players, count, cap = rest
        figures = long_games(int(players), int(count), int(cap))
    else:
        figures = verify(rest[0])
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
