"""What a side's characters see of the other side: enemies on the table, shaken or
not, and who holds whom in a melee (seed §2.5–2.7). Every menu of actions and every
morale test reads it; it is found for every side in one pass over the units and kept
while nothing it reads has changed."""

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
    views = _VIEWS.recall(b)
    if views is None:
        views = _VIEWS.keep(b, _side_views(b))
    return views[side]


#: `side_view`'s finding for every side, and the fields it reads.
_VIEWS: Watch[dict[str, SideView]] = Watch("deployed", "status", "foe", "removed")


def _side_views(b: Battle) -> dict[str, SideView]:
    deployed: set[str] = set()  # sides with a unit on the table
    shaken: set[str] = set()  # sides with a shaken unit on the table
    steady: set[str] = set()  # sides with a unit on the table not shaken
    held: dict[str, set[str]] = {s.id: set() for s in b.sides}  # foes held, by side
    for unit in b.units.values():
        if unit.removed:
            continue
        stats = unit.stats
        if stats["deployed"]:
            deployed.add(unit.side)
            if stats["status"]:
                shaken.add(unit.side)
            else:
                steady.add(unit.side)
        foe = stats["foe"]
        if foe:
            held.setdefault(unit.side, set()).add(str(foe))
    views = {}
    for side in b.sides:
        others = [s.id for s in b.sides if s.id != side.id]
        views[side.id] = SideView(
            any(o in deployed for o in others),
            any(o in shaken for o in others),
            any(o in steady for o in others),
            frozenset().union(*(held[o] for o in others)),
        )
    return views
