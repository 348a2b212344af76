"""The roster: a line view of every unit by side; the cursor picks the unit on the sheet."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from textual.geometry import Region

from skirmtui.engine.core.items import GM_CONDITION, GM_REMOVE
from skirmtui.engine.core.session import Session
from skirmtui.tui.screens.battle import BattleScreen
from skirmtui.tui.widgets.roster import Roster
from skirmtui.tui.widgets.unit_sheet import UnitSheet
from tests.tui.helpers import demo_app, press, running


def row_text(strip: object) -> str:
    return "".join(segment.text for segment in strip)  # type: ignore[attr-defined]


@asynccontextmanager
async def the_demos_roster(
    tmp_path: Path,
) -> AsyncIterator[tuple[Any, Session, BattleScreen, Roster]]:
    """The demo battle's screen (no autosave): the pilot, the session, the screen and its
    roster."""
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with running(app) as (pilot, session):
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        yield pilot, session, screen, screen.query_one(Roster)


async def test_keys_move_the_cursor_and_the_sheet_follows(tmp_path: Path) -> None:
    async with the_demos_roster(tmp_path) as (pilot, session, screen, table):
        units = list(session.battle.units)
        table = screen.query_one(Roster)
        await pilot.pause()
        assert screen.selected == units[0]  # the first unit is on the sheet at start
        table.focus()
        await press(pilot, "down", "down")
        assert screen.selected == units[2]
        await press(pilot, "end")
        assert screen.selected == units[-1]
        await press(pilot, "up")
        assert screen.selected == units[-2]
        await press(pilot, "home")
        assert screen.selected == units[0]
        assert screen.query_one(UnitSheet).unit_id == units[0]
        page = max(1, table.size.height - 2)  # a page: the pane's height less a heading
        await press(pilot, "pagedown")
        assert screen.selected == units[min(page, len(units) - 1)]
        await press(pilot, "pageup")
        assert screen.selected == units[0]


async def test_a_click_selects_the_row_under_the_side_heading(tmp_path: Path) -> None:
    async with the_demos_roster(tmp_path) as (pilot, session, screen, _):
        units = list(session.battle.units)
        await pilot.click(Roster, offset=(3, 4))  # border, heading: line 3 is unit 2
        await pilot.pause()
        assert screen.selected == units[2]


async def test_rows_show_status_and_a_removed_unit_struck_through(tmp_path: Path) -> None:
    async with the_demos_roster(tmp_path) as (pilot, session, screen, table):
        assert row_text(table.render_line(0)).strip() == "▶ Legionari"  # the side asked
        first = session.battle.units["red1"]
        assert row_text(table.render_line(1)).split()[:2] == ["Centurione", "inactive"]
        assert not any(s.style and s.style.strike for s in table.render_line(1))
        session.gm(GM_REMOVE, unit="red1")
        screen.changed()
        await pilot.pause()
        struck = [s for s in table.render_line(1) if s.style and s.style.strike]
        assert [s.text.strip() for s in struck] == [first.name]  # the name only


async def test_a_status_that_wraps_repaints_only_the_lines_from_its_unit_down(
    tmp_path: Path,
) -> None:
    """A unit's status growing a line moves the lines under it, not those above: only
    those are repainted (one answer used to repaint the whole pane and its scrollbar)."""
    async with the_demos_roster(tmp_path) as (pilot, session, screen, table):
        await pilot.pause()
        units = list(session.battle.units)
        third = units[2]
        before = table.lines_text()
        start = next(y for y, line in enumerate(table._lines) if line.unit == 2)
        painted: list[int] = []
        refresh = table.refresh

        def record(*regions: Region, **kwargs: object) -> Roster:
            painted.extend(y for r in regions for y in range(r.y, r.bottom))
            if not regions:
                painted.append(-1)  # the whole pane
            return refresh(*regions, **kwargs)  # type: ignore[arg-type]

        table.refresh = record  # type: ignore[method-assign]
        long = "shaken by the charge of the war elephants on the left flank"
        session.gm(GM_CONDITION, unit=third, text=long)
        screen.changed()
        await pilot.pause()
        after = table.lines_text()
        assert len(after) > len(before)  # the status wrapped: a line more
        assert after[:start] == before[:start]
        assert painted and -1 not in painted
        assert min(painted) == start  # nothing above the unit repainted
        height = table.size.height
        assert set(range(start, height)) <= set(painted)  # everything under it is
        assert any(long.split()[-1] in line for line in after[start:])


async def test_a_question_about_a_side_marks_its_heading_and_a_unit_question_the_unit(
    tmp_path: Path,
) -> None:
    """The acting side or unit is marked at all times: a prompt with no unit (the
    order roll-off, who moved) marks the side asked; one about a unit marks the unit."""
    import random

    async with the_demos_roster(tmp_path) as (pilot, session, screen, table):
        await pilot.pause()

        def headings() -> dict[str, bool]:
            return {
                line.text[2:]: line.text.startswith("▶")
                for line in table._lines
                if line.unit is None
            }

        prompt = session.prompt
        assert prompt is not None and prompt.side == "red" and prompt.actor is None
        assert headings() == {"Legionari": True, "Barbari": False}
        rng = random.Random(1)
        while (prompt := session.prompt) is not None and prompt.actor is None:
            session.answer(prompt.random_answer(rng))
        screen.changed()
        await pilot.pause()
        assert prompt is not None and prompt.actor is not None
        assert not any(headings().values())
        marked = [r.unit_id for r in table.rows if r.mark == "▶"]
        assert marked == [prompt.actor]


def test_a_status_word_too_wide_for_its_column_goes_under_the_label_whole() -> None:
    """80×24 with long labels: `protagonis` / `t` was a word cut in two beside the label;
    the status goes under the label instead, its words whole (issue 25)."""
    from skirmtui.tui.widgets.roster import UnitRow, _cut_row

    row = UnitRow("u1", "Athos", "AP 2/3, protagonist", False, " ")
    lines = [text for text, _ in _cut_row(row, name_width=14, width=26)]
    words = {word for line in lines for word in line.split()}
    assert "protagonist" in words and "protagonis" not in words, lines


async def test_a_question_about_the_unit_under_the_cursor_brings_it_into_view(
    tmp_path: Path,
) -> None:
    """Found in tmux (cape-et-epee at 80x24): d'Artagnan, the first unit, was asked
    which action, the roster stayed scrolled on the other side and showed no ▶: the
    cursor was already on him, and moving it nowhere scrolled nothing."""
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with running(app, (80, 24)) as (pilot, session):
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        table = screen.query_one(Roster)
        for value in [(6,), (2,)]:  # play order: Legionari asked which unit activates
            session.answer(value)
        screen.changed()
        await pilot.pause()
        assert table.cursor == 0 and table.rows[0].unit_id == "red1"
        table.scroll_end(animate=False, immediate=True)  # the GM looked at the Barbari
        await pilot.pause()
        lines = [y for y, line in enumerate(table._lines) if line.unit == 0]
        height = table.scrollable_content_region.height
        assert table.scroll_offset.y > lines[0]  # Centurione out of view
        session.answer("red1")  # "Centurione activates?": a question about him
        screen.changed()
        await pilot.pause()
        top = table.scroll_offset.y
        assert top <= lines[0] and lines[-1] < top + height, (top, lines, height)


async def test_a_battle_opened_on_a_question_about_a_unit_shows_it(tmp_path: Path) -> None:
    """Found in tmux: `open` on cape-et-epee's "Morale test of Rochefort" (a Guardie, far
    down) at 80x24 drew the roster at its top: the cursor was put on him before the
    roster was laid out, and nothing scrolled him into view afterwards."""
    import random

    from skirmtui.systems.registry import get_system
    from skirmtui.tui.app import SkirmApp

    system = get_system("cape-et-epee")
    session = Session(system, system.demo_setup())
    rng = random.Random(2)
    last_side = session.battle.sides[-1].id
    while True:
        prompt = session.prompt
        assert prompt is not None
        actor = session.battle.units.get(prompt.actor or "")
        if actor is not None and actor.side == last_side and not actor.removed:
            break
        session.answer(prompt.random_answer(rng))
    app = SkirmApp(session=session, path=tmp_path / "ce.toml", created="x", autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(Roster)
        row = next(i for i, r in enumerate(table.rows) if r.unit_id == actor.id)
        lines = [y for y, line in enumerate(table._lines) if line.unit == row]
        top, height = table.scroll_offset.y, table.scrollable_content_region.height
        assert lines and top <= lines[0] and lines[-1] < top + height, (top, lines, height)
