"""Issue 26: the look-ahead sees the battle the table sees, and the app answers a
multi-select (`Pick`) when it is a side's decision.

The look-ahead replays the pending step from where it began (`Session.step_start`); a
GM entry that counts from the step's start (taking a unit out, putting one back) makes
the session play the step again, withdrawing the answers that no longer fit: the
look-ahead must play it the same way, else it weighs a position nobody is in (before
this was fixed it saw another question, or `step_start` failed outright).
"""

from __future__ import annotations

import random

import pytest

from skirmtui.engine.core.items import BY_AI, GM_REMOVE
from skirmtui.engine.core.session import Session
from skirmtui.engine.play.answers import answers_of, pick_answers
from skirmtui.engine.play.auto import let_app_play
from skirmtui.engine.play.lookahead import Search
from skirmtui.engine.play.personas import persona
from skirmtui.engine.play.policy import decide, play
from skirmtui.engine.rules import (
    Battle,
    Cause,
    Option,
    Phase,
    Pick,
    Step,
    conditions,
    reset,
    stat_test,
)
from skirmtui.systems.registry import get_system, systems
from tests.systems.sixth.system import DuelOfSixes


def _mid_step_removal(system_id: str) -> Session:
    """A demo battle played at random until a unit's question is pending in a step that
    has answers already, then the GM takes that unit out (the step is played again)."""
    system = get_system(system_id)
    for seed in range(60):
        session = Session(system, system.demo_setup())
        rng = random.Random(seed)
        for _ in range(rng.randrange(20, 120)):
            if session.prompt is None:
                break
            session.answer(session.prompt.random_answer(rng))
        prompt = session.prompt
        if prompt is None or not prompt.actor or session.runner.boundary_at == len(session.items):
            continue
        session.gm(GM_REMOVE, unit=prompt.actor)
        if session.prompt is not None:
            return session
    raise AssertionError(f"{system_id}: no position found")


@pytest.mark.parametrize("system_id", sorted(systems()))
def test_the_look_ahead_replays_a_gm_restart_as_the_session_did(system_id: str) -> None:
    session = _mid_step_removal(system_id)
    base, consumed = session.step_start()
    tail = list(session.items[consumed:])
    search = Search(session.system, base, consumed, tail, "any", persona(system_id, "balanced"))
    seen = search.runner([])
    assert seen.prompt is not None and session.prompt is not None
    assert (seen.prompt.key, seen.prompt.text) == (session.prompt.key, session.prompt.text)
    removed = {u.id for u in session.battle.units.values() if u.removed}
    assert {u.id for u in seen.battle.units.values() if u.removed} == removed


def test_step_start_is_kept_for_the_step_and_redone_after_an_undo() -> None:
    session = _mid_step_removal("wargaming-introduttivo")
    first, at = session.step_start()
    again, at_again = session.step_start()
    assert at == at_again and first is not again  # each caller gets its own copy
    assert [u.id for u in first.units.values()] == [u.id for u in again.units.values()]
    while session.runner.boundary_at == at:
        session.undo()
    _, earlier = session.step_start()
    assert earlier == session.runner.boundary_at < at


# -- a multi-select that is a decision ---------------------------------------------------


def _volley(b: Battle) -> Step:
    """Each round one side fires: it picks which of its units shoot at the enemy's first
    unit (a multi-select); each shooter hits on 1d6 ≤ Fight and a hit takes it off."""
    side = b.sides[(b.round - 1) % 2].id
    enemy = next(s.id for s in b.sides if s.id != side)
    mine, theirs = b.on_table(side), b.on_table(enemy)
    options = [Option(u.id, u.label) for u in mine]
    options.append(Option("reserve", "Reserve", disabled="not on the table"))
    shooters = yield Pick(
        key="volley.shooters",
        text=f"{b.side_name(side)}: which units fire?",
        options=tuple(options),
        side=side,
    )
    for unit_id in shooters:
        target = next(iter(b.on_table(enemy)), None)
        if target is None:
            break
        unit = b.units[unit_id]
        hit = yield stat_test(unit, "fight", "volley.hit", f"hits {target.label}", target=target)
        if hit.success:
            b.remove(target, Cause("attack", len(b.log) - 1, unit.id))
    del theirs
    conditions.round_ended(b)
    b.round += 1
    reset(b, b.on_table(), {"acted": False})


class Volley(DuelOfSixes):
    id = "volley"
    title = "Volley"
    phases = (Phase("fight", "Fight", _volley),)


def test_the_app_answers_a_multi_select_decision_with_its_reason() -> None:
    system = Volley()
    session = Session(system, system.demo_setup())
    let_app_play(session, {"red": "balanced"})
    prompt = session.prompt
    assert isinstance(prompt, Pick) and prompt.side == "red"
    # Every legal answer is weighed (two shooters: none, either, both), never the
    # disabled option.
    assert answers_of(prompt) == pick_answers(prompt) == [(), ("r2",), ("r1",), ("r1", "r2")]
    decision = decide(session)
    assert decision is not None
    # Both fire: two chances at 1d6 ≤ 3 to take the Brute off, 1 − ½·½ = 75%.
    assert decision.value == ("r1", "r2")
    assert decision.reason.startswith("50% to succeed, 75% to take a unit off")
    play(session)
    item = session.items[-1]
    assert (item.key, item.value, item.by, item.persona) == (
        "volley.shooters",
        ("r1", "r2"),
        BY_AI,
        "balanced",
    )
    # Replayed from its answers, the battle is the same.
    replay = Session(system, session.setup, session.items)
    assert [e.text for e in replay.battle.log] == [e.text for e in session.battle.log]


def test_a_long_multi_select_is_weighed_on_a_short_list() -> None:
    options = tuple(Option(f"u{n}", f"U{n}") for n in range(6))
    prompt = Pick(key="k", text="which?", options=options, maximum=4)
    answers = pick_answers(prompt)
    # 2⁶ answers are too many: none, each alone, and as many as allowed.
    assert answers == [(), *[(f"u{n}",) for n in range(6)], ("u0", "u1", "u2", "u3")]


@pytest.mark.parametrize("system_id", sorted(systems()))
def test_a_units_worth_read_once_a_decision_is_the_systems_strength(system_id: str) -> None:
    """The look-ahead reads each unit's value (and, where the system counts strength the
    base way, the stat it reads) once a decision: the same worth as asking the system
    at every outcome, so the app makes the same moves for less."""
    system = get_system(system_id)
    session = Session(system, system.demo_setup())
    rng = random.Random(5)
    side = session.setup.sides[0].id
    search = Search(system, session.battle.clone(), 0, [], side, persona(system_id, "balanced"))
    hurt = 0
    for _ in range(400):
        if session.prompt is None:
            break
        session.answer(session.prompt.random_answer(rng))
        battle = session.battle
        for unit in battle.units.values():
            if unit.id not in search.values:
                continue
            value = system.unit_value(unit) / search.scale
            assert search.worth(battle, unit.id) == system.strength(battle, unit) * value
            hurt += system.strength(battle, unit) < 1.0
    assert hurt, "the battle hurt no unit: nothing was compared"
