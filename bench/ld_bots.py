"""How Light and Dark plays with bots: prints figures, asserts nothing.
Run: python bench/ld_bots.py [--games N] [--players P] [--seed S]

- verdicts: how many parents give up, overall and by the parent's hero (blue Light, red Dark);
- decisions: how many decisions one seat makes in a whole game (what a human in that seat
  would get), in all and without the claims, and how many turns it spends in a party;
- battles: how often a formed party beats the boss, by the parent's hero;
- strength: one heuristic seat (rotating) among random bots, its game win rate against its
  fair share, and its mean score change on its own parent turns against a random parent's.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from core.games import get_game  # noqa: E402
from core.games.light_and_dark.state import TurnRecord  # noqa: E402
from core.log import DecisionEntry  # noqa: E402
from core.runner import BotDriver  # noqa: E402
from core.table import Seat, SeatKind, Table  # noqa: E402

GAME_ID = "light-and-dark"


def played(players: int, seed: int, kinds: tuple[str, ...]) -> Table:
    seats = tuple(Seat(f"Bot {i + 1}", SeatKind.BOT, kinds[i]) for i in range(players))
    table = Table(get_game(GAME_ID), seats, {}, seed)
    table.resolve_chance()
    BotDriver(table).play_until_human()
    return table


def history(table: Table) -> tuple[TurnRecord, ...]:
    records: tuple[TurnRecord, ...] = table.view(None).board.history
    return records


def hero_of(record: TurnRecord) -> str:
    return "Light" if record.roles[record.parent] == "light-hero" else "Dark"


def self_play(players: int, games: int, seed: int) -> None:
    verdicts: Counter[str] = Counter()
    give_ups: Counter[str] = Counter()
    battles: Counter[str] = Counter()
    won: Counter[str] = Counter()
    decisions = Counter[str]()
    seat_games = players * games
    for index in range(games):
        table = played(players, seed + index, ("heuristic",) * players)
        for entry in table.log:
            if isinstance(entry, DecisionEntry):
                decisions["all"] += 1
                decisions["no claims"] += entry.decision != "claim"
        for record in history(table):
            hero = hero_of(record)
            verdicts[hero] += 1
            decisions["party turns"] += len(record.party) - 1  # companions, not the parent
            if record.gave_up:
                give_ups[hero] += 1
                continue
            battles[hero] += 1
            won[hero] += bool(record.won)
    total, quits = sum(verdicts.values()), sum(give_ups.values())
    print(f"heuristic self-play, {players} players, {games} games (seeds {seed}..)")
    print(f"  give-ups           : {quits} of {total} verdicts ({percent(quits, total)})")
    for hero in ("Light", "Dark"):
        shown = percent(give_ups[hero], verdicts[hero])
        print(f"    {hero:5} hero parent : {give_ups[hero]} of {verdicts[hero]} ({shown})")
    print(f"  decisions per seat : {decisions['all'] / seat_games:.2f} per game")
    print(f"    without claims   : {decisions['no claims'] / seat_games:.2f} per game")
    print(f"    party turns      : {decisions['party turns'] / seat_games:.2f} per game")
    for hero in ("Light", "Dark"):
        shown = percent(won[hero], battles[hero])
        print(f"  parties won, {hero:5} : {won[hero]} of {battles[hero]} battles ({shown})")


def against_random(players: int, games: int, seed: int) -> None:
    wins = 0
    parent_deltas: dict[str, list[int]] = {"heuristic": [], "random": []}
    for index in range(games):
        star = index % players
        for kind in ("heuristic", "random"):
            kinds = tuple(kind if seat == star else "random" for seat in range(players))
            table = played(players, seed + index, kinds)
            parent_deltas[kind] += [
                record.deltas[star] for record in history(table) if record.parent == star
            ]
            if kind == "heuristic":
                result = table.result()
                wins += result is not None and star in result.winners
    share = 1 / players
    print(f"one heuristic seat among random bots, {players} players, {games} games")
    print(f"  game win rate      : {percent(wins, games)} (fair share {share:.0%})")
    for kind, deltas in parent_deltas.items():
        mean = sum(deltas) / max(1, len(deltas))
        print(f"  {kind:9} parent  : {mean:+.2f} points per own parent turn ({len(deltas)} turns)")


def percent(part: int, whole: int) -> str:
    return f"{part / whole:.0%}" if whole else "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    self_play(args.players, args.games, args.seed)
    against_random(args.players, args.games, args.seed)


if __name__ == "__main__":
    main()
