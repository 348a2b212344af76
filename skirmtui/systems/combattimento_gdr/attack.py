"""One attack, start to finish (CG-3, CG-6, CG-8, CG-13, CG-16), and what a hit does
(CG-7, CG-15): location, critical, damage, armour, body points, death.

While a simultaneous group acts (`holding`), what a hit does is written down and
held; `apply_held` applies it after the group's last member has acted (CG-4, CG-11).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.causes import ATTACK, SELF, Cause
from skirmtui.engine.core.kit import about, annotate, skipped
from skirmtui.engine.core.prompts import Choose, Option, Prompt, Roll, RollResult
from skirmtui.engine.core.system import Step
from skirmtui.engine.core.text import plural
from skirmtui.systems.combattimento_gdr import armour as armour_rules
from skirmtui.systems.combattimento_gdr import checks, defence
from skirmtui.systems.combattimento_gdr import profile as p
from skirmtui.systems.combattimento_gdr.position import pos
from skirmtui.systems.combattimento_gdr.rolls import check, target_bonus, wound_mods
from skirmtui.systems.combattimento_gdr.tables import (
    armour,
    critical,
    failure,
    location,
    reversed_d100,
    weapons,
)

STILL = "still"


def attack(
    b: Battle,
    attacker: Unit,
    target: Unit,
    weapon: str,
    *,
    ranged: bool,
    unaware: bool,
    difficulty_mods: list[tuple[str, int]],
    steps: int = 0,
    attack_kind: str = "",
) -> Step:
    """One attack of `attacker` on `target` with `weapon` (a key of weapons.toml);
    `attack_kind` (shot, melee, free …) is what its damage's cause says."""
    spec = weapons()[weapon]
    char = "pre" if ranged else "pot"
    char_sides = checks.lower(p.sides_of(attacker, char), steps)
    skill = p.skills(attacker).get(str(spec.get("skill", "")), 0)
    dice = checks.check_dice(char_sides, skill)
    labels = tuple(
        label
        for sides, label in ((char_sides, char.upper()), (skill, str(spec.get("skill", ""))))
        if sides
    )
    shared = [("DP", p.dp(target)), *difficulty_mods]  # CG-10, CG-16: what it had to beat
    difficulty = p.dp(target) + sum(v for _, v in difficulty_mods)
    mods = wound_mods(attacker)
    mods += target_bonus(target)
    extra = "".join(f", {label} {v:+d}" for label, v in difficulty_mods if v)
    what = f"{attacker.label} attacks {target.label} with {spec['label']}"
    choice: defence.Defence | None = None
    if not unaware:
        choice = yield from _defence(b, attacker, target, ranged)
        if choice is None:
            unaware = True
    kind = "unaware: a single check" if unaware else "opposed"
    total, faces = yield from check(
        b,
        attacker,
        "attack.roll",
        f"{what} ({kind}; DP {p.dp(target)}{extra})",
        dice,
        difficulty,
        mods,
        target,
        labels=labels,
        difficulty_parts=shared,
    )
    attack_kind = attack_kind or ("shot" if ranged else "melee")
    about = {"weapon": str(spec["label"]), "kind": attack_kind}
    annotate(b, attack=about)
    if unaware or choice is None:
        hit = total >= difficulty
        reference = difficulty
        b.record(
            "info",
            f"{'Hit' if hit else 'Missed'}: {total} against {difficulty}",
            actor=attacker.id,
            target=target.id,
        )
    else:
        d_total, _ = yield from _defence_roll(b, attacker, target, choice, total, difficulty)
        annotate(b, attack=about)
        result = checks.opposed(total, d_total, difficulty)
        hit = result.hit
        reference = difficulty if ranged else d_total
        b.record(
            "info",
            f"{checks.OUTCOME_TEXT[result.outcome]} (margins {result.attacker_margin:+d} "
            f"and {result.defender_margin:+d})",
            actor=attacker.id,
            target=target.id,
        )
    if hit:
        crit = checks.critical_hit(hit, total, difficulty)
        yield from strike(b, attacker, target, weapon, crit, attack_kind)
    elif checks.critical_failure(hit, faces, reference):
        yield from fumble(b, attacker, weapon)


def _defence_roll(
    b: Battle,
    attacker: Unit,
    target: Unit,
    choice: defence.Defence,
    a_total: int,
    difficulty: int,
) -> Generator[Prompt, Any, tuple[int, tuple[int, ...]]]:
    """The defender's roll, once the attacker's total is known (CG-3). When the attack
    succeeded, the defence stops it only with a total ≥ the attacker's (an equal or
    better margin): that is the threshold, so the odds shown are those of stopping the
    hit (ties to the defender). When the attack already failed
    the hit is stopped whatever the defence rolls; the roll only sets the margins (and
    the critical-failure reference), so no chance is shown."""
    stops = a_total >= difficulty
    if stops:
        text = f"{target.label} defends: {choice.label}, stops the hit with {a_total} or more"
    else:
        text = (
            f"{target.label} defends: {choice.label} (the attack failed, {a_total} < DP "
            f"{difficulty}: this roll sets the margins)"
        )
    return (
        yield from check(
            b,
            target,
            "defence.roll",
            text,
            choice.dice,
            a_total if stops else difficulty,
            wound_mods(target),
            attacker,
            ">=" if stops else None,
            labels=choice.dice_labels,
        )
    )


