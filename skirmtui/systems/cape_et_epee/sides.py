"""What a side's characters see of the other side: enemies on the table, shaken or
not, and who holds whom in a melee (seed §2.5–2.7), and of their own: how many of each
squad are on the table. Every menu of actions and every morale test reads it; it is
found for every side in one pass over the units and kept while nothing it reads has
changed."""

from __future__ import annotations

from typing import NamedTuple

from skirmtui.engine.core.battle import Battle, Unit
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
    until one of those changes (engine/core/watch.py)."""
    return _found(b)[0][side]


def squads_on_table(b: Battle, side: str) -> dict[str, int]:
    """How many models of each of `side`'s squads are on the table (deployed, not out):
    whether a squad member has a mate to be separated from (seed §2.5). Read only."""
    return _found(b)[1][side]


#: What `side_view` and `squads_on_table` read for every side, and the fields it is
#: found from.
_FOUND: Watch[tuple[dict[str, SideView], dict[str, dict[str, int]]]] = Watch(
    "deployed", "status", "foe", "removed"
)


def _found(b: Battle) -> tuple[dict[str, SideView], dict[str, dict[str, int]]]:
    found = _FOUND.recall(b)
    if found is None:
        found = _FOUND.keep(b, _side_views(b))
    return found


def _side_views(b: Battle) -> tuple[dict[str, SideView], dict[str, dict[str, int]]]:
    # The sides with a unit in play on the table, with a shaken one there, with a steady
    # one there; per side, the foes its units in play hold and its squads' models on the
    # table. (Sets of sides, not a list of flags a side: fewer steps a unit.)
    sides = [s.id for s in b.sides]
    on: set[str] = set()
    shaken: set[str] = set()
    steady: set[str] = set()
    held: dict[str, set[str]] = {side: set() for side in sides}
    squads: dict[str, dict[str, int]] = {side: {} for side in sides}
    for unit in b.units.values():
        side = unit.side
        count = squads.get(side)
        if unit.removed or count is None:  # (a unit of no side of the battle: nobody's)
            continue
        stats = unit.stats
        if stats["deployed"]:
            on.add(side)
            (shaken if stats["status"] else steady).add(side)
            squad = unit.profile.get("squad")
            if squad:
                name = str(squad)
                count[name] = count.get(name, 0) + 1
        foe = stats["foe"]
        if foe:
            held[side].add(str(foe))
    views = {}
    for side in sides:
        others = [other for other in sides if other != side]
        views[side] = SideView(
            not on.isdisjoint(others),
            not shaken.isdisjoint(others),
            not steady.isdisjoint(others),
            frozenset().union(*(held[other] for other in others)),
        )
    return views, squads


class Roster(NamedTuple):
    """Each side's units and each squad's models (by side and squad name; "" for the
    autonomous characters), in roster order, out or not."""

    sides: dict[str, tuple[Unit, ...]]
    squads: dict[tuple[str, str], tuple[Unit, ...]]


def side_units(b: Battle, side: str) -> tuple[Unit, ...]:
    """`side`'s units in roster order, out or not: the orders, the activation dice, the
    deployment and the non-activated phase read one side's units at every step, and a
    side's units change only when the GM adds one (a unit's side and profile never
    change): kept by battle and number of units."""
    return roster(b).sides.get(side, ())


def roster(b: Battle) -> Roster:
    last = _ROSTER.last
    if last is not None and last[0] is b and last[1] == len(b.units):
        return last[2]
    sides: dict[str, list[Unit]] = {}
    squads: dict[tuple[str, str], list[Unit]] = {}
    for unit in b.units.values():
        sides.setdefault(unit.side, []).append(unit)
        squad = (unit.side, str(unit.profile.get("squad", "")))
        squads.setdefault(squad, []).append(unit)
    found = Roster(
        {side: tuple(units) for side, units in sides.items()},
        {squad: tuple(units) for squad, units in squads.items()},
    )
    # Replaced whole: a worker thread (the app's players) may read its own battle's.
    _ROSTER.last = (b, len(b.units), found)
    return found


class _Kept:
    """The last battle's roster and the number of units it was found with."""

    __slots__ = ("last",)

    def __init__(self) -> None:
        self.last: tuple[Battle, int, Roster] | None = None


_ROSTER = _Kept()
