"""What the app's players read of a regole-base position beyond each model's R (issue
26): the melee edge. A charge only makes base contact; the melee it starts is fought in
a later stage of the Assault phase than one decision looks ahead, so without this a
charge looks worth nothing, good or bad. A side's edge is the worth its engaged models
are expected to take off the enemies in contact in their next fight (each attack's hit,
armour and wound odds from the Confronti grid, RB-1, RB-6..RB-8), in the look-ahead's
worth: a whole model is 1, each wound 1/R of it. Read of the battle alone: the same
position, the same edge."""

from __future__ import annotations

from functools import cache

from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.systems.regole_base import maths
from skirmtui.systems.regole_base.attacks import armour_of, shield_in_hand
from skirmtui.systems.regole_base.dice import cell
from skirmtui.systems.regole_base.profile import wielded
from skirmtui.systems.regole_base.state import escaped


@cache
def confronto_chance(own: int, opposed: int) -> float:
    """The chance of a Confronto (RB-1): 2d6 at or under the cell's target; a 2 always
    succeeds and a 12 always fails ("12*": 2-11 succeed; "2\\": only a 2)."""
    found = cell(own, opposed)
    if found.two_slash:
        return 1 / 36
    target = 11 if found.twelve_star else min(max(found.target, 2), 11)
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= target) / 36


def _save_chance(score: int, save_target: int) -> float:
    """RB-7, RB-2: 1d6 at or under armour − penetration, a 1 always saves and a 6
    never; armour 0 does not roll."""
    if score <= 0:
        return 0.0
    return min(max(save_target, 1), 5) / 6


def blow(attacker: Unit, target: Unit) -> float:
    """The worth one melee attack of `attacker` is expected to take off `target`: hit
    (C against C, the C malus of its next attack counted), armour, wound (the weapon's
    F, +1 for a charger, against the target's R now), wounds as RB-8, at most what the
    target has left."""
    r_now = target.num("r")
    r_start = int(target.profile["r"])
    if r_now <= 0 or r_start <= 0:
        return 0.0
    weapon = wielded(attacker)
    hit = confronto_chance(attacker.num("c") - attacker.num("c_malus"), target.num("c"))
    score = armour_of(target)
    save = _save_chance(score, maths.save_target(score, weapon, shield_in_hand(target), False))
    f = weapon.attack_f(attacker.num("f")) + (1 if attacker.flag("charged") else 0)
    wound = confronto_chance(f, r_now)
    count = min(maths.wounds(f, r_now), r_now)
    return hit * (1.0 - save) * wound * count / r_start


def melee_edge(battle: Battle, side: str) -> float:
    """The worth `side`'s engaged models are expected to take off the enemies in
    contact in one fight: each model's attacks (RB-6: max(1, ⌊C/2⌋), less the ones it
    is to lose) shared evenly among its foes in contact; a fleeing model or one that
    escaped this phase makes none (RB-11, RB-13)."""
    pairs = battle.pos.contacts
    if not pairs:
        return 0.0
    units = battle.units
    foes: dict[str, list[Unit]] = {}
    for x, y in pairs:
        a, c = units.get(x), units.get(y)
        if a is None or c is None or a.removed or c.removed or a.side == c.side:
            continue
        for own, other in ((a, c), (c, a)):
            if own.side == side:
                foes.setdefault(own.id, []).append(other)
    total = 0.0
    for uid, against in foes.items():
        unit = units[uid]
        if unit.flag("fleeing") or escaped(battle, unit):
            continue
        attacks = max(maths.attacks_per_model(unit.num("c")) - unit.num("lose"), 0)
        if attacks:
            total += attacks * sum(blow(unit, foe) for foe in against) / len(against)
    return total
