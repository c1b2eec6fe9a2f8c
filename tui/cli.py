"""The `partyline` command line. Headless commands never import Textual, so they start fast."""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from core import __version__
from core.games import REGISTRY, UnknownGame, get_game
from core.games.base import BadOption, Game
from core.names import default_name
from core.simulate import MAX_ENTRIES
from core.table import Seat, SeatKind, Table, check_seed
from core.text import BadText, visible, visible_json
from tui.pace import (
    BOT_PACES,
    DEFAULT_BOT_PACE,
    DEFAULT_REVEAL_HOLD,
    REVEAL_HOLDS,
    hold_label,
    pace_label,
)

if TYPE_CHECKING:
    from core.saves import Loaded

DESCRIPTION = """\
Partyline: Japanese tabletop games about heroes, demon lords and their parties, in the terminal.
Run without a command to open the app on its setup screen."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command. Exit status: 0 done, 1 the command could not do its job (a save that does
    not verify or cannot be written), 2 the command line is wrong; every error is one line."""
    try:
        code = _run(argv)
        sys.stdout.flush()  # a reader that went away shows here, not at interpreter exit
        return code
    except BrokenPipeError:
        # `partyline verify --json ... | head -c 300`: the reader has what it wanted. Point
        # stdout at /dev/null so the interpreter's last flush stays quiet, and exit as a writer
        # killed by SIGPIPE would.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return 141


def _run(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        args = parser.parse_args(words)
    except _UsageError as error:
        if "verify" in words and "--json" in words:  # JSON for every outcome, even this one
            print(visible_json(_verify_json(None, None, str(error))))
        else:
            say(str(error), error=True)
        return 2
    command = getattr(args, "command", None) or "app"
    try:
        if hasattr(args, "theme"):
            _check_theme(args.theme)
        return int(COMMANDS[command](args))
    except CliError as error:
        say(f"partyline: {error}", error=True)
        return error.code
    except KeyboardInterrupt:
        return 130


class CliError(Exception):
    """A problem with what the user typed (exit 2), or a command that could not do its job
    (exit 1); printed as one line."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


class _UsageError(Exception):
    """The command line is wrong; the message is the one line to print."""


class _Parser(argparse.ArgumentParser):
    """argparse, with its errors on one line instead of a usage block and the error."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.prog}: {message} (see '{self.prog} --help')")


def say(line: str, error: bool = False) -> None:
    """Print one line of output. Every line of text the CLI prints comes through here (JSON
    through core.text.visible_json): names, paths and reasons come from people and files, so
    their control characters are shown as escapes (a newline in a name cannot split the line or
    forge a second one)."""
    print(visible(line), file=sys.stderr if error else sys.stdout)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="partyline",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"partyline {__version__}")
    _add_app_options(parser)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    commands.add_parser("games", help="list the game ids with titles and player counts")

    play = commands.add_parser("play", help="start a new game straight away")
    play.add_argument("game", help="a game id (see 'partyline games')")
    play.add_argument("--players", type=int, help="number of players (default: from --seats)")
    play.add_argument(
        "--seats",
        help="comma-separated seat kinds: human, bot, random or heuristic "
        "(default: one human, the rest heuristic bots)",
    )
    play.add_argument("--names", help="comma-separated seat names")
    play.add_argument("--seed", type=int, help="seed for the dice and shuffles (default: random)")
    play.add_argument("--practice", action="store_true", help="practice mode: undo has no barriers")
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option, e.g. keep_cards=true (repeatable)",
    )
    play.add_argument(
        "--bot-pace",
        choices=tuple(BOT_PACES),
        default=DEFAULT_BOT_PACE,
        help=f"how fast the bots play: {', '.join(map(pace_label, BOT_PACES))} "
        f"(default {DEFAULT_BOT_PACE})",
    )
    play.add_argument(
        "--reveal-hold",
        choices=tuple(REVEAL_HOLDS),
        default=DEFAULT_REVEAL_HOLD,
        help="how long the game holds on a reveal or a fight's result before the bots go on: "
        f"{', '.join(map(hold_label, REVEAL_HOLDS))} (default {DEFAULT_REVEAL_HOLD})",
    )
    _add_app_options(play)

    resume = commands.add_parser("continue", help="continue a saved game in the app")
    resume.add_argument("path", type=Path, help="the save file")
    _add_app_options(resume)

    simulate = commands.add_parser("simulate", help="play bot-only games without the app")
    simulate.add_argument("game", help="a game id")
    simulate.add_argument("--players", type=int, help="number of players")
    simulate.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    simulate.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    simulate.add_argument(
        "--bot", choices=("random", "heuristic"), default="heuristic", help="the bots' kind"
    )
    simulate.add_argument("--save", type=Path, help="write the last game's save here")
    simulate.add_argument(
        "--max-entries",
        type=int,
        default=MAX_ENTRIES,
        metavar="N",
        help=f"stop a game that has not ended at N log entries (default {MAX_ENTRIES:,})",
    )
    simulate.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option"
    )

    verify = commands.add_parser("verify", help="replay a save through the rules and report")
    verify.add_argument("path", type=Path, help="the save file")
    verify.add_argument("--json", action="store_true", help="print one JSON object")

    replay = commands.add_parser("replay", help="step through a saved game in the replay viewer")
    replay.add_argument("path", type=Path, help="the save file")
    replay.add_argument(
        "--seat",
        type=int,
        help="watch as this seat (1 = the first); a game still being played replays only as one "
        "of its players (default: everyone once finished, else the only human seat)",
    )
    _add_app_options(replay)
    _add_serve(commands)
    return parser


