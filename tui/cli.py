"""The `partyline` command line. Headless commands never import Textual, so they start fast."""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import gc
import os
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from core import __version__
from core.errors import explain, os_reason, reason_of
from core.games import REGISTRY, UnknownGame, get_game
from core.games.base import BadOption, Game
from core.i18n import LANGUAGES, N_, Language, Translator, language_from_env, translator
from core.names import default_name
from core.narration import Message, Text, text
from core.simulate import MAX_ENTRIES
from core.table import Seat, SeatKind, Table, check_seed
from core.text import (
    EXCERPT_CHARS,
    MAX_MESSAGE,
    BadText,
    check_name,
    check_names_differ,
    one_line,
    visible,
    visible_json,
)
from core.viewer import PUBLIC, Viewer
from core.wrap import wrap
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
    from tui.app import PartylineApp

DESCRIPTION = N_(
    "Partyline: Japanese tabletop games about heroes, demon lords and their parties, in the "
    "terminal.\nRun without a command to open the app on its setup screen."
)


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
    words = list(sys.argv[1:] if argv is None else argv)
    language, warning = run_language(words)
    _ = translator(language)
    if warning:
        say(_("partyline: warning: {warning}", warning=warning), error=True)
    try:
        args = parse(words, _)
        if getattr(args, "lang", language) != language:  # an abbreviation: --la ja
            _ = translator(args.lang)
            args = parse(words, _)
    except _UsageError as error:
        if "verify" in words and "--json" in words:  # JSON for every outcome, even this one
            print(visible_json(_verify_json(None, None, str(error))))
        else:
            say(str(error), error=True)
        return 2
    args.language = _.language
    command = getattr(args, "command", None) or "app"
    try:
        if hasattr(args, "theme"):
            _check_theme(args.theme)
        if command in APP_COMMANDS:
            pause_collector_for_start_up()
        return int(COMMANDS[command](args))
    except CliError as error:
        say(_("partyline: {error}", error=error.say(_)), error=True)
        return error.code
    except KeyboardInterrupt:
        return 130
    finally:
        gc.enable()


APP_COMMANDS = frozenset({"app", "play", "continue", "replay"})


def pause_collector_for_start_up() -> None:
    """No cyclic garbage collection while the app starts: nearly everything start-up makes (the
    modules, a continued game's table, the first screen) lives on, and the collector's passes
    over it (about 50 ms in all) found nothing. The app collects and freezes it, and lets the
    collector go on, once its first screen is up (tui.app.freeze_start_up)."""
    gc.disable()


def run_language(words: Sequence[str]) -> tuple[Language, str]:
    """The language this run speaks, and a warning line about the settings file ("" if none):
    `--lang`, else the one chosen on the setup screen (remembered), else the environment's
    (LC_ALL, LC_MESSAGES, LANG), else English."""
    for index, word in enumerate(words):
        if word == "--":
            break
        value = words[index + 1] if word == "--lang" and index + 1 < len(words) else None
        value = word.removeprefix("--lang=") if word.startswith("--lang=") else value
        if value in LANGUAGES:
            return value, ""
    from core.config import config_path, read_settings

    from_env = language_from_env(os.environ)
    settings, warning = read_settings(config_path(), translator(from_env))
    return settings.language or from_env, warning


def parse(words: Sequence[str], _: Translator) -> argparse.Namespace:
    """`words` parsed by the parser in `_`'s language (argparse's own words too)."""
    with _argparse_speaks(_):
        return build_parser(_).parse_args(words)


ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("argument %(argument_name)s: %(message)s"),
)
"""argparse's own words that a user meets (its %-placeholders are argparse's to fill)."""


@contextmanager
def _argparse_speaks(_: Translator) -> Iterator[None]:
    """argparse looks its words up through its module's `_` when it writes them: for the parse,
    that is this run's translator (ARGPARSE_MESSAGES are in the catalogs)."""
    own = getattr(argparse, "_")  # noqa: B009 (not an attribute its stubs declare)
    setattr(argparse, "_", _)  # noqa: B010
    try:
        yield
    finally:
        setattr(argparse, "_", own)  # noqa: B010


