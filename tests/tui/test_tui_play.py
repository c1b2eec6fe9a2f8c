"""Playing through the keyboard: a whole game, save and continue, the replay, the hot seat."""

from __future__ import annotations

from pathlib import Path

import pytest
from tuikit import (
    SIZE,
    TWO_HUMANS,
    ld_table,
    make_app,
    play_one,
    play_to_end,
    press_option,
    results_read,
    screen_text,
    settle,
)

from core import saves
from core.games.light_and_dark.content import content
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.screens.gameover import GameOverScreen
from tui.screens.replay import ReplayScreen
from tui.screens.setup import SetupScreen
from tui.widgets.log import LogPanel
from tui.widgets.prompt import DecisionPrompt


async def test_whole_game_against_bots_by_keyboard(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = ld_table(seed=11)
    path = tmp_path / "game.toml"
    app = make_app(tmp_path, table=table, save_path=path)
    async with app.run_test(size=SIZE) as pilot:
        decided = await play_to_end(pilot)
        assert decided >= 4
        assert isinstance(app.screen, GameOverScreen)
        result = table.result()
        assert result is not None
        text = screen_text(app)
        assert "Game over" in text and "winner" in text
        for seat in result.winners:
            assert table.seats[seat].name in text
        # The autosave holds the finished game.
        assert len(saves.load(path).table) == len(table)
        # Results, then back to the board, then the results again with g.
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        assert "Press g" in screen_text(app)
        await pilot.press("g")
        assert isinstance(app.screen, GameOverScreen)
        results_read(monkeypatch)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


async def test_setup_starts_a_game_with_the_chosen_seats(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, SetupScreen)
        name = app.screen.query_one("#name-0")
        await pilot.click(name)
        await pilot.press("end", *["backspace"] * 10)
        await pilot.press(*"さくら")
        app.screen.query_one("#seed").value = "42"  # type: ignore[attr-defined]
        await pilot.press("f2")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        table = screen.session.table
        assert table.seed == 42 and table.seats[0].name == "さくら"
        assert [seat.is_human for seat in table.seats] == [True, False, False, False]
        assert "you are さくら" in screen_text(app)
        assert screen.session.save_path is None  # saved from the first decision on
        await press_option(pilot, 0)
        await settle(pilot)
        assert screen.session.save_path is not None and screen.session.save_path.parent == tmp_path


async def test_setup_reports_a_bad_seed_in_one_line(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one("#name-1").value = ""  # type: ignore[attr-defined]
        await pilot.press("f2")
        assert isinstance(app.screen, SetupScreen)
        assert "Cannot start: seat 2 needs a name." in screen_text(app)


async def test_illegal_choice_shows_the_reason_and_loses_nothing(tmp_path: Path) -> None:
    table = ld_table(seed=11)
    app = make_app(tmp_path, table=table, save_path=tmp_path / "g.toml")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        before = len(table)
        await pilot.press("9", "9")  # a claim has 13 options; 9 is legal, so use the prompt API
        screen = app.screen
        assert isinstance(screen, GameScreen)
        decision = screen.session.my_decision()
        assert decision is not None
        prompt = screen.query_one(DecisionPrompt)
        prompt.post_message(DecisionPrompt.Chosen(decision, "no-such-role"))
        await pilot.pause()
        assert "not one of" in screen_text(app)
        assert len(table) >= before


async def test_save_quit_and_continue(tmp_path: Path) -> None:
    table = ld_table(seed=5)
    path = tmp_path / "saved.toml"
    app = make_app(tmp_path, table=table, save_path=path)
    async with app.run_test(size=SIZE) as pilot:
        for step in range(3):
            await play_one(pilot, step)
        await settle(pilot)
        await pilot.press("s")
        await pilot.pause()
        assert path.exists()
        length = len(table)
        view = table.view(0)
        lines = table.narration(0)
        await pilot.press("q")
        await pilot.pause()
    assert app.exit_line == f"Saved to {path}"  # the command line prints it (test_tui_quit)

    loaded = saves.load(path).table
    assert len(loaded) == length
    assert loaded.view(0) == view
    assert loaded.narration(0) == lines

    app2 = make_app(tmp_path, table=loaded, save_path=path)
    async with app2.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app2.screen
        assert isinstance(screen, GameScreen)
        assert screen.session.my_decision() == table.decision_for(0)
        assert screen.query_one(LogPanel).shown == lines
        await play_to_end(pilot)
    assert saves.load(path).table.over


async def test_undo_and_redo_keys(tmp_path: Path) -> None:
    table = ld_table(seed=5, practice=True)
    app = make_app(tmp_path, table=table, save_path=tmp_path / "p.toml")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("r")
        assert "nothing to redo" in screen_text(app)
        before = len(table)
        await play_one(pilot)
        await settle(pilot)
        assert len(table) > before
        await pilot.press("u")
        await settle(pilot)
        assert table.can_redo(0)
        await pilot.press("r")
        await pilot.pause()
        assert len(table) > before


async def test_undo_is_explained_when_impossible(tmp_path: Path) -> None:
    table = ld_table(seed=5)
    app = make_app(tmp_path, table=table, save_path=tmp_path / "g.toml")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not table.can_undo(0)
        await pilot.press("u")
        assert str(table.undo_refusal(0)).startswith("nothing to undo: you have not decided")
        assert "nothing to undo: you have" in screen_text(app)


async def test_an_error_goes_once_the_question_is_answered(tmp_path: Path) -> None:
    """Why a key did nothing stays until the next answer, no longer: it stayed on through
    the waiting for the bots and into the same question asked the next turn."""
    table = ld_table(seed=1)
    app = make_app(tmp_path, table=table, save_path=tmp_path / "g.toml")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        prompt = app.screen.query_one(DecisionPrompt)
        await pilot.press("u")
        assert prompt.error.startswith("nothing to undo")
        asked = prompt.decision
        assert asked is not None and asked.name == "claim"
        before = len(table)
        await press_option(pilot, 0)
        await settle(pilot)
        # The claim again, a turn on (keys, filter and cursor are kept for a question asked
        # again; the error of the one answered is not).
        assert prompt.decision is not None and prompt.decision.name == "claim"
        assert len(table) > before + 1  # answered, and the bots played on
        assert prompt.error == ""
        assert "nothing to undo" not in screen_text(app)


async def test_replay_viewer_steps_and_changes_viewer(tmp_path: Path) -> None:
    table = ld_table(seed=3)
    app = make_app(tmp_path, table=table, save_path=tmp_path / "r.toml")
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot)
        await pilot.press("p")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        end = len(table)
        assert screen.position == end and screen.viewer is None
        await pilot.press("left", "left")
        assert screen.position == end - 2
        await pilot.press("right")
        assert screen.position == end - 1
        await pilot.press("home")
        assert screen.position == 0
        assert f"entry 0 of {end}" in screen_text(app)
        await pilot.press("right", "right", "right")
        assert screen.position == 3
        log = screen.query_one(LogPanel)
        assert log.shown == table.narration(None, upto=3)
        await pilot.press("end")
        assert screen.position == end
        await pilot.press("v")
        assert screen.viewer == 0
        await pilot.press("v", "v", "v")
        assert screen.viewer == 3
        await pilot.press("v")
        assert screen.viewer is None
        await pilot.press("2")
        assert screen.viewer == 1 and "as Bot 2" in screen_text(app)
        await pilot.press("0")
        assert screen.viewer is None
        await pilot.press("question_mark")
        assert "Replay: keys" in screen_text(app)
        await pilot.press("escape")
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


async def test_replay_from_the_command_line_quits_when_left(tmp_path: Path) -> None:
    table = ld_table(seed=3)
    app = make_app(tmp_path, replay=table, replay_viewer=0)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("home", "right")
        assert app.screen.position == 1
        await pilot.press("escape")
        await pilot.pause()
    assert app._exit


async def test_continue_from_the_saves_list(tmp_path: Path) -> None:
    table = ld_table(seed=9)
    saves.write(table, tmp_path / "light-and-dark-1.toml")
    (tmp_path / "broken.toml").write_text('format = "partyline-save"\n', encoding="utf-8")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3")
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = screen_text(app)
        assert "missing field" in text  # the broken save's one-line reason
        assert "Aki, Bot 2, ボブ太郎, Bot 4" in text and "in progress" in text
        rows = app.screen.rows  # type: ignore[attr-defined]
        good = next(index for index, row in enumerate(rows) if row.summary is not None)
        for _ in range(good):
            await pilot.press("down")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("f4")
        await pilot.pause()
        rows = app.screen.rows  # type: ignore[attr-defined]
        good = next(index for index, row in enumerate(rows) if row.summary is not None)
        for _ in range(good):
            await pilot.press("down")
        await pilot.press("enter")  # whose replay: the game is not finished
        await pilot.press("down", "enter")  # Aki, the only player (after the public's view)
        await pilot.press("enter")  # Aki takes the keyboard at the curtain
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.screen.viewer == 0
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


async def test_help_on_the_game_screen(tmp_path: Path) -> None:
    app = make_app(tmp_path, table=ld_table(), save_path=tmp_path / "g.toml")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        text = screen_text(app)
        assert "undo your last decision" in text
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


def role_labels() -> list[str]:
    return [str(role.label) for role in content().roles.values()]


async def test_hot_seat_curtain_hides_everything_until_enter(tmp_path: Path) -> None:
    table = ld_table(TWO_HUMANS, seed=4)
    app = make_app(tmp_path, table=table, save_path=tmp_path / "h.toml")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        handovers = 0
        for step in range(200):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                break
            if isinstance(screen, CurtainScreen):
                text = screen_text(app)
                assert f"Pass to {screen.player}" in text
                for label in role_labels():
                    assert label not in text
                assert "Log" not in text and "Board" not in text
                handovers += 1
                await pilot.press("enter")
                await settle(pilot)
                game = app.screen
                assert isinstance(game, GameScreen)
                assert game.session.viewer is not None
                assert table.seats[game.session.viewer].name == screen.player
                continue
            await play_one(pilot, step)
        assert handovers >= 3


async def test_no_screen_shows_another_seats_hidden_role(tmp_path: Path) -> None:
    """Mid-discussion, Aki's screen never names a card another seat holds face down."""
    for seed in range(1, 40):
        table = ld_table(seed=seed)
        app = make_app(tmp_path, table=table, save_path=tmp_path / f"s{seed}.toml")
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            decision = screen.session.my_decision()
            state = table._state
            if decision is None or decision.name != "claim":
                continue
            claimed = {claim for claim in state.claims if claim}
            hidden = [
                content().roles[card]
                for seat, card in enumerate(state.hands)
                if seat != 0 and card and not state.public[seat]
            ]
            mine = state.hands[0]
            secret = [role for role in hidden if role.id not in claimed and role.id != mine]
            if not secret:
                continue
            view = screen.session.view()
            assert view is not None and view.viewer == 0
            for seat, card in enumerate(state.hands):
                if seat != 0 and card and not state.public[seat]:
                    assert view.board.roles[seat] is None
            everything = "\n".join(
                [
                    screen_text(app),
                    screen.query_one(LogPanel).text,
                    str(screen.session.view()),
                ]
            )
            # The prompt lists every role as a claim option; check the rest of the screen.
            prompt_free = everything.replace(screen_text(app), "")
            for role in secret:
                assert str(role.label) not in prompt_free, (seed, role.label)
                for line in screen_text(app).splitlines():
                    if str(role.label) in line:
                        assert "Claim " in line, (seed, line)
            return
    raise AssertionError("no seed gave a hidden card that nobody claimed")


async def test_escape_from_a_game_started_by_the_cli_goes_to_setup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(SetupScreen, "QUIT_WINDOW", 3600.0)  # however slow the machine
    path = tmp_path / "cli.toml"
    app = make_app(tmp_path, table=ld_table(seed=2), save_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press_option(pilot, 0)  # a decision: from now on the game is saved
        await settle(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert path.exists()
        await pilot.press("f3")
        await pilot.pause()
        assert "cli.toml" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert not app._exit
        assert any("Press Escape again" in note for note in app.notes)
        await pilot.press("escape")
        await pilot.pause()
    assert app._exit


async def test_continuing_a_finished_game_shows_the_results(tmp_path: Path) -> None:
    table = ld_table(seed=3)
    app = make_app(tmp_path, table=table, save_path=tmp_path / "f.toml")
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot)
    finished = saves.load(tmp_path / "f.toml").table
    assert finished.over
    app = make_app(tmp_path, table=finished, save_path=tmp_path / "f.toml")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)


async def test_resizing_keeps_everything_working(tmp_path: Path) -> None:
    app = make_app(tmp_path, table=ld_table(seed=6), save_path=tmp_path / "z.toml")
    async with app.run_test(size=SIZE) as pilot:
        for step, size in enumerate([(60, 20), (120, 40), (80, 24), (100, 30)]):
            await pilot.resize_terminal(*size)
            await play_one(pilot, step)
            text = screen_text(app)
            # Below 80x24 the screen says what it needs instead of a broken layout.
            small = size < (80, 24)
            assert ("you are Aki" in text) is not small
            assert ("Make the terminal at least 80×24" in text) is small
            assert len(text.splitlines()) == size[1]
