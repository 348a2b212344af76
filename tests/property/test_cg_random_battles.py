"""Property tests of combattimento-gdr: random legal battles of every scenario, 2–4 sides,
keep the system's invariants and end (replay, undo and save/load: test_every_system.py)."""

from __future__ import annotations

import random

import attrs
from hypothesis import given
from hypothesis import strategies as st

from skirmtui.engine.core.armies import scenario_names, setup_for_players
from skirmtui.engine.core.session import Session
from skirmtui.engine.play.limits import MAX_ANSWERS
from skirmtui.systems.combattimento_gdr import profile
from skirmtui.systems.registry import get_system
from tests.property.playing import examples

CG = "combattimento-gdr"
SYSTEM = get_system(CG)
FAST = examples(15)
battles = st.tuples(st.sampled_from(scenario_names(CG)), st.integers(2, 4), st.integers(0, 10_000))


def check_invariants(session: Session, armour_before: dict[str, list[int]]) -> None:
    b = session.battle
    for unit in b.units.values():
        dead = profile.dead(unit)
        # CG-7: all boxes full is death, and only death (or a flight) takes one off.
        assert dead == (unit.stats["fate"] == profile.DEAD)
        assert unit.removed == (unit.stats["fate"] in (profile.DEAD, profile.FLED))
        # CG-15: armour only wears down.
        left = profile.armour_left(unit)
        assert all(now <= then for now, then in zip(left, armour_before[unit.id], strict=True))
        armour_before[unit.id] = left
        # Two hands at most; only its own weapons readied (CG-5, CG-6).
        assert profile.hands(profile.readied(unit)) <= 2
        if unit.removed:
            assert not profile.contacts(b, unit)
    if b.phase == "actions" and b.pos.holding is False:
        assert not b.pos.held, "held results outside a simultaneous group"  # CG-4
    prompt = session.prompt
    if prompt is not None and prompt.actor is not None:
        assert b.alive(prompt.actor), f"removed combatant asked to act: {prompt.key}"
    if prompt is not None and prompt.key == "action.choose":
        unit = b.units[str(prompt.actor)]
        enabled = {o.value for o in prompt.options if o.disabled is None}  # type: ignore[attr-defined]
        if profile.engaged(b, unit):
            assert "ranged" not in enabled and "other" not in enabled  # seed, CG-11


@FAST
@given(battles)
def test_random_battles_keep_the_invariants(args: tuple[str, int, int]) -> None:
    scenario, players, seed = args
    setup = attrs.evolve(setup_for_players(CG, players, scenario), seed=seed)
    session = Session(SYSTEM, setup)
    rng = random.Random(seed)
    armour = {uid: profile.armour_left(u) for uid, u in session.battle.units.items()}
    while session.prompt is not None:
        assert len(session.items) < MAX_ANSWERS, "a loop, not a long battle"
        session.answer(session.prompt.random_answer(rng))
        check_invariants(session, armour)
    result = session.battle.result
    assert result is not None
    standing = {u.side for u in session.battle.on_table()}
    assert len(standing) <= 1 and result.winner in (standing.pop() if standing else None,)
