"""What a side's characters see of the other side: enemies on the table, shaken or
not, and who holds whom in a melee (seed §2.5–2.7), and of their own: how many of each
squad are on the table. Every menu of actions and every morale test reads it; it is
found for every side in one pass over the units and kept while nothing it reads has
changed."""

from __future__ import annotations

from typing import NamedTuple

from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.kit import units_by_side
from skirmtui.engine.core.watch import Watch


class SideView(NamedTuple):
    """What a side's menus and morale tests read of the other side (the non-activated
    phase offers every waiting character's actions at once: one view for all)."""

    #: An enemy is on the table (deployed, not out).
    enemies: bool
    #: One of those is shaken.
    shaken_enemy: bool
    #: One of those is not shaken (it could charge: a morale test's fact, seed §2.7.2).
    steady_enemy: bool
    #: Every unit id an enemy still in play holds as its melee opponent (`foe`).
    held: frozenset[str]


def side_view(b: Battle, side: str) -> SideView:
    """The other side as `side` sees it. Every menu (an impulse's, each non-activated
    step's) and morale test reads it, and it changes only with a unit's deployment,
    status, melee or removal: one pass over the units finds every side's view, kept
    until one of those changes (`_found`)."""
    return _found(b)[0][side]


def views(b: Battle) -> dict[str, SideView]:
    """Every side's view (`side_view`'s, one call less where a step reads it at every
    answer)."""
    return _found(b)[0]


def squads_on_table(b: Battle, side: str) -> dict[str, int]:
    """How many models of each of `side`'s squads are on the table (deployed, not out):
    whether a squad member has a mate to be separated from (seed §2.5). Read only."""
    return _found(b)[1][side]


Found = tuple[dict[str, SideView], dict[str, dict[str, int]]]


def _side_views(b: Battle) -> Found:
    # Per side, of its own units in play (its roster: no side looked up a unit): any on
    # the table shaken, any there not shaken, the foes they hold; its squads' models on
    # the table. (A loop over each side's units: its body runs ~16 times a pass.)
    flags: dict[str, tuple[bool, bool]] = {}
    held: dict[str, set[str]] = {}
    squads: dict[str, dict[str, int]] = {}
    units = units_by_side(b)
    for side in (s.id for s in b.sides):
        shaken = steady = False
        foes: set[str] = set()
        count: dict[str, int] = {}
        for unit in units.get(side, ()):
            if unit.removed:
                continue
            stats = unit.stats
            foe = stats["foe"]
            if foe:
                foes.add(str(foe))
            if not stats["deployed"]:
                continue
            if stats["status"]:
                shaken = True
            else:
                steady = True
            squad = unit.profile.get("squad")
            if squad:
                name = str(squad)
                count[name] = count.get(name, 0) + 1
        flags[side], held[side], squads[side] = (shaken, steady), foes, count
    views = {}
    for side in flags:  # (plain loops: no generator resumed per side)
        shaken = steady = False
        foes = set()
        for other, (its_shaken, its_steady) in flags.items():
            if other != side:
                shaken, steady = shaken or its_shaken, steady or its_steady
                foes |= held[other]
        # `tuple.__new__`: the NamedTuple's own `__new__` is a Python call.
        views[side] = _make(SideView, (shaken or steady, shaken, steady, frozenset(foes)))
    return views, squads


_make = tuple.__new__


def side_units(b: Battle, side: str) -> tuple[Unit, ...]:
    """`side`'s units in roster order, out or not: the orders, the activation dice, the
    deployment and the non-activated phase read one side's units at every step
    (`units_by_side`, kept by battle and number of units)."""
    return units_by_side(b).get(side, ())


def squad_models(b: Battle) -> dict[tuple[str, str], tuple[Unit, ...]]:
    """Each squad's models (by side and squad name; "" for the autonomous characters),
    in roster order, out or not. A unit's squad never changes and units are only added:
    kept by battle and number of units, as `units_by_side`."""
    last = _SQUADS.last
    if last is not None and last[0] is b and last[1] == len(b.units):
        return last[2]
    squads: dict[tuple[str, str], list[Unit]] = {}
    for unit in b.units.values():
        squad = (unit.side, str(unit.profile.get("squad", "")))
        squads.setdefault(squad, []).append(unit)
    found = {squad: tuple(units) for squad, units in squads.items()}
    # Replaced whole: a worker thread (the app's players) may read its own battle's.
    _SQUADS.last = (b, len(b.units), found)
    return found


class _Kept:
    """The last battle's squads and the number of units they were found with."""

    __slots__ = ("last",)

    def __init__(self) -> None:
        self.last: tuple[Battle, int, dict[tuple[str, str], tuple[Unit, ...]]] | None = None


_SQUADS = _Kept()


#: Every side's view and squads on the table, found again only when a unit's
#: deployment, status or melee opponent, a removal or the units have changed since (not
#: the round: the views do not read it).
_VIEWS: Watch[Found] = Watch("deployed", "status", "foe", "removed")
_found = _VIEWS.kept(_side_views)
