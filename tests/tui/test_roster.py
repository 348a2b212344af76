"""The roster: a line view of every unit; the cursor picks the unit on the sheet."""

from __future__ import annotations

from pathlib import Path

from skirmtui.engine.items import GM_REMOVE
from skirmtui.tui.screens.battle import BattleScreen
from skirmtui.tui.widgets.unit_list import UnitList
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
        table = screen.query_one(UnitList)
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


async def test_a_click_selects_the_row_under_the_header(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        units = list(app.session.battle.units)  # type: ignore[union-attr]
        await pilot.click(UnitList, offset=(3, 3))  # header on line 0: line 3 is row 2
        await pilot.pause()
        assert screen.selected == units[2]


async def test_rows_show_status_and_a_removed_unit_struck_through(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        table = screen.query_one(UnitList)
        header = row_text(table.render_line(0))
        assert header.split() == ["Unit", "Side", "Status"]
        first = app.session.battle.units["red1"]  # type: ignore[union-attr]
        assert row_text(table.render_line(1)).split()[0] == first.name
        assert not any(s.style and s.style.strike for s in table.render_line(1))
        app.session.gm(GM_REMOVE, unit="red1")  # type: ignore[union-attr]
        screen.changed()
        await pilot.pause()
        struck = [s for s in table.render_line(1) if s.style and s.style.strike]
        assert [s.text for s in struck] == [first.name]  # the name only, not the padding


async def test_columns_only_widen_so_the_table_does_not_shift(tmp_path: Path) -> None:
    from skirmtui.tui.widgets.unit_list import UnitRow

    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen.query_one(UnitList)
        rows = list(table.rows)
        width = table.virtual_size.width
        first = rows[0]
        long = UnitRow(first.unit_id, (*first.cells[:2], "wounded, active, shot"), False)
        table.set_rows([long, *rows[1:]])
        await pilot.pause()
        wider = table.virtual_size.width
        assert wider > width
        table.set_rows(rows)  # the long status is gone: the columns stay as wide
        await pilot.pause()
        assert table.virtual_size.width == wider
        assert row_text(table.render_line(1)).split()[-1] == first.cells[2]
