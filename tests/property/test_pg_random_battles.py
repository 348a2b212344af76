"""Property tests for pequenas-guerras: random legal 2-, 3- and 4-player battles end
after round 4 (or earlier, when one player is left) keeping the system's invariants
(replay, undo and save/load for 2–4 players: test_every_system.py)."""

from __future__ import annotations

import random

import attrs
from hypothesis import given
from hypothesis import strategies as st

from skirmtui.engine.core.armies import setup_for_players
from skirmtui.engine.core.prompts import Choose
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import Setup
from skirmtui.engine.play.limits import MAX_ANSWERS
from skirmtui.systems.registry import get_system
from tests.property.playing import examples

PG = "pequenas-guerras"
SYSTEM = get_system(PG)
FAST = examples(20)


def pg_setup(seed: int, players: int) -> Setup:
    return attrs.evolve(setup_for_players(PG, players), seed=seed)


#: 2, 3 or 4 players, with a seed of their own.
setups = st.builds(pg_setup, st.integers(0, 10_000), st.sampled_from([2, 3, 4]))


def check_invariants(session: Session) -> None:
    battle = session.battle
    assert 1 <= battle.round <= 4 or battle.phase in ("deployment", "objectives")
    for unit in battle.units.values():
        models = unit.num("models")
        # a unit on the table has a model left; a removed one keeps its last count, so
        # a GM who puts it back (G-4) gets it as it was
        assert 1 <= models <= int(unit.profile["models"])
        if unit.num("markers") and not unit.removed:
            assert models == 1, f"{unit.name}: markers on a unit of {models} models"
        if unit.removed:
            assert unit.stats["destroyed_by"] in ("", *(s.id for s in battle.sides))
            assert unit.stats["destroyed_by"] != unit.side
    owners = battle.pos.objectives or []
    assert len(owners) in (0, 3, 4, 5)
    assert set(owners) <= {"", *(s.id for s in battle.sides)}


@FAST
@given(setups)
def test_random_battles_end_after_round_4_and_keep_invariants(setup: Setup) -> None:
    session = Session(SYSTEM, setup)
    rng = random.Random(setup.seed)
    activated: set[str] = set()
    round_seen = 0
    while session.prompt is not None:
        assert len(session.items) < MAX_ANSWERS, "a loop, not a long battle"
        prompt = session.prompt
        if prompt.actor is not None:
            assert session.battle.alive(prompt.actor), f"removed unit asked to act: {prompt}"
        if session.battle.round != round_seen:
            round_seen, activated = session.battle.round, set()
        value = prompt.random_answer(rng)
        if isinstance(prompt, Choose) and prompt.key == "activate.unit":
            assert value not in activated, "a unit activated twice in a round"
            assert prompt.side == session.battle.turn_side
            activated.add(str(value))
        session.answer(value)
        check_invariants(session)
    result = session.battle.result
    assert result is not None
    standing = [s.id for s in session.battle.sides if session.battle.on_table(s.id)]
    assert result.round == 4 or len(standing) <= 1
