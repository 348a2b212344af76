"""Weapons in use: firing spends or unloads them, reloading loads them (RB-10, RB-12,
RB-19, RB-20)."""

from __future__ import annotations

from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.systems.regole_base.profile import name, with_item, without_item
from skirmtui.systems.regole_base.tables import Weapon


def spend(b: Battle, shooter: Unit, weapon: Weapon) -> None:
    """After firing: slow reload unloads, a thrown "munizione" or one-shot weapon is gone
    (RB-10, RB-12, RB-19)."""
    if shooter.removed:
        return
    if weapon.munizione or weapon.one_shot:
        b.set(shooter, "gone", with_item(shooter, "gone", weapon.id))
    elif weapon.slow_reload:
        b.set(shooter, "unloaded", with_item(shooter, "unloaded", weapon.id))


def reload(b: Battle, unit: Unit, weapon: Weapon, action: str) -> None:
    """RB-10: slow reload N gives up the Movement action (N=1: or the Assault action);
    N=2 gives up both in one round; never while engaged (RB-20)."""
    steps = unit.num("reload") + 1
    b.set(unit, "reload", steps)
    if steps >= weapon.slow_reload:
        b.set(unit, "unloaded", without_item(unit, "unloaded", weapon.id))
        b.set(unit, "reload", 0)
        b.record("info", f"{name(unit)} gives up {action}: {weapon.name} is loaded", actor=unit.id)
    else:
        b.record(
            "info",
            f"{name(unit)} gives up {action} to reload {weapon.name} "
            f"({steps} of {weapon.slow_reload})",
            actor=unit.id,
        )
