"""The newest AI answer (what `w`, "Why?", explains), kept between answers, equals a
fresh walk of the answers through answers, AI decisions, undo, redo and seek (only the
answers added since are looked at)."""

from __future__ import annotations

import random
from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from skirmtui.engine.core.items import BY_AI
from skirmtui.engine.core.prompts import AnswerError, Choose
from skirmtui.tui.app_player import AppPlayer
from tests.tui.helpers import demo_session


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_the_newest_ai_answer_kept_equals_a_fresh_walk(seed: int) -> None:
    rng = random.Random(seed)
    session = demo_session()
    player = AppPlayer(SimpleNamespace(session=session))
    decided = 0
    for _ in range(150):
        roll = rng.random()
        prompt = session.prompt
        if roll < 0.15 and session.can_undo:
            session.undo()
        elif roll < 0.2 and session.can_redo:
            session.redo()
        elif roll < 0.23:
            session.seek(rng.randrange(session.total + 1))
        elif prompt is not None and isinstance(prompt, Choose) and roll < 0.6:
            try:
                session.decide(prompt.random_answer(rng), "balanced", "a test")
                decided += 1
            except AnswerError:  # not a question the app may answer
                session.answer(prompt.random_answer(rng))
        elif prompt is not None:
            session.answer(prompt.random_answer(rng))
        if rng.random() < 0.5:  # several steps unseen
            items = session.items
            walked = next((i for i in reversed(range(len(items))) if items[i].by == BY_AI), None)
            assert player._last() == walked
    assert decided
