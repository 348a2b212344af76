"""The faces line's hint fits the dice asked: "35" is two faces only on dice of one digit,
and one die is one face.

Found in tmux (combattimento-gdr): "faces of 1d10!+1d10! › (e.g. 3 5 or 35, Enter)":
typed as shown, "35" reads as one face, 35, and is refused; a 10 needs its space.
"""

from __future__ import annotations

import random
from pathlib import Path

from skirmtui.engine.core.dice import faces_hint, parse_expr
from skirmtui.engine.core.prompts import Roll
from skirmtui.engine.core.session import Session
from skirmtui.systems.registry import get_system
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.widgets.prompt_panel import PromptPanel
from tests.tui.helpers import running


def test_the_hint_is_faces_these_dice_accept_as_typed() -> None:
    """Found in tmux (wargaming-introduttivo, 80x24): "Centurione activates? 1d6 ›
    (e.g. 3 5 or 35, Enter)": typed as shown, "1d6 needs 1 face, got 2". Every example
    the hint gives is accepted for the dice asked, as typed (one face for one die; an
    exploding die's example does not explode); a die over 9 faces is typed with spaces."""
    from skirmtui.engine.core.dice import parse_faces

    for text in ("1d6", "2d6", "3d6", "5d6", "1d3", "10d6", "1d10", "2d10", "1d6!", "1d8!+1d6!"):
        dice = parse_expr(text)
        hint = faces_hint(dice)
        for example in hint.removeprefix("e.g. ").split(" or "):
            parse_faces(example, dice)  # raises if refused
    for text in ("1d10!+1d10!", "1d8!+1d12", "2d10"):
        assert "or" not in faces_hint(parse_expr(text))  # no "35": a d10's 35 is one face
    assert faces_hint(parse_expr("1d6")) == "e.g. 3"
    assert faces_hint(parse_expr("2d6")) == "e.g. 3 5 or 35"  # as before, for one digit
    assert faces_hint(parse_expr("1d8!+1d12")) == "e.g. 3 10"
    assert faces_hint(parse_expr("2d10")) == "e.g. 10 5"


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
