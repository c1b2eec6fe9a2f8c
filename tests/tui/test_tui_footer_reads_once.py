"""The footer reads the screen's bindings (asking the screen about every key) once for each
refresh of them and once to compose its keys: opening a game read them eight times for four
refreshes and one composition."""

from __future__ import annotations

from pathlib import Path

from tuikit import SIZE, counted, ld_table, make_app, screen_text

from tui.widgets.footer import KeysFooter


async def test_the_footer_reads_the_bindings_once_a_refresh(tmp_path: Path) -> None:
    with counted(KeysFooter, "_footer_keys") as reading:
        app = make_app(tmp_path, table=ld_table(), save_path=None, bot_delay=3600.0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            footer = screen.query_one(KeysFooter)
            before = reading.call_count
            assert before == 4  # four refreshes, one composition (its first refreshes: none)
            footer.bindings_changed(screen)  # nothing changed: the keys' states set in place
            assert reading.call_count == before + 1
            app.language = "ja"  # the keys' words change: composed again
            screen.refresh_bindings()
            await pilot.pause()
            # The refresh's read, the composition's, and the next refresh's (the new keys).
            assert reading.call_count == before + 3
            assert "ヘルプ" in screen_text(app)