def _add_serve(commands: argparse._SubParsersAction[_Parser]) -> None:
    from server.limits import LIMIT_FLAGS, Limits

    limits = Limits()
    serve = commands.add_parser("serve", help="host games over SSH: players join with ssh")
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for all)",
    )
    serve.add_argument(
        "--port", type=int, default=2222, help="the port (default 2222; 0: any free port)"
    )
    who = serve.add_mutually_exclusive_group(required=True)
    who.add_argument(
        "--authorized-keys",
        type=Path,
        metavar="FILE",
        help="only these public keys get in (OpenSSH authorized_keys format); the SSH user "
        "name is the player's name",
    )
    who.add_argument(
        "--guests", action="store_true", help="anyone gets in, and gives a name in the game"
    )
    serve.add_argument(
        "--save-dir",
        type=Path,
        default=argparse.SUPPRESS,
        help="where the tables autosave (default: $PARTYLINE_SAVE_DIR or the user data folder)",
    )
    for limit in LIMIT_FLAGS:
        default = getattr(limits, limit.field)
        serve.add_argument(
            limit.flag,
            dest=limit.field,
            type=limit.kind,
            default=default,
            metavar=limit.metavar,
            help=f"{limit.help} (default {default:g})",
        )


def _add_app_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--theme",
        default=argparse.SUPPRESS,
        help="partyline-dark (default), partyline-light or partyline-ansi",
    )
    parser.add_argument(
        "--save-dir",
        type=Path,
        default=argparse.SUPPRESS,
        help="where saves go (default: $PARTYLINE_SAVE_DIR or the user data folder)",
    )


# --- headless commands -------------------------------------------------------------------------


