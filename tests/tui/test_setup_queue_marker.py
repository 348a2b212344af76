"""pequenas-guerras' deployment and objectives on the battle screen (Pilot): the queue's
marker is on the player being asked (it stayed on Guarda Real, the last to choose a
corner, while Bandoleiros placed their units first and while the objective roll-off's
winner placed the markers)."""

from __future__ import annotations

from pathlib import Path

from skirmtui.engine.core.prompts import Choose, Confirm, Roll
from skirmtui.engine.core.session import Session
from skirmtui.systems.registry import get_system
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.widgets.queue import QueueView
from tests.tui.helpers import press

PG = "pequenas-guerras"


async def test_the_queue_marks_the_player_asked_in_deployment_and_objectives(
    tmp_path: Path,
) -> None:
    system = get_system(PG)
    session = Session(system, system.demo_setup())
    app = SkirmApp(session=session, path=tmp_path / "pg.toml", autosave=False)
    asked: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        while session.battle.phase in ("deployment", "objectives"):
            prompt = session.prompt
            assert prompt is not None
            if prompt.side is not None and not isinstance(prompt, Roll):
                asked.append(prompt.key)
                name = session.battle.side_name(prompt.side)
                current = [r.side for r in system.queue(session.battle) if r.current]
                assert current == [prompt.side], (prompt.key, prompt.text)
                marked = [
                    line
                    for line in app.screen.query_one(QueueView).content().plain.splitlines()
                    if line.startswith("▶")
                ]
                assert len(marked) == 1 and name in marked[0], (prompt.key, marked)
            if isinstance(prompt, Roll):
                await press(pilot, "r")
            elif isinstance(prompt, Choose):
                await press(pilot, "1")
            else:
                assert isinstance(prompt, Confirm)
                await press(pilot, "enter")
    assert "deploy.all" in asked and "objectives.placed" in asked
