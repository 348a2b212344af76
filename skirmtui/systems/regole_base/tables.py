"""The data of regole-base (seed 000): the Confronti grid, the 25 weapons, armour and the
numbers in `rules.toml`, read once from `data/regole-base/`."""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from skirmtui.engine.core.data import data_file, load_toml

SYSTEM_ID = "regole-base"
#: Every model carries it (RB-12).
UNARMED = "colpo"


rules = data_file(SYSTEM_ID, "rules")


class Weapon(NamedTuple):
    """One weapon of the seed's list, as `weapons.toml` describes it."""

    id: str
    name: str
    melee: bool
    ranged: bool
    strength_bonus: int
    strength: int | None
    range_per_f: int | None
    range: int | None
    template: bool
    penetration: int
    shield_only: bool
    initiative: int
    initiative_first: bool
    parry: bool
    stun: bool
    rapid_fire: bool
    two_handed: bool
    slow_reload: int
    munizione: bool
    one_shot: bool

    def attack_f(self, bearer_f: int) -> int:
        """Seed: "la F a cui risolve i suoi attacchi (fissa o basata su quella del
        modello che la impugna)"."""
        return self.strength if self.strength is not None else bearer_f + self.strength_bonus

    def reach(self, bearer_f: int) -> int | None:
        """Maximum range in inches (None for the template or a melee-only weapon)."""
        if self.range is not None:
            return self.range
        if self.range_per_f is not None:
            return bearer_f * self.range_per_f
        return None

    def penetration_against(self, shield: bool) -> int:
        """RB-7: a flail's penetration counts only against a target with a shield."""
        if self.shield_only and not shield:
            return 0
        return self.penetration


def _weapon(raw: dict[str, Any]) -> Weapon:
    return Weapon(
        id=str(raw["id"]),
        name=str(raw["name"]),
        melee=bool(raw.get("melee", False)),
        ranged=bool(raw.get("ranged", False)),
        strength_bonus=int(raw.get("strength_bonus", 0)),
        strength=int(raw["strength"]) if "strength" in raw else None,
        range_per_f=int(raw["range_per_f"]) if "range_per_f" in raw else None,
        range=int(raw["range"]) if "range" in raw else None,
        template=bool(raw.get("template", False)),
        penetration=int(raw.get("penetration", 0)),
        shield_only=bool(raw.get("shield_only", False)),
        initiative=int(raw.get("initiative", 0)),
        initiative_first=bool(raw.get("initiative_first", False)),
        parry=bool(raw.get("parry", False)),
        stun=bool(raw.get("stun", False)),
        rapid_fire=bool(raw.get("rapid_fire", False)),
        two_handed=bool(raw.get("two_handed", False)),
        slow_reload=int(raw.get("slow_reload", 0)),
        munizione=bool(raw.get("munizione", False)),
        one_shot=bool(raw.get("one_shot", False)),
    )


@cache
def weapons() -> dict[str, Weapon]:
    """Every weapon by id, in the seed's order."""
    return {w.id: w for w in map(_weapon, load_toml(SYSTEM_ID, "weapons")["weapons"])}


@cache
def weapon_lookup() -> dict[str, str]:
    """Id or name (any case) → id, for armies written by hand."""
    found: dict[str, str] = {}
    for weapon in weapons().values():
        found[weapon.id.casefold()] = weapon.id
        found[weapon.name.casefold()] = weapon.id
    return found


@cache
def armour_scores() -> dict[str, int]:
    """RB-7: none 0, leather 1, mail 2, plate 3 (data)."""
    table: dict[str, Any] = load_toml(SYSTEM_ID, "weapons")["armour"]
    return {str(k): int(v) for k, v in table.items()}


@cache
def shield_bonus() -> int:
    return int(load_toml(SYSTEM_ID, "weapons")["shield"]["bonus"])


@cache
def confronti() -> tuple[tuple[int, ...], tuple[tuple[str, ...], ...]]:
    """The grid's values and its rows (own value) of cells (opposed value)."""
    doc = load_toml(SYSTEM_ID, "confronti")
    values = tuple(int(v) for v in doc["values"])
    rows = tuple(tuple(str(c) for c in row) for row in doc["rows"])
    if len(rows) != len(values) or any(len(row) != len(values) for row in rows):
        raise ValueError("confronti.toml: the grid must be square, one row per value")
    return values, rows
