"""The board finds the map's width once for a view and a terminal's width: opening a game asked
three times (its show and two resizes), each building and fitting the whole grid."""

from __future__ import annotations

from pathlib import Path

from test_tui_dangerous import dg_table
from tuikit import SIZE, counted, make_app

from tui.widgets.board import BoardPanel


async def test_the_board_fits_the_map_once_for_a_view_and_a_width(tmp_path: Path) -> None:
    fit = BoardPanel._fit_grid
    with counted(BoardPanel, "_fit_grid") as fitting:
        app = make_app(tmp_path, table=dg_table(), save_path=None, bot_delay=3600.0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            board = app.screen.query_one(BoardPanel)
            assert fitting.call_count == 1
            assert board.styles.width is not None
            assert board.styles.width.value == fit(board, SIZE[0])
            await pilot.resize_terminal(120, 40)  # another width: fitted anew
            await pilot.pause()
            assert fitting.call_count == 2
            assert board.styles.width.value == fit(board, 120)
