"""The faces line's hint fits the dice asked: "35" is two faces only on dice of one digit.

Found in tmux (combattimento-gdr): "faces of 1d10!+1d10! › (e.g. 3 5 or 35, Enter)":
typed as shown, "35" reads as one face, 35, and is refused; a 10 needs its space.
"""

from __future__ import annotations

import random
from pathlib import Path

from skirmtui.engine.core.dice import faces_hint, parse_expr, read_faces
from skirmtui.engine.core.prompts import Roll
from skirmtui.engine.core.session import Session
from skirmtui.systems.registry import get_system
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.widgets.prompt_panel import PromptPanel
from tests.tui.helpers import running


def test_the_hint_reads_as_two_faces_of_the_dice_it_names() -> None:
    for text in ("1d6", "2d6", "5d6", "1d3", "10d6", "1d10", "2d10", "1d8!+1d6!", "1d10!+1d10!"):
        dice = parse_expr(text)
        hint = faces_hint(dice)
        for example in hint.removeprefix("e.g. ").split(" or "):
            assert len(read_faces(example, dice)) == 2, (text, hint)
    assert faces_hint(parse_expr("2d6")) == "e.g. 3 5 or 35"  # as before, for one digit
    assert faces_hint(parse_expr("1d10!+1d10!")) == "e.g. 10 4"
    assert faces_hint(parse_expr("1d8!+1d12")) == "e.g. 12 4"


async def test_the_now_pane_shows_the_hint_of_its_dice(tmp_path: Path) -> None:
    system = get_system("combattimento-gdr")
    session = Session(system, system.demo_setup())
    rng = random.Random(1)
    while not (isinstance(session.prompt, Roll) and "d10" in str(session.prompt.dice)):
        session.answer(session.prompt.random_answer(rng))
    app = SkirmApp(
        session=session, path=tmp_path / "cg.toml", created="2026-01-01T00:00:00Z", autosave=False
    )
    async with running(app, (80, 24)) as (pilot, _session):
        await pilot.pause()
        text = "\n".join(app.screen.query_one(PromptPanel).lines_text())
        assert "or 35" not in text and faces_hint(session.prompt.parsed) in text, text
