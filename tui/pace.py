"""How fast the game screen lets play go on: the bots' pace and the hold on reveals.

Both are settings with names (the `play` command's flags, the setup screen's row) and a value in
seconds. Free of Textual, so the command line can check a flag without loading the app.
"""

from __future__ import annotations

BOT_PACES: dict[str, float] = {"slow": 1.5, "normal": 0.8, "fast": 0.3, "instant": 0.0}
"""Seconds between two bot decisions, by name: slow enough to follow by default, and instant
for whoever only wants the result."""

DEFAULT_BOT_PACE = "normal"

REVEAL_HOLDS: dict[str, float | None] = {"key": None, "long": 10.0, "short": 5.0, "off": 0.0}
"""How long the screen holds on a reveal or a fight's result before the bots go on, by name:
until a key (None), a key or some seconds, or not at all (0)."""

DEFAULT_REVEAL_HOLD = "short"

NEXT_KEY = "n"
"""Goes on after a reveal at once, or plays the bots' moves at once up to the next human
decision."""

SKIP_HINT = f"Press {NEXT_KEY} to let the bots play at once."


def pace_label(name: str) -> str:
    """How the setup screen shows a bot pace: its name and its seconds."""
    seconds = BOT_PACES[name]
    return f"{name} ({seconds:g} s a move)" if seconds else name


def hold_label(name: str) -> str:
    """How the command line's help shows a reveal hold: its name and what it does."""
    seconds = REVEAL_HOLDS[name]
    if seconds is None:
        return f"{name} (until {NEXT_KEY} is pressed)"
    return f"{name} ({NEXT_KEY} or {seconds:g} s)" if seconds else f"{name} (no hold)"


def hold_hint(seconds: float | None) -> str:
    """What the screen says while it holds on a reveal."""
    if seconds is None:
        return f"Paused on the last reveal: press {NEXT_KEY} to go on."
    return f"Paused on the last reveal: press {NEXT_KEY} to go on (or wait {seconds:g} s)."


def pace_choices(current: float) -> list[tuple[str, float]]:
    """The setup screen's bot paces, with `current` among them even if it has no name."""
    choices = [(pace_label(name), seconds) for name, seconds in BOT_PACES.items()]
    if current not in BOT_PACES.values():
        choices.append((f"{current:g} s a move", current))
    return choices