class CliError(Exception):
    """A problem with what the user typed (exit 2), or a command that could not do its job
    (exit 1); printed as one line in the run's language: `message` is a message id (N_) with
    `params`."""

    def __init__(self, message: str, code: int = 2, **params: object) -> None:
        super().__init__(message)
        self.message = message
        self.params = params
        self.code = code

    @classmethod
    def of(cls, error: BaseException | Text, code: int = 2) -> CliError:
        """A reason written elsewhere (a save's error), in the run's language when it is a
        message of Partyline's."""
        return cls(N_("{reason}"), code, reason=error)

    def say(self, _: Translator) -> str:
        """The message in `_`'s language, on one line; a parameter that has words of its own (an
        error of the core, SeatChoices, a Message) speaks the same language."""
        params = {
            name: value.say(_) if isinstance(value, SeatChoices) else _reason(value)
            for name, value in self.params.items()
        }
        return one_line(_.text(Message(self.message, **params)))


def _reason(value: object) -> object:
    """A parameter as a text: an error says why (core.errors.reason_of)."""
    return reason_of(value) if isinstance(value, BaseException) else value


class _UsageError(Exception):
    """The command line is wrong; the message is the one line to print."""


class _HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """argparse's help, its lines wrapped by their width on the terminal, not their length."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return wrap(text, width)


class _Parser(argparse.ArgumentParser):
    """argparse, with its errors on one line instead of a usage block and the error."""

    def __init__(self, *args: Any, translate: Translator, **kwargs: Any) -> None:
        self.translate = translate  # before argparse's own set-up, which may report errors
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        """One line cut as every other error line is (`one_line`), argparse's message cut so
        that the pointer to the help stays: it quotes what was typed, which may be any length."""
        _ = self.translate
        line = _("{prog}: {message} (see '{prog} --help')", prog=self.prog, message="")
        message = one_line(message, max(MAX_MESSAGE - len(line), EXCERPT_CHARS))
        raise _UsageError(
            _("{prog}: {message} (see '{prog} --help')", prog=self.prog, message=message)
        )


def say(line: str, error: bool = False) -> None:
    """Print one line of output. Every line of text the CLI prints comes through here (JSON
    through core.text.visible_json): names, paths and reasons come from people and files, so
    their control characters are shown as escapes (a newline in a name cannot split the line or
    forge a second one)."""
    print(visible(line), file=sys.stderr if error else sys.stdout)


def build_parser(_: Translator | None = None) -> argparse.ArgumentParser:
    """The parser, its help in `_`'s language (English if none is given)."""
    _ = _ or translator("en")
    parser = _Parser(
        prog="partyline",
        description=_(DESCRIPTION),
        formatter_class=_HelpFormatter,
        translate=_,
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"partyline {__version__}",
        help=_("show program's version number and exit"),
    )
    _add_app_options(parser, _)
    subparsers = parser.add_subparsers(dest="command", metavar=_("COMMAND"))

    def command(name: str, help: str) -> argparse.ArgumentParser:
        return subparsers.add_parser(name, help=help, translate=_, formatter_class=_HelpFormatter)

    games = command("games", help=_("list the game ids with titles and player counts"))
    _add_lang_option(games, _)

    play = command("play", help=_("start a new game straight away"))
    play.add_argument("game", help=_("a game id (see 'partyline games')"))
    play.add_argument("--players", type=int, help=_("number of players (default: from --seats)"))
    play.add_argument(
        "--seats",
        help=_(
            "comma-separated seat kinds: human, bot, random or heuristic "
            "(default: one human, the rest heuristic bots)"
        ),
    )
    play.add_argument("--names", help=_("comma-separated seat names"))
    play.add_argument(
        "--seed", type=int, help=_("seed for the dice and shuffles (default: random)")
    )
    play.add_argument(
        "--practice", action="store_true", help=_("practice mode: undo has no barriers")
    )
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=_("a game option, e.g. keep_cards=true (repeatable)"),
    )
    play.add_argument(
        "--bot-pace",
        choices=tuple(BOT_PACES),
        default=DEFAULT_BOT_PACE,
        help=_(
            "how fast the bots play: {paces} (default {default})",
            paces=", ".join(pace_label(name, _, flag=True) for name in BOT_PACES),
            default=DEFAULT_BOT_PACE,
        ),
    )
    play.add_argument(
        "--reveal-hold",
        choices=tuple(REVEAL_HOLDS),
        default=DEFAULT_REVEAL_HOLD,
        help=_(
            "how long the game holds on a reveal or a fight's result before the bots go on: "
            "{holds} (default {default})",
            holds=", ".join(hold_label(name, _) for name in REVEAL_HOLDS),
            default=DEFAULT_REVEAL_HOLD,
        ),
    )
    _add_app_options(play, _)

    resume = command("continue", help=_("continue a saved game in the app"))
    resume.add_argument("path", type=Path, help=_("the save file"))
    _add_app_options(resume, _)

    simulate = command("simulate", help=_("play bot-only games without the app"))
    simulate.add_argument("game", help=_("a game id"))
    simulate.add_argument("--players", type=int, help=_("number of players"))
    simulate.add_argument(
        "--seed", type=int, default=1, help=_("seed of the first game (default 1)")
    )
    simulate.add_argument("--games", type=int, default=100, help=_("how many games (default 100)"))
    simulate.add_argument(
        "--bot", choices=("random", "heuristic"), default="heuristic", help=_("the bots' kind")
    )
    # (a str: Path would drop the trailing slash that says "new/" meant a folder)
    simulate.add_argument("--save", help=_("write the last game's save here"))
    simulate.add_argument(
        "--max-entries",
        type=int,
        default=MAX_ENTRIES,
        metavar="N",
        help=_(
            "stop a game that has not ended at N log entries (default {max_entries:,})",
            max_entries=MAX_ENTRIES,
        ),
    )
    simulate.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help=_("a game option")
    )
    _add_lang_option(simulate, _)

    verify = command("verify", help=_("replay a save through the rules and report"))
    verify.add_argument("path", type=Path, help=_("the save file"))
    verify.add_argument("--json", action="store_true", help=_("print one JSON object"))
    _add_lang_option(verify, _)

    replay = command("replay", help=_("step through a saved game in the replay viewer"))
    replay.add_argument("path", type=Path, help=_("the save file"))
    replay.add_argument(
        "--seat",
        metavar="SEAT",
        help=_(
            "watch as this seat (1 = the first) or as the public (public: no one's secrets); a "
            "game still being played replays only as the public or one of its players (default: "
            "everyone once finished; else the public, or the only player if there is one)"
        ),
    )
    _add_app_options(replay, _)
    _add_serve(command("serve", help=_("host games over SSH: players join with ssh")), _)
    return parser


