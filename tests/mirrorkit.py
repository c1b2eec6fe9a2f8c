"""Whole games at `partyline serve`'s tables, played by keys over real SSH (tests/sshkit.py).

Each player is an SSHTerminal read with pyte. The test keeps a mirror of the game: a local Table
with the same seats, options and seed. Dice are drawn from (seed, position) and bots choose from
(seed, position, seat), so the mirror's bots and dice are the server's; the test makes the
people's choices (the heuristic bot's choice from the seat's own view) in the mirror and types
them on that seat's terminal, as a person would: the option's key (digit by digit, Enter when a
longer key could follow), Space-less toggles and Enter for a choice of several, Enter for an
order as dealt. Keys are the prompt's own (tui.widgets.optionkeys), followed through every state
the seat is shown. An answer is taken once the seat's screen shows the server's answer: the
seat's next question (its bell), whom the table waits for now, or the game's end.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from rich.cells import cell_len
from sshkit import SSHTerminal

from core.bots import make_bot
from core.decisions import Choice, Decision, DecisionKind
from core.games import REGISTRY, get_game
from core.games.catalogue import decision_label
from core.runner import BotDriver
from core.table import Seat, SeatKind, Table, new_table
from tui.widgets.optionkeys import Keys, keys_for, waits

BELL = b"\x07"
"""The turn bell: rung when a question comes to a seat that had none."""
PROMPT_TITLES = ("Your move", "Waiting", "Watching", "Game over")
"""The prompt panel's titles (English): a seat's question, a seat waiting, a spectator's panel,
the end."""
KEYED = (DecisionKind.CHOOSE_ONE, DecisionKind.CONFIRM, DecisionKind.CHOOSE_SEVERAL)


def defaults(game: str, **options: object) -> dict[str, object]:
    """The options of `game` a new table starts with, but for `options`."""
    return {option.name: option.default for option in REGISTRY[game].options} | options


def login(term: SSHTerminal, name: str) -> None:
    """A guest gives `name` and reaches the lobby."""
    term.wait_for("Your name at the tables")
    term.press(*name, "enter")
    term.wait_for(f"you are {name}")
    term.wait_for("Open tables")


def create_table(
    term: SSHTerminal, game: str, players: int, bots: tuple[int, ...], seed: int, turns: int = 0
) -> None:
    """On the lobby: a new table of `game` for `players`, bots at seats `bots` (0-based),
    seeded, and (Dangerous) a turn limit of `turns` (right arrows from 0)."""
    term.press("c")
    term.wait_for("Game: Light and Dark")
    if game == "dangerous":
        term.press("right")
        term.wait_for("Game: Dangerous")
    term.press("down")  # the players
    counts = list(REGISTRY[game].players)
    term.press(*["right"] * counts.index(players))
    term.wait_for(f"Players: {players}")
    term.press("down")  # seat 1: you
    for seat in range(1, players):
        term.press("down")
        if seat in bots:
            term.press("enter")
            term.wait_for(f"Seat {seat + 1}: a bot")
    if turns:
        term.press("down", "down")  # past the draft option
        term.press(*["right"] * turns)
        term.wait_for(f"Turn limit (house rule): {turns}")
    term.click_text("blank = random")
    term.press(*str(seed), "f2")
    term.wait_for("You are at seat 1.")


def prompt_region(term: SSHTerminal) -> str:
    """The prompt panel's text (its title line and what is inside its border)."""
    lines = term.lines()
    for top, line in enumerate(lines):
        found = [line.find(title) for title in PROMPT_TITLES if title in line]
        if not found:
            continue
        left = max(line.rfind(corner, 0, found[0]) for corner in "╭┏+")
        column = cell_len(line[:left])  # a wide character left of the panel takes two cells
        region = [line[left:]]
        for below in lines[top + 1 :]:
            part = from_column(below, column)
            region.append(part)
            if part[:1] in ("╰", "┗", "+"):
                break
        return "\n".join(region)
    return ""


