"""How fast the game screen lets play go on: the bots' pace and the hold on reveals.

Both are settings with names (the `play` command's flags, the setup screen's row) and a value in
seconds. Free of Textual, so the command line can check a flag without loading the app.
"""

from __future__ import annotations

from core.i18n import N_, Translator

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

PACE_WORDS: dict[str, str] = {
    "slow": N_("slow"),
    "normal": N_("normal"),
    "fast": N_("fast"),
    "instant": N_("instant"),
}
"""The bot paces as the setup screen names them (the flag takes the names themselves)."""


def skip_hint(_: Translator) -> str:
    return _("Press {key} to let the bots play at once.", key=NEXT_KEY)


def pace_label(name: str, _: Translator, *, flag: bool = False) -> str:
    """How the setup screen (or, `flag`, the command line's help) shows a bot pace: its name
    and its seconds."""
    seconds = BOT_PACES[name]
    shown = name if flag else _(PACE_WORDS[name])
    if not seconds:
        return shown
    return _("{name} ({seconds:g} s a move)", name=shown, seconds=seconds)


def hold_label(name: str, _: Translator) -> str:
    """How the command line's help shows a reveal hold: its name and what it does."""
    seconds = REVEAL_HOLDS[name]
    if seconds is None:
        return _("{name} (until {key} is pressed)", name=name, key=NEXT_KEY)
    if not seconds:
        return _("{name} (no hold)", name=name)
    return _("{name} ({key} or {seconds:g} s)", name=name, key=NEXT_KEY, seconds=seconds)


def hold_hint(seconds: float | None, _: Translator) -> str:
    """What the screen says while it holds on a reveal."""
    if seconds is None:
        return _("Paused on the last reveal: press {key} to go on.", key=NEXT_KEY)
    return _(
        "Paused on the last reveal: press {key} to go on (or wait {seconds:g} s).",
        key=NEXT_KEY,
        seconds=seconds,
    )


def pace_choices(current: float, _: Translator) -> list[tuple[str, float]]:
    """The setup screen's bot paces, with `current` among them even if it has no name."""
    choices = [(pace_label(name, _), seconds) for name, seconds in BOT_PACES.items()]
    if current not in BOT_PACES.values():
        choices.append((_("{seconds:g} s a move", seconds=current), current))
    return choices
