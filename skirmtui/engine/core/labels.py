"""Unique unit labels: `Guerriero 2` where names repeat, the side's name where another
side shows the same label (every screen, the log and the export use them)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Protocol


class Labelled(Protocol):
    """What labelling reads and writes of a unit (engine/core/battle.py's `Unit`)."""

    side: str
    name: str
    label: str


def label_units(units: Iterable[Labelled], side_names: dict[str, str] | None = None) -> None:
    """Give every unit without a label a unique one, in roster order.

    A name used once on its side is its own label; a repeated name is numbered within
    its side (`Guerriero 1`, `Guerriero 2`), skipping a number another unit of the side
    is already named. A label another side already shows gets the side's name
    (`Capo (Barbari)`). Units that have a label keep it: a unit added later never renames
    the others (a third `Guerriero` becomes `Guerriero 3`)."""
    units = list(units)
    taken = {u.label for u in units if u.label}
    names = Counter((u.side, u.name) for u in units)
    used = Counter((u.side, u.name) for u in units if u.label)
    for unit in units:
        if unit.label:
            continue
        label = unit.name
        if names[unit.side, unit.name] > 1:
            number = used[unit.side, unit.name]
            while True:
                number += 1
                label = f"{unit.name} {number}"
                if label not in taken and (unit.side, label) not in names:
                    break
            used[unit.side, unit.name] = number
        if label in taken:
            label = f"{label} ({(side_names or {}).get(unit.side, unit.side)})"
        base, n = label, 1
        while label in taken:
            n += 1
            label = f"{base} {n}"
        unit.label = label
        taken.add(label)


def with_side(label: str, side_name: str) -> str:
    """`Capo (Barbari)`: a label with its side's name, once (a label that already ends
    with it, as one another side shows does, is not given it twice)."""
    return label if label.endswith(f" ({side_name})") else f"{label} ({side_name})"