def _defence(
    b: Battle, attacker: Unit, target: Unit, ranged: bool
) -> Generator[Prompt, Any, defence.Defence | None]:
    """The defence the target uses, or None when it counts as unaware (CG-13)."""
    skills, chars = p.skills(target), p.characteristics(target)
    if ranged:
        if target.id in pos(b).ranged_defended:
            text = f"{target.label} already defended against a shot this turn: unaware"
            skipped(b, target, "question", "CG-13", text, target=attacker)
            return None
        ready = defence.skills_ready(skills, p.shield_ready(target), False, ranged=True)
        options = defence.ranged_choices(skills, chars, ready)
    else:
        mine = pos(b).defences.setdefault(target.id, [])
        attackers = pos(b).attackers.setdefault(target.id, [])
        if attacker.id not in attackers:
            attackers.append(attacker.id)
        weapon_ready = any(weapons()[w]["kind"] == "melee" for w in p.melee_weapons(target))
        ready = defence.skills_ready(skills, p.shield_ready(target), weapon_ready, ranged=False)
        options = defence.choices(skills, chars, ready, mine, len(attackers))
    chosen = options[0]
    if len(options) > 1 or ranged:
        picks = [Option(d.skill, d.label + (f" ({d.dice})" if d.dice else "")) for d in options]
        if ranged:
            picks.append(Option(STILL, "Keep still and act: counts as unaware", passive=True))
        answer = yield about(
            Choose,
            target,
            target=attacker,
            key="defence.choose",
            text=f"How does {target.label} defend against {attacker.label}?",
            options=picks,
        )
        if answer == STILL:
            pos(b).ranged_defended.append(target.id)
            return None
        chosen = next(d for d in options if d.skill == answer)
    if ranged:
        pos(b).ranged_defended.append(target.id)
    elif chosen.skill != defence.AGI_ONLY:
        pos(b).defences[target.id].append(chosen.skill)
    return chosen


def strike(b: Battle, attacker: Unit, target: Unit, weapon: str, crit: bool, kind: str) -> Step:
    """A hit: location (for armour or a critical), critical row, damage roll; then the
    effect lands (or is held), its cause the damage roll (held results keep it)."""
    spec = weapons()[weapon]
    where, row = "", None
    if crit or any(p.armour_left(target)):
        roll: RollResult = yield about(
            Roll,
            attacker,
            target=target,
            key="hit.location",
            text=f"Where {target.label} is hit (d100)",
            dice="1d100",
        )
        spot = location(str(target.profile["body"]), roll.natural)
        where = str(spot["id"])
        b.record("info", f"{target.label} is hit on the {spot['label']}", target=target.id)
        if crit:
            row = critical(reversed_d100(roll.natural))
            b.record(
                "critical",
                f"Critical hit! Table at {reversed_d100(roll.natural):02d}: {row['label']}",
                actor=attacker.id,
                target=target.id,
            )
    damage: RollResult = yield about(
        Roll,
        attacker,
        target=target,
        key="hit.damage",
        text=f"Damage of {attacker.label}'s {spec['label']} ({spec['damage']})",
        dice=str(spec["damage"]),
    )
    amount = damage.natural * (int(row["multiply"]) if row else 1)
    land(
        b,
        {
            "target": target.id,
            "amount": amount,
            "location": where,
            "bypass": bool(row and row["bypass"]),
            "stun": bool(row and row["stun"]),
            "by": attacker.id,
            "cause": b.cause(ATTACK, attacker, weapon=str(spec["label"]), attack=kind),
        },
    )


def fumble(b: Battle, attacker: Unit, weapon: str) -> Step:
    """A critical failure (CG-8, CG-16): the failure table."""
    roll: RollResult = yield about(
        Roll,
        attacker,
        key="fumble.roll",
        text=f"Critical failure of {attacker.label}: the table (d100)",
        dice="1d100",
    )
    row = failure(roll.natural)
    b.record("critical", f"Critical failure: {row['label']}", actor=attacker.id)
    effect = str(row["effect"])
    natural = weapons()[weapon]["kind"] == "natural"
    if effect in ("drop", "break") and natural:
        b.record("info", "a natural weapon cannot be dropped or broken: no further effect")
    elif effect in ("lose_action", "drop", "break"):
        failing = {"target": attacker.id, "failure": effect, "weapon": weapon}
        land(b, {**failing, "label": str(row["label"]), "by": attacker.id})
    elif effect == "self":
        damage: RollResult = yield about(
            Roll,
            attacker,
            target=attacker,
            key="hit.damage",
            text=f"{attacker.label} hits itself ({weapons()[weapon]['damage']})",
            dice=str(weapons()[weapon]["damage"]),
        )
        land(
            b,
            {
                "target": attacker.id,
                "amount": damage.natural,
                "location": "",
                "bypass": True,
                "stun": False,
                "by": attacker.id,
                "cause": b.cause(SELF, attacker, weapon=str(weapons()[weapon]["label"])),
            },
        )


