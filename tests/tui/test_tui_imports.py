"""The TUI's modules never import each other in a circle: the screens reach the app through
tui.host's protocol, never by importing tui.app (which imports the setup screen)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def imports(path: Path, known: set[str]) -> set[str]:
    """The known modules `path` imports anywhere: at the top, inside a function, or for type
    checking only (each is a dependency a reader has to follow)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                name = f"{node.module}.{alias.name}"
                found.add(name if name in known else node.module)
    return found & known


def import_graph() -> dict[str, set[str]]:
    paths = {module_name(path): path for path in (ROOT / "tui").rglob("*.py")}
    known = set(paths)
    return {name: imports(path, known) - {name} for name, path in paths.items()}


def cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle of `graph` (modules in order, the first repeated last), or []."""
    state: dict[str, str] = {}  # "open" while on the current path, "done" once explored
    path: list[str] = []

    def visit(name: str) -> list[str]:
        state[name] = "open"
        path.append(name)
        for other in sorted(graph[name]):
            if state.get(other) == "open":
                return [*path[path.index(other) :], other]
            if other not in state and (found := visit(other)):
                return found
        path.pop()
        state[name] = "done"
        return []

    for name in sorted(graph):
        if name not in state and (found := visit(name)):
            return found
    return []


def test_the_tui_has_no_import_cycle() -> None:
    graph = import_graph()
    assert len(graph) > 20 and "tui.screens.setup" in graph["tui.app"]
    assert cycle(graph) == []


def test_the_screens_know_the_app_only_as_a_host() -> None:
    graph = import_graph()
    for name, imported in graph.items():
        if name.startswith("tui.screens."):
            assert "tui.app" not in imported, name
    assert "tui.host" in graph["tui.screens.game"] and "tui.host" in graph["tui.screens.setup"]


def test_the_cycle_finder_finds_cycles() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}
    assert cycle(graph) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) == []
