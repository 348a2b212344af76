"""Property test of combattimento-gdr's kept findings (issue 28): who is in contact with
whom (`profile.near`: a combatant's living contacts, the enemies among them, whether an
enemy is out of contact with it) is found for every combatant at once and kept while no
`contact`, no removal and no combatant changed; the action menu (`action_options`), the
ready menu, its "acts now" form, what is readied and the wound penalty are made once for
each set of values they read and read back. At every point of random
battles of every scenario, with GM entries at random moments (contacts set and cleared,
weapons readied or lost, combatants removed, restored and added), each kept finding is
what the rule's own pass over the combatants gives, and again on a copy of the battle
after each of one to three such entries applied to it in place (`playing.changed_in_place`:
an entry in play replays its step on a new battle, which a Watch tells apart by identity
alone, so only a change to the same battle reaches a guard); a broken mark or key fails
here."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.causes import FLED
from skirmtui.engine.core.session import Session
from skirmtui.systems.combattimento_gdr import arms, menu, profile, turn
from skirmtui.systems.combattimento_gdr import attack as atk
from skirmtui.systems.combattimento_gdr.tables import weapons
from skirmtui.systems.registry import systems
from tests.property.playing import (
    changed_in_place,
    ends_as_fresh,
    entry_in_place,
    examples,
    random_play,
)
from tests.property.test_every_system import short_setup
from tests.property.test_gm_at_random_moments import gm_entry

SYSTEM = systems()["combattimento-gdr"]


def fresh_contacts(b: Battle, unit_id: str) -> list[str]:
    """The rule itself, written out: living others that `unit` names or that name it."""
    unit = b.units[unit_id]
    return [
        o.id
        for o in b.units.values()
        if o.id != unit.id
        and not o.removed
        and (o.id in unit.stats["contact"] or unit.id in o.stats["contact"])
    ]


def check_kept(b: Battle) -> None:
    """Each kept finding against a fresh pass over the combatants; the end check (kept
    while no damage or removal changed) against a fresh one."""
    ends_as_fresh(SYSTEM, b)
    for unit in b.units.values():
        them = fresh_contacts(b, unit.id)
        foes = [uid for uid in them if b.units[uid].side != unit.side]
        free = any(e.id not in foes for e in b.enemies(unit.side))
        assert [u.id for u in profile.contacts(b, unit)] == them, unit.id
        assert [u.id for u in profile.enemies_in_contact(b, unit)] == foes, unit.id
        assert profile.engaged(b, unit) == bool(foes), unit.id
        assert profile.near(b, unit)[2] == free, unit.id
        # CG-15, CG-5, CG-12: the wound penalty, what is readied, the ready menu.
        damage = unit.num("damage")
        assert profile.penalty(unit) == profile.track(unit).penalty(damage), unit.id
        owned, lost = unit.profile["weapons"].split(), unit.stats["gone"].split()
        readied = [
            w
            for w in unit.stats["ready"].split()
            if (w == profile.SHIELD and unit.profile["shield"])
            or (w in owned and w not in lost and w in weapons())
        ]
        assert profile.readied(unit) == readied, unit.id
        assert arms.ready_options(unit) == tuple(arms._ready_options(unit)), unit.id
        if unit.removed:
            continue
        for may_delay in (False, True):
            made = tuple(menu.menu_of(unit, bool(foes), free, may_delay))
            assert menu.action_options(b, unit, may_delay) == made, (unit.id, may_delay)
        now = [o._replace(label=f"{unit.label} acts now: {o.label}") for o in made]
        assert list(turn._acts_now(made, unit.label)) == now, unit.id


def cg_gm_entry(session: Session, rng: random.Random, counter: int) -> tuple[str, dict[str, Any]]:
    """A legal GM entry that moves what the findings read: a contact set or cleared, a
    combatant in contact removed, a weapon readied, stowed or lost, a reload; else any
    other (test_gm_at_random_moments: add, remove, restore, set, end)."""
    b = session.battle
    ids = sorted(b.units)
    unit = b.units[rng.choice(ids)]
    roll = rng.random()
    if roll < 0.2:
        value = rng.sample(ids, rng.randint(0, min(2, len(ids))))
        return "gm.set", {"unit": unit.id, "field": "contact", "value": value}
    held = sorted({u.id for u in b.on_table() if profile.contacts(b, u)})
    if roll < 0.3 and held and len(b.on_table()) > 2:
        return "gm.remove", {"unit": rng.choice(held)}
    owned = list(profile.words(unit.profile["weapons"]))
    if unit.profile["shield"]:
        owned.append(profile.SHIELD)
    if roll < 0.45 and owned:
        field = rng.choice(["ready", "gone"])
        value = " ".join(rng.sample(owned, rng.randint(0, min(2, len(owned)))))
        return "gm.set", {"unit": unit.id, "field": field, "value": value}
    if roll < 0.5:
        return "gm.set", {"unit": unit.id, "field": "reload", "value": rng.randint(0, 2)}
    return gm_entry(session, rng, counter)


@examples(8)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), scenario=st.integers(0, 3))
def test_combattimento_kept_findings_match_a_fresh_pass(
    seed: int, players: int, scenario: int
) -> None:
    session = Session(SYSTEM, short_setup(SYSTEM, seed, players, scenario))
    rng = random.Random(seed)
    by_gm = entry_in_place(SYSTEM, cg_gm_entry)

    def in_place(b: Battle, rng: random.Random) -> None:
        """A GM's entry; or, now and then, a side's combatants fleeing to the last (as
        `actions.flee` takes them out: no damage, so the end check's removal term)."""
        if rng.random() < 0.8:
            by_gm(b, rng)
            return
        side = rng.choice(b.sides).id
        for unit in b.on_table(side):
            atk.leave(b, unit, b.cause(FLED, unit))

    for _ in random_play(session, rng, cg_gm_entry, 0.08, 400):
        check_kept(session.battle)
        changed_in_place(session.battle, rng, in_place, check_kept)