def _add_serve(serve: argparse.ArgumentParser, _: Translator) -> None:
    from server.limits import LIMIT_FLAGS, Limits
    from tui.pace import BOT_PACES, DEFAULT_BOT_PACE

    _add_lang_option(serve, _)
    limits = Limits()
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help=_("the address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for all)"),
    )
    serve.add_argument(
        "--port", type=int, default=2222, help=_("the port (default 2222; 0: any free port)")
    )
    who = serve.add_mutually_exclusive_group(required=True)
    who.add_argument(
        "--authorized-keys",
        type=Path,
        metavar="FILE",
        help=_(
            "only these public keys get in (OpenSSH authorized_keys format); the SSH user "
            "name is the player's name"
        ),
    )
    who.add_argument(
        "--guests", action="store_true", help=_("anyone gets in, and gives a name in the game")
    )
    serve.add_argument(
        "--save-dir",
        type=Path,
        default=argparse.SUPPRESS,
        help=_("where the tables autosave (default: $PARTYLINE_SAVE_DIR or the user data folder)"),
    )
    serve.add_argument(
        "--bot-pace",
        choices=tuple(BOT_PACES),
        default=DEFAULT_BOT_PACE,
        help=_("how fast the bots play at the tables (default {pace})", pace=DEFAULT_BOT_PACE),
    )
    for limit in LIMIT_FLAGS:
        default = getattr(limits, limit.field)
        serve.add_argument(
            limit.flag,
            dest=limit.field,
            type=limit.kind,
            default=default,
            metavar=limit.metavar,
            help=_("{what} (default {default:g})", what=_(limit.help), default=default),
        )


def _add_app_options(parser: argparse.ArgumentParser, _: Translator) -> None:
    parser.add_argument(
        "--theme",
        default=argparse.SUPPRESS,
        help=_("partyline-dark (default), partyline-light or partyline-ansi"),
    )
    parser.add_argument(
        "--save-dir",
        type=Path,
        default=argparse.SUPPRESS,
        help=_("where saves go (default: $PARTYLINE_SAVE_DIR or the user data folder)"),
    )
    _add_lang_option(parser, _)


