"""Unique unit labels: `Guerriero 2` when a side fields several units of one name.

A label is what a person reads wherever a unit appears (roster, prompts, log, sheet,
review, export), so two units never read alike. Names that repeat within a side are
numbered in roster order; a name still shared across sides gets its side's name.
"""

from __future__ import annotations

from collections import Counter

from skirmtui.engine.battle import Battle


def unit_labels(battle: Battle) -> dict[str, str]:
    """Each unit id's label, in roster order (units of one setup keep their labels
    through the battle: removed units keep their number)."""
    per_side = Counter((u.side, u.name) for u in battle.units.values())
    seen: Counter[tuple[str, str]] = Counter()
    labels: dict[str, str] = {}
    for unit in battle.units.values():
        key = (unit.side, unit.name)
        if per_side[key] > 1:
            seen[key] += 1
            labels[unit.id] = f"{unit.name} {seen[key]}"
        else:
            labels[unit.id] = unit.name
    shared = Counter(labels.values())
    for unit in battle.units.values():
        if shared[labels[unit.id]] > 1:
            labels[unit.id] = f"{labels[unit.id]} ({battle.side_name(unit.side)})"
    return labels
