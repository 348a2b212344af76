"""Models of regole-base (seed 000): the six characteristics, armour, shield, weapons,
and every value the rules track while a model fights."""

from __future__ import annotations

from functools import cache

from skirmtui.engine.core.battle import Stat, Unit
from skirmtui.engine.core.system import FieldSpec, OptionSpec, SetupError
from skirmtui.systems.regole_base.tables import (
    UNARMED,
    Weapon,
    armour_scores,
    rules,
    weapon_lookup,
    weapons,
)

#: Seed: "ogni modello è caratterizzato da sei caratteristiche".
STATS = ("v", "f", "r", "m", "c", "t")
_LABELS = {
    "v": "V (Velocità)",
    "f": "F (Forza)",
    "r": "R (Resistenza)",
    "m": "M (Morale)",
    "c": "C (Corpo a corpo)",
    "t": "T (Tiro)",
}
_LOW = int(rules()["profile"]["min"])
_HIGH = int(rules()["profile"]["max"])

PROFILE_FIELDS = (
    *(FieldSpec(s, _LABELS[s], int, _LOW, _HIGH) for s in STATS),
    FieldSpec("armour", "Armour", str, default="none", choices=tuple(armour_scores())),
    FieldSpec("shield", "Shield", bool, default=False),
    FieldSpec("weapons", "Weapons", str, default=""),
)

UNIT_FIELDS = (
    FieldSpec("r", "R (current)", int, 0, _HIGH),
    *(FieldSpec(s, _LABELS[s], int, _LOW, _HIGH) for s in STATS if s != "r"),
    FieldSpec("acted", "acted this phase", bool),
    FieldSpec("moved", "moved this round", bool),
    FieldSpec("marched", "marched this round", bool),
    FieldSpec("gave_up", "given up for a march", str),  # "assault" or "shooting"
    FieldSpec("ran", "ran in round", int, 0, 99),  # the last round it ran; 0: never
    FieldSpec("charged", "charged this round", bool),
    FieldSpec("fought", "fought this Assault phase", bool),
    FieldSpec("attacks", "attacks left this fight", int, 0, 9),
    FieldSpec("lose", "next attacks lost", int, 0, 9),
    FieldSpec("c_malus", "C malus on its next attack", int, 0, 9),
    FieldSpec("t_malus", "T malus on its next shot", int, 0, 9),
    FieldSpec("covered", "+1 V against shots this round", bool),
    FieldSpec("fleeing", "fleeing (shooting morale)", bool),
    FieldSpec("fled", "has fled once (tests to recover)", bool),
    FieldSpec("since", "in melee since round", int, 0, 99),  # 0: not in melee
    FieldSpec("wielding", "melee weapon in hand", str),
    FieldSpec("unloaded", "unloaded weapons", str),
    FieldSpec("jammed", "jammed weapons", str),
    FieldSpec("gone", "weapons thrown or spent", str),
    FieldSpec("reload", "reload steps this round", int, 0, 2),
)


def setup_options() -> tuple[OptionSpec, ...]:
    return (OptionSpec("round_limit", "Round limit (0 = none; RB-12)", int, 0, 0, 99),)


def listed(unit: Unit, field: str) -> tuple[str, ...]:
    """A comma list kept in a text stat (unloaded, jammed, gone weapons)."""
    return _split(str(unit.stats.get(field, "")))


@cache
def _split(text: str) -> tuple[str, ...]:
    return tuple(p for p in text.split(",") if p)


def with_item(unit: Unit, field: str, item: str) -> str:
    items = listed(unit, field)
    return ",".join(items if item in items else (*items, item))


def without_item(unit: Unit, field: str, item: str) -> str:
    return ",".join(i for i in listed(unit, field) if i != item)