def cmd_games(args: argparse.Namespace) -> int:
    width = max(len(game_id) for game_id in REGISTRY)
    for game_id, info in REGISTRY.items():
        players = f"{info.min_players}-{info.max_players} players"
        say(f"{game_id:<{width}}  {info.title}  ({players})")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from core import saves
    from core.bots import UnknownBot, make_bot
    from core.simulate import bot_options, simulate

    game = _game(args.game)
    players = _default_players(game) if args.players is None else args.players
    _check_players(game, players)
    if args.games < 1:
        raise CliError("--games must be at least 1")
    if args.max_entries < 1:
        raise CliError("--max-entries must be at least 1")
    _check_seed(args.seed, "--seed")
    _check_seed(args.seed + args.games - 1, "--seed plus --games")  # the last game's seed
    try:
        make_bot(args.bot, game.id)
    except UnknownBot as error:
        raise CliError(str(error)) from None
    options, filled = bot_options(game, _options(game, args.option))
    if args.save:
        _check_save_target(args.save)  # before the games, not after
    report = simulate(game.id, players, args.seed, args.games, args.bot, options, args.max_entries)
    say(
        f"{game.id}: {report.games} games, {players} {args.bot} bots, seeds {args.seed}-"
        f"{args.seed + report.games - 1}"
    )
    for option in filled:
        say(
            f"note: {option.label} is {option.simulate} in these bot-only games (in play it is "
            f"{option.default}); --option {option.name}=VALUE sets it"
        )
    if report.stopped:
        seeds = ", ".join(map(str, report.stopped[:10])) + (
            ", ..." if len(report.stopped) > 10 else ""
        )
        say(
            f"stopped: {len(report.stopped)} of {report.games} games had not ended at "
            f"{report.max_entries:,} log entries (--max-entries), seeds {seeds}"
        )
    wins = ", ".join(
        f"{default_name(seat, human=False)} {report.wins[seat]}" for seat in range(players)
    )
    say(f"wins by seat: {wins}")
    say(f"average length: {report.average_length:.1f} log entries")
    say(
        f"speed: {report.games_per_second:.0f} games/s, "
        f"{report.decisions_per_second:.0f} decisions/s"
    )
    if args.save and report.last is not None:
        try:
            saves.write(report.last, args.save)
        except OSError as error:
            raise CliError(saves.write_failure(args.save, error), code=1) from None
        say(f"last game saved to {args.save}")
    return 0


def _check_save_target(path: Path) -> None:
    """Refuse (exit 1) a --save PATH that cannot take a save: a missing folder, a folder, a
    symbolic link or a special file, which the save would replace."""
    from core import paths, saves

    try:
        saves.check_target(path)
    except OSError as error:
        raise CliError(saves.write_failure(path, error), code=1) from None
    paths.clean_stale_temps(path.parent)


def cmd_verify(args: argparse.Namespace) -> int:
    from core import saves

    path: Path = args.path
    try:
        loaded = saves.load(path, continue_chance=False)
    except saves.SaveError as error:
        if args.json:
            print(visible_json(_verify_json(path, None, str(error))))
        else:
            say(str(error))
        return 1
    table = loaded.table
    if args.json:
        print(visible_json(_verify_json(path, loaded, None)))
        return 0
    result = table.result()
    state = f"finished: {result.summary}" if result else "not finished (can be continued)"
    rules = ""
    if loaded.rules_version != table.game.rules_version:
        rules = (
            f" (written under rules version {loaded.rules_version}, replayed under version "
            f"{table.game.rules_version})"
        )
    say(
        f"{path}: ok: {table.game.id}, {len(table.seats)} players, {len(table)} entries, "
        f"{state}{rules}"
    )
    return 0


def _verify_json(path: Path | None, loaded: Loaded | None, error: str | None) -> dict[str, Any]:
    """The JSON report: `scores` are what the players panel shows, in the game's `score_name`
    (points, boss tokens); `result` is the game-over screen's summary."""
    if loaded is None:
        return {
            "ok": False,
            "path": None if path is None else str(path),
            "game": None,
            "rules_version": None,
            "entries": None,
            "seats": None,
            "finished": None,
            "score_name": None,
            "scores": None,
            "winners": None,
            "result": None,
            "error": error,
        }
    table = loaded.table
    result = table.result()
    scores = [summary.score for summary in table.view(None).seats]
    return {
        "ok": True,
        "path": str(path),
        "game": table.game.id,
        "rules_version": loaded.rules_version,
        "entries": len(table),
        "seats": list(table.names),
        "finished": result is not None,
        "score_name": table.game.score_name,
        "scores": scores,
        "winners": [table.seats[seat].name for seat in result.winners] if result else [],
        "result": result.summary if result else None,
        "error": None,
    }


