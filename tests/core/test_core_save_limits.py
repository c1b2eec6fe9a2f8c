"""Hostile saves: limits on size, text, numbers and nesting, a strict reading of every field, and
one clean line (never a traceback, never a hang) for any file at all."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from core import __version__, saves
from core.errors import reason_of
from core.games import get_game
from core.games.base import BadOption, GameOption
from core.i18n import translator
from core.narration import Message
from core.saves import SaveError

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = (ROOT / "saves" / "light-and-dark-rulebook-example-1.toml").read_text(encoding="utf-8")
DANGEROUS = (ROOT / "saves" / "dangerous-2p-heuristic.toml").read_text(encoding="utf-8")
WHERE = "x.toml"


def refused(text: str | bytes, where: str = WHERE) -> str:
    with pytest.raises(SaveError) as caught:
        saves.loads(text, where, continue_chance=False)
    message = str(caught.value)
    assert message.startswith(f"{where}: "), message
    assert "\n" not in message and len(message) <= saves.MAX_MESSAGE, message
    return message.removeprefix(f"{where}: ")


def changed(old: str, new: str, text: str = EXAMPLE) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


# --- the size of the file ------------------------------------------------------------------------


def test_a_file_over_the_size_limit_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    # Not TOML at all: had it been parsed, the message would say so.
    path = tmp_path / "huge.toml"
    with path.open("wb") as handle:
        handle.truncate(saves.MAX_FILE_BYTES + 1)  # sparse: no disk space used
    with pytest.raises(SaveError) as caught:
        saves.load(path)
    assert str(caught.value) == f"{path}: too big for a save (16.0 MiB; the limit is 16 MiB)"
    with pytest.raises(SaveError) as caught:
        saves.peek(path)
    assert "too big for a save" in str(caught.value)
    assert refused(b"=" * (saves.MAX_FILE_BYTES + 1)).startswith("too big for a save")


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + EXAMPLE.encode("utf-8"))
    assert len(saves.load(path).table) >= 18
    assert len(saves.loads("\ufeff" + EXAMPLE, continue_chance=False).table) == 18


# --- text, numbers and nesting -------------------------------------------------------------------


def test_long_text_is_refused_wherever_it_is() -> None:
    long = "x" * (saves.MAX_TEXT + 1)
    cases = {
        ('name = "Aki"', f'name = "{long}"'): "seat 1: 'name': text longer than 256 characters",
        ('decision = "claim"', f'decision = "{long}"'): "entry 5: 'decision': text longer than",
        ('choice = "warrior"', f'choice = "{long}"'): "entry 5: 'choice': text longer than",
        ('bot = "heuristic"', f'bot = "{long}"'): "seat 2: 'bot': text longer than",
        ("created = 2026-11-30T10:00:00Z", f'created = "{long}"'): "field 'created': text longer",
        ('app_version = "0.1.0"', f'app_version = "{long}"'): "field 'app_version': text",
        ('values = ["warrior"', f'values = ["{long}"'): "entry 1: 'values': text longer than",
        ("players = 4", f'players = 4\n"{long}" = 1'): "field 'options': a key longer",
    }
    for (old, new), reason in cases.items():
        message = refused(changed(old, new))
        assert message.startswith(reason), message
        assert "characters" in message


def test_numbers_beyond_64_bits_are_refused() -> None:
    assert refused(changed("seed = 2026", "seed = 9223372036854775808")) == (
        "field 'seed': a whole number beyond 64 bits"
    )
    big = "9" * 4000
    assert refused(changed("values = [4, 5, 3]", f"values = [4, 5, {big}]")) == (
        "entry 3: 'values': a whole number beyond 64 bits"
    )
    # More digits than Python turns into a number by default: an error inside the parser.
    assert refused(changed("seed = 2026", "seed = 1" + "0" * 5000)) == (
        "not a valid TOML file: a number with too many digits"
    )


@pytest.mark.parametrize(
    "value",
    [
        "[" * 1000 + "]" * 1000,
        "{a = " * 1000 + "1" + "}" * 1000,
        "[" * 9 + "]" * 9,
        "{a = " * 9 + "1" + "}" * 9,
        "[{a = [{b = [[[[1]]]]}]}]",
    ],
    ids=["arrays-1000", "tables-1000", "arrays-9", "tables-9", "mixed"],
)
def test_deep_nesting_is_one_line(value: str) -> None:
    assert refused(changed("seed = 2026", f"seed = 2026\nx = {value}")).endswith(
        "arrays or tables nested more than 8 deep"
    )
    assert refused(changed('choice = "warrior"', f"choice = {value}")).endswith(
        "arrays or tables nested more than 8 deep"
    )


def test_a_long_dotted_key_is_refused_before_parsing() -> None:
    # tomllib spends time in the square of a dotted key's length: a 64 KB key takes it half a
    # minute, a 16 MB file of them forever. Nine parts are already deeper than a save nests.
    for key in ("a" + ".a" * 8, "a" + ".a" * 30_000, '"a" . b.c.d.e.f.g.h.i'):
        for text in (f"{key} = 1", f"x = {{{key} = 1}}", f"[{key}]", f"[[{key}]]"):
            assert refused(changed("seed = 2026", f"seed = 2026\n{text}")) == (
                "a dotted key of more than 8 parts"
            )
    # What only looks like one, in a string or a comment, is not a key.
    dotted = "a.b.c.d.e.f.g.h.i.j"
    for text in (f'name = "{dotted}"', f"name = '{dotted}'", f'name = "Aki"  # {dotted}'):
        table = saves.loads(changed('name = "Aki"', text), continue_chance=False).table
        assert table.names[0] in (dotted, "Aki")


# --- wrong types, anywhere -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        (
            'chance = "pick"',
            'chance = ["pick"]',
            "entry 2: 'chance' must be one of dice, shuffle, ",
        ),
        ('chance = "pick"', "chance = {a = 1}", "entry 2: 'chance' must be one of dice, shuffle"),
        ('kind = "human"', 'kind = ["human"]', "seat 1: kind must be 'human' or 'bot', not"),
        ('kind = "human"', "kind = {a = 1}", "seat 1: kind must be 'human' or 'bot', not"),
        ('bot = "heuristic"', 'bot = ["heuristic"]', "seat 2: unknown bot ['heuristic']"),
        ('bot = "heuristic"', "bot = {a = 1}", "seat 2: unknown bot {'a': 1}"),
        ('name = "Aki"', "name = [1]", "seat 1: missing or empty 'name'"),
        ("players = 4", "players = 4.0", "options.players has the wrong type (float)"),
        ("players = 4", "players = true", "options.players has the wrong type (bool)"),
        ("players = 4", 'players = "4"', "options.players has the wrong type (str)"),
        ("seed = 2026", "seed = 2026.0", "field 'seed' has the wrong type (float)"),
        ("seed = 2026", "seed = nan", "field 'seed' has the wrong type (float)"),
        ("created = 2026-11-30T10:00:00Z", "created = [1]", "field 'created' has the wrong type"),
        ("created = 2026-11-30T10:00:00Z", "created = 2026-11-30", "field 'created' has the wr"),
        ("created = 2026-11-30T10:00:00Z", "created = 10:00:00", "field 'created' has the wrong"),
        ('app_version = "0.1.0"', "app_version = 1", "field 'app_version' has the wrong type"),
        ("seed = 2026", "seed = 2026\nentries = -1", "field 'entries' cannot be negative"),
        ('decision = "claim"', 'decision = ["claim"]', "entry 5: 'decision' must be a string"),
        ('decision = "claim"', "decision = 1.5", "entry 5: 'decision' must be a string"),
        ('choice = "warrior"', "choice = 1.5", "entry 5: 'choice' must be an option id or a list"),
        ('choice = "warrior"', "choice = {a = 1}", "entry 5: 'choice' must be an option id"),
        ('choice = "warrior"', "choice = [[1]]", "entry 5: 'choice' must hold option ids"),
        ("values = [4, 5, 3]", "values = [4.0, 5, 3]", "entry 3: 'values' must hold whole"),
        ("values = [4, 5, 3]", "values = 4", "entry 3: 'values' must be a non-empty list"),
        ("[options]\nplayers = 4", "options = 4", "field 'options' has the wrong type (int)"),
        ('format = "partyline-save"', "format = [1]", "not a Partyline save"),
    ],
)
def test_wrong_types_are_one_line(old: str, new: str, reason: str) -> None:
    assert refused(changed(old, new)).startswith(reason)


# --- strictness: what Partyline would not write is refused ---------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("seed = 2026", "seed = 2026\nturbo = true", "unknown field 'turbo'"),
        ('kind = "human"', 'kind = "human"\ncolour = "red"', "seat 1: unknown field 'colour'"),
        ('kind = "human"', 'kind = "human"\nbot = "random"', "seat 1: 'bot' is for bot seats only"),
        ('kind = "bot"\nbot = "heuristic"', 'kind = "bot"', "seat 2: unknown bot ''"),
        ("players = 4", "players = 4\nkeep_cards = 1", "option 'keep_cards' has the wrong type"),
        ("values = [0]", "values = [0]\nextra = 1", "entry 2: unknown field 'extra'"),
    ],
)
def test_what_partyline_would_not_write_is_refused(old: str, new: str, reason: str) -> None:
    assert refused(changed(old, new)).startswith(reason)


def dangerous_with(turn_limit: str) -> str:
    return changed("\nturn_limit = 12\n", f"\nturn_limit = {turn_limit}\n", DANGEROUS)


def test_option_values_out_of_range_are_refused() -> None:
    # The example is a `simulate` game: it plays with the house-rule turn limit at 12.
    assert "\nturn_limit = 12\n" in DANGEROUS.split("[[seats]]")[0]
    assert refused(dangerous_with("-5")) == "option 'turn_limit' must be from 0 to 99, not -5"
    assert refused(dangerous_with("100")) == "option 'turn_limit' must be from 0 to 99, not 100"
    assert refused(dangerous_with("true")) == "option 'turn_limit' has the wrong type (bool)"
    # A legal limit passes the option check; the log may then no longer fit the game. A
    # one-turn limit starts the final battle after turn 1, where the example plays on.
    assert refused(dangerous_with("1")).startswith("entry ")
    for limit in ("0", "99"):
        try:
            saves.loads(dangerous_with(limit), WHERE, continue_chance=False)
        except SaveError as error:
            assert str(error).startswith(f"{WHERE}: entry "), error


def test_every_whole_number_option_has_a_range_and_one_check() -> None:
    from core.games import REGISTRY

    for game in REGISTRY.values():
        for option in game.options:
            option.check(option.default)
            if isinstance(option.default, int) and not isinstance(option.default, bool):
                assert option.minimum < option.maximum, option
                option.check(option.minimum)
                option.check(option.maximum)
                with pytest.raises(BadOption):
                    option.check(option.minimum - 1)
                with pytest.raises(BadOption):
                    option.check(option.maximum + 1)


def test_a_table_refuses_what_a_save_could_not_hold() -> None:
    from core.table import Seat, Table

    game = get_game("dangerous")
    seats = (Seat("A"), Seat("B"))
    with pytest.raises(BadOption, match="'turn_limit' must be from 0 to 99, not -5"):
        Table(game, seats, {"turn_limit": -5}, 1)
    with pytest.raises(BadOption, match="unknown option 'turbo' for dangerous"):
        Table(game, seats, {"turbo": True}, 1)
    with pytest.raises(ValueError, match="the seed must be a whole number from"):
        Table(game, seats, {}, 2**63)


# --- messages stay one short line ----------------------------------------------------------------


def test_messages_stay_short_whatever_the_file_puts_in_them() -> None:
    many = ", ".join(["1"] * 5_000)
    message = refused(changed('choice = "warrior"', f"choice = [{many}]"))
    assert message.startswith(
        "entry 5: Bea (claim a role or stay silent): expected one option, got (1, 1, 1"
    )
    assert message.endswith("...")
    message = refused(changed("values = [0]", f"values = [{many}]"))
    assert message.startswith("entry 2: the first parent: expected one of")


def test_control_characters_in_a_message_are_shown_as_escapes() -> None:
    message = refused(changed('decision = "claim"', 'decision = "cl\\naim\\u001b[2J"'))
    assert "\\n" in message and "\\x1b[2J" in message and "\x1b" not in message


# --- files that are not save files ---------------------------------------------------------------


def read_in_time(call: Callable[[], object], seconds: float = 20) -> str:
    """The SaveError message of `call`, which must not block (a named pipe would, if opened
    for reading without O_NONBLOCK, until a writer came)."""
    outcome: list[str] = []

    def run() -> None:
        try:
            call()
            outcome.append("(loaded)")
        except SaveError as error:
            outcome.append(str(error))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert outcome, "blocked"
    return outcome[0]


def test_special_files_are_refused_with_one_line(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    loop = tmp_path / "loop.toml"
    loop.symlink_to(loop)
    dangling = tmp_path / "dangling.toml"
    dangling.symlink_to(tmp_path / "nowhere")
    device = tmp_path / "device.toml"
    device.symlink_to("/dev/zero")
    expected = {
        fifo: "cannot read: it is a named pipe, not a save file",
        folder: "cannot read: it is a folder, not a save file",
        loop: "cannot read: Too many levels of symbolic links",
        dangling: "no such file",
        device: "cannot read: it is a device, not a save file",
    }
    for path, reason in expected.items():
        for read in (saves.load, saves.peek):
            assert read_in_time(lambda: read(path)) == f"{path}: {reason}"  # noqa: B023


def test_a_file_name_that_is_not_utf8_is_shown_escaped(tmp_path: Path) -> None:
    path = Path(os.fsdecode(bytes(tmp_path) + b"/bad\xff\x1b.toml"))
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(SaveError) as caught:
        saves.load(path)
    assert str(caught.value).endswith(
        "/bad\\udcff\\x1b.toml: cannot read: not UTF-8 text (invalid start byte at byte 0)"
    )
    str(caught.value).encode("utf-8")  # printable as it is


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('name = "Aki"', 'name = "' + "a" * (saves.MAX_TEXT + 1) + '"'),
        ("seed = 2026", "seed = 2026\nnew = " + "[" * 10 + "1" + "]" * 10),
        ("seed = 2026", "seed = 2026\nnew_field = 1"),
    ],
    ids=["a longer text", "deeper arrays", "a new field"],
)
def test_a_newer_format_is_told_to_update_whatever_else_it_holds(
    tmp_path: Path, old: str, new: str
) -> None:
    """What a newer format holds may be what this one refuses: the version says why first."""
    path = tmp_path / "new.toml"
    path.write_text(changed(old, new, changed("format_version = 1", "format_version = 3")), "utf-8")
    for read in (saves.load, saves.peek):
        with pytest.raises(SaveError) as caught:
            read(path)
        assert str(caught.value) == (
            f"{path}: format version 3 is newer than this Partyline ({__version__}) reads "
            f"(up to {saves.FORMAT_VERSION}); update Partyline"
        )


# --- peek: the header alone ----------------------------------------------------------------------


def test_peek_reads_the_header_without_replaying_the_log(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    broken_log = changed("values = [4, 5, 3]", "values = [4, 5, 9]")
    path.write_text(broken_log, encoding="utf-8")
    summary = saves.peek(path)  # the entries counted from their [[log]] lines, not replayed
    assert summary == saves.Summary(
        "Light and Dark (光と闇の勇者)", ("Aki", "Bea", "Chen", "Dan"), False, 18
    )
    path.write_text(changed("seed = 2026", "seed = 2026\nentries = 17"), encoding="utf-8")
    with pytest.raises(SaveError, match="says it holds 17 log entries but has 18"):
        saves.peek(path)  # a format 1 header's count is checked against them, as load checks it
    # Nothing after the first [[log]] is parsed: garbage there does not matter to peek ...
    path.write_text(EXAMPLE.split("[[log]]")[0] + "[[log]]\n" + "\x00garbage" * 100, "utf-8")
    assert saves.peek(path).names == ("Aki", "Bea", "Chen", "Dan")
    # ... but the header is checked as strictly as load checks it.
    path.write_text(changed('kind = "human"', 'kind = "human"\nhat = 1'), encoding="utf-8")
    with pytest.raises(SaveError, match="seat 1: unknown field 'hat'"):
        saves.peek(path)


def test_peek_reads_a_hand_written_save_with_its_header_after_the_log(tmp_path: Path) -> None:
    header, log = EXAMPLE.split("\n[[log]]", 1)
    top, tables = header.split("\n[options]", 1)
    path = tmp_path / "odd.toml"
    path.write_text(top + "\n[[log]]" + log + "\n[options]" + tables, encoding="utf-8")
    assert saves.peek(path).entries == 18
    assert len(saves.load(path, continue_chance=False).table) == 18


def test_peek_reads_a_seat_written_after_the_log_as_load_does(tmp_path: Path) -> None:
    """The header before the log is whole without it (no `players` counts the seats): peek must
    not list three names where load finds four."""
    text = changed("players = 4\n", "")
    last = text.rindex("\n[[seats]]")
    log = text.index("\n[[log]]")
    path = tmp_path / "late.toml"
    path.write_text(text[:last] + text[log:] + "\n" + text[last:log], encoding="utf-8")
    names = saves.load(path, continue_chance=False).table.names
    assert saves.peek(path).names == names == ("Aki", "Bea", "Chen", "Dan")
    assert saves.peek(path).entries == 18


@pytest.mark.parametrize(
    ("option", "value", "english", "japanese"),
    [
        (
            GameOption("turn_limit", Message("Turn limit (house rule)"), 0, maximum=99),
            100,
            "must be from 0 to 99, not 100",
            "は 0 から 99 までです（100 は使えません）",
        ),
        (
            GameOption("turn_limit", Message("Turn limit (house rule)"), 0, maximum=99),
            "7",
            "has the wrong type (str)",
            "の型が違います（str）",
        ),
        (
            GameOption("turn_limit", Message("Turn limit (house rule)"), "a", choices=("a", "b")),
            "c",
            "must be one of a, b, not 'c'",
            "は a, b のどれかです（'c' は使えません）",
        ),
    ],
)
def test_an_options_refusal_names_it_as_its_reader_knows_it(
    option: GameOption, value: object, english: str, japanese: str
) -> None:
    """The command line and a save name an option by its id; the setup screen shows its label,
    and has core's one check name it so (it repeated the range check to say it)."""
    with pytest.raises(BadOption) as caught:
        option.check(value)
    assert str(caught.value) == f"option 'turn_limit' {english}"
    assert translator("ja").text(reason_of(caught.value)) == f"オプション 'turn_limit'{japanese}"
    with pytest.raises(BadOption) as caught:
        option.check(value, named=option.label)
    assert translator("en").text(reason_of(caught.value)) == f"Turn limit (house rule) {english}"
    assert translator("ja").text(reason_of(caught.value)) == f"ターン上限{japanese}"
