"""Property tests of cape-et-epee: random legal battles of both scenarios keep the
system's invariants and end; replay, undo and save/load give the same battle."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skirmtui.engine.export import export_document
from skirmtui.engine.saves import load_session, save_session
from skirmtui.engine.session import Session
from skirmtui.engine.sim import play_random
from skirmtui.engine.system import Setup
from skirmtui.systems.armies import scenario_names, setup_from_scenario
from skirmtui.systems.cape_et_epee import firmness, impulses, profile
from skirmtui.systems.registry import get_system, systems

CE = "cape-et-epee"
SYSTEM = get_system(CE)
FAST = settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
battles = st.tuples(st.sampled_from(scenario_names(CE)), st.integers(0, 10_000))


def state(session: Session) -> dict[str, Any]:
    """Everything a replay must reproduce: units, position, result, log, prompt."""
    battle = session.battle
    doc = export_document(session)
    return {
        "units": {u.id: (dict(u.stats), u.removed) for u in battle.units.values()},
        "round": battle.round,
        "phase": battle.phase,
        "turn_side": battle.turn_side,
        "pos": battle.pos,
        "result": doc["result"],
        "entries": doc["entries"],
        "prompt": session.prompt,
    }


def make_setup(scenario: str, seed: int) -> Setup:
    return attrs.evolve(setup_from_scenario(CE, scenario), seed=seed)


def check_invariants(session: Session) -> None:
    b = session.battle
    for unit in b.units.values():
        wounds, die, ap = unit.num("wounds"), unit.num("die"), unit.num("ap")
        assert 0 <= wounds <= profile.max_wounds(unit)
        if wounds == profile.max_wounds(unit):
            assert unit.removed
        assert 0 <= ap <= die <= profile.rules()["activation"]["valid_max"]
        if b.phase in ("nonactivated", "end", "activation"):
            assert ap == 0, f"{unit.name} keeps {ap} AP in {b.phase}"  # CE-5
        assert unit.num("firm_loss") >= 0
        if unit.removed or unit.flag("fled"):  # CE-10: counted (once per flight)
            assert unit.num("firm_loss") >= profile.value(unit)
    prompt = session.prompt
    if prompt is None:
        return
    if prompt.actor is not None:
        assert b.alive(prompt.actor), f"removed unit asked to act: {prompt.key}"
    if prompt.key.startswith("react."):
        reactor = b.units[str(prompt.actor)]
        assert reactor.num("die") > 0 and b.phase == "activated"  # CE-8
    if prompt.key == "impulse.action":
        # CE-5: the acting character had the most AP when its impulse started.
        assert b.pos["impulse"] == prompt.actor
    if prompt.key == "orders.assign" and b.pos["dice"][str(prompt.side)]:
        assert prompt.side == b.pos["assigning"]


@FAST
@given(battles)
def test_random_ce_battles_end_and_keep_invariants(args: tuple[str, int]) -> None:
    scenario, seed = args
    session = Session(SYSTEM, make_setup(scenario, seed))
    rng = random.Random(seed)
    check_invariants(session)
    while session.prompt is not None:
        prompt = session.prompt
        if prompt.key == "impulse.action" and session.battle.pos["impulse_actions"] == 0:
            head = impulses.queue(session.battle)[0]
            unit = session.battle.units[str(prompt.actor)]
            assert unit.num("ap") == head.num("ap")
        session.answer(prompt.random_answer(rng))
        check_invariants(session)
        assert len(session.items) < 20_000
    result = session.battle.result
    assert result is not None
    if "firmness fell" in result.reason:
        assert firmness.beaten(session.battle)


@FAST
@given(battles)
def test_ce_replay_gives_the_same_battle(args: tuple[str, int]) -> None:
    scenario, seed = args
    played = play_random(SYSTEM, make_setup(scenario, seed), random.Random(seed))
    assert state(Session(SYSTEM, played.setup, played.items)) == state(played)


@FAST
@given(battles, st.integers(1, 300))
def test_ce_undo_k_equals_replaying_n_minus_k(args: tuple[str, int], k: int) -> None:
    scenario, seed = args
    played = play_random(SYSTEM, make_setup(scenario, seed), random.Random(seed))
    items = list(played.items)
    k = min(k, len(items))
    for _ in range(k):
        played.undo()
    assert state(played) == state(Session(SYSTEM, played.setup, items[: len(items) - k]))
    for _ in range(k):
        played.redo()
    assert state(played) == state(Session(SYSTEM, played.setup, items))


@settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(battles, st.integers(0, 100))
def test_ce_save_then_load_round_trips(tmp_path: Path, args: tuple[str, int], cut: int) -> None:
    scenario, seed = args
    played = play_random(SYSTEM, make_setup(scenario, seed), random.Random(seed))
    for _ in range(min(cut, len(played.items))):
        played.undo()
    path = tmp_path / f"ce-{scenario}-{seed}.toml"
    save_session(played, path, "2026-01-01T00:00:00Z")
    loaded, _ = load_session(path, systems())
    assert loaded.setup == played.setup
    assert loaded.items == played.items
    assert state(loaded) == state(played)