@cache
def parse_weapons(text: str) -> tuple[str, ...]:
    """`"Spada da guerra; Balestra"` → weapon ids (names or ids, any case); Colpo
    senz'armi is added last (RB-12: every model has it)."""
    found: list[str] = []
    for part in (p.strip() for p in text.replace(",", ";").split(";")):
        if not part:
            continue
        weapon_id = weapon_lookup().get(part.casefold())
        if weapon_id is None:
            raise SetupError(f"unknown weapon {part!r} (the seed's 25 are in weapons.toml)")
        if weapon_id not in found:
            found.append(weapon_id)
    if UNARMED not in found:
        found.append(UNARMED)
    return tuple(found)


def carried(unit: Unit) -> tuple[Weapon, ...]:
    """Weapons the model still has (a thrown "munizione" weapon is gone, RB-12)."""
    return _carried(str(unit.profile["weapons"]), str(unit.stats.get("gone", "")))


@cache
def _carried(text: str, gone: str) -> tuple[Weapon, ...]:
    table = weapons()
    return tuple(table[w] for w in parse_weapons(text) if w not in _split(gone))


def melee_weapons(unit: Unit) -> tuple[Weapon, ...]:
    """Melee weapons it can fight with: bare hands only when it has no other (ours)."""
    return _melee(str(unit.profile["weapons"]), str(unit.stats.get("gone", "")))


# The lists below are read several times an answer: each is kept by the texts it is
# made from (hashing a tuple of weapons to find it again cost as much as making it).


@cache
def _melee(text: str, gone: str) -> tuple[Weapon, ...]:
    armed = tuple(w for w in _carried(text, gone) if w.melee and w.id != UNARMED)
    return armed or (weapons()[UNARMED],)


def wielded(unit: Unit) -> Weapon:
    """The melee weapon in hand (chosen when a melee starts; ours)."""
    stats = unit.stats
    return _wielded(unit.profile["weapons"], stats.get("gone", ""), stats.get("wielding", ""))


@cache
def _wielded(text: Stat, gone: Stat, current: Stat) -> Weapon:
    """(Read several times an answer: the texts as kept, not passed through `str`.)"""
    choices = _melee(str(text), str(gone))
    return next((w for w in choices if w.id == current), choices[0])


def ranged_ready(unit: Unit) -> tuple[Weapon, ...]:
    """Ranged weapons it can fire now: carried, loaded, not jammed (RB-10)."""
    stats = unit.stats
    return _ready(
        str(unit.profile["weapons"]),
        str(stats.get("gone", "")),
        str(stats["unloaded"]),
        str(stats["jammed"]),
    )


@cache
def _ready(text: str, gone: str, unloaded: str, jammed: str) -> tuple[Weapon, ...]:
    out = _split(unloaded) + _split(jammed)
    return tuple(w for w in _carried(text, gone) if w.ranged and w.id not in out)


def reloadable(unit: Unit) -> tuple[Weapon, ...]:
    stats = unit.stats
    return _reloadable(str(stats.get("unloaded", "")), str(stats.get("gone", "")))


@cache
def _reloadable(unloaded: str, gone: str) -> tuple[Weapon, ...]:
    table = weapons()
    out = _split(gone)
    return tuple(table[w] for w in _split(unloaded) if w in table and w not in out)


def reload_choices(unit: Unit) -> tuple[tuple[str, str], ...]:
    """`reloadable` as a menu lists it: each weapon's id and name."""
    stats = unit.stats
    return _reload_choices(stats.get("unloaded", ""), stats.get("gone", ""))


@cache
def _reload_choices(unloaded: Stat, gone: Stat) -> tuple[tuple[str, str], ...]:
    return tuple((w.id, w.name) for w in _reloadable(str(unloaded), str(gone)))


def first_melee(weapons_text: str) -> str:
    """The melee weapon a model starts with in hand: its first listed, else bare hands."""
    melee = [w for w in parse_weapons(weapons_text) if weapons()[w].melee and w != UNARMED]
    return melee[0] if melee else UNARMED


def name(unit: Unit) -> str:
    """How prompts and the log call a model (its unique label once the engine has one)."""
    return unit.label or unit.name