def _add_lang_option(parser: argparse.ArgumentParser, _: Translator) -> None:
    """--lang on every command (before or after it): the language of the app and of what the
    command prints."""
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=argparse.SUPPRESS,
        help=_(
            "the language: ja (Japanese) or en (English) (default: the one chosen on the setup "
            "screen, else LC_ALL, LC_MESSAGES or LANG)"
        ),
    )


# --- headless commands -------------------------------------------------------------------------


def cmd_games(args: argparse.Namespace) -> int:
    _ = translator(args.language)
    width = max(len(game_id) for game_id in REGISTRY)
    for game_id, info in REGISTRY.items():
        players = _("{low}-{high} players", low=info.min_players, high=info.max_players)
        say(f"{game_id:<{width}}  {_(info.title)}  ({players})")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from core import saves
    from core.bots import UnknownBot, make_bot
    from core.simulate import bot_options, simulate

    _ = translator(args.language)
    game = _game(args.game)
    players = _default_players(game) if args.players is None else args.players
    _check_players(game, players)
    if args.games < 1:
        raise CliError(N_("{flag} must be at least 1"), flag="--games")
    if args.max_entries < 1:
        raise CliError(N_("{flag} must be at least 1"), flag="--max-entries")
    _check_seed(args.seed, "--seed")
    _check_seed(args.seed + args.games - 1, _("--seed plus --games"))  # the last game's seed
    try:
        make_bot(args.bot, game.id)
    except UnknownBot as error:
        raise CliError.of(error) from None
    options, filled = bot_options(game, _options(game, args.option))
    save = _save_file(args.save) if args.save else None
    if save is not None:
        _check_save_target(save)  # before the games, not after
    report = simulate(game.id, players, args.seed, args.games, args.bot, options, args.max_entries)
    say(
        _(
            "{game}: {games} games, {players} {bot} bots, seeds {first}-{last}",
            game=game.id,
            games=report.games,
            players=players,
            bot=args.bot,
            first=args.seed,
            last=args.seed + report.games - 1,
        )
    )
    for option in filled:
        say(
            _(
                "note: {option} is {value} in these bot-only games (in play it is {default}); "
                "--option {name}=VALUE sets it",
                option=option.label,
                value=option.simulate,
                default=option.default,
                name=option.name,
            )
        )
    if report.stopped:
        seeds = ", ".join(map(str, report.stopped[:10])) + (
            ", ..." if len(report.stopped) > 10 else ""
        )
        say(
            _(
                "stopped: {stopped} of {games} games had not ended at {entries:,} log entries "
                "(--max-entries), seeds {seeds}",
                stopped=len(report.stopped),
                games=report.games,
                entries=report.max_entries,
                seeds=seeds,
            )
        )
    wins = ", ".join(
        f"{default_name(seat, False, _)} {report.wins[seat]}" for seat in range(players)
    )
    say(_("wins by seat: {wins}", wins=wins))
    say(_("average length: {length:.1f} log entries", length=report.average_length))
    say(
        _(
            "speed: {games:.0f} games/s, {decisions:.0f} decisions/s",
            games=report.games_per_second,
            decisions=report.decisions_per_second,
        )
    )
    if save is not None and report.last is not None:
        try:
            saves.write(report.last, save, render=_.text)  # comments in the run's language
        except OSError as error:
            raise CliError.of(saves.write_failure(save, error), code=1) from None
        say(_("last game saved to {path}", path=save))
    return 0


def _save_file(typed: str) -> Path:
    """The file --save names; refused (exit 2) when it ends in a slash, which names a folder
    (as a path it would lose the slash, and the save would be written to a file of that name)."""
    if typed.endswith(("/", os.sep)):
        raise CliError(N_("--save {path}: names a folder; give the file to write"), path=typed)
    return Path(typed)


def _check_save_target(path: Path) -> None:
    """Refuse (exit 1) a --save PATH that cannot take a save: a missing folder, a folder, a
    symbolic link or a special file, which the save would replace."""
    from core import paths, saves

    try:
        saves.check_target(path)
    except OSError as error:
        raise CliError.of(saves.write_failure(path, error), code=1) from None
    paths.clean_stale_temps(path.parent)


