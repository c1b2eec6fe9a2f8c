"""A whole game of Dangerous at 80x24 by keyboard alone: from the first decision to the results,
against a bot and in the hot seat (through the secret final parties), with no dead end.

The driver plays like a person at the keyboard: it decides what it wants (the heuristic bot's
choice from the seat's own view, so the game moves on), then says it with keys only, varying
how (a digit, or arrows and Enter; digits or Space to toggle; moving cards in an order with
Left/Right, [ ], Shift+Up/Down, Home, f or Space-and-arrows). It reads the prompt's cursor, marks
and order as a person reads them off the screen, and checks the table recorded what was meant.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from tuikit import SIZE, make_app, page_text, screen_text, settle, weakest_party_instead

from core.decisions import Choice, Decision, DecisionKind
from core.games import get_game
from core.games.dangerous.bot import DangerousBot
from core.games.dangerous.view import Board
from core.log import DecisionEntry
from core.table import Seat, SeatKind, Table, new_table
from tui.screens.cards import CardsScreen
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.screens.gameover import GameOverScreen
from tui.widgets.log import LogPanel
from tui.widgets.prompt import DecisionPrompt

PRESS_LIMIT = 2000
ANSWER_PAUSES = 20
"""The most pauses waited for the table to record an answer given by keys."""
AKI_VS_BOT = (Seat("Aki"), Seat("Bot 2", SeatKind.BOT, "heuristic"))
BOT_SEED = 891
BOT_TURNS = 2
"""A game of 22 decisions at the keyboard with all twelve kinds of decision that seed 2 with
three turns asked (32 decisions), and two more (ambush-item, boss-card)."""
BOT_GAME_ASKS = frozenset(
    [
        "act-first",
        "after-dice",
        "ambush-item",
        "ap",
        "boss",
        "boss-card",
        "capture",
        "final-order",
        "final-party",
        "flee",
        "meeting-ability",
        "move",
        "order",
        "target",
    ]
)
"""The kinds of decision that game asks at the keyboard (asserted: a change of rules that asks
fewer fails the test, rather than quietly testing less)."""
HOT_SEAT = (Seat("Aki"), Seat("Ben"))
HOT_SEED = 619
HOT_TURNS = 2
"""A game of 49 decisions at the keyboard with all sixteen kinds of decision that seed 2 with
three turns asked (94 decisions), and three more (ambush-item, ambush-item-target,
ambush-target)."""
HOT_SEAT_ASKS = frozenset(
    [
        "ability",
        "act-first",
        "after-dice",
        "ambush-item",
        "ambush-item-target",
        "ambush-target",
        "ap",
        "boss-card",
        "capture",
        "field",
        "final-order",
        "final-party",
        "flee",
        "heal",
        "meeting-ability",
        "move",
        "order",
        "slow",
        "target",
    ]
)
"""The kinds of decision that game asks at the keyboard (asserted, as BOT_GAME_ASKS)."""


def dg_table(seats: tuple[Seat, ...], seed: int, turn_limit: int = 3) -> Table:
    return new_table(get_game("dangerous"), seats, {"turn_limit": turn_limit}, seed)


Intent = Callable[[Table, Decision], Choice]
# Called with the driver and the game screen before each answer (to look around by keys).
Look = Callable[["Driver", GameScreen, Decision], Awaitable[None]]


def heuristic(table: Table, decision: Decision) -> Choice:
    """What the player means to do: the heuristic bot's choice from the seat's own view."""
    rng = random.Random(f"person:{table.seed}:{len(table)}")
    return DangerousBot().choose(table.view(decision.seat), decision, rng)


@dataclass
class Driver:
    """Plays every human decision of the game by keys; counts the key presses."""

    pilot: Pilot[Any]
    intent: Intent = heuristic
    look: Look | None = None
    presses: int = 0
    decided: int = 0
    curtains: list[tuple[str, str]] = field(default_factory=list)  # (player, building/play)
    kinds: set[DecisionKind] = field(default_factory=set)
    names: set[str] = field(default_factory=set)

    async def press(self, *keys: str) -> None:
        self.presses += len(keys)
        await self.pilot.press(*keys)

    def _stuck(self, why: str) -> AssertionError:
        app = self.pilot.app
        screen = app.screen
        decision = screen.session.my_decision() if isinstance(screen, GameScreen) else None
        what = f"{decision.name} ({decision.kind.name}): {decision.prompt}" if decision else "-"
        return AssertionError(
            f"{why} after {self.presses} presses; decision: {what}; screen "
            f"{type(screen).__name__}:\n{screen_text(app)}"
        )

    async def play(self, until: Callable[[Any], bool] | None = None) -> None:
        """Answer, pass curtains and wait for bots until the results show (or `until`)."""
        app = self.pilot.app
        idle = 0
        while self.presses < PRESS_LIMIT:
            await settle(self.pilot)
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                return
            if until is not None and until(screen):
                return
            if isinstance(screen, CurtainScreen):
                final = self._table().view(None).board.final
                phase = "building" if final is not None and not final.revealed else "play"
                self.curtains.append((screen.player, phase))
                await self.press("enter")
                continue
            if not isinstance(screen, GameScreen):
                raise self._stuck("an unexpected screen is up")
            decision = screen.session.my_decision()
            if decision is None:
                idle += 1
                if idle > 50:
                    raise self._stuck("nothing to decide, no bot to play, no curtain")
                await self.pilot.pause(0.01)
                continue
            idle = 0
            if self.look is not None:
                await self.look(self, screen, decision)
            await self.answer(screen, decision)
        raise self._stuck(f"the game did not end within {PRESS_LIMIT} presses")

    def _table(self) -> Table:
        app: Any = self.pilot.app
        for screen in app.screen_stack:
            if isinstance(screen, GameScreen):
                table: Table = screen.session.table
                return table
        raise AssertionError("no game screen")

    async def answer(self, screen: GameScreen, decision: Decision) -> None:
        table = screen.session.table
        prompt = screen.query_one(DecisionPrompt)
        assert prompt.decision == decision, "the prompt does not show the pending decision"
        wanted = decision.normalise(self.intent(table, decision))
        before = len(table)
        style = self.decided % 3
        if decision.kind in (DecisionKind.CHOOSE_ONE, DecisionKind.CONFIRM):
            ids = [option.id for option in decision.options]
            await self._choose_one(prompt, ids.index(wanted), style)
        elif decision.kind is DecisionKind.CHOOSE_SEVERAL:
            assert isinstance(wanted, tuple)
            ids = [option.id for option in decision.options]
            await self._choose_several(prompt, {ids.index(i) for i in wanted}, style)
        elif decision.kind is DecisionKind.ORDER:
            assert isinstance(wanted, tuple)
            ids = [option.id for option in decision.options]
            await self._order(prompt, [ids.index(i) for i in wanted], style)
        else:
            raise self._stuck(f"no keys for a {decision.kind.name} decision")
        await self._recorded(table, before)
        if len(table) <= before:
            raise self._stuck(f"the keys did not answer (error: {prompt.error!r})")
        entry = table.log[before]
        assert entry == DecisionEntry(decision.seat, decision.name, wanted), (entry, wanted)
        self.decided += 1
        self.kinds.add(decision.kind)
        self.names.add(decision.name)

    async def _recorded(self, table: Table, before: int) -> None:
        """Wait until the table holds the answer (the last key's handler records it, mostly
        before the press returns), at most ANSWER_PAUSES pauses: not a pause every answer,
        since the next `settle` pauses before anything else is read."""
        for _ in range(ANSWER_PAUSES):
            if len(table) > before:
                return
            await self.pilot.pause()

    async def _walk(self, prompt: DecisionPrompt, row: int) -> None:
        """Arrows from the cursor (as the screen shows it) to `row`."""
        step = "down" if row > prompt.cursor else "up"
        await self.press(*[step] * abs(row - prompt.cursor))
        assert prompt.cursor == row

    async def _key(self, prompt: DecisionPrompt, index: int) -> None:
        """Option `index`'s key, digit by digit (then Enter if a longer key could follow)."""
        await self.press(*str(prompt.key_of(index)))
        if prompt.typed:
            await self.press("enter")

    async def _choose_one(self, prompt: DecisionPrompt, index: int, style: int) -> None:
        """By its key (style 0; style 2 too for keys of two digits), or by arrows and Enter
        (style 1) or Space (style 2)."""
        if style == 0 or (style == 2 and prompt.key_of(index) >= 10):
            await self._key(prompt, index)
            return
        row = prompt.rows.index(index)
        if row == 0 and style == 1:
            await self.press("home", "enter")
            return
        await self._walk(prompt, row)
        await self.press("space" if style == 2 else "enter")

    async def _choose_several(self, prompt: DecisionPrompt, wanted: set[int], style: int) -> None:
        for index in sorted(wanted ^ prompt.selected):
            if style != 1:
                await self._key(prompt, index)
            else:
                await self._walk(prompt, prompt.rows.index(index))
                await self.press("space")
        assert prompt.selected == wanted, (prompt.selected, wanted)
        await self.press("enter")

    async def _order(self, prompt: DecisionPrompt, wanted: list[int], style: int) -> None:
        """Put the cards in order front first: fetch each one forward to its place."""
        for place, item in enumerate(wanted):
            row = prompt.order.index(item)
            if row == place:
                continue
            await self._walk(prompt, row)
            distance = row - place
            if place == 0 and style == 0:
                await self.press("f")
            elif place == 0 and style == 1:
                await self.press("home")
            elif style == 2:
                await self.press("space", *["up"] * distance, "space")
            else:
                keys = ("left", "left_square_bracket", "shift+up")
                await self.press(*(keys[(place + n) % 3] for n in range(distance)))
            assert prompt.order.index(item) == place, (prompt.order, wanted)
        assert prompt.order == wanted
        await self.press("enter")


