"""Dangerous at the TUI: the map, the AP board, party ordering, battles, the final battle, the
card viewer, the replay and the hot-seat curtain during the secret party building (80x24)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from tuikit import (
    SIZE,
    first_available,
    make_app,
    press_option,
    read_log,
    screen_text,
    settle,
    shown_after,
    squashed,
)

from core.decisions import ActingFor, Decision, DecisionKind, Option
from core.games import get_game
from core.games.dangerous.content import content
from core.games.dangerous.view import Board, CombatView
from core.runner import BotDriver
from core.simulate import bot_options
from core.table import Seat, SeatKind, Table, new_table, replay
from tui.screens.cards import CardsScreen
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.screens.gameover import GameOverScreen
from tui.screens.replay import ReplayScreen
from tui.widgets.board import BoardPanel
from tui.widgets.gridmap import GridMap
from tui.widgets.gridmodel import fitted
from tui.widgets.log import LogPanel
from tui.widgets.prompt import DecisionPrompt

AKI_AND_BOTS = (
    Seat("Aki"),
    Seat("Bot 2", SeatKind.BOT, "heuristic"),
    Seat("Bot 3", SeatKind.BOT, "heuristic"),
)
AKI_VS_BOT = (Seat("Aki"), Seat("Bot 2", SeatKind.BOT, "heuristic"))
HOT_SEAT = (Seat("Aki"), Seat("Ben"), Seat("Bot 3", SeatKind.BOT, "heuristic"))


def dg_table(seats: tuple[Seat, ...] = AKI_AND_BOTS, seed: int = 5, **options: Any) -> Table:
    return new_table(get_game("dangerous"), seats, dict(options), seed)


def board_of(app: Any) -> Board:
    screen = app.screen
    assert isinstance(screen, GameScreen)
    view = screen.session.view()
    assert view is not None and isinstance(view.board, Board)
    return view.board


async def answer(pilot: Pilot[Any], decision: Decision) -> None:
    """Answer by keys: Enter keeps an order, keys choose the first options that can be."""
    if decision.kind is DecisionKind.ORDER:
        await pilot.press("enter")
    elif decision.kind is DecisionKind.CHOOSE_SEVERAL:
        open_ = [i for i, option in enumerate(decision.options) if option.available]
        for index in open_[: decision.min_count]:
            await press_option(pilot, index)
        await pilot.press("enter")
    else:
        await press_option(pilot, first_available(decision))


Respond = Callable[[Pilot[Any], Decision], Awaitable[None]]


async def keep_ap(pilot: Pilot[Any], decision: Decision) -> None:
    """As `answer`, but decline every before-meeting ability (they spend AP): Done."""
    if decision.name == "meeting-ability":
        await press_option(pilot, len(decision.options) - 1)
    else:
        await answer(pilot, decision)


async def drive(
    pilot: Pilot[Any],
    until: Callable[[GameScreen, Decision | None], bool],
    limit: int = 300,
    respond: Respond = answer,
) -> GameScreen:
    """Answer every question of the human(s) with `respond`, passing curtains, until `until`
    holds."""
    app = pilot.app
    for _ in range(limit):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, CurtainScreen):
            await pilot.press("enter")
            continue
        assert isinstance(screen, GameScreen), screen
        decision = screen.session.my_decision()
        if until(screen, decision):
            return screen
        if decision is None:
            raise AssertionError("nothing to decide and the condition never held")
        await respond(pilot, decision)
    raise AssertionError("the condition never held")


Condition = Callable[[GameScreen, Decision | None], bool]


def named(name: str) -> Condition:
    return lambda screen, decision: decision is not None and decision.name == name


def battle_where(
    test: Callable[[CombatView], bool],
) -> Callable[[GameScreen, Decision | None], bool]:
    """A condition for `drive`: a battle is on and `test` holds for it."""

    def holds(screen: GameScreen, decision: Decision | None) -> bool:
        view = screen.session.view()
        fight = view.board.combat if view is not None else None
        return fight is not None and test(fight)

    return holds


def board_text(app: Any) -> str:
    return "\n".join(line[:47] for line in screen_text(app).splitlines()[6:23])


async def test_map_shows_pieces_tokens_and_bosses(tmp_path: Path) -> None:
    app = make_app(tmp_path, table=dg_table(), save_path=tmp_path / "d.toml")
    async with app.run_test(size=SIZE) as pilot:
        screen = await drive(pilot, named("move"))
        panel = screen.query_one(BoardPanel)
        assert panel.mode == "map" and panel.outer_size.width == 48
        text = screen_text(app)
        board = board_text(app)
        for boss in ("BAN", "CLS", "COU", "DOJ", "OLD"):
            assert boss in board
        assert "--" in board and "|" in board and "*" in board
        # Every piece is on the map, and the players panel is the legend.
        for letter, name in zip("ABC", ("Aki", "Bot 2", "Bot 3")):
            assert f"{letter} {name}" in text
        row, col = _spring(board)
        assert "A" in board.splitlines()[row][col - 2 : col + 4]
        # The prompt still fits beside the map.
        assert "Your move" in text and "movement" in text
        # Cycle the views: decks and bosses, AP board, battle, back to the map.
        await pilot.press("b")
        assert panel.mode == "table" and "LV1 deck" in screen_text(app)
        assert "森 Forest" in screen_text(app)
        await pilot.press("b")
        assert panel.mode == "ap" and "移動力 Movement" in screen_text(app)
        await pilot.press("b", "b")
        assert panel.mode == "map"
        # Wide: the board takes the body and the map the keys (the move is chosen there); on
        # a view without the squares, the prompt waits behind w.
        await pilot.press("w")
        assert panel.outer_size.width == 80 and "choose here" in screen_text(app)
        assert isinstance(app.focused, GridMap)
        await pilot.press("b")
        assert "your move is waiting" in screen_text(app)
        await pilot.press("b", "b", "b", "w")
        assert panel.outer_size.width == 48 and "Your move" in screen_text(app)
        # The map keeps the keys beside the prompt; m gives them back to the prompt.
        assert isinstance(app.focused, GridMap)
        await pilot.press("m")
        assert isinstance(app.focused, DecisionPrompt)


def board_runs(app: Any, attribute: str) -> list[str]:
    """The runs of text in the board panel (its first 48 columns) drawn with `attribute`
    (underline, reverse...), one per stretch of neighbouring cells."""
    runs: list[str] = []
    for strip in app.screen._compositor.render_strips()[6:23]:
        run, column = "", 0
        for segment in strip:
            marked = column < 48 and bool(getattr(segment.style, attribute, False))
            if marked:
                run += segment.text
            elif run:
                runs.append(run)
                run = ""
            column += segment.cell_length
        if run:
            runs.append(run)
    return [run.strip() for run in runs]


def drawn(grid: GridMap, option: Option) -> str:
    """The text of the cell `option` names, as the map draws it now."""
    assert option.at is not None and grid.placement is not None
    return "".join(glyph.text for glyph in fitted(grid.model.cells[option.at], grid.placement.cell))


async def test_move_options_are_marked_on_the_map(tmp_path: Path) -> None:
    app = make_app(tmp_path, table=dg_table(), save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        screen = await drive(pilot, named("move"))
        panel = screen.query_one(BoardPanel)
        grid = screen.query_one(GridMap)
        decision = screen.session.my_decision()
        assert decision is not None and panel.mode == "map"
        # The squares come first (each at its cell), then reordering, abilities and items.
        squares = [option for option in decision.options if option.at is not None]
        assert len(squares) >= 3 and squares == list(decision.options[: len(squares)])
        spaces = content().board.spaces
        for option in squares:
            space = spaces[str(option.id)]
            assert option.at == (space.x, space.y)
        # The prompt's cursor moves the map's.
        await pilot.press("down")
        await pilot.pause()
        assert grid.index == 1 and grid.marks.cursor == squares[1].at
        # The option under the cursor is reversed (and bracketed where it has the room)...
        assert drawn(grid, squares[1]) in board_runs(app, "reverse")
        if len(drawn(grid, squares[1])) == 1:
            assert f"[{drawn(grid, squares[1])}]" in board_text(app)
        # ...every other square the move may reach is underlined.
        underlined = board_runs(app, "underline")
        for option in squares:
            if option != squares[1]:
                assert drawn(grid, option) in underlined, (option.id, underlined)
        # Wide, the line under the map names the square at the cursor in full.
        await pilot.press("up", "w")
        await pilot.pause()
        first = spaces[str(squares[0].id)]
        assert panel.wide and f"cursor: {first.name} {first.english}" in screen_text(app)
        assert str(squares[0].detail)[:8] in screen_text(app)
        # Another view by hand holds while the cursor moves.
        await pilot.press("w", "b", "down")
        await pilot.pause()
        assert panel.mode == "table" and grid.index == 1
        await pilot.press("b", "b", "b")
        assert panel.mode == "map" and grid.marks.cursor == squares[1].at


def _spring(board: str) -> tuple[int, int]:
    for row, line in enumerate(board.splitlines()):
        for marker in ("SA", "SPR", "S"):
            col = line.find("--" + marker)
            if col >= 0 and line.count("|") == 0:
                return row, col + 2
    raise AssertionError(f"no spring on the map:\n{board}")


async def test_ap_board_during_the_meeting(tmp_path: Path) -> None:
    app = make_app(tmp_path, table=dg_table(), save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        screen = await drive(pilot, named("ap"))
        assert screen.query_one(BoardPanel).mode == "ap"
        text = screen_text(app)
        for action in content().actions:
            assert action.name in text
        assert "AP left" in text and "/6" in text  # movement's cap with 3 players
        await pilot.press("1")  # one AP on movement
        await settle(pilot)
        assert "A1" in screen_text(app)


async def test_party_ordering_by_keyboard(tmp_path: Path) -> None:
    table = dg_table()
    app = make_app(tmp_path, table=table, save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        screen = await drive(pilot, named("order"))
        decision = screen.session.my_decision()
        assert decision is not None and decision.kind is DecisionKind.ORDER
        first, second, third = (str(option.id) for option in decision.options)
        text = screen_text(app)
        assert "1. Lv1" in text and "Up/Down select" in text
        # The selected card's ability in full below the list.
        ability = content().card(first).ability
        assert ability in text
        await pilot.press("down", "left")  # the second card to the front
        await pilot.press("down", "down", "f")  # the third card to the front
        await pilot.press("down", "]")  # the old first card (now second) one place back
        await pilot.press("enter")
        await settle(pilot)
        expected = (third, first, second)
        assert table.view(0).board.players[0].party == expected
        log = screen.query_one(LogPanel).text
        names = [content().card(card).name for card in expected]
        assert f"Aki lines up: {names[0]} (Lv1), {names[1]} (Lv1) and {names[2]} (Lv1)." in log


async def test_a_whole_battle_followed_in_the_battle_view(tmp_path: Path) -> None:
    table = dg_table()
    app = make_app(tmp_path, table=table, save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        screen = await drive(pilot, battle_where(lambda fight: True))
        panel = screen.query_one(BoardPanel)
        combat = board_of(app).combat
        assert combat is not None and panel.mode == "battle"
        text = screen_text(app)
        assert "fight" in text and "Battle log" in text
        front = content().card(combat.rows[0][0]).name
        assert front in text
        # Follow it to its end: the log grows, the battle view stays up.
        for _ in range(60):
            combat = board_of(app).combat
            if combat is None:
                break
            assert panel.mode == "battle" and str(combat.log[-1])[:6] in screen_text(app)
            decision = screen.session.my_decision()
            assert decision is not None  # bots never leave a battle half-done
            # The banner is there exactly when the core says the seat acts for the enemy.
            acting = decision.acting_for is not None
            assert acting == ("You act for the ENEMY" in screen_text(app))
            await answer(pilot, decision)
            await settle(pilot)
        last = board_of(app).last_battle
        assert last
        # Back on the map; the battle view keeps the last battle.
        while panel.mode != "battle":
            await pilot.press("b")
        text = screen_text(app)
        assert "Last battle" in text and str(last[0])[:8] in text


async def test_enemy_controller_is_told(tmp_path: Path) -> None:
    """The banner comes from the decision's acting_for: the side and the seat it plays
    against (Aki plays the enemy in a bot's battle)."""
    table = dg_table()
    app = make_app(tmp_path, table=table, save_path=None)
    async with app.run_test(size=SIZE) as pilot:

        def for_enemy(screen: GameScreen, decision: Decision | None) -> bool:
            return decision is not None and decision.acting_for is not None

        screen = await drive(pilot, for_enemy, limit=600)
        decision = screen.session.my_decision()
        combat = board_of(app).combat
        assert decision is not None and decision.acting_for is not None and combat is not None
        assert decision.acting_for == ActingFor("enemy", against=combat.seats[0])
        assert decision.seat == combat.seats[1] != combat.seats[0]
        banner = f"You act for the ENEMY against {table.names[combat.seats[0]]}."
        assert screen.query_one(DecisionPrompt).banner == banner
        text = screen_text(app)
        # The banner wraps at 80x24: "You act for the ENEMY / against Bot 3."
        assert (
            "You act for the ENEMY" in text and f"against {table.names[combat.seats[0]]}." in text
        )
        # The options stay in sight below the long question (here who acts first, R15).
        assert decision.name == "act-first"
        assert "1. Act first" in text and "2. Let the others act" in text


async def test_final_battle_against_a_bot(tmp_path: Path) -> None:
    table = dg_table(AKI_VS_BOT, seed=3, turn_limit=1)
    app = make_app(tmp_path, table=table, save_path=tmp_path / "f.toml")
    async with app.run_test(size=SIZE) as pilot:
        screen = await drive(pilot, named("final-party"))
        panel = screen.query_one(BoardPanel)
        assert panel.mode == "battle" and "Final battle" in screen_text(app)
        decision = screen.session.my_decision()
        assert decision is not None
        await answer(pilot, decision)
        screen = await drive(pilot, named("final-order"))
        final = board_of(app).final
        assert final is not None and final.own
        if len(final.own) > 1:
            assert "Your secret party" in screen_text(app)
        # The card viewer shows the secret party to its owner.
        await pilot.press("c")
        assert isinstance(app.screen, CardsScreen)
        assert "Your secret final party" in screen_text(app)
        await pilot.press("right")
        assert "Bot 2" in screen_text(app) and "Your secret" not in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        for _ in range(200):
            await settle(pilot)
            if isinstance(app.screen, GameOverScreen):
                break
            decision = screen.session.my_decision()
            assert decision is not None
            if board_of(app).combat is not None:
                assert "Final duel" in screen_text(app)
            await answer(pilot, decision)
        assert table.over and isinstance(app.screen, GameOverScreen)


async def hot_seat_at(
    pilot: Pilot[Any], name: str, respond: Respond = answer
) -> tuple[GameScreen, int, int]:
    """Play a two-player hot-seat game on to decision `name`: the screen, the seat at it and
    the other player."""
    screen = await drive(pilot, named(name), respond=respond)
    first = screen.session.looking
    assert first is not None
    return screen, first, 1 - first


async def test_hot_seat_curtain_during_the_secret_final_parties(tmp_path: Path) -> None:
    table = dg_table(HOT_SEAT, seed=4, turn_limit=1)
    app = make_app(tmp_path, table=table, save_path=tmp_path / "h.toml")
    async with app.run_test(size=SIZE) as pilot:
        screen, first, other = await hot_seat_at(pilot, "final-party")
        decision = screen.session.my_decision()
        assert decision is not None
        await answer(pilot, decision)
        await settle(pilot)
        # The screen goes dark before the other player may build theirs.
        assert isinstance(app.screen, CurtainScreen)
        assert table.seats[other].name in screen_text(app)
        secret = [content().card(c).name for c in table.view(first).board.final.own or ()]
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and screen.session.looking == other
        final = board_of(app).final
        assert final is not None and final.own is None and not final.revealed
        text = screen_text(app)
        assert "Your secret party" not in text
        # The other's choice is neither on the board nor in the log.
        log = screen.query_one(LogPanel).text
        assert f"{table.seats[first].name} chooses a final party." in log
        assert not any(f"You choose {name}" in log for name in secret)
        await pilot.press("c")
        assert "Your secret final party" not in screen_text(app)
        await pilot.press("escape")
        # Undo at this screen cannot reopen the first player's secret choice (issue 7).
        assert not table.can_undo(first) and not table.can_undo(other)
        entries = len(table)
        await pilot.press("u")
        await pilot.pause()
        assert len(table) == entries and screen.session.looking == other
        assert f"cannot undo: {table.seats[first].name} has decided" in screen_text(app)
        # The seat at the screen builds and orders its party without a curtain in between.
        decision = screen.session.my_decision()
        assert decision is not None and decision.name == "final-party"
        await answer(pilot, decision)
        await settle(pilot)
        if isinstance(app.screen, GameScreen):
            assert screen.session.looking == other
            decision = screen.session.my_decision()
            assert decision is not None and decision.name == "final-order"
            await answer(pilot, decision)
            await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        assert table.seats[first].name in screen_text(app)


async def test_hot_seat_passes_the_public_meeting_without_the_curtain(tmp_path: Path) -> None:
    """Placing AP in the strategy meeting is public: the keyboard goes from one player to the
    other with no curtain in between, and the screen says whose it is (issue 9, item 8)."""
    table = dg_table(HOT_SEAT, seed=4)
    app = make_app(tmp_path, table=table, save_path=tmp_path / "h.toml")
    async with app.run_test(size=SIZE) as pilot:
        # Both players keep their AP (before-meeting abilities spend them), so both place.
        screen, _, other = await hot_seat_at(pilot, "ap", keep_ap)
        for _ in range(12):  # a few placements, until the other player's turn to place
            decision = screen.session.my_decision()
            assert decision is not None and decision.name == "ap"
            await answer(pilot, decision)
            await settle(pilot)
            assert isinstance(app.screen, GameScreen), "a curtain over a public move"
            if screen.session.looking == other:
                break
        assert screen.session.looking == other
        decision = screen.session.my_decision()
        assert decision is not None and decision.name == "ap" and decision.seat == other
        assert f"you are {table.seats[other].name}" in screen_text(app)


async def test_a_continued_hot_seat_game_shows_the_newest_log_lines(tmp_path: Path) -> None:
    """The log is filled while the screen is laid out for nobody (behind the curtain): after
    Enter it shows its newest line, wrapped to the panel, and still does after a resize."""
    bots = tuple(Seat(f"Bot {n}", SeatKind.BOT, "heuristic") for n in (1, 2))
    played = dg_table(bots, seed=2, turn_limit=3)
    driver = BotDriver(played)
    for _ in range(60):
        driver.play_one()
    seats = (Seat("Aki"), Seat("Ben"))
    table = replay(Table(played.game, seats, played.options, played.seed), played.log)
    app = make_app(tmp_path, table=table, save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        await settle(pilot)
        log = app.screen.query_one(LogPanel)
        assert log.virtual_size.height > 2 * log.size.height
        for size in (SIZE, (120, 30), (90, 24), SIZE):
            await pilot.resize_terminal(*size)
            await pilot.pause()  # laid out at the new size ...
            await pilot.pause()  # ... and, on the Resize event, wrapped again
            # The newest lines in sight, each whole: wrapped to the panel, nothing cut off.
            shown = read_log(app, log)
            assert shown and shown == squashed(log.shown[-len(shown) :]), size
            assert log.scroll_y == log.max_scroll_y, size


def finished_game(seed: int = 3) -> Table:
    seats = tuple(Seat(f"Bot {n}", SeatKind.BOT, "heuristic") for n in range(1, 4))
    game = get_game("dangerous")
    table = new_table(game, seats, bot_options(game)[0], seed)
    BotDriver(table).play_until_human()
    assert table.over
    return table


async def test_replay_shows_battles_and_cards(tmp_path: Path) -> None:
    table = finished_game()
    fights = [p for p in range(len(table)) if table.view_at(p, None).board.combat is not None]
    app = make_app(tmp_path, replay=table)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("home", *["right"] * fights[0])
        panel = screen.query_one(BoardPanel)
        assert panel.mode == "battle" and "Battle log" in screen_text(app)
        # Step through the battle: the dice and the result show as they come.
        rolled = next(p for p in fights if any(table.view_at(p, None).board.combat.dice))
        await pilot.press(*["right"] * (rolled - fights[0]))
        assert "dice [" in screen_text(app)
        await pilot.press("end")
        # The end of the game: the last battle's newest line above the final battle's parties
        # at the bottom, where the view stays scrolled.
        text = screen_text(app)
        last = table.view_at(len(table), None).board.last_battle
        assert str(last[-1])[:8] in text and "Final battle" in text
        assert text.index(str(last[-1])[:8]) < text.index("Final battle")
        await pilot.press("c")
        assert isinstance(app.screen, CardsScreen)
        assert "party, front first" in screen_text(app) and "Discard pile" in screen_text(app)
        await pilot.press("2")
        assert "Bot 2" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, ReplayScreen)


async def test_a_board_view_after_the_battle_starts_at_its_top(tmp_path: Path) -> None:
    """On a tall screen the battle view, kept at its newest line, sits at the panel's bottom;
    the view after it (stepping back to the start) showed there too, under 27 blank lines."""
    app = make_app(tmp_path, replay=finished_game())
    async with app.run_test(size=(140, 45)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        panel = screen.query_one(BoardPanel)
        assert panel.mode == "battle"
        await pilot.press("home")
        assert panel.mode != "battle"
        lines = screen_text(app).splitlines()
        top = next(i for i, line in enumerate(lines) if "Board: " in line)
        assert "Turn 0" in lines[top + 1], "\n".join(lines[top : top + 6])


async def test_help_has_the_rules_and_board_keys(tmp_path: Path) -> None:
    app = make_app(tmp_path, table=dg_table(), save_path=None)
    async with app.run_test(size=(100, 150)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        text = screen_text(app)
        assert "the board's next view" in text and "cards: every player's cards" in text
        assert "order: to the front" in text and "The rules in short" in text
        assert "strategy meeting" in text


async def test_resizing_keeps_the_map_usable(tmp_path: Path) -> None:
    app = make_app(tmp_path, table=dg_table(), save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        screen = await drive(pilot, named("move"))
        for size in ((120, 40), (80, 24), (100, 30)):
            await pilot.resize_terminal(*size)
            await shown_after(pilot, "OLD", "Your move")
        await pilot.press("w")
        await shown_after(pilot, "OLD")
        assert screen.query_one(BoardPanel).wide
