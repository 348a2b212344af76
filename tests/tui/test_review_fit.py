"""The review screen at 80×24 and 120×40 (Pilot): the filters on a row of their own, the
timeline's columns within its width (no entry cut at the right edge), each entry whole
on screen, wrapped; laid out again when the terminal changes size."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmtui.engine.store.reader import load_session
from skirmtui.systems.registry import systems
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.screens.review import ReviewScreen
from skirmtui.tui.widgets.timeline import Timeline

EXAMPLE = Path(__file__).parents[2] / "saves" / "examples" / "pequenas-guerras.toml"


def review_app() -> SkirmApp:
    session, created = load_session(EXAMPLE, systems())
    return SkirmApp(session=session, path=EXAMPLE, created=created, review=True)


def table_text(table: Timeline) -> list[str]:
    return [table.render_line(y).text for y in range(table.size.height)]


def check_fits(screen: ReviewScreen, columns: int) -> Timeline:
    filters = screen.query_one("#filters").region
    panes = screen.query_one("#panes").region
    assert filters.height == 1 and filters.width == columns
    assert filters.bottom <= panes.y  # a row of its own, not the roster's title row
    for select in screen.query("#filters Select"):
        assert select.region.width >= columns // 4 - 1
    table = screen.query_one(Timeline)
    assert table.virtual_size.width <= table.scrollable_content_region.width
    names = [column.key.value for column in table.ordered_columns]
    assert names[:2] == ["#", "round"] and names[-1] == "entry"
    assert table.columns[table.ordered_columns[-1].key].width >= 30
    # The entry under the cursor (the first: two lines' worth) is on screen whole.
    first = table.rows_shown[table.cursor_row].entry.plain
    shown = " ".join(line.strip() for line in table_text(table))
    assert all(word in shown for word in first.split()), (first, shown)
    return table


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_review_fits_the_terminal(size: tuple[int, int]) -> None:
    app = review_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        table = check_fits(screen, size[0])
        assert app.focused is table
        # A row's height is its entry's lines.
        tall = [row for row in table.rows.values() if row.height > 1]
        assert tall


async def test_the_timeline_is_laid_out_again_on_a_resize() -> None:
    app = review_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        table = screen.query_one(Timeline)
        wide = table.laid_out
        await pilot.press(*["down"] * 12)
        row = table.cursor_row
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert table.laid_out != wide
        check_fits(screen, 80)
        assert table.cursor_row == row  # the cursor kept on its entry


async def test_the_search_words_fit_beside_the_position_at_80_columns() -> None:
    """The position line and a search's words (96 cells) take two lines, not one cut."""
    app = review_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("slash", *"Chefe", "enter")
        await pilot.pause()
        position = app.screen.query_one("#position")
        lines = [position.render_line(y).text for y in range(position.size.height)]
        assert "Esc done" in " ".join(lines), lines
        assert position.region.height == 2
