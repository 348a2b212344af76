"""Units of pequenas-guerras (seed 001, PG-1): models, quality, weapons, points, specials.

A multi-model unit is one `Unit`: its current model count, the wound markers of its
last model, whether it is stunned and who wounded it last are all stats, so a GM can
override any of them (G-4).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any, NamedTuple

from skirmtui.engine.core.battle import Unit
from skirmtui.engine.core.data import data_file
from skirmtui.engine.core.system import FieldSpec, OptionSpec, Setup, SetupError

SYSTEM_ID = "pequenas-guerras"


rules = data_file(SYSTEM_ID, "rules")


_Q_LOW, _Q_HIGH = rules()["quality"]["min"], rules()["quality"]["max"]
#: Large enough for any squad a group fields; a GM can still set fewer.
_MAX_MODELS = 50

PROFILE_FIELDS = (
    FieldSpec("models", "models", int, 1, _MAX_MODELS),
    FieldSpec("quality", "quality", int, _Q_LOW, _Q_HIGH),
    FieldSpec("points", "points", int, 0, 10_000),
    FieldSpec("weapons", "weapons", str, default=""),
    FieldSpec("specials", "specials", str, default=""),
)

UNIT_FIELDS = (
    FieldSpec("models", "models", int, 1, _MAX_MODELS),
    FieldSpec("quality", "quality", int, _Q_LOW, _Q_HIGH),
    FieldSpec("markers", "wound markers", int, 0, 99),
    FieldSpec("stunned", "stunned", bool),
    FieldSpec("activated", "activated", bool),
    FieldSpec("cover", "taking cover", bool),
    FieldSpec("overwatch", "on overwatch", bool),
    FieldSpec("meleed", "fought a melee", bool),
    FieldSpec("last_hit_by", "last wounded by", str),
    FieldSpec("destroyed_by", "destroyed by", str),
)


class Weapon(NamedTuple):
    """One weapon: `range_cm` None for a melee weapon."""

    name: str
    range_cm: int | None
    attacks: int

    @property
    def melee(self) -> bool:
        return self.range_cm is None

    def describe(self) -> str:
        reach = "melee" if self.range_cm is None else f"{self.range_cm} cm"
        return f"{self.name} ({reach}, A{self.attacks})"


_WEAPON = re.compile(r"^(?P<name>.+?)\s+(?:(?P<range>\d+)\s*cm|(?P<melee>melee))\s+A(?P<a>\d+)$")


@cache
def parse_weapons(text: str) -> tuple[Weapon, ...]:
    """`"Fuzil 60cm A1; Baioneta melee A1"` → weapons; raise `SetupError` on a bad one."""
    weapons = []
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        match = _WEAPON.match(part)
        if match is None or int(match["a"]) < 1:
            raise SetupError(
                f"weapon {part!r}: write NAME RANGEcm A<attacks> or NAME melee A<attacks> "
                "(e.g. 'Fuzil 60cm A1; Baioneta melee A1')"
            )
        reach = None if match["melee"] else int(match["range"])
        weapons.append(Weapon(match["name"], reach, int(match["a"])))
    return tuple(weapons)


def weapons_of(unit: Unit) -> tuple[Weapon, ...]:
    return parse_weapons(str(unit.profile.get("weapons", "")))


def ranged_weapons(unit: Unit) -> list[Weapon]:
    return [w for w in weapons_of(unit) if not w.melee]


def melee_attacks(unit: Unit) -> int:
    """Attacks per model in melee: its best melee weapon, else unarmed (ours)."""
    best = max((w.attacks for w in weapons_of(unit) if w.melee), default=0)
    return best or int(rules()["melee"]["unarmed_attacks"])


def sizes() -> dict[int, dict[str, Any]]:
    return {int(s["id"]): s for s in rules()["sizes"]}


def size_of(options: dict[str, Any]) -> dict[str, Any]:
    return sizes()[int(options.get("size", 1))]


def setup_options() -> tuple[OptionSpec, ...]:
    words = "; ".join(
        f"{i} {s['name']}, {s['table']}, {s['points']} pts" for i, s in sizes().items()
    )
    label = f"Game size (PG-2): {words}"
    return (OptionSpec("size", label, int, 1, min(sizes()), max(sizes())),)


def check_armies(setup: Setup, size: int, armies: dict[str, list[Unit]]) -> list[str]:
    """PG-2: no army over the game size's points; warn if they are unequal."""
    limit = int(sizes()[size]["points"])
    spent = {}
    for side in setup.sides:
        points = sum(int(u.profile["points"]) for u in armies[side.id])
        if points > limit:
            raise SetupError(
                f"{side.name}'s army is {points} points, over the {sizes()[size]['name']} "
                f"game's {limit}"
            )
        spent[side.name] = points
    if len(set(spent.values())) > 1:
        return ["armies of different points: " + ", ".join(f"{n} {p}" for n, p in spent.items())]
    return []
