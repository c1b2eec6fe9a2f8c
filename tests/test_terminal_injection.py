"""The app on a real terminal (a pseudo-terminal, read by pyte) given hostile text that got past
the boundary: no control sequence from that text reaches the terminal; it shows as escapes.

The hostile text bypasses the checks made where text comes in (hostile.unchecked_seat; file
names, which no check sees), so what is tested is the escaping at output, the second line of
defence. Each test reads the raw bytes the app wrote before it was asked to quit (Textual itself
leaves the alternate screen on exit).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from hostile import HOSTILE_NAMES, hostile_table
from ptykit import Terminal

from core import saves
from core.text import is_control, visible

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "saves" / "light-and-dark-rulebook-example-1.toml"
SIZE = (100, 30)


def payloads(texts: tuple[str, ...]) -> list[bytes]:
    """What each hostile text would make the terminal do: its bytes from the first control
    character on (the printable start may well be on the screen, escaped)."""
    found = []
    for text in texts:
        start = next(index for index, char in enumerate(text) if is_control(char))
        found.append(text[start:].encode("utf-8", "surrogateescape"))
    return found


def leaked(raw: bytes, texts: tuple[str, ...]) -> list[bytes]:
    return [payload for payload in payloads(texts) if payload in raw]


def shows(term: Terminal, text: str, hostile: tuple[str, ...]) -> None:
    """Wait until `text` is on the screen, failing at once if something of `hostile` reached
    the terminal instead."""
    term.wait_until(
        lambda: text in term.text() or bool(leaked(term.raw, hostile)), f"{text!r} on the screen"
    )
    assert leaked(term.raw, hostile) == [], "control sequences reached the terminal"
    assert text in term.text()


def app(save_dir: Path, *argv: str, cwd: Path = ROOT) -> Terminal:
    return Terminal.spawn(
        [sys.executable, *argv], size=SIZE, env={"PARTYLINE_SAVE_DIR": str(save_dir)}, cwd=cwd
    )


def test_hostile_seat_names_show_as_escapes_on_the_curtain_the_game_and_the_log(
    tmp_path: Path,
) -> None:
    first, second = (visible(name) for name in HOSTILE_NAMES[:2])
    with app(tmp_path, "-m", "tests.hostile", str(tmp_path), "hot-seat") as term:
        shows(term, f"Pass to {first}", HOSTILE_NAMES)
        term.press("enter")
        shows(term, f"you are {first}", HOSTILE_NAMES)
        for name in HOSTILE_NAMES:  # the players panel (a long name ends in "...")
            shows(term, visible(name)[:16], HOSTILE_NAMES)
        # Stays silent: 1, then Enter (a claim has more than 9 options, so 1 could start 10);
        # the bots play, then the curtain.
        term.press("1")
        term.press("enter")
        shows(term, f"Pass to {second}", HOSTILE_NAMES)
        term.press("q")
        assert term.wait_exit() == 0
    assert (tmp_path / "hostile.toml").is_file()


def test_a_game_of_hostile_bots_its_results_and_its_replay_leave_the_terminal_alone(
    tmp_path: Path,
) -> None:
    first = visible(HOSTILE_NAMES[0])
    with app(tmp_path, "-m", "tests.hostile", str(tmp_path), "bots") as term:
        shows(term, "Game over", HOSTILE_NAMES)
        shows(term, "Points", HOSTILE_NAMES)  # the results: every name with its score
        for name in HOSTILE_NAMES:
            shows(term, visible(name), HOSTILE_NAMES)
        term.press("p")
        shows(term, "Replay  |  as everyone", HOSTILE_NAMES)
        term.press("v")
        shows(term, f"Viewing as {first}", HOSTILE_NAMES)  # a notification
        shows(term, f"Replay  |  as {first}", HOSTILE_NAMES)
        term.press("escape")
        shows(term, "watching the bots", HOSTILE_NAMES)
        term.press("q")
        assert term.wait_exit() == 0


def test_the_saved_games_list_shows_hostile_file_names_and_names_as_escapes(
    tmp_path: Path,
) -> None:
    folder_name = "saves\x1b[?25h"  # shows the cursor
    file_names = ("CLRX\x1b[2J\x1b[H.toml", "\x1b]0;pwned\x07.toml", "\u009b31m\nTwo.toml")
    hostile = (folder_name, *file_names, *HOSTILE_NAMES)
    folder = tmp_path / folder_name
    folder.mkdir()
    for name in file_names:
        shutil.copy(EXAMPLE, folder / name)
    # A save whose names are hostile: listed as unreadable, with the loader's reason.
    saves.write(hostile_table(humans=1), folder / "names.toml")
    with app(folder, "-m", "tui.cli") as term:
        term.wait_for("Partyline: a new game")
        term.press("f3")
        shows(term, "Continue a saved game", hostile)
        for name in file_names:
            shows(term, visible(name), hostile)
        shows(term, f'"{visible(HOSTILE_NAMES[0])}" contains a control character', hostile)
        shows(term, f"4 saves in {visible(str(folder))}", hostile)
        term.press("escape")
        term.wait_for("Partyline: a new game")
        term.press("escape", "escape")
        assert term.wait_exit() == 0


def test_a_game_saved_under_a_hostile_file_name_says_so_in_escapes_to_the_end(
    tmp_path: Path,
) -> None:
    """The path comes back in the "Saved to" notification and in the line the app prints on
    the terminal after it has closed (Textual's exit message)."""
    name = "game\x1b]0;pwned\x07\x1b[2J.toml"  # relative: short enough for a notification
    shutil.copy(EXAMPLE, tmp_path / name)
    with app(tmp_path, "-m", "tui.cli", "continue", name, cwd=tmp_path) as term:
        shows(term, "you are Aki", (name,))
        term.press("s")
        shows(term, f"Saved to {visible(name)}", (name,))
        quit_at = len(term.raw)
        term.press("q")
        assert term.wait_exit() == 0
        after = term.raw[quit_at:]
        assert f"Saved to {visible(name)}".encode() in after  # printed after the app closed
        assert leaked(after, (name,)) == []
