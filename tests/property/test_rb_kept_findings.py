"""Property test of regole-base's kept findings (issue 28): what the rules read several
times an answer is found once and kept while what it reads is unchanged (the models
engaged, each side's models, the enemies a charge names, the sides that could make a
free attack, the end check's "the battle goes on"), and each phase's "which models can
act" and the Assault's one-answer list are read for a side's whole list at once. At
every point of random battles of every scenario, with GM entries (set, remove,
restore, add) at random moments, each kept finding is what a fresh pass over the
models finds, and each list read at once is what the rule per model gives; the app's
players' worth of a blow (`edge.blow`, worked out once for the values it reads) is the
rule's formula read off the models. The same checks run on a copy of the battle after
each of one to three GM entries applied to it in place (`playing.changed_in_place`: an
entry in play replays its step on a new battle, which a kept finding tells apart by
identity alone, so only a change to the same battle reaches a guard); a broken mark or
key fails here."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.kit import units_by_side
from skirmtui.engine.core.session import Session
from skirmtui.systems.registry import systems
from skirmtui.systems.regole_base import (
    charging,
    edge,
    maths,
    movement,
    passing,
    shooting,
    state,
)
from skirmtui.systems.regole_base.attacks import armour_of, shield_in_hand
from skirmtui.systems.regole_base.profile import wielded
from tests.property.playing import (
    changed_in_place,
    ends_as_fresh,
    entry_in_place,
    examples,
    random_play,
)
from tests.property.test_every_system import short_setup
from tests.property.test_gm_at_random_moments import gm_entry

SYSTEM = systems()["regole-base"]


def check_kept(b: Battle) -> None:
    """Each kept finding against the rule's own scan of the models."""
    engaged_ids = state.engaged_ids(b)  # (first: nothing else has refreshed what it keeps)
    for unit in b.units.values():
        foes = [b.units[p[1] if p[0] == unit.id else p[0]] for p in b.pos.contacts if unit.id in p]
        fresh = any(not o.removed and o.side != unit.side for o in foes)
        assert state.engaged(b, unit) == fresh, unit.id  # RB-14
        assert state.engaged(b, unit) == bool(state.foes_in_contact(b, unit))
        assert (unit.id in engaged_ids) == fresh, unit.id  # the same, read once
        could = any(
            not e.removed and e.side != unit.side and not e.stats["fleeing"]
            and not state.foes_in_contact(b, e)
            for e in b.units.values()
        )  # fmt: skip
        assert passing.provokes(b, unit) == could, unit.id  # RB-17
    sides = {s.id: tuple(u for u in b.units.values() if u.side == s.id) for s in b.sides}
    assert units_by_side(b) == sides
    # Each phase's rule on a side's whole roster (`turns.next_mover`) is its rule per
    # model waiting to act (none waiting: none).
    for units in sides.values():
        waiting = [u for u in units if not u.removed and not u.stats["acted"]]
        for ready, can in (
            (movement.ready_to_move, movement.can_move),
            (charging.ready_to_assault, charging.can_assault),
            (shooting.ready_to_shoot, shooting.can_shoot),
        ):
            assert ready(b, units) == [u for u in waiting if can(b, u)]
    for side in b.sides:
        named = tuple((e.id, f"{e.label} ({b.side_name(e.side)})") for e in b.enemies(side.id))
        assert charging.foes_of(b, side.id) == named
        # The Assault's one-answer list of a side's models (each model's `actions`).
        ready = [u for u in sides[side.id] if not u.removed]
        if ready:
            one_by_one = [o for u in ready for o in charging.actions(b, u, named, grouped=True)[1]]
            listed = tuple(charging.grouped_actions(b, side.id, ready, named))
            assert listed == tuple(one_by_one)
    # The app's players' worth of one blow (edge.blow, worked out once for the values it
    # reads) is the rule's own formula read off the models, for every pair of enemies.
    for attacker in b.on_table():
        for target in b.enemies(attacker.side):
            for charge in (False, True):
                assert edge.blow(attacker, target, charge) == blow_now(attacker, target, charge)
    # The end check keeps nothing stale: where it recalls that the battle goes on (the
    # runner has just checked it), a fresh check of a copy finds it going on too.
    ends_as_fresh(SYSTEM, b)


def blow_now(attacker: Unit, target: Unit, charging: bool) -> float:
    """`edge.blow` as the rules say it (RB-1, RB-6..RB-8), read off the models now."""
    r_now, r_start = target.num("r"), int(target.profile["r"])
    if r_now <= 0 or r_start <= 0:
        return 0.0
    weapon = wielded(attacker)
    hit = edge.confronto_chance(attacker.num("c") - attacker.num("c_malus"), target.num("c"))
    score = armour_of(target)
    shield = shield_in_hand(target)
    save = edge._save_chance(score, maths.save_target(score, weapon, shield, False))
    charger = charging or attacker.flag("charged")
    f = weapon.attack_f(attacker.num("f")) + (edge._CHARGE_F if charger else 0)
    wound = edge.confronto_chance(f, r_now)
    count = min(maths.wounds(f, r_now), r_now)
    return hit * (1.0 - save) * wound * count / r_start


def rb_gm_entry(session: Session, rng: random.Random, counter: int) -> tuple[str, dict[str, Any]]:
    """A legal GM entry that moves what the findings read: a model in base contact
    removed (its contacts stay: G-4), a model set to R 0 or to fleeing; else any other
    (test_gm_at_random_moments)."""
    b = session.battle
    on_table = [u.id for u in b.on_table()]
    roll = rng.random()
    held = sorted({uid for pair in b.pos.contacts for uid in pair if b.alive(uid)})
    if roll < 0.3 and held and len(on_table) > 2:
        return "gm.remove", {"unit": rng.choice(held)}
    if roll < 0.45 and on_table:
        field, value = rng.choice([("r", 0), ("fleeing", True), ("fleeing", False)])
        return "gm.set", {"unit": rng.choice(on_table), "field": field, "value": value}
    return gm_entry(session, rng, counter)


@examples(8)
@given(seed=st.integers(0, 10_000), scenario=st.integers(0, 3), gm_seed=st.integers())
def test_regole_base_kept_findings_match_a_fresh_pass(
    seed: int, scenario: int, gm_seed: int
) -> None:
    session = Session(SYSTEM, short_setup(SYSTEM, seed, 2, scenario))
    rng = random.Random(gm_seed)
    in_place = entry_in_place(SYSTEM, rb_gm_entry)
    for _ in random_play(session, rng, rb_gm_entry, 0.08, 400):
        check_kept(session.battle)
        changed_in_place(session.battle, rng, in_place, check_kept)
