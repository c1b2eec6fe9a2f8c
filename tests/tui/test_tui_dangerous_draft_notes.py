"""Dangerous's draft (the setup phase, with the draft option): nobody is on the map yet, so the
players panel says nowhere ("at " with no place was shown), in either language (80x24)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_tui_dangerous import dg_table
from tuikit import SIZE, make_app, screen_text

from core.i18n import Language, translator
from tui.screens.game import GameScreen

WHERE = {"en": " at ", "ja": "にいる"}
PARTY = {"en": "party 0", "ja": "パーティー0"}
"""Aki's notes: the party, and nothing after it."""


@pytest.mark.parametrize("language", ["en", "ja"])
async def test_the_draft_names_no_place_for_the_players(tmp_path: Path, language: Language) -> None:
    app = make_app(tmp_path, table=dg_table(draft=True), save_path=None, language=language)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        view = screen.session.view()
        assert view is not None and view.board.phase == "setup"
        assert [player.space for player in view.board.players] == ["", "", ""]
        players = screen_text(app).split(translator(language)("Players"))[1][:400]
        for name in ("Aki", "Bot 2", "Bot 3"):
            assert name in players
        assert WHERE[language] not in screen_text(app).replace("\n", " ") + " "
        aki = next(line for line in players.splitlines() if "Aki" in line)
        assert aki.split(PARTY[language])[1].strip(" │") == "", aki