def cursor_key(term: SSHTerminal) -> str:
    """The key of the prompt's option at the cursor (its row is marked "> 3."), or "" when no
    option on the screen is marked."""
    for row in prompt_region(term).splitlines()[1:]:
        words = row[1:].split()
        if len(words) > 1 and words[0] == ">" and words[1].endswith("."):
            return words[1][:-1]
    return ""


def prompt_words(term: SSHTerminal) -> str:
    """The words inside the prompt panel's border, its rows joined by spaces (so a sentence
    the panel wraps reads as one)."""
    rows = prompt_region(term).splitlines()
    if not rows:
        return ""
    right = next((i for i, c in enumerate(rows[0]) if i and c in "╮┓+"), len(rows[0]))
    width = cell_len(rows[0][:right])  # the panel's inside, in cells
    inside = [_upto_column(row, width)[1:] for row in rows[1:]]
    return " ".join(" ".join(inside).split())


def _upto_column(line: str, column: int) -> str:
    """The part of a screen line before the cell `column`."""
    cells = 0
    for index, char in enumerate(line):
        cells += cell_len(char)
        if cells > column:
            return line[:index]
    return line


def from_column(line: str, column: int) -> str:
    """The part of a screen line from the cell `column` on (a line holds a wide character once,
    for its two cells)."""
    cells = 0
    for index, char in enumerate(line):
        if cells >= column:
            return line[index:]
        cells += cell_len(char)
    return ""


