"""Property tests: random legal battles of wargaming-introduttivo, played by
`skirmtui.engine.play.sim`'s random answers, end with a result and keep the rules' invariants;
GM entries (add included) at random moments. Replay, undo and save/load of every system
are tests/property/test_every_system.py's."""

from __future__ import annotations

import random
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmtui.engine.core.armies import army_names, army_units, load_army
from skirmtui.engine.core.battle import Side
from skirmtui.engine.core.items import Item
from skirmtui.engine.core.prompts import Choose
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import Setup
from skirmtui.engine.play.sim import MAX_ANSWERS, play_random
from skirmtui.engine.store.saves import load_session, save_session
from skirmtui.systems.registry import get_system, systems
from tests.property.identity import state
from tests.property.playing import random_play

WI = "wargaming-introduttivo"
SYSTEM = get_system(WI)
ARMIES = {name: load_army(WI, name) for name in army_names(WI)}
SIDE_IDS = ["red", "blue", "green", "yellow"]

#: Keys whose answer spends one of the actor's actions (WI-4), and the combat ones.
ACTION_ROLLS = {"recovery.roll", "shoot.to_hit", "melee.to_hit", "move.impervious"}
COMBAT_ROLLS = {"shoot.to_hit", "melee.to_hit"}


def army_setup(seed: int, armies: list[str], turn_limit: int, range_modifiers: bool) -> Setup:
    """2–4 players, each with one of the sample armies in data/wargaming-introduttivo."""
    sides = [Side(side, ARMIES[name]["name"]) for side, name in zip(SIDE_IDS, armies, strict=False)]
    units = [
        u
        for side, name in zip(SIDE_IDS, armies, strict=False)
        for u in army_units(ARMIES[name], side)
    ]
    options = {"budget": 120, "turn_limit": turn_limit, "range_modifiers": range_modifiers}
    return Setup(WI, "random battle", seed, sides, units, options)


def demo_setup(seed: int) -> Setup:
    return attrs.evolve(SYSTEM.demo_setup(), seed=seed)


setups = st.one_of(
    st.builds(demo_setup, st.integers(0, 2**31)),
    st.builds(
        army_setup,
        seed=st.integers(0, 2**31),
        armies=st.integers(2, 4).flatmap(
            lambda n: st.permutations(sorted(ARMIES)).map(lambda names: names[:n])
        ),
        turn_limit=st.integers(3, 8),
        range_modifiers=st.booleans(),
    ),
)


def played(setup: Setup) -> Session:
    return play_random(SYSTEM, setup, random.Random(setup.seed))


# -- random battles end, and keep the rules' invariants -----------------------------------------