def cmd_verify(args: argparse.Namespace) -> int:
    from core import saves

    _ = translator(args.language)
    path: Path = args.path
    try:
        loaded = saves.load(path, continue_chance=False)
    except saves.SaveError as error:
        if args.json:
            print(visible_json(_verify_json(path, None, str(error))))
        else:
            say(explain(error, _.text))
        return 1
    table = loaded.table
    if args.json:
        print(visible_json(_verify_json(path, loaded, None)))
        return 0
    if loaded.note:
        say(_.text(loaded.note))
    result = table.result()
    if result:
        state = _("finished: {summary}", summary=result.summary)
    else:
        state = _("not finished (can be continued)")
    rules = ""
    if loaded.rules_version != table.game.rules_version:
        rules = _(
            " (written under rules version {written}, replayed under version {now})",
            written=loaded.rules_version,
            now=table.game.rules_version,
        )
    say(
        _(
            "{path}: ok: {game}, {players} players, {entries} entries, {state}{rules}",
            path=path,
            game=table.game.id,
            players=len(table.seats),
            entries=len(table),
            state=state,
            rules=rules,
        )
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
            "note": None,
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
        "result": text(result.summary) if result else None,  # a game's text, in English
        "note": text(loaded.note) or None,
        "error": None,
    }


def cmd_serve(args: argparse.Namespace) -> int:
    from server.limits import LIMIT_FLAGS, Limits
    from server.serve import ServeConfig, ServeError, run
    from tui.pace import BOT_PACES

    limits = Limits(**{limit.field: getattr(args, limit.field) for limit in LIMIT_FLAGS})
    problems = limits.problems()
    if problems:
        raise CliError.of(problems[0])  # (a Message: in the run's language)
    if not 0 <= args.port <= 65535:
        raise CliError(N_("--port must be 0 to 65535, not {port}"), port=args.port)
    if not _host_name(args.host):
        raise CliError(N_("--host {host}: not an address or a host name"), host=repr(args.host))
    config = ServeConfig(
        save_dir=_save_dir(args),
        authorized_keys=args.authorized_keys,
        host=args.host,
        port=args.port,
        limits=limits,
        bot_delay=BOT_PACES[args.bot_pace],
        render=translator(args.language).text,  # the saves' comments, as the log: the host's
    )
    try:
        return run(config, _say_now(translator(args.language)))
    except ServeError as error:
        raise CliError.of(error, code=1) from None


def _host_name(host: str) -> bool:
    """Whether `host` can be looked up at all: a name IDNA encodes (not `a..b`, a label of 64
    characters or more, bytes that are not UTF-8), which the resolver would raise on."""
    try:
        host.encode("idna")
    except UnicodeError:
        return False
    return True


def _say_now(_: Translator) -> Callable[[Text], None]:
    """The server's log: each line written out in `_`'s language (the operator's) and said,
    flushed at once: the lines are read as they come (a log, a pipe)."""

    def say_now(line: Text) -> None:
        say(one_line(_.text(line)))  # (bounded: a reason read from a file can be long)
        sys.stdout.flush()

    return say_now


# --- commands that open the app ----------------------------------------------------------------


def cmd_app(args: argparse.Namespace) -> int:
    return _run_app(args)


def cmd_play(args: argparse.Namespace) -> int:
    from core.paths import NewSave, check_folder
    from core.table import new_table

    game = _game(args.game)
    seats = _seats(game, args.players, args.seats, args.names, translator(args.language))
    options = _options(game, args.option)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**9)
    _check_seed(seed, "--seed")
    try:
        table = new_table(game, seats, options, seed, args.practice)
    except ValueError as error:
        raise CliError.of(error) from None
    folder = _save_dir(args)
    try:
        check_folder(folder)
    except OSError as error:
        raise CliError(
            N_("{folder}: cannot create a save file there: {why}"),
            code=1,
            folder=folder,
            why=os_reason(error),
        ) from None
    started = dt.datetime.now()
    pace = {"bot_delay": BOT_PACES[args.bot_pace], "reveal_hold": REVEAL_HOLDS[args.reveal_hold]}
    return _run_app(args, table=table, save_path=NewSave(folder, game.id, started), **pace)


def cmd_continue(args: argparse.Namespace) -> int:
    from core.paths import followed

    loaded = load_save(args.path)
    return _run_app(args, table=loaded.table, save_path=followed(args.path), notice=loaded.note)


