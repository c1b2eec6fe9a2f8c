"""The game screen at a server's table draws only what an update changed (issue 12's load: every
update redrew the whole screen, a layout and a frame per part, and composed the keys footer
again): a state that changes nothing asks for no repaint or layout, and a state that only
enables a key sets it on the footer's key, without new key widgets."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_serve_remote_screen import SIZE, SeatApp
from test_serve_tables import make_hub, three_at_light_and_dark
from textual.widget import Widget
from textual.widgets._footer import FooterKey

from tui.widgets.footer import KeysFooter


def akis_screen(folder: Path) -> SeatApp:
    """Aki's game screen at a table of Light and Dark, Aki's question open."""
    hub, _ = make_hub()
    aki, _bea, _cho = three_at_light_and_dark(hub)
    return SeatApp(aki, folder)


async def test_a_state_that_changes_nothing_redraws_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = akis_screen(tmp_path)
    aki = app.seen
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        refreshed: list[tuple[str, bool]] = []
        refresh = Widget.refresh

        def counted(self: Widget, *regions: object, layout: bool = False, **kw: object) -> object:
            refreshed.append((type(self).__name__, layout))
            return refresh(self, *regions, layout=layout, **kw)  # type: ignore[arg-type]

        monkeypatch.setattr(Widget, "refresh", counted)
        state = aki.last("state")  # again, with no new log line
        app.session.apply(state | {"narration_keep": state["entries"], "narration": []})
        await pilot.pause()
        assert refreshed == []


async def test_a_key_enabled_by_an_update_is_set_on_the_footers_key_not_composed_again(
    tmp_path: Path,
) -> None:
    app = akis_screen(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(KeysFooter)
        keys = list(footer.query(FooterKey))
        undo = next(key for key in keys if key.action == "undo")
        assert undo.has_class("-disabled")  # nothing of Aki's to take back yet
        await pilot.press("1", "enter")  # Aki stays silent
        await pilot.pause()
        app.deliver()  # the table's answer: Aki may take it back while nobody else acted
        await pilot.pause()
        assert app.session.can_undo()
        assert list(footer.query(FooterKey)) == keys
        assert not undo.has_class("-disabled")
        # Drawn as the footer composed afresh draws it.
        shown = footer_line(app)
        footer._placed = None
        footer.refresh(recompose=True)
        await pilot.pause()
        assert list(footer.query(FooterKey)) != keys
        assert footer_line(app) == shown


def footer_line(app: SeatApp) -> list[tuple[str, object]]:
    strip = app.screen._compositor.render_strips()[-1]
    return [(segment.text, segment.style) for segment in strip]