async def test_a_whole_game_against_a_bot_by_keyboard(tmp_path: Path) -> None:
    table = dg_table(AKI_VS_BOT, seed=BOT_SEED, turn_limit=BOT_TURNS)
    app = make_app(tmp_path, table=table, save_path=tmp_path / "full.toml")
    async with app.run_test(size=SIZE) as pilot:
        driver = Driver(pilot)
        await driver.play()
        assert table.over and isinstance(app.screen, GameOverScreen)
        text = screen_text(app)
        assert "Game over" in text and "Aki" in text and "Bot 2" in text
        result = table.result()
        assert result is not None and str(result.summary)[:20] in text
    print(f"\n{driver.decided} decisions by {driver.presses} presses; {sorted(driver.names)}")
    assert driver.decided >= 10
    assert {DecisionKind.CHOOSE_ONE, DecisionKind.ORDER} <= driver.kinds
    assert "final-party" in driver.names
    assert driver.names >= BOT_GAME_ASKS, sorted(BOT_GAME_ASKS - driver.names)


@dataclass
class Sights:
    """What each seat's screen showed while the final parties were secret, looked at by keys:
    the screen, the whole log and every page of the card viewer (c opens it, Escape closes)."""

    seen: list[tuple[int, str, str]] = field(default_factory=list)  # (seat, decision, all text)

    async def __call__(self, driver: Driver, screen: GameScreen, decision: Decision) -> None:
        view = screen.session.view()
        assert view is not None and isinstance(view.board, Board)
        final = view.board.final
        if final is None or final.revealed:
            return
        seat = screen.session.looking
        assert seat is not None and seat == decision.seat
        app = driver.pilot.app
        shown = screen_text(app)
        log = screen.query_one(LogPanel).text
        await driver.press("c")
        cards = app.screen
        assert isinstance(cards, CardsScreen)
        pages = [f"{title}\n{page_text(body)}" for title, body in cards.pages]
        await driver.press("escape")
        assert app.screen is screen
        # The secret party shows to its owner only: on the board and on the owner's page.
        if "Your secret party" in shown:
            assert final.own
        for page in pages:
            mine = page.startswith(f"{'AB'[seat]} ")
            assert ("secret" in page.lower()) == (mine and bool(final.own)), page
        other = screen.session.table.seats[1 - seat].name
        assert f"{other} chooses a final party." in log or decision.name == "final-party"
        self.seen.append((seat, decision.name, "\n".join([shown, log, *pages])))


