"""Property tests for every registered system: random legal battles end, and replay, undo
and save/load give back exactly the same battle. A new system is covered by registering it
(its `demo_setup()` seeds the battles); its own invariants go in its own property file."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmtui.engine.core.armies import scenario_names, setup_for_players
from skirmtui.engine.core.session import CHECKPOINT_EVERY, Session
from skirmtui.engine.core.system import RuleSystem, Setup
from skirmtui.engine.play.sim import MAX_ANSWERS, play_random
from skirmtui.engine.store.saves import load_session, save_session
from skirmtui.systems.registry import systems
from tests.property.identity import state
from tests.property.playing import examples, random_play

SYSTEMS = sorted(systems())
#: Examples per system (five systems: as many battles as 40 shared examples were).
FAST = examples(8)


def short_setup(system: RuleSystem, seed: int, players: int, scenario: int = 0) -> Setup:
    """A battle of `players` (clamped to what the system takes) from one of the system's
    scenarios, the same way for every system."""
    players = max(system.min_players, min(system.max_players, players))
    names = scenario_names(system.id)
    name = names[scenario % len(names)]
    return attrs.evolve(setup_for_players(system.id, players, name), seed=seed)


def short_battle(system_id: str, args: tuple[int, int, int]) -> tuple[RuleSystem, Setup, int]:
    """The system, its short_setup for hypothesis' (seed, players, scenario), and the seed."""
    seed, players, scenario = args
    system = systems()[system_id]
    return system, short_setup(system, seed, players, scenario), seed


def assert_views_only_read(session: Session) -> None:
    """What the TUI shows at every step (queue, summary, every unit's status) works and
    changes nothing: the panes call these on every repaint, replay never does."""
    system, battle = session.system, session.battle

    def position() -> tuple[object, ...]:
        units = {u.id: (dict(u.stats), u.removed) for u in battle.units.values()}
        where = (battle.round, battle.phase, battle.turn_side, battle.result)
        return units, copy.deepcopy(battle.pos), where, len(battle.log)

    before = position()
    assert system.queue(battle) and system.summary(battle)
    assert all(isinstance(system.status(battle, u), str) for u in battle.units.values())
    assert position() == before, "a view changed the battle"


#: (seed, players, scenario): 2–4 players where the system takes them, any of its
#: scenarios. Each test runs for every registered system with examples of its own.
battles = st.tuples(st.integers(0, 10_000), st.sampled_from([2, 3, 4]), st.integers(0, 3))
by_system = pytest.mark.parametrize("system_id", SYSTEMS)


def with_a_gm(test: Callable[..., None]) -> Callable[..., None]:
    """`test(system_id, args, seed)` for every system's battles, `seed` for the random
    play and the GM entries made between its answers."""
    return by_system(FAST(given(battles, st.integers(0, 2**31))(test)))


@by_system
@FAST
@given(battles)
def test_random_battles_end_and_keep_invariants(system_id: str, args: tuple[int, int, int]) -> None:
    system, setup, seed = short_battle(system_id, args)
    session = Session(system, setup)
    rng = random.Random(seed)
    while session.prompt is not None:
        assert len(session.items) < MAX_ANSWERS, "a loop, not a long battle"
        prompt = session.prompt
        if prompt.actor is not None:
            assert session.battle.alive(prompt.actor), f"removed unit asked to act: {prompt}"
        session.answer(prompt.random_answer(rng))
        assert_views_only_read(session)
        assert len(session.items) < MAX_ANSWERS
    assert session.battle.result is not None


@by_system
@FAST
@given(battles)
def test_replaying_the_answer_log_gives_the_same_battle(
    system_id: str, args: tuple[int, int, int]
) -> None:
    system, setup, seed = short_battle(system_id, args)
    played = play_random(system, setup, random.Random(seed))
    replayed = Session(system, played.setup, played.items)
    assert state(replayed) == state(played)


@by_system
@FAST
@given(battles, st.data())
def test_undo_k_times_equals_replaying_the_first_n_minus_k(
    system_id: str, args: tuple[int, int, int], data: st.DataObject
) -> None:
    """Undo k (across checkpoints too), redo j, then a different future: each is the
    battle a fresh replay of the same answers gives."""
    system, setup, seed = short_battle(system_id, args)
    played = play_random(system, setup, random.Random(seed))
    items = list(played.items)
    n = len(items)
    k = data.draw(
        st.one_of(
            st.integers(0, n),
            st.integers(min(n, 2 * CHECKPOINT_EVERY), n),  # across several checkpoints
            st.sampled_from([1, min(n, CHECKPOINT_EVERY), min(n, CHECKPOINT_EVERY + 1), n]),
        ),
        label="k",
    )
    for _ in range(k):
        played.undo()
    assert played.items == items[: n - k]
    assert state(played) == state(Session(system, played.setup, items[: n - k]))
    j = data.draw(st.integers(0, k), label="redo")
    for _ in range(j):
        played.redo()
    assert state(played) == state(Session(system, played.setup, items[: n - k + j]))
    # a different future from there: new answers, then the same as a fresh replay
    rng = random.Random(data.draw(st.integers(0, 2**31), label="future"))
    for _ in range(data.draw(st.integers(0, 3 * CHECKPOINT_EVERY), label="answers")):
        if played.prompt is None:
            break
        played.answer(played.prompt.random_answer(rng))
    assert not played.can_redo or played.items == items[: len(played.items)]
    assert state(played) == state(Session(system, played.setup, played.items))