def cmd_serve(args: argparse.Namespace) -> int:
    from server.limits import LIMIT_FLAGS, Limits
    from server.serve import ServeConfig, ServeError, run

    limits = Limits(**{limit.field: getattr(args, limit.field) for limit in LIMIT_FLAGS})
    problems = limits.problems()
    if problems:
        raise CliError(problems[0])
    if not 0 <= args.port <= 65535:
        raise CliError(f"--port must be 0 to 65535, not {args.port}")
    config = ServeConfig(
        save_dir=_save_dir(args),
        authorized_keys=args.authorized_keys,
        host=args.host,
        port=args.port,
        limits=limits,
    )
    try:
        return run(config, _say_now)
    except ServeError as error:
        raise CliError(str(error), code=1) from None


def _say_now(line: str) -> None:
    """say(), flushed at once: the server's lines are read as they come (a log, a pipe)."""
    say(line)
    sys.stdout.flush()


# --- commands that open the app ----------------------------------------------------------------


def cmd_app(args: argparse.Namespace) -> int:
    return _run_app(args)


def cmd_play(args: argparse.Namespace) -> int:
    from core.paths import NewSave, check_folder
    from core.table import new_table

    game = _game(args.game)
    seats = _seats(game, args.players, args.seats, args.names)
    options = _options(game, args.option)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**9)
    _check_seed(seed, "--seed")
    try:
        table = new_table(game, seats, options, seed, args.practice)
    except ValueError as error:
        raise CliError(str(error)) from None
    folder = _save_dir(args)
    try:
        check_folder(folder)
    except OSError as error:
        raise CliError(
            f"{folder}: cannot create a save file there: {error.strerror or error}",
            code=1,
        ) from None
    started = dt.datetime.now()
    pace = {"bot_delay": BOT_PACES[args.bot_pace], "reveal_hold": REVEAL_HOLDS[args.reveal_hold]}
    return _run_app(args, table=table, save_path=NewSave(folder, game.id, started), **pace)


def cmd_continue(args: argparse.Namespace) -> int:
    from core.paths import followed

    table = _load(args.path)
    return _run_app(args, table=table, save_path=followed(args.path))


def cmd_replay(args: argparse.Namespace) -> int:
    from core import saves

    note = ""
    try:
        table = saves.load(args.path).table
    except saves.RulesChanged as changed:
        # An older rules version's save: watch it up to the last entry today's rules accept.
        table, note = changed.accepted.table, changed.reason
    except saves.SaveError as error:
        raise CliError(str(error), code=1) from None
    viewer = _replay_viewer(table, args.path, args.seat)
    return _run_app(args, replay=table, replay_viewer=viewer, replay_note=note)


def _replay_viewer(table: Table, path: Path, seat: int | None) -> int | None:
    """The seat (0-based; None: everyone) whose eyes `--seat` asks for, checked by core.replay."""
    from core.replay import SeatNeeded, default_viewer, may_replay_as, replay_seats

    if seat is None:
        try:
            return default_viewer(table)
        except SeatNeeded as needed:
            raise CliError(f"{path}: {needed}: add --seat {_seat_numbers(needed.seats)}") from None
    if not 1 <= seat <= len(table.seats):
        raise CliError(f"--seat {seat}: the seats are 1 to {len(table.seats)}")
    if not may_replay_as(table, seat - 1):
        raise CliError(
            f"--seat {seat} is a bot: a game still being played replays only as one of its "
            f"players (--seat {_seat_numbers(replay_seats(table))})"
        )
    return seat - 1


def _seat_numbers(seats: tuple[int, ...]) -> str:
    numbers = [str(seat + 1) for seat in seats]
    return ", ".join(numbers[:-1]) + f" or {numbers[-1]}" if len(numbers) > 1 else numbers[0]


def _run_app(args: argparse.Namespace, **kwargs: Any) -> int:
    from core.paths import clean_stale_temps
    from themes import DEFAULT_THEME
    from tui.app import PartylineApp

    folder = _save_dir(args)
    clean_stale_temps(folder)
    app = PartylineApp(save_dir=folder, theme_name=getattr(args, "theme", DEFAULT_THEME), **kwargs)
    app.run()
    if app.exit_line:
        say(app.exit_line)
    return 0


def _check_theme(theme: str) -> None:
    """Checked for every command, so a mistyped --theme never passes silently. (The themes load
    Textual: only when --theme is given.)"""
    from themes import THEME_NAMES

    if theme not in THEME_NAMES:
        raise CliError(f"unknown theme {theme!r} (known: {', '.join(THEME_NAMES)})")


