"""Thinned checkpoints: far from the end only one per stretch is kept, and every
position still replays exactly as a fresh replay of its log prefix."""

from __future__ import annotations

import random

import pytest

from skirmtui.engine.core import session as session_module
from skirmtui.engine.core.session import Session
from skirmtui.systems.registry import get_system
from tests.property.test_wi_random_battles import state
from tests.systems.wi_helpers import WI, make_setup

ARMY = [("Soldier", 2, 4), ("Veteran", 3, 3), ("Scout", 1, 5), ("Captain", 3, 4)]


@pytest.fixture(autouse=True)
def small_spans(monkeypatch: pytest.MonkeyPatch) -> None:
    """Short spans, so a battle of a few hundred answers thins its checkpoints."""
    monkeypatch.setattr(session_module, "CHECKPOINT_EVERY", 8)
    monkeypatch.setattr(session_module, "DENSE_SPAN", 40)
    monkeypatch.setattr(session_module, "SPARSE_EVERY", 32)


def long_battle(answers: int = 400) -> Session:
    session = Session(get_system(WI), make_setup({"red": ARMY * 3, "blue": ARMY * 3}, turn_limit=0))
    rng = random.Random(11)
    while session.prompt is not None and len(session.items) < answers:
        session.answer(session.prompt.random_answer(rng))
    return session


def consumed(session: Session) -> list[int]:
    return [c.consumed for c in session._checkpoints]


def test_checkpoints_are_dense_near_the_end_and_one_per_stretch_before() -> None:
    session = long_battle()
    marks = consumed(session)
    assert len(session.items) > 200  # long enough to thin
    assert marks[0] == 0
    newest = marks[-1]
    old = [m for m in marks if m < newest - session_module.DENSE_SPAN]
    stretches = [m // session_module.SPARSE_EVERY for m in old]
    assert len(stretches) == len(set(stretches))  # one per stretch
    recent = [m for m in marks if m >= newest - session_module.DENSE_SPAN]
    assert len(recent) >= session_module.DENSE_SPAN // 24  # still dense (8 apart + a step)
    assert len(marks) < len(session.items) // session_module.CHECKPOINT_EVERY


def test_every_position_replays_like_a_fresh_replay_after_thinning() -> None:
    session = long_battle()
    items = list(session.items)
    system, battle_setup = session.system, session.setup
    end = state(session)
    for length in [len(items) - 1, len(items) - 45, 150, 37, 3, 0, 200, len(items)]:
        session.seek(length)
        assert state(session) == state(Session(system, battle_setup, items[:length])), length
    assert state(session) == end


def test_undo_after_loading_a_long_log_matches_a_fresh_replay() -> None:
    played = long_battle()
    items = list(played.items)
    loaded = Session(played.system, played.setup, items)
    assert len(loaded._checkpoints) <= len(played._checkpoints) + 1  # none copied in vain
    for _ in range(60):  # back past the dense span
        loaded.undo()
    fresh = Session(played.system, played.setup, items[:-60])
    assert state(loaded) == state(fresh)
    loaded.redo()
    assert state(loaded) == state(Session(played.system, played.setup, items[:-59]))


def test_plain_copy_is_deep_for_plain_data_and_falls_back_for_the_rest() -> None:
    """Checkpoints copy `battle.pos` with `plain_copy`: nothing may be shared."""
    from fractions import Fraction

    from skirmtui.engine.core.battle import plain_copy

    pos = {
        "queue": [["red1", 3], ["blue2", 1]],
        "seen": {"a"},
        "pair": ([1], 2),
        "f": Fraction(1, 3),
    }
    copied = plain_copy(pos)
    assert copied == pos
    copied["queue"][0][1] = 0
    copied["seen"].add("b")
    copied["pair"][0].append(9)
    assert pos == {
        "queue": [["red1", 3], ["blue2", 1]],
        "seen": {"a"},
        "pair": ([1], 2),
        "f": Fraction(1, 3),
    }
