"""The Now pane's option window leaves no blank rows (Pilot, 80x24).

Seen in tmux at 80x24 (regole-base's "which model moves? (and how)", 32 options whose
labels wrap to two or three rows): under "↓ 30 more" two rows stayed blank, and as the
cursor went down one or two more: the next option did not fit whole, so nothing was
shown there. Now its first rows are, the last cut with "…" (the rest shows when the
cursor comes to it).
"""

from __future__ import annotations

from pathlib import Path

from skirmtui.engine.core.prompts import Choose
from skirmtui.engine.core.session import Session
from skirmtui.systems.registry import get_system
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.widgets.prompt_panel import PromptPanel
from tests.tui.helpers import press, running


def rb_app(path: Path) -> SkirmApp:
    system = get_system("regole-base")
    session = Session(system, system.demo_setup())
    session.answer((6,))
    session.answer((3,))  # initiative: Armigeri move first
    return SkirmApp(session=session, path=path, created="2026-01-01T00:00:00Z", autosave=False)


async def test_the_option_window_fills_the_pane(tmp_path: Path) -> None:
    app = rb_app(tmp_path / "rb.toml")
    async with running(app, (80, 24)) as (pilot, session):
        await pilot.pause()
        assert isinstance(session.prompt, Choose) and len(session.prompt.options) > 20
        panel = app.screen.query_one(PromptPanel)
        height = panel.content_region.height
        cut = 0
        for _ in range(len(session.prompt.options)):
            rows = panel.lines_text()
            assert len(rows) == height, rows  # every row of the pane used
            assert all(row.strip() for row in rows), rows
            cut += any(row.endswith("…") for row in rows)
            await press(pilot, "down")
        assert cut  # an option shown in part at least once


async def test_an_opened_group_shows_its_choices_alone(tmp_path: Path) -> None:
    """Seen in tmux at 80x24: with Capitano's number pressed ("1–8 its choice") the
    window showed three of its moves and "↓ 29 more", every other model's moves
    counted, which no digit reaches then."""
    app = rb_app(tmp_path / "rb.toml")
    async with running(app, (80, 24)) as (pilot, session):
        await pilot.pause()
        prompt = session.prompt
        assert isinstance(prompt, Choose)
        first = prompt.options[0]
        mine = [o for o in prompt.options if o.group == first.group]
        await press(pilot, "1")
        panel = app.screen.query_one(PromptPanel)
        rows = panel.lines_text()
        assert rows[1] == f"1–{len(mine)} its choice · Backspace: back", rows
        shown = [row for row in rows[2:] if not row.startswith("   ")]
        assert all(row.split(". ", 1)[1].startswith(first.label.split(" — ")[0]) for row in shown)
        more = rows[-1].strip()
        assert more.startswith("↓ ") and int(more.split()[1]) < len(mine), rows
        await press(pilot, "backspace")
        assert panel.lines_text()[1] == "1–9 a group, then 1–9 its choice"
