"""The action menu a combatant chooses from when it acts (seed "Scelta dell'azione",
CG-5, CG-6, CG-11..CG-14): each action, disabled with the reason when the rules forbid
it now. Issue 28: a menu is made once for each set of values it reads and read back
(`action_options` is asked for every action and every offer to act now)."""

from __future__ import annotations

from skirmtui.engine.core.battle import Battle, Scalar, Stat, Unit
from skirmtui.engine.core.prompts import Option
from skirmtui.engine.core.text import plural
from skirmtui.systems.combattimento_gdr import profile as p
from skirmtui.systems.combattimento_gdr.arms import (
    fights_with_two,
    loaded,
    ready_options,
    two_weapons,
)

MELEE, TWO, RANGED, CHARGE, READY = "melee", "two", "ranged", "charge", "ready"
SPELL, FLEE, OTHER, DELAY, NOTHING = "spell", "flee", "other", "delay", "nothing"

#: `action_options` by all they read (a combatant's sheet, what it holds, whether it is
#: engaged, whether an enemy is free of it): a menu made once, then read back.
_MENUS: dict[tuple[Scalar | Stat, ...], tuple[Option, ...]] = {}
#: Menus kept at most (a GM may type any `ready`): past it, the keep starts again.
_MENUS_KEPT = 1024


def action_options(b: Battle, unit: Unit, may_delay: bool) -> tuple[Option, ...]:
    """The action menu (CG-5, CG-6, CG-11..CG-14), kept by what it reads (`_MENUS`)."""
    _, foes, free = p.near(b, unit)
    stats, sheet = unit.stats, unit.profile
    key = (
        bool(foes),
        free,
        may_delay,
        stats["ready"],
        stats["gone"],
        stats["reload"],
        sheet["weapons"],
        sheet["shield"],
        sheet["kind"],
        sheet["ambidextrous"],
        sheet["pot"],
        sheet["spells"],
    )
    menu = _MENUS.get(key)
    if menu is None:
        if len(_MENUS) >= _MENUS_KEPT:
            _MENUS.clear()
        menu = _MENUS[key] = tuple(menu_of(unit, bool(foes), free, may_delay))
    return menu


def menu_of(unit: Unit, foes: bool, free: bool, may_delay: bool) -> list[Option]:
    """The action menu of `unit`, engaged (`foes`) or not, with an enemy out of contact
    (`free`) or none, allowed to wait or not: what `action_options` keeps."""
    melee_reason = None
    if not foes:
        melee_reason = "not in contact with an enemy"
    elif not p.melee_weapons(unit):
        melee_reason = "no melee weapon readied"
    _, two_reason = two_weapons(unit)
    ranged_reason = None
    if foes:
        ranged_reason = "engaged in melee (seed: only when not engaged)"
    elif not p.shooting_weapons(unit):
        ranged_reason = "no ranged weapon readied"
    elif not loaded(unit):
        ranged_reason = f"not loaded: {plural(unit.num('reload'), 'reload step')} left"
    in_contact = "in contact: flee first" if foes else None
    ready_opts = ready_options(unit)
    options = [Option(MELEE, "Attack in melee", melee_reason)]
    if fights_with_two(unit):  # only offered to those who carry two blades
        options.append(Option(TWO, "Attack with two weapons", melee_reason or two_reason))
    options += [
        Option(RANGED, "Attack at range", ranged_reason),
        Option(CHARGE, "Charge", in_contact or (None if free else "no enemy out of contact")),
        Option(
            READY,
            "Ready a weapon (draw, stow, reload)",
            None if any(o.disabled is None for o in ready_opts) else "nothing to ready",
        ),
        Option(FLEE, "Flee", None if foes else "not in a melee"),
        Option(OTHER, "Another action (the GM sets the turns)", in_contact, passive=True),
        Option(DELAY, "Wait and act later this turn", None if may_delay else "already waited"),
        Option(NOTHING, "Do nothing", passive=True),
    ]
    if unit.profile["spells"]:  # only casters are offered a spell
        options.insert(-3, Option(SPELL, "Cast a spell"))
    # The actions it may take first (issue 26): at 80x24 the disabled ones, listed first,
    # pushed Wait and Do nothing out of sight. Values unchanged: old saves replay, and the
    # enabled ones keep their order (the same random draws, the same numbers).
    return [o for o in options if o.disabled is None] + [
        o for o in options if o.disabled is not None
    ]
