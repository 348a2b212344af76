"""The combat log's keys jump at once (no scroll animation to wait for)."""

from __future__ import annotations

import random
from pathlib import Path

from skirmtui.tui.app import SkirmApp
from skirmtui.tui.widgets.combat_log import CombatLog
from tests.tui.helpers import SIZE, demo_session


def played_app(path: Path, answers: int) -> SkirmApp:
    """The demo battle `answers` random answers in (seed 2): a log longer than its pane."""
    session = demo_session()
    rng = random.Random(2)
    for _ in range(answers):
        assert session.prompt is not None
        session.answer(session.prompt.random_answer(rng))
    return SkirmApp(session=session, path=path, autosave=False)


async def test_home_end_and_pages_jump_in_one_step(tmp_path: Path) -> None:
    app = played_app(tmp_path / "b.toml", 120)
    async with app.run_test(size=SIZE) as pilot:
        log = app.screen.query_one(CombatLog)
        log.focus()
        await pilot.pause()
        bottom = log.max_scroll_y
        assert bottom > 0 and log.scroll_y == bottom  # it follows the newest entry
        page = log.scrollable_content_region.height
        # Each action moves the log before it returns: no animation frames to wait for.
        log.action_page_up()
        assert log.scroll_y == bottom - page
        log.action_scroll_up()
        assert log.scroll_y == bottom - page - 1
        log.action_scroll_home()
        assert log.scroll_y == 0
        log.action_scroll_up()
        assert log.scroll_y == 0
        log.action_page_down()
        log.action_scroll_down()
        assert log.scroll_y == page + 1
        log.action_scroll_end()
        assert log.scroll_y == bottom
        await pilot.press("home")  # and the keys are bound to them
        assert log.scroll_y == 0


async def test_the_scrollbar_shows_once_there_is_more_to_scroll_at_the_same_width(
    tmp_path: Path,
) -> None:
    """A short log draws no scrollbar (nothing is drawn, or repainted at each layout, for
    it); its column is kept, so the lines do not wrap again when it appears."""
    app = SkirmApp(session=demo_session(), path=tmp_path / "b.toml", autosave=False)
    rng = random.Random(2)
    async with app.run_test(size=SIZE) as pilot:
        log = app.screen.query_one(CombatLog)
        await pilot.pause()
        width = log.scrollable_content_region.width
        assert log.max_scroll_y == 0 and not log.show_vertical_scrollbar
        session = app.session
        assert session is not None
        while log.max_scroll_y == 0:
            assert session.prompt is not None
            session.answer(session.prompt.random_answer(rng))
            app.screen.changed()  # type: ignore[attr-defined]
            await pilot.pause()
        assert log.show_vertical_scrollbar
        assert log.scrollable_content_region.width == width
        assert log.scroll_y == log.max_scroll_y  # still following the newest entry


async def test_a_shorter_terminal_still_shows_the_newest_entry(tmp_path: Path) -> None:
    app = played_app(tmp_path / "b.toml", 60)
    async with app.run_test(size=SIZE) as pilot:
        log = app.screen.query_one(CombatLog)
        await pilot.pause()
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y > 0
