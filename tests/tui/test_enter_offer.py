""" "Enter: …" shows only while Enter gives it (Pilot, 80x24).

Seen in tmux at 80x24 (a wargaming-introduttivo solo battle, turn 2): the movement
question offered "Enter: none" (last turn's answer); with Centurione ticked the line
still said "Enter: none", and Enter told the table Centurione moved. A cursor moved off
a `Choose`'s offered option was the same.
"""

from __future__ import annotations

import random
from pathlib import Path

from skirmtui.engine.core.prompts import Choose, Pick
from skirmtui.engine.core.session import Session
from skirmtui.systems.registry import get_system
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.widgets.prompt_panel import PromptPanel
from tests.tui.helpers import demo_session, press, running


def offers(app: SkirmApp) -> list[str]:
    lines = app.screen.query_one(PromptPanel).lines_text()
    return [line for line in lines if line.startswith("Enter: ")]


async def test_the_offer_goes_once_the_ticks_differ(tmp_path: Path) -> None:
    session = demo_session()
    rng = random.Random(1)
    while not (isinstance(session.prompt, Pick) and session.prompt.default is not None):
        session.answer(session.prompt.random_answer(rng))  # type: ignore[union-attr]
    app = SkirmApp(session=session, path=tmp_path / "b.toml", created="x", autosave=False)
    async with running(app, (80, 24)) as (pilot, _session):
        await pilot.pause()
        assert len(offers(app)) == 1  # last turn's answer, its boxes ticked
        await press(pilot, "1")  # the first unit's next choice: Enter now says that
        assert offers(app) == []


async def test_the_offer_goes_once_the_cursor_leaves_it(tmp_path: Path) -> None:
    system = get_system("cape-et-epee")  # its impulse offers the action taken last time
    session = Session(system, system.demo_setup())
    rng = random.Random(2)
    while not (isinstance(session.prompt, Choose) and session.prompt.default is not None):
        session.answer(session.prompt.random_answer(rng))  # type: ignore[union-attr]
    app = SkirmApp(session=session, path=tmp_path / "b.toml", created="x", autosave=False)
    async with running(app, (80, 24)) as (pilot, _session):
        await pilot.pause()
        assert len(offers(app)) == 1
        await press(pilot, "down")
        assert offers(app) == []
        await press(pilot, "up")
        assert len(offers(app)) == 1