def first_build(table: Table) -> int:
    """The place in the log of the first final-party answer."""
    for number, entry in enumerate(table.log):
        if isinstance(entry, DecisionEntry) and entry.decision == "final-party":
            return number
    raise AssertionError("nobody built a final party")


async def test_a_whole_hot_seat_game_by_keyboard(tmp_path: Path) -> None:
    table = dg_table(HOT_SEAT, seed=HOT_SEED, turn_limit=HOT_TURNS)
    app = make_app(tmp_path, table=table, save_path=tmp_path / "hot.toml")
    sights = Sights()
    async with app.run_test(size=SIZE) as pilot:
        driver = Driver(pilot, look=sights)
        await driver.play()
        assert table.over and isinstance(app.screen, GameOverScreen)
        text = screen_text(app)
        assert "Game over" in text and "Aki" in text and "Ben" in text
    print(f"\n{driver.decided} decisions by {driver.presses} presses; {sorted(driver.names)}")
    assert {"final-party", "final-order"} <= driver.names
    assert driver.names >= HOT_SEAT_ASKS, sorted(HOT_SEAT_ASKS - driver.names)
    assert {seat for seat, name, _ in sights.seen if name == "final-party"} == {0, 1}

    # The first builder's party is secret: the screen goes dark before the other builds...
    first = first_build(table)
    builder = table.log[first]
    assert isinstance(builder, DecisionEntry)
    other = 1 - builder.seat
    building = [player for player, phase in driver.curtains if phase == "building"]
    assert table.seats[other].name in building, driver.curtains
    # ...and whatever the other's screen showed until the reveal (board, prompt, log, every
    # card page) is the same when the first builder takes other cards, or it told them
    # something. The same game up to that choice, then the weakest cards instead:
    before = [(name, text) for seat, name, text in sights.seen if seat == other]
    assert [name for name, _ in before] == ["final-party", "final-order"]
    again = weakest_party_instead(table, first)
    app = make_app(tmp_path, table=again, save_path=None)
    after = Sights()
    async with app.run_test(size=SIZE) as pilot:

        def revealed(screen: Any) -> bool:
            final = again.view(None).board.final
            return final is not None and final.revealed

        await Driver(pilot, look=after).play(until=revealed)
    seen = [(name, text) for seat, name, text in after.seen if seat == other]
    assert seen == before, "another choice of secret party changed what the other player saw"