def land(b: Battle, effect: dict[str, Any]) -> None:
    """Apply a hit now, or hold it while a simultaneous group acts (CG-4)."""
    target = b.units[effect["target"]]
    if pos(b).holding:
        pos(b).held.append(effect)
        what = (
            f"{target.label}: {effect['label']}"
            if "failure" in effect
            else f"{target.label} takes {effect['amount']}"
            + (" (stunned)" if effect["stun"] else "")
        )
        b.record(
            "held",
            f"Held until the group has acted: {what}",
            actor=effect["by"],
            target=target.id,
        )
        annotate(b, held=True)
        return
    apply(b, effect)


def apply_held(b: Battle) -> None:
    """CG-4/CG-11: the group has acted; its held hits apply, in the order they came."""
    where = pos(b)
    held = where.held
    where.holding = False
    where.held = []
    if not held:
        return
    start = len(b.log)
    b.record(
        "info",
        f"The simultaneous group has acted: {plural(len(held), 'held result')} applied",
        actors=dict.fromkeys(str(e["by"]) for e in held),
        targets=dict.fromkeys(str(e["target"]) for e in held),
    )
    for effect in held:
        apply(b, effect, held=True)
    group = where.order[where.entry] if where.entry < len(where.order) else []
    mark(b, start, group=list(group), held=True)


def mark(b: Battle, start: int, **keys: Any) -> None:
    """Add export keys (`group`, `held`) to the entries written since `start`, GM
    entries and notes excepted (CG-4, CG-11: what a simultaneous group did and held)."""
    for entry in b.log[start:]:
        if entry.kind not in ("override", "note"):
            entry.detail = {**(entry.detail or {}), **keys}


def apply(b: Battle, effect: dict[str, Any], held: bool = False) -> None:
    """Armour at the location first (unless bypassed), the rest to body points (CG-7)."""
    target = b.units.get(effect["target"])
    if target is None or target.stats["fate"] == p.DEAD:
        return
    if "failure" in effect:
        fail(b, target, effect, held)
        return
    amount = int(effect["amount"])
    prefix = "Applied: " if held else ""
    b.record(
        "damage", f"{prefix}{target.label} takes {amount}", actor=effect["by"], target=target.id
    )
    if effect["location"] and not effect["bypass"]:
        pieces = p.words(target.profile["armour"])
        left = p.armour_left(target)
        index = armour_rules.covering(pieces, left, str(effect["location"]))
        if index is not None:
            hit = armour_rules.absorb(pieces[index], left[index], amount)
            left[index] = hit.after
            b.set(target, "armour_left", " ".join(str(n) for n in left))
            label = armour()["pieces"][pieces[index]]["label"]
            b.record(
                "info",
                f"{label} takes {hit.before - hit.after}"
                + (" and is destroyed" if hit.broken else f", {hit.after} left"),
                target=target.id,
            )
            amount = hit.excess
    cause: Cause = effect["cause"]
    if amount:
        b.set(target, "damage", min(99, target.num("damage") + amount), cause)
        found = p.penalty(target)
        if found:
            b.record("info", f"{target.label}: {found[0]} full, {found[1]:+d} on every check")
    if effect["stun"]:
        b.set(target, "stunned", True)
    if p.dead(target):
        kill(b, target, cause)


def fail(b: Battle, unit: Unit, effect: dict[str, Any], held: bool) -> None:
    """A critical failure's effect on the attacker itself (CG-16), held like a hit inside
    a simultaneous group (CG-11). Losing the next action is its own flag, not `stunned`:
    CG-10's +2 is for a stunned target only (ours)."""
    failure_kind, weapon = str(effect["failure"]), str(effect["weapon"])
    if held:
        b.record("info", f"Applied: {unit.label}: {effect['label']}", actor=unit.id)
    if failure_kind == "lose_action":
        b.set(unit, "fumbled", True)
        return
    left = [w for w in p.words(unit.stats["ready"]) if w != weapon]
    b.set(unit, "ready", " ".join(left))
    if failure_kind == "break":
        b.set(unit, "gone", " ".join([*p.words(unit.stats["gone"]), weapon]))


def kill(b: Battle, unit: Unit, cause: Cause) -> None:
    """Seed: all body points lost is death; only the body stays on the field."""
    b.record("death", f"{unit.label} is dead", target=unit.id)
    b.set(unit, "fate", p.DEAD, cause)
    leave(b, unit, cause)


def leave(b: Battle, unit: Unit, cause: Cause) -> None:
    """Out of the fight (dead or fled) for `cause`: contacts end (CG-11), off the table."""
    for other in b.units.values():
        if unit.id in p.words(other.stats["contact"]):
            b.set(
                other,
                "contact",
                tuple(w for w in p.words(other.stats["contact"]) if w != unit.id),
            )
    b.set(unit, "contact", ())
    b.remove(unit, cause)