@settings(max_examples=150, deadline=None)
@given(setups)
def test_random_battles_end_with_a_result_and_keep_the_invariants(setup: Setup) -> None:
    session = Session(SYSTEM, setup)
    rng = random.Random(setup.seed)
    battle = session.battle
    actions: Counter[tuple[int, str]] = Counter()
    combat: Counter[tuple[int, str]] = Counter()
    tries: Counter[tuple[int, str]] = Counter()
    recoveries: Counter[tuple[int, str]] = Counter()
    while (prompt := session.prompt) is not None:
        # removed units never act, and are never offered
        for unit_id in (prompt.actor, prompt.target):
            if unit_id is not None:
                assert battle.alive(unit_id), f"{prompt.key}: {unit_id} is not on the table"
        if isinstance(prompt, Choose):
            for option in prompt.enabled():
                if option.value in battle.units:
                    assert battle.alive(option.value), f"{prompt.key} offers {option.value}"
        value = prompt.random_answer(rng)
        turn = battle.round
        actor = prompt.actor
        if prompt.key == "move.units" and isinstance(value, tuple):
            for move in value:
                mover, terrain = str(move).split("|")
                assert battle.units[mover].side == prompt.side, "a player moves its own units"
                if terrain != "impervious":  # the impervious roll counts below
                    actions[turn, mover] += 1
        elif prompt.key in ACTION_ROLLS:
            assert actor is not None
            actions[turn, actor] += 1
        if prompt.key in COMBAT_ROLLS:
            assert actor is not None
            assert battle.units[actor].stats["active"], "only active units fight (seed)"
            combat[turn, actor] += 1
        if prompt.key == "melee.to_hit":
            assert not battle.units[actor].stats["shot"], "a unit that shot cannot melee"
        if prompt.key == "activation.roll":
            tries[turn, str(actor)] += 1
        if prompt.key == "recovery.roll":
            recoveries[turn, battle.units[str(actor)].side] += 1
        session.answer(value)

        for unit in battle.units.values():
            stats = unit.stats
            assert 0 <= stats["damage"] <= 3
            assert (stats["damage"] == 3) <= unit.removed  # dead units leave the table
            assert 0 <= stats["actions"] <= 2
        assert max(actions.values(), default=0) <= 2, "at most two actions a turn (WI-4)"
        assert max(combat.values(), default=0) <= 1, "at most one combat action (WI-4)"
        assert max(tries.values(), default=0) <= 1, "each unit tries once per turn (WI-3)"
        assert max(recoveries.values(), default=0) <= 1, "one recovery per player (WI-5)"
        assert len(session.items) < MAX_ANSWERS
        # what the TUI shows at every step must not fail either
        assert SYSTEM.queue(battle) and SYSTEM.summary(battle)
        assert all(isinstance(SYSTEM.status(battle, u), str) for u in battle.units.values())

    result = battle.result
    assert result is not None
    standing = {s.id for s in battle.sides if battle.on_table(s.id)}
    limit = battle.options["turn_limit"]
    assert 1 <= result.round <= (limit or result.round)
    if len(standing) > 1:
        assert limit and result.round == limit and result.reason.startswith("turn limit")
    if result.winner is not None:
        assert result.winner in standing
    elif not standing:
        assert result.reason == "no units left on any side"


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**31))
def test_battles_without_a_turn_limit_end_too(seed: int) -> None:
    """WI-9: with no turn limit the battle ends when one player (or nobody) has units left."""
    setup = army_setup(seed, ["legionari", "barbari"], turn_limit=0, range_modifiers=False)
    session = played(setup)
    result = session.battle.result
    assert result is not None and session.prompt is None
    standing = [s.id for s in session.battle.sides if session.battle.on_table(s.id)]
    assert standing == ([result.winner] if result.winner else [])


# -- replay, undo, redo, save and load -------------------------------------------------------------


# -- GM overrides at random moments ---------------------------------------------------------------


def random_override(
    session: Session, rng: random.Random, counter: int
) -> tuple[str, dict[str, Any]]:
    """A legal GM entry (G-4): set damage, remove, add a unit, or a note."""
    battle = session.battle
    on_table = [u.id for u in battle.on_table()]
    kind = rng.choice(["set", "remove", "add", "note"])
    if kind == "set" and on_table:
        return "gm.set", {
            "unit": rng.choice(on_table),
            "field": "damage",
            "value": rng.randint(0, 2),
        }
    if kind == "remove" and len(on_table) > 2:
        return "gm.remove", {"unit": rng.choice(on_table)}
    if kind == "add":
        side = rng.choice(battle.sides).id
        profile = {"cmb": rng.randint(1, 5), "abi": rng.randint(1, 5)}
        return "gm.add", {
            "id": f"gm{counter}",
            "side": side,
            "name": "Rinforzo",
            "profile": profile,
        }
    return "gm.note", {"text": f"note {counter}"}


@settings(max_examples=60, deadline=None)
@given(setups, st.integers(0, 2**31))
def test_gm_overrides_at_random_moments_replay_and_round_trip(setup: Setup, seed: int) -> None:
    """G-4: overrides are entries of the answer log, applied at their place on replay, so
    they survive undo, save and load, whenever the GM makes them."""
    session = Session(SYSTEM, setup)
    rng = random.Random(seed)
    for _ in random_play(session, rng, random_override, gm_rate=0.03, limit=4000):
        pass
    if session.prompt is not None:
        session.gm("gm.end", reason="time")
    assert session.battle.result is not None
    assert state(Session(SYSTEM, setup, session.items)) == state(session)
    back = rng.randint(0, len(session.items))
    items = list(session.items)
    for _ in range(back):
        session.undo()
    assert state(session) == state(Session(SYSTEM, setup, items[: len(items) - back]))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "gm.toml"
        save_session(session, path, "2026-01-01T00:00:00Z")
        loaded, _ = load_session(path, systems())
    assert loaded.items == session.items
    assert state(loaded) == state(session)
    assert all(isinstance(item, Item) for item in loaded.items)
