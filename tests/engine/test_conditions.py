"""Timed conditions (engine/core/conditions.py): GM entries counted down at the boundaries
each system reports, reminded in the log when they end, exact under undo, save, load
and replay."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skirmtui.engine.core import conditions
from skirmtui.engine.core.prompts import AnswerError
from skirmtui.engine.core.session import Session
from skirmtui.engine.store.saves import load_session, save_session
from skirmtui.systems.registry import systems
from tests.property.identity import state

SYSTEMS = sorted(systems())


def _reminders(session: Session) -> list[str]:
    return [e.text for e in session.battle.log if e.kind == "condition"]


def _play_until(session: Session, rng: random.Random, done: object) -> None:
    while session.prompt is not None and not done():  # type: ignore[operator]
        session.answer(session.prompt.random_answer(rng))


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_round_conditions_end_with_their_round(system_id: str) -> None:
    system = systems()[system_id]
    session = Session(system, attrs.evolve(system.demo_setup(), seed=5))
    rng = random.Random(5)
    _play_until(session, rng, lambda: session.battle.round >= 1)
    unit = next(iter(session.battle.on_table()))
    session.gm("gm.condition", unit=unit.id, text="Blessed", until="round", n=1)
    session.gm("gm.condition", unit=unit.id, text="Marked", until="removed")
    assert [c.describe() for c in conditions.of_unit(session.battle, unit.id)] == [
        "Blessed (to end of round 1)",
        "Marked (until removed)",
    ]
    _play_until(session, rng, lambda: session.battle.round >= 2)
    if session.battle.over and session.battle.round < 2:
        pytest.skip("the random battle ended in round 1")
    assert _reminders(session) == [f"Reminder: {unit.name} is no longer Blessed (end of round 1)"]
    assert [c.text for c in session.battle.conditions] == ["Marked"]
    session.gm("gm.uncondition", unit=unit.id, text="Marked")
    assert session.battle.conditions == []
    with pytest.raises(AnswerError, match="no condition"):
        session.gm("gm.uncondition", unit=unit.id, text="Marked")


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_activation_conditions_count_the_units_activations(system_id: str) -> None:
    """Each system reports a unit's activation end: a 2-activation condition on every
    unit is counted down (or ends, with a reminder) by round 4."""
    system = systems()[system_id]
    session = Session(system, attrs.evolve(system.demo_setup(), seed=11))
    rng = random.Random(11)
    _play_until(session, rng, lambda: session.battle.round >= 1)
    for unit in session.battle.on_table():
        session.gm("gm.condition", unit=unit.id, text="Hasted", until="activations", n=2)
    assert all(c.left == 2 for c in session.battle.conditions)
    _play_until(session, rng, lambda: session.battle.round >= 4)
    counted = [c for c in session.battle.conditions if c.left == 1]
    assert counted or _reminders(session), "no activation was ever reported"
    assert all("no longer Hasted (its activation ended)" in r for r in _reminders(session))


def test_refused_conditions_store_nothing() -> None:
    system = systems()["wargaming-introduttivo"]
    session = Session(system, system.demo_setup())
    for bad in (
        {"unit": "red1", "text": "", "until": "removed"},
        {"unit": "red1", "text": "x", "until": "forever"},
        {"unit": "red1", "text": "x", "until": "activations", "n": 0},
        {"unit": "nobody", "text": "x", "until": "removed"},
    ):
        with pytest.raises(AnswerError):
            session.gm("gm.condition", **bad)
    assert session.items == [] and session.battle.conditions == []


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    system_id=st.sampled_from(SYSTEMS),
    seed=st.integers(0, 10_000),
    places=st.lists(st.integers(0, 400), min_size=1, max_size=6),
    back=st.integers(1, 60),
)
def test_conditions_are_exact_under_undo_save_load_and_replay(
    tmp_path_factory: pytest.TempPathFactory,
    system_id: str,
    seed: int,
    places: list[int],
    back: int,
) -> None:
    system = systems()[system_id]
    session = Session(system, attrs.evolve(system.demo_setup(), seed=seed))
    rng = random.Random(seed)
    kinds = [("round", 2), ("activations", 1), ("activations", 3), ("removed", None)]
    step = 0
    while session.prompt is not None and step < 500:
        if step in places:
            unit = rng.choice(session.battle.on_table() or list(session.battle.units.values()))
            until, n = rng.choice(kinds)
            extra = {} if n is None else {"n": max(n, session.battle.round)}
            session.gm("gm.condition", unit=unit.id, text=f"C{step}", until=until, **extra)
        session.answer(session.prompt.random_answer(rng))
        step += 1
    live = (state(session), list(session.battle.conditions))
    path = tmp_path_factory.mktemp("c") / "b.toml"
    save_session(session, path, "2026-01-01T00:00:00Z")
    loaded, _ = load_session(path, systems())
    assert (state(loaded), loaded.battle.conditions) == live
    replayed = Session(system, session.setup, session.items)
    assert (state(replayed), replayed.battle.conditions) == live
    target = max(0, len(session.items) - back)
    fresh = Session(system, session.setup, session.items[:target])
    while len(session.items) > target:
        session.undo()
    assert (state(session), session.battle.conditions) == (
        state(fresh),
        fresh.battle.conditions,
    )
    while session.can_redo:
        session.redo()
    assert (state(session), list(session.battle.conditions)) == live
