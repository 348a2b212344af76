"""The Shooting phase (seed "Tiro"; RB-10, RB-11, RB-18..RB-20): one ranged weapon per
model, targets declared then resolved in order, range bands asked, rapid fire, jams,
the blunderbuss template, then shooting morale."""

from __future__ import annotations

from collections.abc import Sequence

from skirmtui.engine.core import conditions
from skirmtui.engine.core.asking import FIRST_PASS, asks_as_of
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.kit import about
from skirmtui.engine.core.prompts import Choose, Option, Pick
from skirmtui.engine.core.system import Step
from skirmtui.systems.regole_base import dice, maths, turns
from skirmtui.systems.regole_base.arms import spend
from skirmtui.systems.regole_base.attacks import ranged_attack
from skirmtui.systems.regole_base.charging import foes_of
from skirmtui.systems.regole_base.position import pos
from skirmtui.systems.regole_base.profile import name, ranged_ready
from skirmtui.systems.regole_base.state import Sub, engaged_ids, why_no_action
from skirmtui.systems.regole_base.tables import Weapon, rules, weapons

_MORALE = rules()["morale"]
NONE = "none"


def why_no_shot(b: Battle, unit: Unit) -> str | None:
    """RB-4: no shooting after running, nor after a march that gave it up; RB-20: a
    marching model that fought loses its shot; RB-14: engaged models do not shoot."""
    if (why := why_no_action(b, unit)) is not None:
        return why
    if unit.stats["gave_up"] == "shooting":
        return "marched and gave up its shooting"
    if unit.flag("marched") and (unit.flag("fought") or unit.flag("charged")):
        return "marched and was in melee this round: its shot is lost"
    return None


def can_shoot(b: Battle, unit: Unit) -> bool:
    return why_no_shot(b, unit) is None and bool(ranged_ready(unit)) and bool(b.enemies(unit.side))


def ready_to_shoot(b: Battle, units: Sequence[Unit]) -> list[Unit]:
    """`can_shoot` of each of one side's `units` waiting to act (not removed, not acted
    this phase), in one call and one pass (`turns.next_mover`): whether an enemy is on
    the table is read once, when a model could shoot."""
    locked = engaged_ids(b)
    now = b.round
    foes = None
    ready = []
    for unit in units:  # `why_no_shot` written out (read for every model at every shot)
        stats = unit.stats
        if unit.removed or stats["acted"]:
            continue
        if stats["fleeing"] or unit.id in locked or stats["ran"] == now:
            continue
        if stats["gave_up"] == "shooting":
            continue
        if stats["marched"] and (stats["fought"] or stats["charged"]):
            continue
        if ranged_ready(unit):
            if foes is None:
                foes = bool(foes_of(b, unit.side))
            if not foes:
                return []
            ready.append(unit)
    return ready


def shooting_step(b: Battle) -> Step:
    if pos(b).stage == "morale":
        yield from _morale(b)
        return
    unit = yield from turns.alternate(b, ready_to_shoot, "shoot.model", "shoots")
    if unit is None:
        _start_morale(b)
        return
    ready = ranged_ready(unit)
    choice = yield about(
        Choose,
        unit,
        key="shoot.weapon",
        text=f"{name(unit)} (T {unit.num('t')}): shoot with which weapon?",
        options=[Option(w.id, _weapon_label(unit, w)) for w in ready]
        + [Option(NONE, "Does not shoot", passive=True)],
    )
    if choice == NONE or unit.removed:
        conditions.activation_ended(b, unit.id)
        return
    weapon = weapons()[str(choice)]
    if weapon.template:
        yield from _template(b, unit, weapon)
    else:
        yield from _shots(b, unit, weapon)
    conditions.activation_ended(b, unit.id)


def _weapon_label(unit: Unit, weapon: Weapon) -> str:
    reach = weapon.reach(unit.num("f"))
    where = "template" if reach is None else f'{reach}"'
    return f"{weapon.name} ({where}, F {weapon.attack_f(unit.num('f'))})"


