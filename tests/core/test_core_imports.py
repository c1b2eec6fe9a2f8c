"""The core never imports a UI library: checked in the source (ast) and in a fresh interpreter."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "core"
UI = {"textual", "rich"}


def imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and getattr(node.func, "attr", getattr(node.func, "id", ""))
            in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            roots.add(node.args[0].value.split(".")[0])
    return roots


def test_no_core_module_imports_textual_or_rich() -> None:
    sources = sorted(CORE.rglob("*.py"))
    assert len(sources) > 15
    offenders = {
        str(path.relative_to(CORE.parent)): sorted(imported_roots(path) & UI)
        for path in sources
        if imported_roots(path) & UI
    }
    assert offenders == {}
    assert all("tui" not in imported_roots(path) for path in sources)


def test_the_scan_sees_imports() -> None:
    sample = CORE.parent / "tests" / "core" / "test_core_imports.py"
    assert {"ast", "subprocess", "pathlib"} <= imported_roots(sample)


def test_importing_the_core_loads_no_ui() -> None:
    modules = sorted(
        ".".join(path.relative_to(CORE.parent).with_suffix("").parts).removesuffix(".__init__")
        for path in CORE.rglob("*.py")
    )
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'tui'))\n"
        "print(loaded)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=CORE.parent, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"
