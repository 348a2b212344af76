"""Battles with sides the app plays: set who plays what, and play one headless.

`sim --ai` and the bench play the app's sides with their personas and everything else
(the table's facts, the dice, any side left to the table) at random, seeded.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from skirmtui.engine.core.items import GM_AI
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import RuleSystem, Setup
from skirmtui.engine.play.limits import MAX_ANSWERS, SimError
from skirmtui.engine.play.policy import play


def let_app_play(session: Session, sides: Mapping[str, str]) -> None:
    """GM entries (`gm.ai`): the app plays each side of `sides` with its persona."""
    for side, persona in sides.items():
        if session.battle.ai.get(side) != persona:
            session.gm(GM_AI, side=side, persona=persona)


def solo_sides(setup: Setup, persona: str) -> dict[str, str]:
    """`demo --solo`: the app plays every side but the first."""
    return {side.id: persona for side in setup.sides[1:]}


def play_ai(
    system: RuleSystem,
    setup: Setup,
    sides: Mapping[str, str],
    rng: random.Random,
    max_answers: int = MAX_ANSWERS,
) -> Session:
    """One battle to its end: the app's sides decide, the rest is answered at random."""
    session = Session(system, setup)
    let_app_play(session, sides)
    answered = 0
    while session.prompt is not None:
        if answered >= max_answers:
            raise SimError(f"battle still running after {max_answers} answers")
        if play(session) is None:
            session.answer(session.prompt.random_answer(rng))
        answered += 1
    return session