def _shots(b: Battle, unit: Unit, weapon: Weapon) -> Sub[None]:
    """RB-10: declare each attack's target, then resolve in order; RB-18: a target out of
    range (or removed) loses that attack; RB-15: a jam loses the weapon's other shots."""
    count = maths.rapid_fire_attacks(weapon, unit.flag("fought"), unit.flag("moved"))
    targets: list[str] = []
    for i in range(count):
        enemies = b.enemies(unit.side)
        if not enemies or unit.removed:  # a GM removed them meanwhile (G-4)
            return
        target = yield about(
            Choose,
            unit,
            key="shoot.target",
            text=f"{name(unit)} declares the target of attack {i + 1} of {count}",
            options=[Option(e.id, f"{name(e)} ({b.side_name(e.side)})") for e in enemies],
        )
        targets.append(str(target))
    reach = weapon.reach(unit.num("f")) or 0
    bands: dict[str, str] = {}
    fired = False
    for target_id in targets:
        target = b.units[target_id]
        if target.removed or unit.removed:
            b.record("info", f"{name(unit)}'s attack at {name(target)} is lost", actor=unit.id)
            continue
        if target_id not in bands:
            bands[target_id] = str(
                (
                    yield Choose(
                        key="shoot.range",
                        text=f"How far is {name(target)} from {name(unit)}?",
                        options=(
                            Option("half", f'Within half range ({reach / 2:g}")'),
                            Option("far", f'Beyond half range, within {reach}"'),
                            Option("out", f'Out of range (over {reach}")'),
                        ),
                        side=unit.side,
                        actor=unit.id,
                        target=target_id,
                    )
                )
            )
        if bands[target_id] == "out":
            b.record("info", f"{name(target)} is out of range: the attack is lost", actor=unit.id)
            continue
        fired = True
        working = yield from ranged_attack(b, unit, target, weapon, half=bands[target_id] == "far")
        if not working:
            break
    if fired:
        spend(b, unit, weapon)


def _template(b: Battle, unit: Unit, weapon: Weapon) -> Sub[None]:
    """RB-19: once per battle, no half-range penalty; the table names every model under
    the template, friends included, and each takes a full attack."""
    under: list[str] = []
    if not asks_as_of(b, FIRST_PASS):
        # Issue 25: one answer names every model under the template; they are attacked
        # in roster order (the list's), as when named one by one in that order.
        others = [u for u in b.on_table() if u.id != unit.id]
        if others:
            picked = yield about(
                Pick,
                unit,
                key="shoot.under",
                text=f"{name(unit)} fires the {weapon.name}: which models are under the template?",
                help="Each takes a full attack, friends included (RB-19).",
                options=[Option(u.id, f"{name(u)} ({b.side_name(u.side)})") for u in others],
            )
            under = [str(uid) for uid in picked]
    while asks_as_of(b, FIRST_PASS):  # before the second pass: one model at a time
        others = [u for u in b.on_table() if u.id != unit.id and u.id not in under]
        if not others:
            break
        choice = yield about(
            Choose,
            unit,
            key="shoot.template",
            text=f"{name(unit)} fires the {weapon.name}: which model is under the template?",
            options=[Option(u.id, f"{name(u)} ({b.side_name(u.side)})") for u in others]
            + [Option(NONE, "No more models under it", passive=True)],
        )
        if choice == NONE or unit.removed:
            break
        under.append(str(choice))
    if unit.removed:
        return
    for target_id in under:
        working = yield from ranged_attack(b, unit, b.units[target_id], weapon, half=False)
        if not working:  # RB-15: a jam loses the weapon's other attacks
            break
    spend(b, unit, weapon)


def _start_morale(b: Battle) -> None:
    """RB-11: each model that lost R this phase and is at half its starting R or less."""
    lost = pos(b).lost
    pos(b).testers = [
        u.id
        for u in b.on_table()
        if lost.get(u.id) and maths.shaken_by_shooting(u.num("r"), int(u.profile["r"]))
    ]
    pos(b).stage = "morale"


def _morale(b: Battle) -> Sub[None]:
    """Seed: "deve superare una prova di M, con un malus di -1 nel caso la sua R si sia
    ridotta a 1"; a failure flees at the next Movement phase."""
    testers = pos(b).testers
    unit = None
    while testers:
        candidate = b.units[testers.pop(0)]
        if not candidate.removed:
            unit = candidate
            break
    if unit is None:
        pos(b).stage = ""
        turns.enter(b, "end")
        return
    mods = (dice.Mod("at R 1", -int(_MORALE["last_wound"])),) if unit.num("r") == 1 else ()
    result = yield dice.test(
        unit,
        "m",
        "morale.shooting",
        f"{name(unit)} is at R {unit.num('r')} of {unit.profile['r']}: M test",
        modifiers=mods,
    )
    if not result.success and not unit.flag("fleeing"):
        b.set(unit, "fleeing", True)
        b.set(unit, "fled", False)
        b.record("info", f"{name(unit)} will flee at the next Movement phase", actor=unit.id)
