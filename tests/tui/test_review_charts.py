"""Issue 27: the review's chart pane — units standing and each side's chance to win per
round, and the turning points — on `c`, computed in a worker (a few play-outs here)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import DataTable, Static

from skirmtui.engine.core.session import Session
from skirmtui.engine.report.chances import Cancelled
from skirmtui.engine.report.turning import Turning, turn_lines, turning
from skirmtui.engine.store.saves import load_session
from skirmtui.systems.registry import systems
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.screens import review
from skirmtui.tui.screens.review import ReviewScreen
from skirmtui.tui.widgets.review_charts import ReviewCharts

EXAMPLE = Path(__file__).resolve().parents[2] / "saves" / "examples" / "regole-base.toml"
PLAYOUTS = 20  # enough for this battle's two turning points, under a second


def _app() -> SkirmApp:
    session, created = load_session(EXAMPLE, systems())
    return SkirmApp(session=session, path=EXAMPLE, created=created, review=True)


async def test_c_shows_the_charts_and_the_turning_points_and_c_or_esc_go_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(review, "REVIEW_PLAYOUTS", PLAYOUTS)
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await pilot.press("c")
        await app.workers.wait_for_complete()
        await pilot.pause()
        pane = screen.query_one(ReviewCharts)
        assert not screen.query_one("#panes").display
        plots = [w.id for w in pane.query(".battle-chart")]
        assert plots == ["chart-strength", "chart-chances"]
        for plot in plots:  # laid out side by side within 80 columns, drawn
            size = pane.query_one(f"#{plot}").size
            assert 30 <= size.width <= 40 and size.height >= 8
        expected = turning(screen.live, PLAYOUTS)  # the reports' own turning points
        assert screen.turning == expected
        told = str(screen.query_one("#turning-points", Static).render())
        assert f"{PLAYOUTS} play-outs a point" in told
        lines = turn_lines(screen.live.battle, expected)
        assert lines and all(f"• {line}" in told for line in lines)
        await pilot.press("c")  # back to the timeline
        await pilot.pause()
        assert not screen.query(ReviewCharts) and screen.query_one("#panes").display
        assert app.focused is screen.query_one("#timeline", DataTable)
        await pilot.press("c")  # again: the chance is kept, not computed twice
        await pilot.pause()
        assert screen.query(".battle-chart").last().id == "chart-chances"
        await pilot.press("escape")  # Esc leaves the charts before the review
        await pilot.pause()
        assert app.screen is screen and not screen.query(ReviewCharts)


def test_the_chart_pane_at_80x24(snap_compare, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(review, "REVIEW_PLAYOUTS", PLAYOUTS)

    async def charts(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.press("c")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=(80, 24), run_before=charts)


async def test_leaving_the_review_stops_its_play_outs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The play-outs run in a thread: closing the app stops them between two play-outs
    (the process does not linger until they are done)."""
    monkeypatch.setattr(review, "REVIEW_PLAYOUTS", 5_000)  # minutes, were it to run on
    started, done, ended = threading.Event(), threading.Event(), []
    real = review.turning

    def watched(session: Session, playouts: int, cancelled: Callable[[], bool]) -> Turning:
        started.set()
        try:
            return real(session, playouts, cancelled)
        except Cancelled:
            ended.append("cancelled")
            raise
        finally:
            done.set()

    monkeypatch.setattr(review, "turning", watched)
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        assert await asyncio.to_thread(started.wait, 60)
        await pilot.press("escape", "escape")  # the charts, then the review: the app exits
    assert await asyncio.to_thread(done.wait, 60)
    assert ended == ["cancelled"]


def test_play_outs_stop_when_asked() -> None:
    session = load_session(EXAMPLE, systems())[0]
    asked = []

    def after_three() -> bool:
        asked.append(1)
        return len(asked) > 3

    with pytest.raises(Cancelled):
        turning(session, 50, after_three)
    assert len(asked) == 4  # asked before each play-out, stopped at the fourth


async def test_turning_points_show_names_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A `|` in a name is shown as typed (the Markdown report's `\\|` escape is not for a
    screen) and markup in a name is text, never parsed."""
    monkeypatch.setattr(review, "REVIEW_PLAYOUTS", PLAYOUTS)
    odd = "Pike|man [b]x[/b] "
    path = tmp_path / "odd.toml"
    path.write_text(EXAMPLE.read_text("utf-8").replace('name = "', f'name = "{odd}'), "utf-8")
    session, created = load_session(path, systems())
    app = SkirmApp(session=session, path=path, created=created, review=True)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await pilot.press("c")
        await app.workers.wait_for_complete()
        await pilot.pause()
        told = str(screen.query_one("#turning-points", Static).render())
        assert screen.turning is not None
        markdown = turn_lines(screen.live.battle, screen.turning)
        assert markdown and all("Pike\\|man" in line for line in markdown)  # the report's
        assert told.count(odd.strip()) >= 2 * len(markdown)  # a unit and its side a line
        assert "\\|" not in told
