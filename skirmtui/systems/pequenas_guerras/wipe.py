"""For the app's players (engine/play/): each side's chance to be wiped out by the
battle's end, an estimate from what is on the table now.

A battle where a side is wiped out is decided (its enemy takes the markers in the
rounds left: in the bench the app won 98% of those), one where both keep a unit is a
coin flip on the markers (PG-8). The look-ahead sees one activation and the enemy's
reply: nothing in it valued taking off the enemy's second-to-last unit more than any
other. The estimate, one a reader can follow: each activation the side's enemies have left
(this round's if still to come, then one a round; a stunned unit's next one is spent
recovering, PG-7) is an attack at one of the side's units, each as likely, taking it
off with its exact chance (`threat`'s best attack, a shot or a charge, every model in
range and sight as the look-ahead reads them, at the unit's models and wound markers
now; stunned and in cover for this round's attacks only). A unit survives those with
e^(−the number of them expected to take it off) (the Poisson chance of none), and the
rout tests to come while its army is below half (seed: every round's end; a stunned
unit fails, PG-7); the side is wiped out when every unit is taken off, each on its
own. What it leaves out (the attacks' damage adding up over rounds, the falls, an army
that falls below half later) makes it low early in a battle; it grows as the enemy's
last units are worn down, where the choice of target decides the battle.
"""

from __future__ import annotations

import math

from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.systems.pequenas_guerras import combat, threat
from skirmtui.systems.pequenas_guerras.end_round import LAST_ROUND, models_left, starting_models


def wiped_chances(b: Battle, routs: bool = True) -> dict[str, float]:
    """Each side's chance to have no unit on the table at the battle's end (`routs`:
    its rout tests to come counted; else its enemies' attacks only)."""
    ids = [s.id for s in b.sides]
    if b.result is not None:
        return {i: 0.0 if b.on_table(i) else 1.0 for i in ids}
    acting = b.phase in ("rolloff", "activation")
    after = max(LAST_ROUND - b.round, 0) if b.round >= 1 else LAST_ROUND
    # Each unit able to attack: (side, this round's, later rounds', shots, blows, face,
    # this round's at its usual face: natural 6s only after a melee this round, PG-6).
    able: list[tuple[str, int, int, int, int, int, bool]] = []
    for e in b.units.values():
        if not e.removed:
            soon, rest = _activations(e, acting, after)
            if soon or rest:
                shots, blows = threat.attack_dice(e)
                face = combat.needed(e.num("quality"))
                able.append((e.side, soon, rest, shots, blows, face, not e.stats["meleed"]))
    out: dict[str, float] = {}
    for side in ids:
        mine = b.on_table(side)
        if not mine:
            out[side] = 1.0
            continue
        attacks = [a[1:] for a in able if a[0] != side]
        below = models_left(b, side) * 2 < starting_models(b, side)
        tests = after + (1 if b.phase != "end" and b.round >= 1 else 0) if below and routs else 0
        wiped = 1.0
        for unit in mine:
            # This round's attacks find it as it is; later rounds', recovered and out of
            # cover (PG-7; Take Cover lasts the round).
            now = threat.defender(unit)
            recovered = (*now[:3], False, False, now[5])
            hits = 0.0
            for soon, rest, shots, blows, face, fresh in attacks:
                if soon:
                    hits += soon * threat.best_attack(shots, blows, face, fresh, *now)[1]
                if rest:
                    hits += rest * threat.best_attack(shots, blows, face, True, *recovered)[1]
            stays = math.exp(-hits / len(mine))
            if tests:
                fails_now = bool(unit.stats["stunned"]) and bool(unit.stats["activated"])
                passes = (7 - combat.needed(unit.num("quality"))) / 6
                stays *= 0.0 if fails_now and b.phase != "end" else passes**tests
            wiped *= 1.0 - stays
        out[side] = wiped
    return out


def _activations(unit: Unit, acting: bool, after: int) -> tuple[int, int]:
    """The activations `unit` has left to attack with, this round's (1 if still to
    come, `acting`) and the `after` rounds' (one each); a stunned unit's next one is
    spent recovering (PG-7)."""
    if not unit.stats["stunned"]:
        return (1 if acting and not unit.stats["activated"] else 0), after
    if acting and not unit.stats["activated"]:
        return 0, after  # this round's spent recovering
    return 0, max(after - 1, 0)
