"""Units of pequenas-guerras (seed 001, PG-1): models, quality, weapons, points, specials.

A multi-model unit is one `Unit`: its current model count, the wound markers of its
last model, whether it is stunned and who wounded it last are all stats, so a GM can
override any of them (G-4).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any, NamedTuple

from skirmtui.engine.battle import Scalar, Unit
from skirmtui.engine.data import load_toml
from skirmtui.engine.system import FieldSpec, OptionSpec, Setup, SetupError, UnitSpec

SYSTEM_ID = "pequenas-guerras"


def rules() -> dict[str, Any]:
    return load_toml(SYSTEM_ID, "rules")


_Q_LOW, _Q_HIGH = rules()["quality"]["min"], rules()["quality"]["max"]
#: Large enough for any squad a group fields; a GM can still set fewer.
_MAX_MODELS = 50

PROFILE_FIELDS = (
    FieldSpec("models", "models", int, 1, _MAX_MODELS),
    FieldSpec("quality", "quality", int, _Q_LOW, _Q_HIGH),
    FieldSpec("points", "points", int, 0, 10_000),
    FieldSpec("weapons", "weapons", str),
    FieldSpec("specials", "specials", str),
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


def _number(spec: UnitSpec, name: str, low: int, high: int) -> int:
    value = spec.profile.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SetupError(f"{spec.name}: {name} must be a whole number {low}–{high}")
    return value


def make_unit(spec: UnitSpec) -> Unit:
    models = _number(spec, "models", 1, _MAX_MODELS)
    quality = _number(spec, "quality", _Q_LOW, _Q_HIGH)
    points = _number(spec, "points", 0, 10_000)
    weapons = str(spec.profile.get("weapons", ""))
    parse_weapons(weapons)
    profile: dict[str, Scalar] = {
        "models": models,
        "quality": quality,
        "points": points,
        "weapons": weapons,
        "specials": str(spec.profile.get("specials", "")),
    }
    stats: dict[str, Scalar] = {
        "models": models,
        "quality": quality,
        "markers": 0,
        "stunned": False,
        "activated": False,
        "cover": False,
        "overwatch": False,
        "meleed": False,
        "last_hit_by": "",
        "destroyed_by": "",
    }
    return Unit(spec.id, spec.side, spec.name, profile, stats)


def check_setup(setup: Setup) -> list[str]:
    """PG-2: 2–4 players, a known game size, no army over its points; warn if unequal."""
    players = rules()["players"]
    if not players["min"] <= len(setup.sides) <= players["max"]:
        raise SetupError(
            f"{len(setup.sides)} players: this system takes {players['min']}–{players['max']}"
        )
    size = setup.options.get("size", 1)
    if isinstance(size, bool) or size not in sizes():
        raise SetupError(f"the game size must be one of {', '.join(map(str, sizes()))}")
    limit = int(sizes()[size]["points"])
    spent = {}
    for side in setup.sides:
        units = [make_unit(u) for u in setup.units if u.side == side.id]
        if not units:
            raise SetupError(f"{side.name} has no units")
        points = sum(int(u.profile["points"]) for u in units)
        if points > limit:
            raise SetupError(
                f"{side.name}'s army is {points} points, over the {sizes()[size]['name']} "
                f"game's {limit}"
            )
        spent[side.name] = points
    if len(set(spent.values())) > 1:
        return ["armies of different points: " + ", ".join(f"{n} {p}" for n, p in spent.items())]
    return []
