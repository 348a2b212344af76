"""The Why? screen fits a 80x24 terminal: its title, its lines (scrolled inside their
own box) and its Close button all in view, the dialog itself never scrolled."""

from __future__ import annotations

from pathlib import Path

from textual.containers import Vertical

from skirmtui.tui.screens.why import WhyScreen
from tests.tui.helpers import demo_app, running

LINES = [f"Option {n}: score -0.{n:02d}" for n in range(40)]


async def test_the_why_screen_keeps_its_title_in_view_at_80x24(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "why.toml", autosave=False)
    async with running(app, (80, 24)) as (pilot, _session):
        await app.push_screen(WhyScreen(LINES))
        await pilot.pause()
        dialog = app.screen.query_one(".dialog.why", Vertical)
        assert dialog.max_scroll_y == 0 and dialog.scroll_y == 0
        title = app.screen.query_one(".title")
        assert title.region.height == 1 and title.region.y >= 1
        assert app.screen.query_one("#why-text").max_scroll_y > 0  # the lines scroll


async def test_an_options_words_wrap_under_themselves(tmp_path: Path) -> None:
    """Seen at 80x24: "   83% to succeed (…); 0% to take a unit" went on at the dialog's
    edge, "off, 0% to lose one; deals 0.00, risks 0.00", under the option's label."""
    from textual.widgets import Static

    words = "83% to succeed (Cacciatore activates? (ABI 5)); 0% to take a unit off, " * 2
    lines = ["Barbari (balanced): which unit?", "", "Cacciatore: score 0.22", "   " + words]
    app = demo_app(tmp_path / "why.toml", autosave=False)
    async with running(app, (80, 24)) as (pilot, _session):
        await app.push_screen(WhyScreen(lines))
        await pilot.pause()
        box = app.screen.query_one("#why-text")
        label, odds = box.query(".label")[0], box.query(Static).last()
        assert odds.has_class("words") and odds.region.height > 1  # wrapped
        assert odds.content_region.x == label.content_region.x + 3


async def test_an_options_label_wraps_under_itself(tmp_path: Path) -> None:
    """Seen at 80x24 (regole-base): "Capobanda — Try to escape the melee (V vs the
    fastest enemy): score" then "-0.11" at the edge where the next option starts: a
    label's own lines hang under its first word, as the Now pane's options do."""
    label = "Capobanda — Try to escape the melee (V vs the fastest enemy): score -0.11 " * 2
    lines = ["Briganti (balanced): which model acts?", "", label.strip(), "   58% to succeed"]
    app = demo_app(tmp_path / "why.toml", autosave=False)
    async with running(app, (80, 24)) as (pilot, _session):
        await app.push_screen(WhyScreen(lines))
        await pilot.pause()
        rows = [  # every row of the box, each child's with its offset from the box
            " " * (child.region.x - child.parent.region.x) + row  # type: ignore[union-attr]
            for child in app.screen.query_one("#why-text").children
            for row in (
                "".join(segment.text for segment in child.render_line(y)).rstrip()
                for y in range(child.size.height)
            )
        ]
        start = next(i for i, row in enumerate(rows) if row.lstrip().startswith("Capobanda"))
        edge = len(rows[start]) - len(rows[start].lstrip())
        after = rows[start + 1]
        assert after.strip() and len(after) - len(after.lstrip()) == edge + 2, rows