def _load(path: Path) -> Table:
    from core import saves

    try:
        return saves.load(path).table
    except saves.SaveError as error:
        raise CliError(str(error), code=1) from None


# --- parsing helpers ---------------------------------------------------------------------------


def _game(game_id: str) -> Game[Any]:
    try:
        return get_game(game_id)
    except UnknownGame as error:
        raise CliError(f"{error}; see 'partyline games'") from None


def _default_players(game: Game[Any]) -> int:
    return min(game.max_players, max(game.min_players, 4))


def _check_seed(seed: int, flag: str) -> None:
    try:
        check_seed(seed)
    except ValueError as error:
        raise CliError(f"{flag}: {error}") from None


def _check_players(game: Game[Any], players: int) -> None:
    if not game.min_players <= players <= game.max_players:
        raise CliError(
            f"{game.id} is for {game.min_players}-{game.max_players} players, not {players}"
        )


def _seats(
    game: Game[Any], players: int | None, kinds: str | None, names: str | None
) -> tuple[Seat, ...]:
    from core.bots import has_heuristic

    default_bot = "heuristic" if has_heuristic(game.id) else "random"
    tokens = [token.strip().lower() for token in kinds.split(",")] if kinds else []
    if players is None:
        players = len(tokens) if tokens else _default_players(game)
    _check_players(game, players)
    if tokens and len(tokens) != players:
        raise CliError(f"--seats lists {len(tokens)} seats but --players is {players}")
    if not tokens:
        tokens = ["human"] + ["bot"] * (players - 1)
    given = [name.strip() for name in names.split(",")] if names else []
    if given and len(given) != players:
        raise CliError(f"--names lists {len(given)} names but there are {players} seats")
    seats: list[Seat] = []
    for index, token in enumerate(tokens):
        if token == "human":
            seat = Seat(default_name(index, human=True), SeatKind.HUMAN)
        elif token in ("bot", "random", "heuristic"):
            kind = default_bot if token == "bot" else token
            if kind == "heuristic" and not has_heuristic(game.id):
                raise CliError(f"there is no heuristic bot for {game.id} yet; use 'random'")
            seat = Seat(default_name(index, human=False), SeatKind.BOT, kind)
        else:
            raise CliError(f"unknown seat kind {token!r} (use human, bot, random or heuristic)")
        if given:
            try:
                seat = Seat(given[index], seat.kind, seat.bot)
            except BadText as error:
                raise CliError(f"seat {index + 1}: {error}") from None
        seats.append(seat)
    return tuple(seats)


def _options(game: Game[Any], pairs: list[str]) -> dict[str, Any]:
    known = {option.name: option for option in game.options}
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or name not in known:
            listing = ", ".join(known) or "none"
            raise CliError(f"bad option {pair!r}: expected NAME=VALUE with NAME one of {listing}")
        option = known[name]
        value = _option_value(name, raw.strip(), option.default)
        try:
            option.check(value)
        except BadOption as error:
            raise CliError(str(error)) from None
        options[name] = value
    return options


def _option_value(name: str, raw: str, default: bool | int | str) -> bool | int | str:
    if isinstance(default, bool):
        if raw.lower() in ("true", "yes", "on", "1"):
            return True
        if raw.lower() in ("false", "no", "off", "0"):
            return False
        raise CliError(f"option '{name}' takes true or false, not {raw!r}")
    if isinstance(default, int):
        try:
            return int(raw)
        except ValueError:
            raise CliError(f"option '{name}' takes a whole number, not {raw!r}") from None
    return raw


def _save_dir(args: argparse.Namespace) -> Path:
    from core.paths import save_dir

    return save_dir(getattr(args, "save_dir", None))


COMMANDS = {
    "app": cmd_app,
    "games": cmd_games,
    "play": cmd_play,
    "continue": cmd_continue,
    "simulate": cmd_simulate,
    "verify": cmd_verify,
    "serve": cmd_serve,
    "replay": cmd_replay,
}


if __name__ == "__main__":
    raise SystemExit(main())
