"""Hits, wounds and the two kinds of combat (seed §1.2, CE-7)."""

from __future__ import annotations

from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.causes import ATTACK, Cause
from skirmtui.engine.core.kit import about, stat_test
from skirmtui.engine.core.prompts import Roll
from skirmtui.systems.cape_et_epee import firmness, morale, profile
from skirmtui.systems.cape_et_epee.morale import Sub

OUT, WOUNDED, UNHURT = "out", "wounded", "unhurt"


def to_hit(shooter: Unit, target: Unit, mods: list[tuple[str, int]], key: str) -> Roll:
    """CE-7: d10 ≤ tiro, the modifiers lowering the number to roll under."""
    tiro = profile.stat(shooter, "tiro")
    return stat_test(
        shooter,
        "tiro",
        key,
        text=f"{shooter.label} shoots {target.label} (tiro {tiro})",
        value=tiro,
        dice=str(profile.rules()["combat"]["to_hit_die"]),
        target=target,
        modifiers=mods,
    )


def wound(b: Battle, target: Unit, by: Unit, attack: str) -> Sub:
    """A hit wounds on d6 ≤ CA (shield −1); 3/2/1 wounds put a hero/protagonist/extra
    out (seed §1.2). Returns OUT, WOUNDED or UNHURT. The wound roll is the cause of the
    wound and the loss: `by`'s `attack` (shot, return shot, melee)."""
    ca = profile.armour(target)
    result = yield Roll(
        key="combat.wound",
        side=by.side,  # simultaneous hits: `by` may already be out, so it is not the actor
        target=target.id,
        text=f"Does the hit wound {target.label}? (CA {ca})",
        dice=str(profile.rules()["combat"]["wound_die"]),
        compare="<=",
        threshold=ca,
    )
    if not result.success:
        return UNHURT
    cause = b.cause(ATTACK, by, attack=attack)
    wounds = target.num("wounds") + 1
    b.set(target, "wounds", wounds, cause)
    if wounds < profile.max_wounds(target):
        b.record("info", f"{target.label} is wounded ({wounds}/{profile.max_wounds(target)})")
        return WOUNDED
    take_out(b, target, cause)
    return OUT


def take_out(b: Battle, unit: Unit, cause: Cause) -> None:
    """Out of the fight, for `cause`: off the table, its value lost from the army's
    firmness."""
    b.record("info", f"{unit.label} is out of the fight", target=unit.id)
    morale.break_melee(b, unit)
    firmness.lose(b, unit)
    b.set(unit, "ap", 0)
    b.remove(unit, cause)


def after_hit(
    b: Battle, target: Unit, outcome: str, trigger: str | None, cover: bool | None = None
) -> Sub:
    """Seed §2.7: the morale tests a hit causes. `trigger` is the test a hit causes even
    without a wound (shot in the open, an autonomous extra hit in a melee), if any;
    `cover` is whether the target is in cover when the table has just said so (a shot),
    so the test does not ask again (G-1)."""
    if outcome == OUT:
        yield from morale.squad_losses(b, target)
    elif outcome == WOUNDED and str(target.profile["rank"]) != "extra":
        yield from morale.test(b, [target], "wounded", cover=cover)
    elif trigger is not None and not target.removed:
        yield from morale.test(b, [target], trigger, cover=cover)
    return None


def melee_roll(unit: Unit, foe: Unit, key: str, bonus: int) -> Roll:
    """CE-7: d10 + mischia (+ the charge bonus, ours)."""
    mods = [("mischia", profile.stat(unit, "mischia"))]
    if bonus:
        mods.append(("charge", bonus))
    return about(
        Roll,
        unit,
        target=foe,
        key=key,
        text=f"{unit.label} fights {foe.label}",
        dice=str(profile.rules()["combat"]["melee_die"]),
        modifiers=mods,
    )


def fight(b: Battle, attacker: Unit, defender: Unit, simultaneous: bool, charge: bool) -> Sub:
    """CE-7: both roll, the higher hits; a tie hits both only if simultaneous (CE-8)."""
    bonus = int(profile.rules()["combat"]["charge_bonus"]) if charge else 0
    mine = yield melee_roll(attacker, defender, "melee.attack", bonus)
    theirs = yield melee_roll(defender, attacker, "melee.defend", 0)
    hit: list[tuple[Unit, Unit]] = []
    if mine.total > theirs.total or (mine.total == theirs.total and simultaneous):
        hit.append((defender, attacker))
    if theirs.total > mine.total or (mine.total == theirs.total and simultaneous):
        hit.append((attacker, defender))
    if not hit:
        b.record("info", f"{attacker.label} and {defender.label}: a tie, nobody is hit")
    outcomes = []
    with b.at_once():  # CE-8: a simultaneous hit lands even if the first ends the battle
        for target, by in hit:
            outcome = yield from wound(b, target, by, "melee")
            outcomes.append((target, outcome))
    for target, outcome in outcomes:
        trigger = "melee_hit" if _autonomous_extra(target) else None
        yield from after_hit(b, target, outcome, trigger)
    return None


def _autonomous_extra(unit: Unit) -> bool:
    return profile.autonomous(unit) and str(unit.profile["rank"]) == "extra"
