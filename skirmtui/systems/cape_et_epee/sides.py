"""What a side's characters see of the other side: enemies on the table, shaken or
not, and who holds whom in a melee (seed §2.5–2.7), and of their own: how many of each
squad are on the table. Every menu of actions and every morale test reads it; it is
found for every side in one pass over the units and kept while nothing it reads has
changed."""

from __future__ import annotations

from typing import NamedTuple

from skirmtui.engine.core.battle import Battle
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
    # Per side, of its own units in play: any on the table, any of those shaken, any
    # not shaken, the foes they hold; and its squads' models on the table.
    seen: dict[str, tuple[list[bool], set[str]]] = {
        s.id: ([False, False, False], set()) for s in b.sides
    }
    squads: dict[str, dict[str, int]] = {s.id: {} for s in b.sides}
    for unit in b.units.values():
        kept = seen.get(unit.side)
        if unit.removed or kept is None:  # (a unit of no side of the battle: nobody's)
            continue
        stats = unit.stats
        flags, held = kept
        if stats["deployed"]:
            flags[0] = True
            flags[1 if stats["status"] else 2] = True
            squad = unit.profile.get("squad")
            if squad:
                count = squads[unit.side]
                count[str(squad)] = count.get(str(squad), 0) + 1
        foe = stats["foe"]
        if foe:
            held.add(str(foe))
    views = {}
    for side in seen:
        others = [kept for other, kept in seen.items() if other != side]
        views[side] = SideView(
            any(flags[0] for flags, _ in others),
            any(flags[1] for flags, _ in others),
            any(flags[2] for flags, _ in others),
            frozenset().union(*(held for _, held in others)),
        )
    return views, squads
