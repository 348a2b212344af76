"""What the app's players read of a regole-base position beyond each model's R (issue
26): the melee edge, and what a move toward the enemy makes possible (closing in).

The melee edge: a charge only makes base contact; the melee it starts is fought in a
later stage of the Assault phase than one decision looks ahead, so without this a charge
looks worth nothing, good or bad. A side's edge is the worth its engaged models are
expected to take off the enemies in contact in their next fight (each attack's hit,
armour and wound odds from the Confronti grid, RB-1, RB-6..RB-8), in the look-ahead's
worth: a whole model is 1, each wound 1/R of it.

Closing in: distances are the table's, so the engine cannot see a move bring a model
within reach. When the app moves a model, the table moves it toward the nearest enemy
model (docs/rules/regole-base.md); a model that did so this round and may still charge
counts the charge it may make on it, the table deciding whether it reaches. Without it
a move was all risk (free attacks) and no gain, and the app's models stood still. Read
of the battle alone: the same position, the same figures."""

from __future__ import annotations

from functools import cache, lru_cache

from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.prompts import AnswerValue, Pick, Prompt
from skirmtui.systems.regole_base import maths
from skirmtui.systems.regole_base.dice import cell
from skirmtui.systems.regole_base.profile import wielded
from skirmtui.systems.regole_base.state import engaged, escaped
from skirmtui.systems.regole_base.tables import Weapon, rules

#: RB-6: the charger's +1 F (data: `[assault] charge_f`).
_CHARGE_F = int(rules()["assault"]["charge_f"])


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


def blow(attacker: Unit, target: Unit, charging: bool = False) -> float:
    """The worth one melee attack of `attacker` is expected to take off `target`: hit
    (C against C, the C malus of its next attack counted), armour, wound (the weapon's
    F, +1 for a charger or one `charging`, against the target's R now), wounds as RB-8,
    at most what the target has left. (The look-ahead asks it of every pair in contact
    at every position it values: worked out once for the values it reads, `_blow`.)"""
    theirs = target.stats
    r_now: int = theirs["r"]  # type: ignore[assignment]  # (a number: `num`)
    r_start = int(target.profile["r"])
    if r_now <= 0 or r_start <= 0:
        return 0.0
    ours = attacker.stats
    return _blow(
        wielded(attacker),
        ours["c"] - ours["c_malus"],  # type: ignore[operator]
        ours["f"],
        charging or bool(ours["charged"]),
        r_now,
        r_start,
        theirs["c"],
        str(target.profile["armour"]),
        bool(target.profile["shield"]),
        wielded(target).two_handed,
    )


@lru_cache(maxsize=4096)  # (bounded: a balance run meets many armies)
def _blow(
    weapon: Weapon,
    c: int,
    f: int,
    charger: bool,
    r_now: int,
    r_start: int,
    opposed: int,
    armour: str,
    shield: bool,
    two_handed: bool,
) -> float:
    """`blow` from the values it reads: the attacker's weapon in hand, C (less its
    malus), F and whether it charges; the target's R now and at the start, C, armour,
    shield and whether its weapon in hand is two-handed (RB-7: then no shield)."""
    hit = confronto_chance(c, opposed)
    score = maths.armour_score(armour, shield, two_handed)
    save = _save_chance(
        score, maths.save_target(score, weapon, maths.shield_counts(shield, two_handed), False)
    )
    f = weapon.attack_f(f) + (_CHARGE_F if charger else 0)
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
        attacks = _attacks(unit)
        if attacks:
            total += attacks * sum(blow(unit, foe) for foe in against) / len(against)
    return total


