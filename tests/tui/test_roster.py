"""The roster: a line view of every unit by side; the cursor picks the unit on the sheet."""

from __future__ import annotations

from pathlib import Path

from skirmtui.engine.items import GM_REMOVE
from skirmtui.tui.screens.battle import BattleScreen
from skirmtui.tui.widgets.roster import Roster
from skirmtui.tui.widgets.unit_sheet import UnitSheet
from tests.tui.helpers import SIZE, demo_app


def row_text(strip: object) -> str:
    return "".join(segment.text for segment in strip)  # type: ignore[attr-defined]


async def test_keys_move_the_cursor_and_the_sheet_follows(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        units = list(app.session.battle.units)  # type: ignore[union-attr]
        table = screen.query_one(Roster)
        await pilot.pause()
        assert screen.selected == units[0]  # the first unit is on the sheet at start
        table.focus()
        await pilot.press("down", "down")
        await pilot.pause()
        assert screen.selected == units[2]
        await pilot.press("end")
        await pilot.pause()
        assert screen.selected == units[-1]
        await pilot.press("up")
        await pilot.pause()
        assert screen.selected == units[-2]
        await pilot.press("home")
        await pilot.pause()
        assert screen.selected == units[0]
        assert screen.query_one(UnitSheet).unit_id == units[0]


async def test_a_click_selects_the_row_under_the_side_heading(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        units = list(app.session.battle.units)  # type: ignore[union-attr]
        await pilot.click(Roster, offset=(3, 4))  # border, heading: line 3 is unit 2
        await pilot.pause()
        assert screen.selected == units[2]


async def test_rows_show_status_and_a_removed_unit_struck_through(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        table = screen.query_one(Roster)
        assert row_text(table.render_line(0)).strip() == "Legionari"
        first = app.session.battle.units["red1"]  # type: ignore[union-attr]
        assert row_text(table.render_line(1)).split()[:2] == ["Centurione", "inactive"]
        assert not any(s.style and s.style.strike for s in table.render_line(1))
        app.session.gm(GM_REMOVE, unit="red1")  # type: ignore[union-attr]
        screen.changed()
        await pilot.pause()
        struck = [s for s in table.render_line(1) if s.style and s.style.strike]
        assert [s.text.strip() for s in struck] == [first.name]  # the name only
