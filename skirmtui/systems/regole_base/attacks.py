"""One attack, melee or ranged: hit by Confronto, parry, armour, wounds, stun (seed 000
"Assalto" and "Tiro"; RB-6..RB-8, RB-10, RB-16)."""

from __future__ import annotations

from functools import cache
from typing import Any

from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.causes import ATTACK, FALL, Cause
from skirmtui.engine.core.kit import about, annotate, skipped
from skirmtui.engine.core.prompts import Choose, Option
from skirmtui.engine.core.text import plural
from skirmtui.systems.regole_base import dice, maths
from skirmtui.systems.regole_base.profile import name, wielded, with_item
from skirmtui.systems.regole_base.state import Sub, engaged, escaped, kill, note_loss
from skirmtui.systems.regole_base.tables import Weapon, rules

_SHOOT = rules()["shooting"]
_ASSAULT = rules()["assault"]


def shield_in_hand(unit: Unit) -> bool:
    """RB-7: a shield counts while the model does not hold a two-handed weapon."""
    return maths.shield_counts(bool(unit.profile["shield"]), wielded(unit).two_handed)


def armour_of(unit: Unit) -> int:
    return maths.armour_score(
        str(unit.profile["armour"]), bool(unit.profile["shield"]), wielded(unit).two_handed
    )


def wound(b: Battle, target: Unit, count: int, why: str, cause: Cause) -> None:
    """RB-8: each wound lowers R by 1; R 0 removes the model (for `cause`)."""
    if target.removed or count <= 0:
        return
    before = target.num("r")
    after = max(0, before - count)
    b.record(
        "info",
        f"{name(target)} takes {plural(count, 'wound')}: R {before} → {after} ({why})",
        target=target.id,
    )
    b.set(target, "r", after, cause)
    note_loss(b, target, before - after)
    if after <= 0:
        kill(b, target, "is removed (R 0)", cause)


def wound_roll(
    b: Battle,
    attacker: Unit,
    target: Unit,
    f: int,
    *,
    automatic: bool,
    shot: bool,
    weapon: Weapon,
    kind: str,
    f_mods: tuple[dice.Mod, ...] = (),
    about: dict[str, Any] | None = None,
) -> Sub[None]:
    """Seed: "il modello attaccante deve confrontare la F dell'attacco con la R del
    modello avversario"; RB-7: an armour critical failure wounds as a non-critical success.
    The wounds' cause is this attack (`kind`: regular, free, extra, strike-back …);
    `f_mods` moved the weapon's F, `about` is the attack as the export shows it."""
    r = target.num("r")
    if automatic:
        cause = b.cause(ATTACK, attacker, weapon=weapon.name, attack=kind)  # the armour roll
        why = "armour failed critically: wounds automatically"
        wound(b, target, maths.wounds(f, r), why, cause)
        return
    own, against = dice.Operand("F", f, f_mods), dice.Operand("R", r)
    result = yield dice.confront(
        attacker,
        "wound.roll",
        f"Wound: F {f} vs R {r} of {name(target)}",
        own,
        against,
        target=target,
    )
    annotate(b, roll=dice.parts(own, against), attack=about)
    if result.success:
        cause = b.cause(ATTACK, attacker, weapon=weapon.name, attack=kind)
        count = maths.wounds(f, r, result.critical == "success")
        wound(b, target, count, f"F {f} vs R {r}", cause)
        return
    elif result.critical == "failure" and not attacker.removed:
        # RB-8, RB-16: C −1 on its next melee attack; a shooter's T −1 on its next shot.
        field = "t_malus" if shot else "c_malus"
        b.set(attacker, field, attacker.num(field) + 1)
        b.record(
            "info",
            f"{name(attacker)}: {'T' if shot else 'C'} −1 on its next "
            f"{'shot' if shot else 'attack'}",
            actor=attacker.id,
        )


def attack_about(weapon: Weapon, kind: str, target: Unit, half: bool) -> dict[str, Any]:
    """An attack as the export shows it on each of its rolls: the weapon, the kind of
    attack (`causes.ATTACKS`), the target's armour score and the penetration against it
    (RB-7; the flail's against a shield, −1 beyond half range, RB-10)."""
    return _about(weapon, kind, armour_of(target), bool(target.profile["shield"]), half)


@cache
def _about(weapon: Weapon, kind: str, score: int, shield: bool, half: bool) -> dict[str, Any]:
    """Shared by every attack alike (never mutated)."""
    save = maths.save_target(score, weapon, shield, half)
    return {"weapon": weapon.name, "kind": kind, "armour": score, "penetration": score - save}