def attacks_to_come(battle: Battle, side: str) -> float:
    """The attack rolls `side`'s engaged models are to make in their next fight (RB-6:
    each model's attacks, as the melee edge counts them): a charge only makes contact,
    and the blows it leads to come a stage later than a decision looks ahead."""
    pairs = battle.pos.contacts
    if not pairs:
        return 0.0
    units = battle.units
    fighting: set[str] = set()
    for x, y in pairs:
        a, c = units.get(x), units.get(y)
        if a is None or c is None or a.removed or c.removed or a.side == c.side:
            continue
        fighting.update(u.id for u in (a, c) if u.side == side)
    total = 0
    for uid in fighting:
        unit = units[uid]
        if not unit.flag("fleeing") and not escaped(battle, unit):
            total += _attacks(unit)
    return float(total)


def _attacks(unit: Unit) -> int:
    """RB-6: max(1, ⌊C/2⌋) attacks, less the ones it is to lose; a fleeing model or one
    that escaped this phase makes none (RB-11, RB-13: read by the callers)."""
    return max(maths.attacks_per_model(unit.num("c")) - unit.num("lose"), 0)


def charge_edge(unit: Unit, foe: Unit) -> float:
    """The melee edge of `unit` charging `foe` alone: its attacks' worth on `foe` with
    the charger's +1 F (RB-6), less what `foe`'s attacks back are expected to take off
    it (none from a fleeing foe, RB-11)."""
    dealt = _attacks(unit) * blow(unit, foe, charging=True)
    back = 0.0 if foe.flag("fleeing") else _attacks(foe) * blow(foe, unit)
    return dealt - back


def closing_in(battle: Battle, side: str) -> float:
    """What `side`'s models that closed in this round may take off next: each model
    that moved this round (a simple move or a march keeping its assault: RB-4) and is
    not engaged nor fleeing counts the charge it may make on the enemy it closed in on
    (`charge_edge`, at least 0: it need not charge). The table moved it toward the
    nearest enemy model, which the engine does not know: each as likely. The table says
    whether the charge reaches (RB-6). In the Movement phase, and in the Assault phase
    until a model of the side acts there (from then on its charges are the melee edge:
    counting the models still to act would make the one acting first lose its own, and
    the app would pick who acts by that)."""
    phase = battle.phase
    if phase != "movement" and phase != "assault":
        return 0.0
    now = battle.round
    ready = []
    foes = []
    for unit in battle.units.values():
        if unit.removed:
            continue
        if unit.side != side:
            foes.append(unit)
            continue
        stats = unit.stats
        if phase == "assault" and stats["acted"]:
            return 0.0
        if not stats["moved"] or stats["fleeing"] or stats["ran"] == now:
            continue
        if stats["gave_up"] != "assault":
            ready.append(unit)
    if not foes:
        return 0.0
    total = 0.0
    for unit in ready:
        if not engaged(battle, unit):
            total += sum(max(0.0, charge_edge(unit, foe)) for foe in foes) / len(foes)
    return total


#: The table facts `passed_odds` reads: what a move passed (RB-4, RB-17), the enemies
#: within 1" and, after a run, the weapons within half range; and the weapons alone, as
#: issue 25's first pass asked them (its saves).
PASSED = frozenset({"move.passed", "move.half_ranges"})


def passed_odds(prompt: Prompt) -> list[tuple[AnswerValue, float]] | None:
    """What a move passed, as the look-ahead weighs it: nothing half the time, else one
    of the enemies (or weapons) listed, each as likely, as the questions this one
    replaced were weighed before issue 25 ("did it pass within 1\\" of an enemy?" yes or
    no, then "which one?"). The app's model is moved toward one enemy and clear of the
    others (docs/rules/regole-base.md, "The app as a player"): passing every enemy
    listed, which the look-ahead read half the time, made every move look like a walk
    past the whole enemy line. None for another question."""
    if prompt.key not in PASSED or not isinstance(prompt, Pick):
        return None
    singles = [o.value for o in prompt.enabled()] if prompt.most >= 1 else []
    if not singles:
        return None
    if prompt.minimum >= 1:  # the table said it passed some: one of them
        return [((value,), 1.0 / len(singles)) for value in singles]
    share = 0.5 / len(singles)
    return [((), 0.5), *(((value,), share) for value in singles)]
