"""The breadcrumb at 80 columns: the system's long title gives way, not whose turn it is.

Found in tmux: "Wargaming introduttivo: rapido e semplice · Turn 1 · Activation ·
Legionari t…": the side to act was what the ellipsis cut. The title is shortened first
(its part before a colon, else cut with "…"); at 120 columns it is whole.
"""

from __future__ import annotations

from pathlib import Path

from skirmtui.tui.widgets.breadcrumb import Breadcrumb
from tests.tui.helpers import demo_app, running


async def test_the_side_to_act_stays_whole_at_80_columns(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with running(app, (80, 24)) as (pilot, session):
        session.answer((6,))
        session.answer((3,))
        app.screen.changed()
        await pilot.pause()
        crumb = app.screen.query_one(Breadcrumb)
        text = crumb.content().plain
        assert text.endswith("Turn 1 · Activation · Legionari to act"), text
        assert text.startswith("Wargaming introduttivo · ")
        assert len(text) <= crumb.content_region.width
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        text = crumb.content().plain
        assert text.startswith("Wargaming introduttivo: rapido e semplice · Turn 1"), text


def test_a_title_with_no_colon_is_cut_with_an_ellipsis() -> None:
    from skirmtui.tui.widgets.breadcrumb import fit_title

    rest = "Turn 1 · Activated characters · Moschettieri to act"
    title = "A la Guerre… de cape et d'épée"
    short = fit_title(title, rest, 80)
    assert short.endswith("…") and len(f"{short} · {rest}") == 80
    assert fit_title(title, rest, 120) == title
    assert fit_title(title, rest, 55) == ""  # no room for a title worth reading
