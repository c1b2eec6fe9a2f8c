"""`tui.wrapped.Wrapped`: a text wrapped to the width it is rendered at, its lines kept for that
width, and the text given to it never changed by a render."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from tui.wrapped import Wrapped


def rendered(wrapped: Wrapped, width: int, justify: str | None = None) -> list[str]:
    console = Console(width=width, record=True, color_system=None, legacy_windows=False)
    with console.capture() as capture:
        console.print(wrapped, justify=justify)  # type: ignore[arg-type]
    return [line.rstrip() for line in capture.get().splitlines()]


def test_a_one_line_text_is_not_changed_by_a_render_and_follows_each_justification() -> None:
    given = Text("hi")
    wrapped = Wrapped(given)
    assert rendered(wrapped, 10, "right") == ["        hi"]
    assert (given.justify, given.no_wrap, given.end) == (None, None, "\n")
    assert rendered(wrapped, 10, "center") == ["    hi"]
    assert rendered(wrapped, 10) == ["hi"]


def test_lines_are_wrapped_again_only_for_another_width() -> None:
    wrapped = Wrapped("one two three four")
    assert rendered(wrapped, 9) == ["one two", "three", "four"]
    assert rendered(wrapped, 9) == ["one two", "three", "four"]
    assert rendered(wrapped, 14) == ["one two three", "four"]