def cmd_replay(args: argparse.Namespace) -> int:
    from core import resume_cache, saves

    try:
        loaded = resume_cache.load(args.path)
        table, note = loaded.table, loaded.note  # the note of an incomplete last entry, if any
    except saves.RulesChanged as changed:
        # An older rules version's save: watch it up to the last entry today's rules accept.
        table, note = changed.accepted.table, changed.reason
    except saves.SaveError as error:
        raise CliError.of(error, code=1) from None
    viewer = _replay_viewer(table, args.seat)
    return _run_app(args, replay=table, replay_viewer=viewer, replay_note=note)


def _replay_viewer(table: Table, seat: str | None) -> Viewer:
    """The eyes `--seat` asks for: a seat (given from 1, returned 0-based), "public" (PUBLIC) or
    none given (core.replay's default); checked by core.replay."""
    from core.replay import default_viewer, may_replay_as, replay_seats

    if seat is None:
        return default_viewer(table)
    if seat.lower() == PUBLIC.value:
        return PUBLIC
    if not (seat.isascii() and seat.isdigit()):  # (int() would take " 2", "+1", "1_0", "٢")
        raise CliError(N_("--seat {seat}: give a seat number or public"), seat=seat)
    number = int(seat)
    if not 1 <= number <= len(table.seats):
        raise CliError(
            N_("--seat {seat}: the seats are 1 to {last}"), seat=seat, last=len(table.seats)
        )
    if not may_replay_as(table, number - 1):
        raise CliError(
            N_(
                "--seat {seat} is a bot: a game still being played replays only as the public or "
                "one of its players (--seat {seats})"
            ),
            seat=seat,
            seats=SeatChoices(replay_seats(table)),
        )
    return number - 1


class SeatChoices:
    """The --seat values an unfinished game allows ("public, 1 or 2"), in the language of the
    message they fill (CliError.say hands it the translator)."""

    def __init__(self, seats: tuple[int, ...]) -> None:
        self.seats = seats

    def say(self, _: Translator) -> str:
        choices = [PUBLIC.value, *(str(seat + 1) for seat in self.seats)]
        return _("{some} or {last}", some=", ".join(choices[:-1]), last=choices[-1])


def _run_app(args: argparse.Namespace, **kwargs: Any) -> int:
    from core.config import config_path
    from core.paths import clean_stale_temps
    from themes import DEFAULT_THEME
    from tui.app import PartylineApp

    folder = _save_dir(args)
    clean_stale_temps(folder)
    app = PartylineApp(
        save_dir=folder,
        theme_name=getattr(args, "theme", DEFAULT_THEME),
        language=args.language,
        config_path=config_path(),
        **kwargs,
    )
    app.run()
    if app.exit_line:
        say(app.exit_line)
    keep_for_resume(app)
    return 0


def keep_for_resume(app: PartylineApp) -> None:
    """Once the app has closed (its last line said), keep the replay of each game saved in it
    in the resume cache (core/resume_cache.py): continuing it opens at once."""
    from core import resume_cache

    with contextlib.suppress(KeyboardInterrupt):  # (the game is saved: the cache can wait)
        for path in app.saved_games():
            resume_cache.remember(path)


def _check_theme(theme: str) -> None:
    """Checked for every command, so a mistyped --theme never passes silently. (The themes load
    Textual: only when --theme is given.)"""
    from themes import THEME_NAMES

    if theme not in THEME_NAMES:
        raise CliError(
            N_("unknown theme {theme} (known: {known})"),
            theme=repr(theme),
            known=", ".join(THEME_NAMES),
        )


def _import_while_loading(game: str) -> None:
    """What `continue` shows next, imported while a child replays the save: the app, the game
    screen and, if `game` names one (a hint from the save's header), its rules and board."""
    import tui.app
    import tui.screens.game
    import tui.session  # noqa: F401

    if game:
        from tui.boards import board_kit

        get_game(game)
        board_kit(game)


def load_save(path: Path) -> Loaded:
    """The save at `path`, for `continue`: from the resume cache when it holds it; a long one
    that it does not is replayed in a child process while this one imports the app and the game
    screen, which the replay does not need (core/load_ahead.py)."""
    from core import load_ahead, saves

    ahead = load_ahead.start(path)
    if ahead.in_child:
        try:
            _import_while_loading(ahead.game)
        except BaseException:
            ahead.cancel()
            raise
    try:
        return ahead.result()
    except saves.SaveError as error:
        raise CliError.of(error, code=1) from None


# --- parsing helpers ---------------------------------------------------------------------------


