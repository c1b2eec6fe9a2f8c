"""The registry: each game is declared once (core/games/<id>/__init__.py), and what the rest of
the app knows of it (its bots, its TUI board, its rules page) comes from that declaration, loaded
only when used."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from core.bots import bot_kinds, make_bot
from core.games import REGISTRY, UnknownGame, game_info
from core.games.base import GameInfo
from tui.boards import BoardKit, board_kit, generic_board

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("info", REGISTRY.values(), ids=list(REGISTRY))
def test_what_a_declaration_names_exists(info: GameInfo) -> None:
    kit = board_kit(info.id)
    assert isinstance(kit, BoardKit) and (kit.render is not generic_board) == bool(info.board)
    assert bot_kinds(info.id) == (("random", "heuristic") if info.heuristic else ("random",))
    for kind in bot_kinds(info.id):
        assert callable(make_bot(kind, info.id).choose)
    assert (ROOT / "docs" / "rules" / f"{info.id}.md").is_file()
    assert (ROOT / "core" / "games" / info.id.replace("-", "_") / "__init__.py").is_file()


def test_an_unknown_game_is_named_in_one_line() -> None:
    with pytest.raises(UnknownGame, match=r"^unknown game 'chess' \(known: dangerous, light"):
        game_info("chess")


def test_a_game_without_a_board_of_its_own_gets_the_generic_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plain = GameInfo("plain", "Plain", 2, 2, REGISTRY["dangerous"].load)
    monkeypatch.setitem(REGISTRY, "plain", plain)
    assert board_kit("plain").render is generic_board
    assert board_kit("not-registered").render is generic_board


def test_a_board_module_without_a_kit_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    broken = GameInfo("broken", "Broken", 2, 2, REGISTRY["dangerous"].load, board="tui.host")
    monkeypatch.setitem(REGISTRY, "broken", broken)
    with pytest.raises(TypeError, match=r"^broken: tui\.host has no BoardKit called KIT$"):
        board_kit("broken")


def loaded_modules(code: str) -> list[str]:
    """The game modules (beyond the declarations) a fresh interpreter has loaded after `code`."""
    script = (
        f"{code}\nimport sys\n"
        "print(sorted(m for m in sys.modules if m.startswith(('core.games.', 'tui.boards.'))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return [name.strip("' ") for name in done.stdout.strip()[1:-1].split(",") if name]


DECLARATIONS = ["core.games.base", *(f"core.games.{id.replace('-', '_')}" for id in REGISTRY)]


def test_listing_the_games_loads_no_rules() -> None:
    """The setup screen and `partyline games` start with declarations only: a game's rules,
    bot and board load when a game of it is played."""
    code = "import tui.app, tui.cli, tui.screens.setup, core.bots, core.saves, core.table"
    assert sorted(loaded_modules(code)) == sorted(DECLARATIONS)
    played = loaded_modules("from core.games import get_game\nget_game('dangerous')")
    assert "core.games.dangerous.game" in played and "core.games.light_and_dark.rules" not in played
