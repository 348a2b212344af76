"""Random play with a GM who steps in now and then, for the property tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import HealthCheck, settings

from skirmtui.engine.core.session import Session


def examples(count: int) -> settings:
    """Hypothesis settings of a random-battle test: `count` battles, no deadline (a
    battle's length varies), function-scoped fixtures allowed (tmp_path)."""
    return settings(
        max_examples=count,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )


#: Makes a GM entry: (session, rng, how many so far) → (key, fields).
GmEntry = Callable[[Session, random.Random, int], tuple[str, dict[str, Any]]]


def random_play(
    session: Session, rng: random.Random, gm_entry: GmEntry, gm_rate: float, limit: int
) -> Iterator[tuple[str, dict[str, Any]] | None]:
    """Answers the questions at random; before each, with probability `gm_rate`, the GM
    makes `gm_entry` instead. Stops when the battle ends or the log holds `limit` items.
    Yields None once before anything, then after each step the GM's entry or None (an
    answer), so a test checks the battle at every point."""
    yield None
    entries = 0
    while session.prompt is not None and len(session.items) < limit:
        if rng.random() < gm_rate:
            entries += 1
            key, fields = gm_entry(session, rng, entries)
            session.gm(key, **fields)
            yield key, fields
        else:
            session.answer(session.prompt.random_answer(rng))
            yield None
