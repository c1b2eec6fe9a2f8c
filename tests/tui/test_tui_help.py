"""Item 13 of issue 9: `?` (or F1) lists every key the screen it opens from accepts, read from
the bindings of the screen, its panes and the app; the footer shows the focused pane's keys."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from langkit import english_left
from test_tui_dangerous import AKI_VS_BOT, HOT_SEAT, dg_table, drive, named
from test_tui_sizes import SCREENS, app_for, open_screen
from textual.binding import ActiveBinding, Binding
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets._footer import FooterKey
from tuikit import SIZE, ld_table, make_app, screen_text, settle

from core.i18n import Language, translator
from tui.screens.cards import CardsScreen
from tui.screens.curtain import CurtainScreen
from tui.screens.help import HelpScreen
from tui.widgets.gridmap import GridMap
from tui.widgets.log import LogPanel
from tui.widgets.prompt import DecisionPrompt

SIDEWAYS = {"scroll_left", "scroll_right", "page_left", "page_right"}


def acts(screen: Screen[Any], key: str, active: ActiveBinding) -> bool:
    """Does `key` act? Textual skips a sideways scroll of a widget that cannot scroll sideways
    (a list, the log): the key goes on to the next binding of it, if there is one."""
    node, action = active.node, active.binding.action
    if action not in SIDEWAYS or not isinstance(node, Widget) or node.allow_horizontal_scroll:
        return True
    chain = screen._modal_binding_chain
    return any(key in bindings.key_to_bindings for other, bindings in chain if other is not node)


async def reachable_keys(pilot: Pilot[Any], screen: Screen[Any]) -> set[str]:
    """Every key Textual dispatches on `screen` with some widget focused (or none), that acts:
    its active bindings with each focusable widget in turn, then with none."""
    keys: set[str] = set()
    before = screen.focused
    for widget in [*screen.focus_chain, None]:
        screen.set_focus(widget)
        await pilot.pause()
        active = screen.active_bindings
        keys.update(key for key, binding in active.items() if acts(screen, key, binding))
    screen.set_focus(before)
    await pilot.pause()
    return keys


def listed(help_screen: HelpScreen) -> set[str]:
    """The keys the help shows (each row's keys, split; a run of digits, "1-9", as itself and
    each of its digits)."""
    shown = set()
    for section in help_screen.sections:
        for keys, _ in section.keys:
            for key in keys.split(" / "):
                shown.add(key)
                first, dash, last = key.partition("-")
                if dash and first.isdecimal() and last.isdecimal():
                    shown.update(str(digit) for digit in range(int(first), int(last) + 1))
    return shown


def rows_of(help_screen: HelpScreen) -> dict[str, list[tuple[str, str]]]:
    """The help's rows (keys, what they do) by section title."""
    return {section.title: section.keys for section in help_screen.sections}


async def check_help(pilot: Pilot[Any], digits: bool = False) -> HelpScreen:
    app = pilot.app
    screen = app.screen
    keys = await reachable_keys(pilot, screen)
    await pilot.press("f1")
    await pilot.pause()
    help_screen = app.screen
    assert isinstance(help_screen, HelpScreen), help_screen
    shown = listed(help_screen)
    missing = {key for key in keys if app.get_key_display(Binding(key, "")) not in shown}
    assert not missing, f"{type(screen).__name__}: {sorted(missing)} not in the help"
    text = screen_text(app)
    assert translator(app.language)("On this screen") in text
    if digits:
        assert "1-9" in shown
    return help_screen


