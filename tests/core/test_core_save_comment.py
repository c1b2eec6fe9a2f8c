"""An entry's comment in a save (`saves.entry_text`): its public lines written out and joined by
spaces, cut to 100 characters; the lines after the cut are never written out, and the comment is
the same as when every line is."""

from __future__ import annotations

import random

from core import saves
from core.log import DecisionEntry, Entry
from core.narration import Message, Narration, Text, text


class Said:
    """A table of one entry whose public lines are `lines` (what entry_text reads of a table)."""

    def __init__(self, lines: list[Text]) -> None:
        self.lines = tuple(Narration(line, secret=((0, "secret"),)) for line in lines)
        self._entry: Entry = DecisionEntry(0, "pick", "a")

    def entry(self, index: int) -> Entry:
        return self._entry

    def entry_lines(self, index: int) -> tuple[Narration, ...]:
        return self.lines


def comment(lines: list[Text], render: saves.Render = text) -> str:
    said = saves.entry_text(Said(lines), 0, render)  # type: ignore[arg-type]
    return said.split("\n")[1].removeprefix("[[log]]  # 1: ")


def every_line_written(lines: list[Text]) -> str:
    """The comment as it was before lines past the cut were left unwritten."""
    said = " ".join(text(line) for line in lines)
    return said[:97] + "..." if len(said) > 100 else said


def test_the_lines_after_the_cut_are_not_written_out() -> None:
    written: list[str] = []

    def render(line: Text) -> str:
        written.append(text(line))
        return text(line)

    lines: list[Text] = [
        Message("{who} " + "x" * 60, who="A"),
        Message("{who} " + "y" * 60, who="B"),
        Message("{who} never read", who="C"),
    ]
    assert comment(lines, render) == every_line_written(lines)
    assert written == [text(lines[0]), text(lines[1])]


def test_the_comment_is_the_same_as_with_every_line_written_at_every_length() -> None:
    pick = random.Random(10)
    for _ in range(3000):
        lines: list[Text] = [
            "z" * pick.choice((0, 1, 2, 48, 49, 50, 51, 98, 99, 100, 101, 102))
            for _ in range(pick.randint(2, 4))
        ]
        assert comment(lines) == every_line_written(lines), [len(line) for line in lines]
    assert comment(["a" * 50, "b" * 49]) == "a" * 50 + " " + "b" * 49  # (100: not cut)
    assert comment(["a" * 50, "b" * 49, ""]) == "a" * 50 + " " + "b" * 46 + "..."  # (101)


def test_a_line_that_is_a_plain_string_is_not_given_to_the_saver_language() -> None:
    assert comment(["plain"], lambda line: "rendered") == "plain"
    assert comment(["plain", Message("{a}", a="m")], lambda line: "rendered") == "plain rendered"
