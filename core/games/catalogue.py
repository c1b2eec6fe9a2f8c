"""What a save's decision entries may hold, game by game: each decision's name, who is asked it
and when, the shape of its answer and its option ids; and each game's options.

docs/save-format.md lists them from here (`python -m core.games.catalogue` prints that section);
tests/core/test_catalogue.py checks that the list names every decision the rules' code can ask,
that every option id bots meet fits it, and that the page says what this module says.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from core.decisions import DecisionKind, OptionId
from core.games.base import Game, GameOption
from core.narration import Message, Text

ONE = (DecisionKind.CHOOSE_ONE,)
SEVERAL = (DecisionKind.CHOOSE_SEVERAL,)
ORDER = (DecisionKind.ORDER,)

UNKNOWN_LABEL = "decide"
"""The label of a decision name no catalogue lists (never met in play: a test checks)."""

_ANSWERS = {
    DecisionKind.CHOOSE_ONE: "one id",
    DecisionKind.CONFIRM: "one id",
    DecisionKind.CHOOSE_SEVERAL: "a list of ids",
    DecisionKind.ORDER: "every id once, in order",
    DecisionKind.ALLOCATE: "a list of amounts",
}


@dataclass(frozen=True)
class IdKind:
    """A family of option ids, written `<name>` in an id pattern."""

    name: str
    meaning: str
    fits: Callable[[OptionId], bool]


@dataclass(frozen=True)
class DecisionInfo:
    name: str
    asked: str
    """Who is asked, and when."""
    ids: tuple[str, ...]
    """The option ids: literal ids, or patterns of `<kind>`s ('card:<card>', '<seat>')."""
    kinds: tuple[DecisionKind, ...] = ONE
    """The shapes of answer it takes (an order of one card is asked as one 'ok')."""
    note: str = ""
    label: str = field(kw_only=True)
    """What the seat is doing, for people: a phrase that follows "to" ("Waiting for Aki to place
    an AP."). A screen shows it instead of the name, which is the save's and never changes."""


@dataclass(frozen=True)
class Catalogue:
    game: str
    decisions: tuple[DecisionInfo, ...]
    id_kinds: tuple[IdKind, ...]

    def decision(self, name: str) -> DecisionInfo | None:
        return next((info for info in self.decisions if info.name == name), None)

    def label(self, name: str) -> str:
        """The human label of the decision called `name` (a test checks that every name the
        game's code can ask has one)."""
        info = self.decision(name)
        return info.label if info is not None else UNKNOWN_LABEL

    def fits(self, info: DecisionInfo, option_id: OptionId) -> bool:
        """Whether `option_id` is one of `info`'s ids: a literal one, or a pattern's."""
        kinds = {kind.name: kind for kind in self.id_kinds}
        for pattern in info.ids:
            if isinstance(option_id, int):
                kind = kinds.get(pattern.strip("<>"))
                if pattern.startswith("<") and kind is not None and kind.fits(option_id):
                    return True
                continue
            if "<" not in pattern:
                if option_id == pattern:
                    return True
                continue
            names = re.findall(r"<([a-z-]+)>", pattern)
            regex = re.escape(pattern)
            for name in names:
                regex = regex.replace(re.escape(f"<{name}>"), "([^:>]+)", 1)
            match = re.fullmatch(regex, option_id)
            if match and all(
                kinds[name].fits(part) for name, part in zip(names, match.groups(), strict=True)
            ):
                return True
        return False


def seat_ids(players: int) -> IdKind:
    """`<seat>`: a seat number of a game of up to `players` players."""

    def fits(value: OptionId) -> bool:
        return isinstance(value, int) and 0 <= value < players

    return IdKind("seat", "a seat number (0 is the first seat)", fits)


@cache
def catalogues() -> dict[str, Catalogue]:
    """Every registered game's catalogue, by game id."""
    from core.games.dangerous.catalogue import CATALOGUE as DANGEROUS
    from core.games.light_and_dark.catalogue import CATALOGUE as LIGHT_AND_DARK

    return {catalogue.game: catalogue for catalogue in (LIGHT_AND_DARK, DANGEROUS)}


def decision_label(game_id: str, name: str) -> str:
    """How a screen names the decision `name` of the game `game_id`."""
    catalogue = catalogues().get(game_id)
    return catalogue.label(name) if catalogue is not None else UNKNOWN_LABEL


def asked(game_id: str, name: Text, decision: str) -> Message:
    """`Aki (claim a role or stay silent)`: the seat called `name`, asked the decision called
    `decision`, as people know it (a refusal of its answer, a wait for it); the game's words,
    translated where the catalogs have them."""
    return Message("{name} ({what})", name=name, what=Message(decision_label(game_id, decision)))


# --- the page ------------------------------------------------------------------------------------


def markdown(games: tuple[Game[Any], ...]) -> str:
    """The section of docs/save-format.md that lists each game's options and decisions."""
    lines: list[str] = []
    for game in games:
        catalogue = catalogues()[game.id]
        lines += [f"### `{game.id}`", "", "Options (`[options]`):", ""]
        lines += _options_table(game.options)
        lines += ["", "Decisions (`decision = ...` in a `[[log]]` entry):", ""]
        lines += [
            "| decision | who is asked, and when | answer | option ids |",
            "|---|---|---|---|",
        ]
        for info in catalogue.decisions:
            answer = " or ".join(dict.fromkeys(_ANSWERS[kind] for kind in info.kinds))
            ids = ", ".join(f"`{pattern}`" for pattern in info.ids)
            asked = info.asked + (f" ({info.note})" if info.note else "")
            lines.append(f"| `{info.name}` | {asked} | {answer} | {ids} |")
        lines += ["", "In the option ids:", ""]
        lines += [f"- `<{kind.name}>`: {kind.meaning}" for kind in catalogue.id_kinds]
        lines.append("")
    return "\n".join(lines)


def _options_table(options: tuple[GameOption, ...]) -> list[str]:
    if not options:
        return ["None."]
    lines = ["| option | value | default | meaning |", "|---|---|---|---|"]
    for option in options:
        default = option.default
        if isinstance(default, bool):
            value, shown = "`true` or `false`", str(default).lower()
        elif isinstance(default, int):
            value, shown = f"whole number, {option.minimum} to {option.maximum}", str(default)
        else:
            value, shown = " or ".join(f'`"{c}"`' for c in option.choices) or "text", default
        lines.append(f"| `{option.name}` | {value} | `{shown}` | {option.label}. {option.help} |")
    return lines


if __name__ == "__main__":
    from core.games import REGISTRY, get_game

    print(markdown(tuple(get_game(game_id) for game_id in REGISTRY)), end="")