def armour_save(
    b: Battle,
    target: Unit,
    weapon: Weapon,
    half: bool,
    attacker: Unit,
    shot: bool,
    about: dict[str, Any] | None = None,
) -> Sub[str]:
    """RB-7: "saved", "crit" (saved critically), "auto" (wounds automatically) or
    "through". Models with armour 0 before penetration do not roll. `about`: the attack as
    the export shows it on the save."""
    score = armour_of(target)
    if score <= 0:
        return "through"
    value = maths.save_target(score, weapon, bool(target.profile["shield"]), half)
    result = yield dice.test(
        target,
        "armour",
        "armour.save",
        f"{name(target)}'s armour {score} − penetration: {value} or less",
        value=value,
        target=attacker,
    )
    dice.tested(b, dice.Operand("armour", value, dice.mods(("penetration", value - score))))
    if about is not None:
        annotate(b, attack=about)
    if result.critical == "failure":
        return "auto"
    if result.critical == "success":
        return "crit"
    return "saved" if result.success else "through"


def melee_attack(
    b: Battle,
    attacker: Unit,
    target: Unit,
    *,
    parry: bool = True,
    auto_hit: bool = False,
    why: str = "attacks",
    kind: str = "regular",
) -> Sub[None]:
    """One melee attack (seed "Assalto"): Confronto C vs C, parry, armour, F vs R, stun."""
    if attacker.removed or target.removed:
        return
    if escaped(b, attacker):  # an extra, free or strike-back attack: none at all
        skipped(
            b,
            attacker,
            "attack",
            "RB-13",
            f"{name(attacker)} escaped a melee this phase: no attack on {name(target)} (RB-13)",
            target=target,
        )
        return
    if attacker.num("lose"):
        # RB-16: "next attack" penalties hit the model's next melee attack, whatever it is.
        b.set(attacker, "lose", attacker.num("lose") - 1)
        b.record("info", f"{name(attacker)} loses this attack", actor=attacker.id)
        return
    weapon = wielded(attacker)
    charged = attacker.flag("charged")
    malus = attacker.num("c_malus")
    c = attacker.num("c") - malus
    if malus and not auto_hit:  # spent by the next hit roll
        b.set(attacker, "c_malus", 0)
    b.record(
        "info",
        f"{name(attacker)} {why} {name(target)} with {weapon.name}",
        actor=attacker.id,
        target=target.id,
    )
    about = attack_about(weapon, kind, target, False)
    annotate(b, attack=about)
    ignore_armour = False
    if not auto_hit:
        own = dice.Operand("C", c, dice.mods(("wound roll's critical failure", -malus)))
        against = dice.Operand("C", target.num("c"))
        hit = yield dice.confront(
            attacker,
            "melee.hit",
            f"{name(attacker)} hits {name(target)}? C {c} vs C {target.num('c')}",
            own,
            against,
            target=target,
        )
        annotate(b, roll=dice.parts(own, against), attack=about)
        if hit.critical == "failure":
            # Seed: "un fallimento critico gli concede un attacco extra estemporaneo".
            if not target.flag("fleeing"):
                why = "makes an extra attack on"
                yield from melee_attack(b, target, attacker, why=why, kind="extra")
            return
        if not hit.success:
            return
        ignore_armour = hit.critical == "success"
    if target.removed or attacker.removed:  # a GM may remove either at any prompt (G-4)
        return
    if parry and (yield from _parry(b, attacker, target)):
        return
    if target.removed or attacker.removed:
        return
    outcome = "through"
    if not ignore_armour:
        outcome = yield from armour_save(b, target, weapon, False, attacker, False, about)
        if outcome == "crit":
            # Seed: "Un successo critico in questa fase nega all'avversario il suo attacco
            # successivo".
            b.set(attacker, "lose", attacker.num("lose") + 1)
            b.record("info", f"{name(attacker)} loses its next attack", actor=attacker.id)
    if outcome in ("through", "auto") and not attacker.removed and not target.removed:
        bonus = dice.mods(("charged", int(_ASSAULT["charge_f"]) if charged else 0))
        f = weapon.attack_f(attacker.num("f")) + sum(m.value for m in bonus)
        auto = outcome == "auto"
        yield from wound_roll(
            b,
            attacker,
            target,
            f,
            automatic=auto,
            shot=False,
            weapon=weapon,
            kind=kind,
            f_mods=bonus,
            about=about,
        )
    if weapon.stun and not target.removed:
        yield from stun(b, target, attacker)


def stun(b: Battle, target: Unit, attacker: Unit) -> Sub[None]:
    """Seed (Stordire): "deve superare una prova di R o rinunciare al suo prossimo
    attacco"; RB-10: any hit not parried, if the target survives."""
    result = yield dice.test(
        target,
        "r",
        "stun.test",
        f"{name(target)} is stunned unless it passes R {target.num('r')}",
        target=attacker,
    )
    if not result.success:
        b.set(target, "lose", target.num("lose") + 1)
        b.record("info", f"{name(target)} is stunned: loses its next attack", target=target.id)