@pytest.mark.parametrize("kind", SCREENS)
async def test_the_help_lists_every_key_of_its_screen(tmp_path: Path, kind: str) -> None:
    app = app_for(kind, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_screen(kind, pilot)
        await check_help(pilot, digits=kind in ("light-and-dark", "dangerous"))


async def test_the_help_of_the_card_viewer_and_the_curtain(tmp_path: Path) -> None:
    app = make_app(tmp_path, table=dg_table(AKI_VS_BOT), save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CardsScreen)
        await check_help(pilot)
    app = make_app(tmp_path, table=dg_table(HOT_SEAT, seed=4), save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        await check_help(pilot)


async def test_every_key_of_the_card_viewer_is_said_in_japanese(tmp_path: Path) -> None:
    """The card viewer's scroll and page keys had no words of their own: its help read
    "scroll" and "goto" (the actions' names), in English on a Japanese screen too."""
    app = make_app(tmp_path, table=dg_table(AKI_VS_BOT), save_path=None, language="ja")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CardsScreen)
        await pilot.press("f1")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        rows = [row for section in help_screen.sections for row in section.keys]
        assert {"up", "1-9"} <= {keys for keys, _ in rows}
        said = {keys: does for keys, does in rows if english_left(does)}
        assert not said, said


async def test_the_replay_help_lists_only_keys_that_act(tmp_path: Path) -> None:
    """The replay's help listed its seat keys 0 to 9 as ten rows, the map's keys (nothing is
    chosen on a replay's map) and the log's Left/Right, Home/End and Page Up/Down, which the
    replay's own keys take first (they step through the log). One row for the digits now, and
    only keys that act."""
    app = app_for("replay", tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_screen("replay", pilot)
        help_screen = await check_help(pilot)
        rows = rows_of(help_screen)
        digits = [(keys, does) for keys, does in rows["On this screen"] if keys[0].isdecimal()]
        assert digits == [
            ("0-9", "view as the seat of that number, 0: everyone; finished games only")
        ]
        assert not any(GridMap.HELP_TITLE in title for title in rows)
        assert [keys for keys, _ in rows["In the Log panel"]] == ["up", "down"]


async def test_the_card_viewer_help_names_its_page_keys_once(tmp_path: Path) -> None:
    """The card viewer's help listed 1 to 9 as nine rows, and titled the page's keys by the
    page on show ("In the A Aki, at 泉 Spring (1/3) panel"), sideways scrolling included."""
    app = make_app(tmp_path, table=dg_table(AKI_VS_BOT), save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await pilot.pause()
        rows = rows_of(await check_help(pilot))
        assert ("1-9", "the page of that number") in rows["On this screen"]
        assert not {"1", "2", "9"} & {keys for keys, _ in rows["On this screen"]}
        assert list(rows) == ["On this screen", "In the page of cards", "Everywhere"]
        page_keys = [keys for keys, _ in rows["In the page of cards"]]
        assert page_keys == ["up", "down", "home", "end", "pgup", "pgdn"]


async def test_the_log_panel_lists_no_sideways_scrolling(tmp_path: Path) -> None:
    """The log wraps its lines: it never scrolls sideways, and its help listed Left/Right and
    Ctrl+Page Up/Down as scrolling it."""
    app = make_app(tmp_path, table=ld_table(), save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        rows = rows_of(await check_help(pilot, digits=True))
        keys = [keys for keys, _ in rows["In the Log panel"]]
        assert keys == ["up", "down", "home", "end", "pgup", "pgdn"]


@pytest.mark.parametrize("language", ["en", "ja"])
async def test_the_game_over_help_says_where_each_key_goes(
    tmp_path: Path, language: Language
) -> None:
    """The game-over help read "esc Board" and "p Replay" (the footer's words), and titled its
    list's keys by the dialog's border, the game's name ("In the Dangerous (戦闘破壊学園ダンゲロ
    ス) panel"), Left/Right scrolling it sideways included."""
    _ = translator(language)
    app = app_for("game-over", tmp_path)
    app.language = language
    async with app.run_test(size=SIZE) as pilot:
        await open_screen("game-over", pilot)
        rows = rows_of(await check_help(pilot))
        here = dict(rows[_("On this screen")])
        assert here["esc"] == _("back to the final board")
        assert here["p"] == _("open the replay of this game")
        assert here["n"] == _("a new game: the setup screen")
        place = _("In {place}", place=_("the list of what to do next"))
        assert list(rows) == [_("On this screen"), place, _("Everywhere")]
        assert [keys for keys, _does in rows[place]] == [
            *("up", "down", "home", "end", "pgup", "pgdn", "enter")
        ]


async def test_the_map_keys_are_in_the_help_while_a_square_is_chosen(tmp_path: Path) -> None:
    app = make_app(tmp_path, table=dg_table(), save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        await drive(pilot, named("move"))
        grid = app.screen.query_one(GridMap)
        assert grid.choosable
        await pilot.press("m")
        await pilot.pause()
        assert grid.has_focus
        assert "arrows Move" in screen_text(app).splitlines()[-1]  # the map's keys
        help_screen = await check_help(pilot, digits=True)
        assert any(GridMap.HELP_TITLE in section.title for section in help_screen.sections)


async def test_footer_keys_are_styled_once_as_they_mount(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Start-up (issue 10): a key in the footer used to be styled again twice as it mounted,
    its -compact class added and taken away; its look is the same without."""
    restyled: list[FooterKey] = []
    update = FooterKey.update_node_styles

    def counted(self: FooterKey, animate: bool = True) -> None:
        restyled.append(self)
        update(self, animate)

    monkeypatch.setattr(FooterKey, "update_node_styles", counted)
    app = make_app(tmp_path, table=ld_table(), save_path=tmp_path / "g.toml")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        keys = app.screen.query(FooterKey)
        assert len(keys) > 5 and not any(key.has_class("-compact") for key in keys)
        assert restyled == []
        footer = screen_text(app).splitlines()[-1]
        assert "u Undo" in footer and footer.rstrip().endswith("? Help  esc Setup"), footer


async def test_the_footer_shows_the_focused_panes_keys(tmp_path: Path) -> None:
    app = make_app(tmp_path, table=ld_table(), save_path=tmp_path / "g.toml")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        footer = screen_text(app).splitlines()[-1]
        assert "Scroll" not in footer and "u Undo" in footer
        await pilot.press("tab")
        await pilot.pause()
        assert isinstance(app.focused, LogPanel)
        footer = screen_text(app).splitlines()[-1]
        assert footer.startswith(" up/down Scroll  pgup/pgdn Page"), footer
        assert footer.rstrip().endswith("? Help  esc Setup"), footer
        await pilot.press("shift+tab")
        await pilot.pause()
        assert "Scroll" not in screen_text(app).splitlines()[-1]


async def test_a_game_without_a_map_has_no_map_key(tmp_path: Path) -> None:
    """Light and Dark has no map: its help named `m` (choose on the map), and `m` answered
    "nothing to choose on the map now", an error that stayed on for the questions after."""
    app = make_app(tmp_path, table=ld_table(), save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        prompt = app.screen.query_one(DecisionPrompt)
        await pilot.press("m")
        await pilot.pause()
        assert prompt.error == ""
        help_screen = await check_help(pilot, digits=True)
        assert "m" not in listed(help_screen)
    app = make_app(tmp_path, table=dg_table(), save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "m" in listed(await check_help(pilot, digits=True))  # Dangerous has one
