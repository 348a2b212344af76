"""What a side's characters see of the other side: enemies on the table, shaken or
not, and who holds whom in a melee (seed §2.5–2.7), and of their own: how many of each
squad are on the table. Every menu of actions and every morale test reads it; it is
found for every side in one pass over the units and kept while nothing it reads has
changed."""

from __future__ import annotations

from typing import NamedTuple

from skirmtui.engine.core.battle import Battle, Stat, Unit
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
    return _found(b)[side]


def views(b: Battle) -> dict[str, SideView]:
    """Every side's view (`side_view`'s, one call less where a step reads it at every
    answer)."""
    return _found(b)


def squads_on_table(b: Battle, side: str) -> dict[str, int]:
    """How many models of each of `side`'s squads are on the table (deployed, not out):
    whether a squad member has a mate to be separated from (seed §2.5). Read only."""
    return _rosters(b)[side][2]


#: Each side's view of the other (`_side_views`).
Found = dict[str, SideView]
#: Per side, the stats of its units in play, of those on the table, and its squads'
#: models on the table (`_side_rosters`).
Rosters = dict[str, tuple[tuple[dict[str, Stat], ...], tuple[dict[str, Stat], ...], dict[str, int]]]


def _side_views(b: Battle) -> Found:
    # Per side, from its rosters (kept apart: a status or a melee, most of the changes
    # these are found again for, leave who is in play and on the table as they were):
    # any on the table shaken, any there not shaken, the foes its units in play hold.
    flags: dict[str, tuple[bool, bool]] = {}
    held: dict[str, set[str]] = {}
    for side, (in_play, on_table, _) in _rosters(b).items():
        shaken = steady = False
        for stats in on_table:
            if stats["status"]:
                shaken = True
            else:
                steady = True
        foes: set[str] = set()
        for stats in in_play:
            foe = stats["foe"]
            if foe:
                foes.add(str(foe))
        flags[side], held[side] = (shaken, steady), foes
    views: Found = {}
    for side in flags:  # (plain loops: no generator resumed per side)
        shaken = steady = False
        foes = set()
        for other, (its_shaken, its_steady) in flags.items():
            if other != side:
                shaken, steady = shaken or its_shaken, steady or its_steady
                foes |= held[other]
        # `tuple.__new__`: the NamedTuple's own `__new__` is a Python call.
        views[side] = _make(SideView, (shaken or steady, shaken, steady, frozenset(foes)))
    return views


def _side_rosters(b: Battle) -> Rosters:
    # Per side, of its own units (its roster: no side looked up a unit): the stats of
    # those in play, of those on the table, and its squads' models on the table.
    found: Rosters = {}
    units = units_by_side(b)
    for side in (s.id for s in b.sides):
        in_play: list[dict[str, Stat]] = []
        on_table: list[dict[str, Stat]] = []
        count: dict[str, int] = {}
        for unit in units.get(side, ()):
            if unit.removed:
                continue
            stats = unit.stats
            in_play.append(stats)
            if not stats["deployed"]:
                continue
            on_table.append(stats)
            squad = unit.profile.get("squad")
            if squad:
                name = str(squad)
                count[name] = count.get(name, 0) + 1
        found[side] = (tuple(in_play), tuple(on_table), count)
    return found


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


#: Every side's view, found again only when a unit's deployment, status or melee
#: opponent, a removal or the units have changed since (not the round: the views do not
#: read it); from the rosters, found again only when a deployment, a removal or the
#: units have changed (a unit's stats dict is its own for the battle: `Battle.set`
#: changes it in place).
_VIEWS: Watch[Found] = Watch("deployed", "status", "foe", "removed")
_found = _VIEWS.kept(_side_views)
_ROSTERS: Watch[Rosters] = Watch("deployed", "removed")
_rosters = _ROSTERS.kept(_side_rosters)
