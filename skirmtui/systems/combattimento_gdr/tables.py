"""The data of combattimento-gdr (`data/combattimento-gdr/`) and the d100 lookups.

Every table a group may tune is data (CG-8, CG-10, CG-16): locations per body type,
criticals, critical failures, combat modifiers, weapons, armour.
"""

from __future__ import annotations

from typing import Any

from skirmtui.engine.core.data import data_file

SYSTEM_ID = "combattimento-gdr"


rules = data_file(SYSTEM_ID, "rules")
weapons = data_file(SYSTEM_ID, "weapons")
armour = data_file(SYSTEM_ID, "armour")
locations = data_file(SYSTEM_ID, "locations")
criticals = data_file(SYSTEM_ID, "criticals")
modifiers = data_file(SYSTEM_ID, "modifiers")


def reversed_d100(value: int) -> int:
    """CG-8/CG-16: the critical table reads the location roll with its digits swapped
    (25 → 52, 10 → 01, 100 = "00" → 100)."""
    tens, units = divmod(value % 100, 10)
    return units * 10 + tens or 100


def _row(rows: list[dict[str, Any]], value: int) -> dict[str, Any]:
    for row in rows:
        if int(row["low"]) <= value <= int(row["high"]):
            return row
    raise KeyError(f"no row for {value}")


def location(body: str, value: int) -> dict[str, Any]:
    """The location row (`id`, `label`) a d100 result hits on a body type."""
    return _row(locations()[body]["rows"], value)


def critical(value: int) -> dict[str, Any]:
    """The critical-hit row for a (reversed) d100 result."""
    return _row(criticals()["critical"], value)


def failure(value: int) -> dict[str, Any]:
    """The critical-failure row for a d100 result."""
    return _row(criticals()["failure"], value)
