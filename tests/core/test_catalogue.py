"""The list of each game's decisions and option ids (core.games.catalogue) stays complete: it
names every decision the rules' code can ask (read from the source), every decision bots meet
fits it (name, shape, every option id), and docs/save-format.md shows exactly that list."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from core import agenda
from core.games import REGISTRY, get_game
from core.games.catalogue import UNKNOWN_LABEL, catalogues, decision_label, markdown
from core.runner import BotDriver
from core.simulate import bot_table

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "save-format.md"
BEGIN, END = "<!-- decisions: begin -->", "<!-- decisions: end -->"
BUILDERS = {
    "choose_one",
    "choose_one_later",
    "choose_several",
    "order",
    "allocate",
    "confirm",
    "Decision",
}
"""What core.decisions offers to build a decision; its second argument is the name."""


def decision_names_in(package: Path) -> set[str]:
    """Every decision name the code of a game's package can ask: the name given to a decision
    builder of core.decisions, and the `name` of every agenda Menu. A name the scan cannot read
    (not a string, nor a module constant) fails the test: write it as one."""
    names: set[str] = set()
    for path in sorted(package.rglob("*.py")):
        names |= _names_in_module(path)
    return names


def _names_in_module(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    builders = {
        alias.asname or alias.name
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module == "core.decisions"
        for alias in node.names
        if alias.name in BUILDERS
    }
    constants = {
        target.id: node.value.value
        for node in tree.body
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    names: set[str] = set()
    for node in ast.walk(tree):
        where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in builders
        ):
            given = [kw.value for kw in node.keywords if kw.arg == "name"]
            names.add(_read(node.args[1] if len(node.args) > 1 else given[0], constants, where))
        if isinstance(node, ast.ClassDef):
            # A core agenda kind that asks a named question of its own (WhoFirst's act-first).
            names.update(_core_question(base) for base in node.bases if _core_question(base))
        if isinstance(node, ast.ClassDef) and any(_is_menu(base) for base in node.bases):
            for statement in node.body:
                if (
                    isinstance(statement, ast.Assign)
                    and len(statement.targets) == 1
                    and isinstance(statement.targets[0], ast.Name)
                    and statement.targets[0].id == "name"
                ):
                    names.add(_read(statement.value, constants, where))
    return names


def _read(node: ast.expr, constants: dict[str, Any], where: str) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name) and node.id in constants:
        return str(constants[node.id])
    raise AssertionError(f"{where}: cannot read the decision's name")


def _core_question(base: ast.expr) -> str:
    """The decision name a core agenda kind asks under, if `base` names one that has it."""
    node = base.value if isinstance(base, ast.Subscript) else base
    kind = getattr(agenda, node.id, None) if isinstance(node, ast.Name) else None
    name = getattr(kind, "name", None) if isinstance(kind, type) else None
    return name if isinstance(name, str) and node.id != "Menu" else ""


def _is_menu(base: ast.expr) -> bool:
    node = base.value if isinstance(base, ast.Subscript) else base
    return isinstance(node, ast.Name) and node.id == "Menu"


def package_of(game_id: str) -> Path:
    return ROOT / "core" / "games" / game_id.replace("-", "_")


def test_every_game_has_a_catalogue() -> None:
    assert set(catalogues()) == set(REGISTRY)


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_the_catalogue_names_every_decision_the_code_can_ask(game_id: str) -> None:
    in_code = decision_names_in(package_of(game_id))
    listed = {info.name for info in catalogues()[game_id].decisions}
    assert len(in_code) >= 6
    assert sorted(in_code - listed) == [], (
        f"add these to core/games/{package_of(game_id).name}/catalogue.py and run "
        "python -m core.games.catalogue for docs/save-format.md"
    )
    assert sorted(listed - in_code) == [], "the code no longer asks these"


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_every_decision_the_code_can_ask_has_a_human_label(game_id: str) -> None:
    """A screen says "Waiting for Bea to <label>.", never the save's name ('boss-card')."""
    catalogue = catalogues()[game_id]
    labels = {name: catalogue.label(name) for name in decision_names_in(package_of(game_id))}
    for name, label in labels.items():
        assert label != UNKNOWN_LABEL and label == label.strip() and label[0].islower(), name
        assert not label.endswith("."), name  # the sentence it ends adds the full stop
        assert name != label and "-" not in label, (name, label)  # no id in it
    assert len(set(labels.values())) == len(labels), "two decisions read the same"
    assert decision_label(game_id, "no-such-decision") == UNKNOWN_LABEL


def bot_games(game_id: str) -> list[dict[str, Any]]:
    """Option sets to play: none, then each option switched away from its default."""
    game = get_game(game_id)
    sets: list[dict[str, Any]] = [{}]
    for option in game.options:
        if isinstance(option.default, bool):
            sets.append({option.name: not option.default})
    return sets


@pytest.mark.parametrize(("game_id", "seeds"), [("light-and-dark", 12), ("dangerous", 4)])
def test_every_decision_bots_meet_fits_the_catalogue(game_id: str, seeds: int) -> None:
    game = get_game(game_id)
    catalogue = catalogues()[game_id]
    met: set[str] = set()
    for options in bot_games(game_id):
        for seed in range(1, seeds + 1):
            for bot in ("random", "heuristic"):
                players = game.min_players + seed % (game.max_players - game.min_players + 1)
                table = bot_table(game_id, players, seed, bot, options)
                table.resolve_chance()
                driver = BotDriver(table)
                while not table.over:
                    for decision in table.decisions():
                        info = catalogue.decision(decision.name)
                        assert info is not None, decision.name
                        assert decision.kind in info.kinds, (decision.name, decision.kind)
                        for option in decision.options:
                            assert catalogue.fits(info, option.id), (decision.name, option.id)
                        met.add(decision.name)
                    assert driver.play_one()
    assert len(met) >= len(catalogue.decisions) // 2  # the games reach far enough to tell


def test_the_catalogue_refuses_ids_outside_it() -> None:
    catalogue = catalogues()["dangerous"]
    move = catalogue.decision("move")
    assert move is not None
    for good in ("forest", "reorder", "card:bal", "card:oodaiko-don#2", "item:curry"):
        assert catalogue.fits(move, good), good
    for bad in ("mars", "card:nobody", "item:bal", "card:", "forest>dojo", 1):
        assert not catalogue.fits(move, bad), bad
    target = catalogue.decision("target")
    assert target is not None and catalogue.fits(target, 3) and not catalogue.fits(target, 4)


def test_the_save_format_page_lists_each_games_options_and_decisions() -> None:
    page = PAGE.read_text(encoding="utf-8")
    assert page.count(BEGIN) == 1 and page.count(END) == 1
    shown = page[page.index(BEGIN) + len(BEGIN) : page.index(END)].strip("\n")
    expected = markdown(tuple(get_game(game_id) for game_id in REGISTRY)).strip("\n")
    assert shown == expected, (
        "docs/save-format.md is out of date: replace the section between its decisions markers "
        "with the output of `python -m core.games.catalogue`"
    )
