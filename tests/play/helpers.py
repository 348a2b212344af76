"""Battles with sides the app plays, cut short so tests stay quick."""

from __future__ import annotations

import random

from skirmtui.engine.core.session import Session
from skirmtui.engine.play.auto import let_app_play
from skirmtui.engine.play.policy import play
from skirmtui.systems.registry import get_system


def ai_battle(system_id: str, sides: dict[str, str], answers: int, seed: int = 3) -> Session:
    """The demo battle with `sides` played by the app, the rest at random, `answers` long
    (or to its end)."""
    system = get_system(system_id)
    session = Session(system, system.demo_setup())
    let_app_play(session, sides)
    rng = random.Random(seed)
    for _ in range(answers):
        if session.prompt is None:
            break
        if play(session) is None:
            session.answer(session.prompt.random_answer(rng))
    return session


def first_two(system_id: str) -> tuple[str, str]:
    sides = get_system(system_id).demo_setup().sides
    return sides[0].id, sides[1].id