def _game(game_id: str) -> Game[Any]:
    try:
        return get_game(game_id)
    except UnknownGame as error:
        raise CliError(N_("{error}; see 'partyline games'"), error=error) from None


def _default_players(game: Game[Any]) -> int:
    return min(game.max_players, max(game.min_players, 4))


def _check_seed(seed: int, flag: str) -> None:
    try:
        check_seed(seed)
    except ValueError as error:
        raise CliError(N_("{flag}: {error}"), flag=flag, error=error) from None


def _check_players(game: Game[Any], players: int) -> None:
    if not game.min_players <= players <= game.max_players:
        raise CliError(
            N_("{game} is for {low}-{high} players, not {players}"),
            game=game.id,
            low=game.min_players,
            high=game.max_players,
            players=players,
        )


def _seats(
    game: Game[Any], players: int | None, kinds: str | None, names: str | None, _: Translator
) -> tuple[Seat, ...]:
    """The seats the command line asks for; those not named are named in `_`'s language (the
    language of whoever starts the game)."""
    from core.bots import has_heuristic

    default_bot = "heuristic" if has_heuristic(game.id) else "random"
    for flag, given_list in (("--seats", kinds), ("--names", names)):
        if given_list is not None and not given_list.strip():  # (`--seats "$SEATS"`, unset)
            raise CliError(N_("{flag} is empty: leave it out for the default"), flag=flag)
    tokens = [token.strip().lower() for token in kinds.split(",")] if kinds else []
    if players is None:
        players = len(tokens) if tokens else _default_players(game)
    _check_players(game, players)
    if tokens and len(tokens) != players:
        raise CliError(
            N_("--seats lists {seats} seats but --players is {players}"),
            seats=len(tokens),
            players=players,
        )
    if not tokens:
        tokens = ["human"] + ["bot"] * (players - 1)
    given = [name.strip() for name in names.split(",")] if names else []
    if given and len(given) != players:
        raise CliError(
            N_("--names lists {names} names but there are {players} seats"),
            names=len(given),
            players=players,
        )
    seats: list[Seat] = []
    for index, token in enumerate(tokens):
        if token == "human":
            seat = Seat(default_name(index, True, _), SeatKind.HUMAN)
        elif token in ("bot", "random", "heuristic"):
            kind = default_bot if token == "bot" else token
            if kind == "heuristic" and not has_heuristic(game.id):
                raise CliError(
                    N_("there is no heuristic bot for {game} yet; use 'random'"), game=game.id
                )
            seat = Seat(default_name(index, False, _), SeatKind.BOT, kind)
        else:
            raise CliError(
                N_("unknown seat kind {kind} (use human, bot, random or heuristic)"),
                kind=repr(token),
            )
        if given:
            try:
                seat = Seat(check_name(given[index]), seat.kind, seat.bot)
            except BadText as error:
                raise CliError(N_("seat {seat}: {error}"), seat=index + 1, error=error) from None
        seats.append(seat)
    try:
        check_names_differ([seat.name for seat in seats])
    except BadText as error:
        raise CliError(N_("--names: {error}"), error=error) from None
    return tuple(seats)


def _options(game: Game[Any], pairs: list[str]) -> dict[str, Any]:
    known = {option.name: option for option in game.options}
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or name not in known:
            if not known:
                raise CliError(
                    N_("bad option {option}: this game has no options"), option=repr(pair)
                )
            raise CliError(
                N_("bad option {option}: expected NAME=VALUE with NAME one of {names}"),
                option=repr(pair),
                names=", ".join(known),
            )
        option = known[name]
        value = _option_value(name, raw.strip(), option.default)
        try:
            option.check(value)
        except BadOption as error:
            raise CliError.of(error) from None
        options[name] = value
    return options


def _option_value(name: str, raw: str, default: bool | int | str) -> bool | int | str:
    if isinstance(default, bool):
        if raw.lower() in ("true", "yes", "on", "1"):
            return True
        if raw.lower() in ("false", "no", "off", "0"):
            return False
        raise CliError(
            N_("option '{name}' takes true or false, not {value}"), name=name, value=repr(raw)
        )
    if isinstance(default, int):
        try:
            return int(raw)
        except ValueError:
            raise CliError(
                N_("option '{name}' takes a whole number, not {value}"), name=name, value=repr(raw)
            ) from None
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