@by_system
@examples(4)
@given(battles, st.data())
def test_save_then_load_round_trips(
    tmp_path: Path, system_id: str, args: tuple[int, int, int], data: st.DataObject
) -> None:
    """Any point of a battle, a GM note of any text: loading never writes, saving the
    loaded battle gives the same bytes, and the battle is the same."""
    system, setup, seed = short_battle(system_id, args)
    played = play_random(system, setup, random.Random(seed))
    played.seek(data.draw(st.integers(0, len(played.items)), label="cut"))
    note = data.draw(st.text(min_size=1).filter(str.strip), label="note")
    played.gm("gm.note", text=note)
    path = tmp_path / f"{system_id}-{seed}.toml"
    save_session(played, path, "2026-01-01T00:00:00Z")
    before = path.read_bytes()
    loaded, created = load_session(path, systems())
    assert path.read_bytes() == before  # loading never writes
    save_session(loaded, path, created)
    assert path.read_bytes() == before  # and saving the loaded battle gives the same file
    assert created == "2026-01-01T00:00:00Z"
    assert loaded.setup == played.setup
    assert loaded.items == played.items
    assert state(loaded) == state(played)


def random_gm_entry(
    session: Session, rng: random.Random, counter: int
) -> tuple[str, dict[str, Any]]:
    """A legal GM entry (G-4) for any system: set a tracked value within its bounds,
    remove or restore a unit, or write a note."""
    battle = session.battle
    system = session.system
    on_table = [u.id for u in battle.on_table()]
    removed = [u.id for u in battle.units.values() if u.removed]
    kind = rng.choice(["set", "set", "remove", "restore", "note"])
    fields = [f for f in system.unit_fields if not f.derived and f.kind is not str]
    if kind == "set" and on_table and fields:
        spec = rng.choice(fields)
        if spec.kind is bool:
            value: object = rng.random() < 0.5
        elif spec.kind is tuple:  # several unit ids (a melee's opponents)
            value = rng.sample(sorted(battle.units), rng.randint(0, min(2, len(battle.units))))
        else:
            low = spec.minimum if spec.minimum is not None else 0
            high = spec.maximum if spec.maximum is not None else low + 5
            value = rng.randint(low, high)
        return "gm.set", {"unit": rng.choice(on_table), "field": spec.name, "value": value}
    if kind == "remove" and len(on_table) > 2:
        return "gm.remove", {"unit": rng.choice(on_table)}
    if kind == "restore" and removed:
        unit = battle.units[rng.choice(removed)]
        back = system.restore_field(battle, unit)
        if back.minimum is None or back.maximum is None or rng.random() < 0.5:
            return "gm.restore", {"unit": unit.id}  # the system's default
        return "gm.restore", {"unit": unit.id, "value": rng.randint(back.minimum, back.maximum)}
    return "gm.note", {"text": f"note {counter}"}


def assert_put_back_alive(session: Session, entry: dict[str, Any]) -> None:
    """G-4: a unit put back is on the table with a living value of its restore field (the
    GM's, or at least the living minimum by default)."""
    unit = session.battle.units[entry["unit"]]
    back = session.system.restore_field(session.battle, unit)
    assert not unit.removed
    if "value" in entry:
        assert unit.stats[back.name] == entry["value"]
    elif back.minimum is not None:
        assert unit.num(back.name) >= back.minimum


@with_a_gm
def test_gm_overrides_at_random_moments_never_break_the_rules(
    system_id: str, args: tuple[int, int, int], seed: int
) -> None:
    """G-4: whatever legal override the GM makes, whenever, the rules go on without a
    crash, and the battle (overrides included) replays and undoes identically."""
    system, setup, _ = short_battle(system_id, args)
    session = Session(system, setup)
    rng = random.Random(seed)
    for entry in random_play(session, rng, random_gm_entry, gm_rate=0.05, limit=3000):
        if entry is not None and entry[0] == "gm.restore":
            assert_put_back_alive(session, entry[1])
        assert_views_only_read(session)
    assert state(Session(system, session.setup, session.items)) == state(session)
    items = list(session.items)
    back = rng.randint(0, len(items))
    for _ in range(back):
        session.undo()
    assert state(session) == state(Session(system, session.setup, items[: len(items) - back]))
