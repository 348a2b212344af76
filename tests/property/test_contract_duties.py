"""The contract's duties, checked for every registered system (issue 22): a duty that
lives only in a docstring is one a sixth system forgets.

- a system reports round ends and activation ends (`conditions.round_ended`,
  `conditions.activation_ended`, engine/core/system.py): a GM's timed condition ends;
- it ships a finished example battle and its report (`saves/examples/<id>.toml|.md`,
  written by tools/make_examples.py), which replays (`skirmtui check`);
- it states its rulings (`ruling_prefix`) in docs/rules/<id>.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from skirmtui.engine.core.conditions import of_unit
from skirmtui.engine.core.session import Session
from skirmtui.systems.registry import systems

ROOT = Path(__file__).resolve().parents[2]
SYSTEMS = sorted(systems())


def _played_until(session: Session, rng: random.Random, done: Callable[[], bool]) -> None:
    while session.prompt is not None and not done() and len(session.items) < 5000:
        session.answer(session.prompt.random_answer(rng))


def demo_battles(system_id: str, count: int) -> Iterator[tuple[Session, random.Random]]:
    """`count` fresh demo battles of the system, each with dice of its own seed."""
    system = systems()[system_id]
    for seed in range(count):
        yield Session(system, system.demo_setup()), random.Random(seed)


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_a_condition_to_the_end_of_round_one_ends_with_it(system_id: str) -> None:
    for session, rng in demo_battles(system_id, 3):
        _played_until(session, rng, lambda s=session: s.battle.round >= 1)
        unit = session.battle.on_table()[0]
        when = max(1, session.battle.round)
        session.gm("gm.condition", unit=unit.id, text="blessed", until="round", n=when)
        assert of_unit(session.battle, unit.id)
        _played_until(session, rng, lambda s=session, w=when: s.battle.round > w)
        if session.battle.round > when:
            assert not of_unit(session.battle, unit.id), f"{system_id}: round end not reported"
            return
    pytest.fail(f"{system_id}: no battle of three reached the end of a round")


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_a_condition_for_one_activation_ends_after_it(system_id: str) -> None:
    for session, rng in demo_battles(system_id, 5):
        units = [u.id for u in session.battle.on_table()]
        for uid in units:
            session.gm("gm.condition", unit=uid, text="hasted", until="activations", n=1)
        _played_until(
            session,
            rng,
            lambda s=session, us=units: any(
                not of_unit(s.battle, u) for u in us if s.battle.alive(u)
            ),
        )
        if any(not of_unit(session.battle, u) for u in units if session.battle.alive(u)):
            return
    pytest.fail(f"{system_id}: no unit's activation end was reported")


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_it_ships_an_example_battle_its_report_and_its_rulings(system_id: str) -> None:
    examples = ROOT / "saves" / "examples"
    assert (examples / f"{system_id}.toml").is_file(), "run tools/make_examples.py"
    assert (examples / f"{system_id}.md").is_file(), "run tools/make_examples.py"
    rules = (ROOT / "docs" / "rules" / f"{system_id}.md").read_text(encoding="utf-8")
    prefix = systems()[system_id].ruling_prefix
    assert f"| {prefix}-1 |" in rules, f"docs/rules/{system_id}.md states no {prefix}-n ruling"