def _parry(b: Battle, attacker: Unit, target: Unit) -> Sub[bool]:
    """Seed (Parata): give up one of its own attacks for a new Confronto C vs C; success
    cancels the hit, a critical success adds a free attack back (RB-10)."""
    if not wielded(target).parry or target.num("attacks") <= 0 or target.flag("fleeing"):
        return False
    choice = yield about(
        Choose,
        target,
        target=attacker,
        key="melee.parry",
        text=f"{name(target)} is hit: parry with {wielded(target).name} "
        f"(gives up one of its attacks left: {target.num('attacks')})?",
        options=(Option("parry", "Parry"), Option("take", "Take the hit", passive=True)),
    )
    if choice != "parry" or target.removed or attacker.removed:
        return False
    b.set(target, "attacks", target.num("attacks") - 1)
    own, against = dice.Operand("C", target.num("c")), dice.Operand("C", attacker.num("c"))
    result = yield dice.confront(
        target,
        "melee.parry_roll",
        f"{name(target)} parries: C {target.num('c')} vs C {attacker.num('c')}",
        own,
        against,
        target=attacker,
    )
    annotate(b, roll=dice.parts(own, against))
    if not result.success or target.removed:
        return False
    b.record("info", f"{name(target)} parries the blow", actor=target.id)
    if result.critical == "success":
        why = "strikes back (free attack) at"
        yield from melee_attack(b, target, attacker, why=why, kind="strike-back")
    return True


def target_v(b: Battle, target: Unit) -> tuple[int, tuple[dice.Mod, ...]]:
    """RB-10: the target's V, +1 if it ran (this or last round), +2 if engaged, +1 after
    an armour critical this round (not stacking, RB-15); and what raised it."""
    ran = target.num("ran")
    raised = dice.mods(
        ("ran", int(_SHOOT["ran"]) if ran and b.round - ran in (0, 1) else 0),
        ("in melee", int(_SHOOT["engaged"]) if engaged(b, target) else 0),
        ("took cover", int(_SHOOT["cover"]) if target.flag("covered") else 0),
    )
    return target.num("v") + sum(m.value for m in raised), raised


def ranged_attack(
    b: Battle, shooter: Unit, target: Unit, weapon: Weapon, *, half: bool, free: bool = False
) -> Sub[bool]:
    """One shot (seed "Tiro"); returns False if the weapon jammed (RB-10)."""
    if shooter.removed or target.removed:
        return True
    penalty = int(_SHOOT["half_range"]) if half else 0
    malus = shooter.num("t_malus")
    t_mods = dice.mods(("beyond half range", -penalty), ("wound roll's critical failure", -malus))
    t = shooter.num("t") + sum(m.value for m in t_mods)
    if malus:
        b.set(shooter, "t_malus", 0)
    v, raised = target_v(b, target)
    extra = f" ({', '.join(m.label for m in raised)})" if raised else ""
    kind = "free shot" if free else "shot"
    about = attack_about(weapon, kind, target, half)
    own, against = dice.Operand("T", t, t_mods), dice.Operand("V", v, raised)
    hit = yield dice.confront(
        shooter,
        "shoot.hit",
        f"{name(shooter)} {'free shot' if free else 'shoots'} {name(target)} with "
        f"{weapon.name}{' beyond half range' if half else ''}: T {t} vs V {v}{extra}",
        own,
        against,
        target=target,
    )
    annotate(b, roll=dice.parts(own, against), attack=about)
    if hit.critical == "failure":
        b.set(shooter, "jammed", with_item(shooter, "jammed", weapon.id))
        b.record(
            "info",
            f"{name(shooter)}'s {weapon.name} jams until the next Shooting phase",
            actor=shooter.id,
        )
        return False
    if not hit.success or target.removed:
        return True
    outcome = "through"
    if hit.critical != "success":
        outcome = yield from armour_save(b, target, weapon, half, shooter, True, about)
        if outcome == "crit" and not target.flag("covered"):
            b.set(target, "covered", True)
            b.record(
                "info",
                f"{name(target)} takes cover: +1 V against shots this round",
                target=target.id,
            )
    if outcome in ("through", "auto") and not shooter.removed and not target.removed:
        f = weapon.attack_f(shooter.num("f")) - penalty
        yield from wound_roll(
            b,
            shooter,
            target,
            f,
            automatic=outcome == "auto",
            shot=True,
            weapon=weapon,
            kind=kind,
            f_mods=dice.mods(("beyond half range", -penalty)),
            about=about,
        )
    return True


def fall(b: Battle, unit: Unit, height: int) -> Sub[None]:
    """RB-5: a failed jump or descent risks a wound: Confronto height (as F) vs R."""
    r = unit.num("r")
    own, against = dice.Operand("height", height), dice.Operand("R", r)
    text = f'Does the {height}" fall wound {name(unit)}? F {height} vs R {r}'
    result = yield dice.confront(unit, "fall.wound", text, own, against)
    annotate(b, roll=dice.parts(own, against))
    if result.success:
        count = maths.wounds(height, r, result.critical == "success")
        wound(b, unit, count, "a fall", b.cause(FALL))
