"""The Light and Dark tests cite the rulings of docs/rules/light-and-dark.md by their names there
(R1-R16), every cited ruling exists, and every ruling has a test that cites it (the page says
each has one)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules" / "light-and-dark.md"
TESTS = sorted(
    path
    for path in (ROOT / "tests" / "core").glob("test_ld_*.py")
    if path.name != Path(__file__).name
)

RULING = re.compile(r"^- \*\*R(\d+) — ", re.MULTILINE)
CITED = re.compile(r"\bR(\d+)\b")
BARE = re.compile(r"\brulings?[ _]+(\d+)", re.IGNORECASE)
"""A citation by number alone ("ruling 8"): the numbering the page no longer uses."""


def rulings() -> set[int]:
    numbers = [int(number) for number in RULING.findall(DOC.read_text(encoding="utf-8"))]
    assert numbers == list(range(1, len(numbers) + 1)), "the rulings are R1, R2, ... in order"
    return set(numbers)


def citations() -> dict[int, list[str]]:
    """Each ruling number cited, with the files that cite it."""
    cited: dict[int, list[str]] = {}
    for path in TESTS:
        for number in CITED.findall(path.read_text(encoding="utf-8")):
            cited.setdefault(int(number), []).append(path.name)
    return cited


def test_the_page_has_rulings_r1_to_r16() -> None:
    assert rulings() == set(range(1, 17))
    assert len(TESTS) >= 5


def test_no_test_cites_a_ruling_by_a_bare_number() -> None:
    bare = [
        f"{path.name}: {match.group(0)!r}"
        for path in TESTS
        for match in BARE.finditer(path.read_text(encoding="utf-8"))
    ]
    assert not bare, "cite rulings as R<n>, as docs/rules/light-and-dark.md names them"


def test_every_cited_ruling_exists() -> None:
    unknown = {number: files for number, files in citations().items() if number not in rulings()}
    assert not unknown


def test_every_ruling_is_cited_by_a_test() -> None:
    assert sorted(rulings() - set(citations())) == []
