"""Every registered system, random battles with random GM entries (remove, restore, add,
set, end) at random moments (issue 24 §1, §2): no unit out of play is asked about, acts,
is targeted or rolls; counts that depend on the units in play follow; no question is
asked once the system's own end condition holds; replay, undo and save/load are exact."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.options import Option
from skirmtui.engine.core.prompts import Choose, Prompt
from skirmtui.engine.core.session import Session
from skirmtui.engine.store.saves import load_session, save_session
from skirmtui.systems.cape_et_epee import activation as ce_activation
from skirmtui.systems.pequenas_guerras import rounds as pg_rounds
from skirmtui.systems.registry import systems
from tests.property.identity import state
from tests.property.test_every_system import random_gm_entry, short_setup

SYSTEMS = sorted(systems())
FEW = settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
#: Answers a battle is played for at most (a long battle shows nothing more).
LONG = 600


def gm_entry(session: Session, rng: random.Random, counter: int) -> tuple[str, dict[str, Any]]:
    """A legal GM entry: the kinds of test_every_system, a unit added (a copy of one of
    the battle's profiles) or, rarely, the end."""
    battle = session.battle
    roll = rng.random()
    if roll < 0.15:
        model = battle.units[rng.choice(sorted(battle.units))]
        profile = dict(model.profile)
        return "gm.add", {"id": f"gm{counter}", "side": model.side, "name": model.name,
                          "profile": profile}  # fmt: skip
    if roll < 0.17:
        return "gm.end", {"reason": "the GM ends it"}
    return random_gm_entry(session, rng, counter)


def assert_in_play(battle: Battle, prompt: Prompt) -> None:
    """Nobody out of play is asked about, acts, is targeted or rolls."""
    named = [prompt.actor, prompt.target, *prompt.actors, *prompt.targets]
    out = [u for u in named if u is not None and not battle.alive(u)]
    assert not out, f"{prompt.key} names units out of play {out}: {prompt.text}"
    if isinstance(prompt, Choose):
        offered = [o.value for o in prompt.options if isinstance(o, Option) and not o.disabled]
        gone = [v for v in offered if v in battle.units and not battle.alive(v)]
        assert not gone, f"{prompt.key} offers units out of play {gone}"


def assert_counts_follow(session: Session) -> None:
    """Counts the rules derive from the units in play match the battle as it is now."""
    battle, prompt = session.battle, session.prompt
    assert prompt is not None
    if prompt.key == "activation.roll" and session.system.id == "cape-et-epee":
        assert prompt.side is not None
        count = ce_activation.dice_count(battle, prompt.side)
        assert prompt.dice.startswith(f"{count}d"), (prompt.dice, count)  # type: ignore[attr-defined]
    if prompt.key == "activate.unit" and session.system.id == "pequenas-guerras":
        assert prompt.side == pg_rounds.next_side(battle)


def assert_not_over(session: Session) -> None:
    """No question once the system's own end condition holds: its check on a copy of the
    battle does not end it."""
    copy = session.battle.clone()
    copy.log = list(copy.log)
    session.system.check_end(copy)
    assert not copy.over, f"asked {session.prompt} after the end: {copy.result}"


@pytest.mark.parametrize("system_id", SYSTEMS)
@FEW
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]), gm_seed=st.integers())
def test_gm_entries_at_random_moments_are_seen_by_the_waiting_question(
    tmp_path: Path, system_id: str, seed: int, players: int, gm_seed: int
) -> None:
    system = systems()[system_id]
    session = Session(system, short_setup(system, seed, players, seed % 4))
    rng = random.Random(gm_seed)
    entries = 0
    while session.prompt is not None and len(session.items) < LONG:
        prompt = session.prompt
        assert_in_play(session.battle, prompt)
        assert_counts_follow(session)
        assert_not_over(session)
        if rng.random() < 0.08:
            entries += 1
            key, value = gm_entry(session, rng, entries)
            session.gm(key, **value)
        else:
            session.answer(prompt.random_answer(rng))
    items = list(session.items)
    assert state(Session(system, session.setup, items)) == state(session)
    path = tmp_path / f"{system_id}-{seed}.toml"
    save_session(session, path, "2026-01-01T00:00:00Z")
    loaded, _ = load_session(path, systems())
    assert loaded.items == session.items and state(loaded) == state(session)
    back = rng.randint(0, min(60, len(items)))
    for _ in range(back):
        session.undo()
    assert state(session) == state(Session(system, session.setup, items[: len(items) - back]))
