"""Headless random play: both (or all) sides answer every prompt at random.

Used by `skirmtui sim`, the property tests and the benchmarks.
"""

from __future__ import annotations

import random

import attrs

from skirmtui.engine.core.records import record
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import RuleSystem, Setup

#: A battle still running after this many answers counts as an error ("does not end").
MAX_ANSWERS = 20_000


class SimError(RuntimeError):
    pass


def play_random(
    system: RuleSystem, setup: Setup, rng: random.Random, max_answers: int = MAX_ANSWERS
) -> Session:
    """Play one battle to its end with random legal answers."""
    session = Session(system, setup)
    answered = 0
    while session.prompt is not None:
        if answered >= max_answers:
            raise SimError(f"battle still running after {max_answers} answers")
        session.answer(session.prompt.random_answer(rng))
        answered += 1
    return session


@record
class SimReport:
    battles: int = 0
    errors: int = 0
    rounds: int = 0
    wins: dict[str, int] = attrs.field(factory=dict)
    seconds: float = 0.0
    messages: list[str] = attrs.field(factory=list)

    @property
    def mean_rounds(self) -> float:
        done = self.battles - self.errors
        return self.rounds / done if done else 0.0

    @property
    def per_second(self) -> float:
        return self.battles / self.seconds if self.seconds else 0.0
