"""Property test of cape-et-epee's kept findings (issue 28, eighth pass): the
non-activated question's parts (`nonactivated._offer`: each waiting character's options,
kept from the phase's last step while what its situation reads is the same), the side
views and the rosters they are found from (`sides`: kept until a deployment, status,
melee or removal; the rosters until a deployment or removal). At every
point of random battles of every scenario, with GM entries at random moments (order dice,
AP, `acted`, deployments, statuses, melees, reloads set; units removed, restored and
added), each kept finding is what a fresh pass over the side's characters gives; and on
a copy of the battle (`playing.changed_in_place`) after each of one to three values
changed in place as a rule changes them (an entry in play replays its step on a new
battle, which a kept finding tells apart by identity alone), the parts, the side views,
rosters, squads, targets, morale modifiers, beaten sides and the end check again; a
broken guard or a part kept too long fails here."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from skirmtui.engine.core.asking import QUESTIONS, THIRD_PASS, asks_as_of
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.items import GM_ADD, Item
from skirmtui.engine.core.overrides import apply_override
from skirmtui.engine.core.session import Session
from skirmtui.systems.cape_et_epee import nonactivated, profile, sides
from skirmtui.systems.registry import systems
from tests.property.playing import changed_in_place, examples
from tests.property.test_ce_random_battles import check_kept_views
from tests.property.test_every_system import short_setup
from tests.property.test_gm_at_random_moments import gm_entry

SYSTEM = systems()["cape-et-epee"]
STATUSES = ("", profile.SHAKEN, profile.SEEK_COVER, profile.LEAVE_TABLE)
#: What `change` changes: a unit's value, a unit out, a side's starting firmness, a unit
#: added, the round.
CHANGED = (
    *("die", "ap", "acted", "deployed", "status", "prone", "reload", "foe", "firm_loss"),
    *("out", "firmness", "add", "round"),
)


def fresh_offer(b: Battle, side: str, tell: bool) -> Any:
    """`_offer` with nothing kept (the kept parts put back after: the battle's own next
    step reads them)."""
    kept = nonactivated._KEPT.last
    nonactivated._KEPT.last = None
    try:
        return nonactivated._offer(b, side, tell)
    finally:
        nonactivated._KEPT.last = kept


def check_kept(session: Session, rng: random.Random, asked: bool) -> None:
    """The question the battle asks (`asked`: made since the last GM entry, which may
    leave it standing), and `_offer` from what is kept now, against a fresh pass; then
    on a copy of the battle, the parts kept, one to three of the values they read
    changed as a rule changes them (`Battle.set`, `remove`: a GM's entry in the middle
    of a step plays the step again on a checkpoint's copy), `_offer` against a fresh
    pass again after each, and the other side's last."""
    b, prompt = session.battle, session.prompt
    side = b.pos.na_side if b.pos is not None and b.phase == "nonactivated" else None
    if side is None or b.over:
        return
    tell = side not in b.ai and not (QUESTIONS in b.options and asks_as_of(b, THIRD_PASS))
    fresh = fresh_offer(b, side, tell)
    if asked and prompt is not None and prompt.key in ("na.act", "na.act_with"):
        assert tuple(prompt.options) == tuple(fresh[1]), "the question offered stale parts"
    assert nonactivated._offer(b, side, tell) == fresh, "kept parts differ from a fresh pass"
    kept = nonactivated._KEPT.last

    def offer_as_fresh(copy: Battle) -> None:
        assert nonactivated._offer(copy, side, tell) == fresh_offer(copy, side, tell), (
            "kept parts missed a change"
        )

    try:
        copy = changed_in_place(b, rng, lambda copy, rng: change(copy, side, rng), offer_as_fresh)
        # The other side's question is not made from this side's kept parts.
        other = next(s.id for s in copy.sides if s.id != side)
        assert nonactivated._offer(copy, other, tell) == fresh_offer(copy, other, tell)
    finally:
        nonactivated._KEPT.last = kept  # the battle's own next step reads its own


def check_views(b: Battle, rng: random.Random) -> None:
    """On a copy of the battle, each finding kept about the sides (`sides`: the views
    kept until a deployment, status, melee or removal, the rosters until a deployment or
    removal, the squads until a unit is added; the targets, the squads' morale modifiers,
    the beaten sides and the end check: test_ce_random_battles' `check_kept_views`), then
    against the rule's own pass after each of one to three of the values they read
    changed as a rule changes them."""
    changed_in_place(
        b, rng, lambda copy, rng: change(copy, rng.choice(copy.sides).id, rng), views_as_fresh
    )


def views_as_fresh(b: Battle) -> None:
    """Each finding kept about the sides is what the rule's own pass finds (the end
    check run first: a side's firmness gone must end the battle)."""
    if not b.over:
        SYSTEM.check_end(b)
    check_kept_views(b)
    squads: dict[tuple[str, str], list[Unit]] = {}
    for unit in b.units.values():
        squads.setdefault((unit.side, str(unit.profile.get("squad", ""))), []).append(unit)
    assert sides.squad_models(b) == {k: tuple(v) for k, v in squads.items()}, "stale squads"


def change(b: Battle, side: str, rng: random.Random) -> None:
    """One value a kept finding reads changed as a rule would: mostly of `side`'s units;
    now and then a side's firmness lost or its starting firmness (the setup's `track`),
    a unit added (as the GM's entry adds one, to this battle) or a new round."""
    units = list(b.units.values())
    if rng.random() < 0.7:
        units = [u for u in units if u.side == side]
    unit = rng.choice(units)
    field = rng.choice(CHANGED)
    if field == "out":
        b.remove(unit)
        return
    if field == "round":  # (`CapeEtEpee._new_turn`'s own step)
        b.round += 1
        return
    if field == "firmness":
        b.track("firmness", {s: rng.randint(0, f) for s, f in b.pos.firmness.items()})
        return
    if field == "add":
        profile_ = dict(unit.profile)
        fields = {"id": f"new{len(b.units)}", "side": unit.side, "name": unit.name}
        apply_override(SYSTEM, b, Item(GM_ADD, {**fields, "profile": profile_}))
        return
    value: Any
    if field in ("die", "ap"):
        value = rng.randint(0, 3)
    elif field == "reload":
        value = rng.randint(0, 2)
    elif field == "firm_loss":
        value = rng.choice([0, profile.value(unit), 2 * profile.value(unit)])
    elif field == "status":
        value = rng.choice(STATUSES)
    elif field == "foe":  # an enemy holds it, or it holds an enemy
        enemy = rng.choice([u for u in b.units.values() if u.side != unit.side])
        unit, enemy = (enemy, unit) if rng.random() < 0.5 else (unit, enemy)
        value = rng.choice(["", enemy.id])
    else:
        value = rng.random() < 0.5
    b.set(unit, field, value)


def ce_gm_entry(session: Session, rng: random.Random, counter: int) -> tuple[str, dict[str, Any]]:
    """A legal GM entry that moves what the kept findings read: a unit's order die, AP,
    `acted`, deployment, status, prone, reload or melee opponent set (in the
    non-activated phase, mostly of the side acting, or an enemy's opponent one of its
    characters); else any other (test_gm_at_random_moments: add, remove, restore, end)."""
    b = session.battle
    units = list(b.units.values())
    side = b.pos.na_side if b.pos is not None and b.phase == "nonactivated" else None
    if side is not None and rng.random() < 0.7:
        units = [u for u in units if u.side == side]
    unit = rng.choice(units)
    if rng.random() < 0.6:
        field = rng.choice(["die", "ap", "acted", "deployed", "status", "prone", "reload", "foe"])
        value: object
        if field in ("die", "ap"):
            value = rng.randint(0, 3)
        elif field == "reload":
            value = rng.randint(0, 2)
        elif field == "status":
            value = rng.choice(STATUSES)
        elif field == "foe":  # an enemy holds it, or it holds an enemy
            enemy = rng.choice([u for u in b.units.values() if u.side != unit.side])
            unit, enemy = (enemy, unit) if rng.random() < 0.5 else (unit, enemy)
            value = rng.choice(["", enemy.id])
        else:
            value = rng.random() < 0.5
        return "gm.set", {"unit": unit.id, "field": field, "value": value}
    return gm_entry(session, rng, counter)


def play(session: Session, rng: random.Random, limit: int) -> Iterator[bool]:
    """`playing.random_play`'s loop, the GM stepping in at 8 % of the points and at 40 %
    in the non-activated phase (where the kept parts live); yields whether the question
    was asked since the last GM entry (a GM's entry may leave it standing)."""
    yield True
    entries = 0
    while session.prompt is not None and len(session.items) < limit:
        rate = 0.4 if session.battle.phase == "nonactivated" else 0.08
        if rng.random() < rate:
            entries += 1
            key, fields = ce_gm_entry(session, rng, entries)
            session.gm(key, **fields)
            yield False
        else:
            session.answer(session.prompt.random_answer(rng))
            yield True


@examples(8)
@given(seed=st.integers(0, 10_000), scenario=st.integers(0, 3))
def test_cape_et_epee_kept_findings_match_a_fresh_pass(seed: int, scenario: int) -> None:
    session = Session(SYSTEM, short_setup(SYSTEM, seed, 2, scenario))
    rng = random.Random(seed)
    for asked in play(session, rng, 400):
        check_kept(session, rng, asked)
        if session.battle.pos is not None:
            check_views(session.battle, rng)