@dataclass
class TablePlay:
    """The mirror of a server table and the terminals of its human seats."""

    mirror: Table
    terms: dict[int, SSHTerminal]
    keys: dict[int, Keys | None] = field(default_factory=dict)
    decided: int = 0

    @classmethod
    def of(
        cls,
        game: str,
        names: tuple[str, ...],
        bots: tuple[int, ...],
        options: dict[str, object],
        seed: int,
        terms: dict[int, SSHTerminal],
    ) -> TablePlay:
        kind = "heuristic" if REGISTRY[game].heuristic is not None else "random"
        seats = tuple(
            Seat(f"Bot {seat + 1}", SeatKind.BOT, kind) if seat in bots else Seat(name)
            for seat, name in enumerate(names)
        )
        play = cls(new_table(get_game(game), seats, dict(options), seed), terms)
        play._follow_keys()
        return play

    def new_screen(self, seat: int) -> None:
        """`seat` came back to the table: a new game screen, whose prompt gives keys afresh."""
        self.keys[seat] = None
        self._follow_keys()

    def _follow_keys(self) -> None:
        """Each human seat's prompt is shown its pending decision after every change."""
        for seat in self.terms:
            decision = self.mirror.decision_for(seat)
            if decision is not None and decision.kind in KEYED:
                self.keys[seat] = keys_for(decision, self.keys.get(seat))

    def play_bots(self) -> None:
        driver = BotDriver(self.mirror)
        while driver.play_one():
            self._follow_keys()

    def intent(self, decision: Decision) -> Choice:
        table = self.mirror
        if decision.kind is DecisionKind.ORDER:
            return tuple(option.id for option in decision.options)  # as dealt: Enter
        rng = random.Random(f"person:{table.seed}:{len(table)}")
        bot = make_bot(
            "heuristic" if REGISTRY[table.game.id].heuristic else "random", table.game.id
        )
        return decision.normalise(bot.choose(table.view(decision.seat), decision, rng))

    def _key_presses(self, seat: int, decision: Decision, wanted: Choice) -> list[str]:
        keys = self.keys.get(seat)
        if decision.kind not in KEYED:
            return ["enter"]
        assert keys is not None
        ids = (wanted,) if decision.kind is not DecisionKind.CHOOSE_SEVERAL else wanted
        assert isinstance(ids, tuple)
        presses: list[str] = []
        for option_id in ids:
            typed = str(keys.by_id[option_id])
            presses += list(typed)
            if waits(typed, keys.by_id.values()):
                presses.append("enter")
        if decision.kind is DecisionKind.CHOOSE_SEVERAL:
            presses.append("enter")
        return presses

    def play(self, limit: int = 400) -> None:
        """Play the game to its end: the bots in the mirror, the people by keys."""
        for _ in range(limit):
            self.play_bots()
            if self.mirror.over:
                return
            self.answer(next(d for d in self.mirror.decisions() if d.seat in self.terms))
        raise AssertionError(f"the game did not end in {limit} decisions")

    def answer(
        self, decision: Decision, before: Callable[[SSHTerminal], None] | None = None
    ) -> float | None:
        """Type the seat's choice once its terminal shows the question (after `before(term)`,
        if given); then the mirror's, and its bots' (the server's play at once). Waits until
        the seat's screen shows the table's answer from the server: the seat's next question
        (its bell), the game's end, or whom the table waits for now. The seconds from the last
        key until then; None when the screen cannot tell the server's answer from the app's
        own "sent" (the table waits for the same seat and question as the app said it would:
        then the answer is taken once the prompt waits)."""
        term = self.terms[decision.seat]
        first_words = str(decision.prompt)[:16]  # as an English screen writes it out
        term.wait_until(
            lambda: "Your move" in (region := prompt_region(term)) and first_words in region,
            f"seat {decision.seat + 1}'s prompt: {decision.prompt!r}",
        )
        if before is not None:
            before(term)
        bells = term.raw.count(BELL)
        sent = self._waiting_words()  # the app waits for the table's first question, as it was
        wanted = self.intent(decision)
        *first, last = self._key_presses(decision.seat, decision, wanted)
        term.press(*first)
        pressed = time.monotonic()
        term.press(last)
        self.mirror.decide(decision.seat, wanted)
        self.decided += 1
        self._follow_keys()
        self.play_bots()
        served = self._waiting_words()
        known = served != sent or self.mirror.decision_for(decision.seat) is not None

        def shown() -> bool:
            if term.raw.count(BELL) > bells:  # the seat's next question
                return True
            words = prompt_words(term)
            return served in words if known else "Your move" not in words

        term.wait_until(shown, f"the table's answer to {decision.prompt!r}: {served!r}")
        return time.monotonic() - pressed if known else None

    def _waiting_words(self) -> str:
        """What a seat without a question reads in its prompt now (as an English screen
        writes it out, game.GameScreen._waiting_text): whom the table waits for, or its end."""
        table = self.mirror
        if table.over:
            return "Game over."
        pending = next(iter(table.decisions()), None)
        if pending is None:
            return "Rolling the dice..."
        seat = table.seats[pending.seat]
        who = f"{seat.name} (bot)" if seat.kind is SeatKind.BOT else seat.name
        return f"Waiting for {who} to {decision_label(table.game.id, pending.name)}."

    def secrets(self, seat: int, other: int, most: int = 30) -> set[str]:
        """What `seat`'s log tells it alone, as `other` may not read it: of each of its lines
        that differs from the public one, the part after what they share (at most `most`
        cells), when no line `other` may read holds it."""
        table = self.mirror
        theirs = [line for _, line in table.narration(other)]
        found: set[str] = set()
        for index in range(len(table)):
            mine = table.entry_narration(index, seat)
            public = table.public_narration(index)
            for line, said in zip(mine, public, strict=True):
                if line == said:
                    continue
                shared = next(
                    (i for i, (a, b) in enumerate(zip(line, said, strict=False)) if a != b),
                    min(len(line), len(said)),
                )
                part = line[line.rfind(" ", 0, shared) + 1 :]
                while cell_len(part) > most:  # fits a row of the log, wide characters too
                    part = part[:-1]
                part = part.strip()
                if part and not any(part in other_line for other_line in theirs):
                    found.add(part)
        return found


def assert_secret_kept(play: TablePlay, seat: int, from_seat: int) -> None:
    """Nothing `seat`'s log tells it alone reaches `from_seat`'s terminal; the check sees such
    text: it does reach `seat`'s own (both terminals are wide enough that a log line is one
    row, so a line on screen is a run of bytes)."""
    secrets = play.secrets(seat, from_seat)
    assert secrets, "the game had no secret of that seat"
    assert [words for words in secrets if words.encode() in play.terms[from_seat].raw] == []
    assert any(words.encode() in play.terms[seat].raw for words in secrets)
