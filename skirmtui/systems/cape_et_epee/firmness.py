"""Army firmness (seed §3.1, CE-10).

The starting firmness is computed once from the army and the scenario's stakes and
kept in the position (`CEPosition.firmness`). What an army has lost is kept on each
unit (`firm_loss`), so every change is a logged effect and the current firmness is
always start − losses.
"""

from __future__ import annotations

from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.watch import Watch
from skirmtui.systems.cape_et_epee import profile
from skirmtui.systems.cape_et_epee.position import pos


def starting(units: list[Unit], stakes: str) -> int:
    """Seed: sum 1/2/3 per extra/protagonist/hero, then ¾, ½ or ¼ rounded up."""
    total = sum(profile.value(u) for u in units)
    fraction = profile.rules()["stakes"][stakes]
    numerator, denominator = int(fraction["numerator"]), int(fraction["denominator"])
    return -(-total * numerator // denominator)


def current(b: Battle, side: str) -> int:
    start = pos(b).firmness[side]
    return start - sum(u.num("firm_loss") for u in b.units.values() if u.side == side)


def lose(b: Battle, unit: Unit) -> None:
    """Seed §3.1.2: eliminated: lose the character's value.

    Ours: a unit already counted for a flight it has not recovered from is not counted
    again when it is then eliminated.
    """
    if not unit.flag("fled"):
        b.set(unit, "firm_loss", unit.num("firm_loss") + profile.value(unit))


def flee(b: Battle, unit: Unit) -> None:
    """Seed §3.1.2: "Ogni volta che un personaggio o una squadra è … scossa e costretta alla
    fuga": every flight costs the value again, even after a recovery (once per flight)."""
    if not unit.flag("fled"):
        b.set(unit, "firm_loss", unit.num("firm_loss") + profile.value(unit))
        b.set(unit, "fled", True)


def recover(b: Battle, units: list[Unit]) -> None:
    """Seed: a character or squad that recovers from its flight gives back half its
    (current) value, rounded down. Recovering from a status that cost no firmness (seeking
    cover after a wound) gives nothing back.

    For a squad the half is of the squad's value (its models still in play), spread over
    the models that had been counted.
    """
    fled = [u for u in units if u.flag("fled") and not u.removed]
    back = sum(profile.value(u) for u in fled) // int(profile.rules()["firmness"]["recover_of"])
    for unit in fled:
        b.set(unit, "fled", False)
        give = min(back, unit.num("firm_loss"))
        if give:
            b.set(unit, "firm_loss", unit.num("firm_loss") - give)
            back -= give


def restore(b: Battle, unit: Unit) -> None:
    """G-4: a character the GM puts back is in play again: the value its elimination
    (wounds at the maximum) or its unrecovered flight cost comes back. A character the GM
    had removed itself cost nothing, and what earlier, recovered flights cost stays lost.
    Call it before the character's wounds are reset."""
    if unit.flag("fled") or unit.num("wounds") >= profile.max_wounds(unit):
        b.set(unit, "firm_loss", max(0, unit.num("firm_loss") - profile.value(unit)))
    b.set(unit, "fled", False)


#: `beaten`'s last finding, kept while no unit's firmness loss nor the starting
#: firmness changed (engine/core/watch.py).
BEATEN: Watch[tuple[str, ...]] = Watch("firm_loss", "firmness")


def beaten(b: Battle) -> tuple[str, ...]:
    """Sides whose firmness is zero or less (seed: the army must leave the field).

    The engine's end check asks this before and after every step and after every
    answer (~1,000 times a battle): the pass over every unit runs only when a
    `firm_loss` or `firmness` effect was made since the last."""
    found = BEATEN.recall(b)
    if found is None:
        starts: dict[str, int] = b.pos.firmness
        lost = dict.fromkeys(starts, 0)
        for unit in b.units.values():
            lost[unit.side] += unit.stats["firm_loss"]  # type: ignore[operator]
        found = BEATEN.keep(
            b, tuple(side for side, start in starts.items() if start - lost[side] <= 0)
        )
    return found
