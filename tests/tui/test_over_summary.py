"""The battle's end in the Now pane never loses lines unsaid (Pilot, 80x24).

Seen in tmux at 80x24 (a pequenas-guerras solo battle of three sides): "The battle is
over.", the winner, the game and each side's line: Bandoleiros' was cut after its
second row and Guarda Real's was not there, nothing said so. The review (`v`) has the
whole summary: the pane's last row says so when it cannot hold it.
"""

from __future__ import annotations

import random
from pathlib import Path

from skirmtui.engine.core.session import Session
from skirmtui.systems.registry import get_system
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.widgets.prompt_panel import PromptPanel
from tests.tui.helpers import running


def ended(system_id: str, seed: int) -> Session:
    system = get_system(system_id)
    session = Session(system, system.demo_setup())
    rng = random.Random(seed)
    while session.prompt is not None:
        session.answer(session.prompt.random_answer(rng))
    return session


async def test_a_summary_too_long_for_the_pane_says_where_the_rest_is(tmp_path: Path) -> None:
    session = ended("pequenas-guerras", 1)
    sides = [side.name for side in session.setup.sides]
    assert len(sides) == 3
    app = SkirmApp(session=session, path=tmp_path / "pg.toml", created="x", autosave=False)
    async with running(app, (80, 24)) as (pilot, _session):
        await pilot.pause()
        panel = app.screen.query_one(PromptPanel)
        rows = panel.lines_text()
        assert len(rows) <= panel.content_region.height, rows
        assert rows[0] == "The battle is over."
        said = " ".join(rows)
        if not all(f"{name}:" in said for name in sides):
            assert rows[-1] == "… the whole summary: Review (v)", rows
    async with running(
        SkirmApp(session=session, path=tmp_path / "w.toml", created="x", autosave=False), (120, 40)
    ) as (pilot, _session):
        await pilot.pause()
        rows = pilot.app.screen.query_one(PromptPanel).lines_text()
        assert all(any(row.startswith(f"{name}:") for row in rows) for name in sides), rows
