"""Characters of cape-et-epee (seed 004 §1.2, CE-1): ranks, two profiles, squads.

Every model is one `Unit`. A squad is the set of units sharing a `squad` name on one
side; `role` marks its officer/leader and its standard bearer (who carries the flag).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from skirmtui.engine.core import records
from skirmtui.engine.core.battle import Battle, Scalar, Unit
from skirmtui.engine.core.data import data_file
from skirmtui.engine.core.system import FieldSpec, OptionSpec, Setup, SetupError, UnitSpec
from skirmtui.systems.cape_et_epee.sides import squad_models

SYSTEM_ID = "cape-et-epee"

#: The five characteristics of seed §1.2.1; `w_` + name is the wounded profile.
STATS = ("morale", "tiro", "mischia", "ca", "move")
ROLES = ("", "officer", "standard")
#: Statuses (CE-9 consequences) kept in the `status` field.
SEEK_COVER, LEAVE_TABLE, SHAKEN = "seek cover", "leave table", "shaken"


def app_move(status: object) -> str:
    """Issue 26 (ours, docs/rules "The app as a player"): where the table moves a
    character the app plays, after its own status: a shaken one to cover (it recovers
    there), any other toward the nearest enemy (a charge or a shot next); "" for one
    leaving the table (its move says where: its own table edge)."""
    if status == LEAVE_TABLE:
        return ""
    return "to the nearest cover" if status == SEEK_COVER else "toward the nearest enemy"


rules = data_file(SYSTEM_ID, "rules")
actions = data_file(SYSTEM_ID, "actions")
weapons = data_file(SYSTEM_ID, "weapons")


PROFILE_FIELDS = (
    FieldSpec("morale", "Morale", int, 1, 10),
    FieldSpec("tiro", "Tiro", int, 1, 10),
    FieldSpec("mischia", "Mischia", int, 0, 10),
    FieldSpec("ca", "CA", int, 1, 5),
    FieldSpec("move", "Move", int, 1, 12),
)

UNIT_FIELDS = (
    FieldSpec("wounds", "wounds", int, 0, 3),
    FieldSpec("die", "order die", int, 0, 6),
    FieldSpec("ap", "AP", int, 0, 6),
    FieldSpec("acted", "acted (non-activated)", bool),
    FieldSpec("deployed", "on the table", bool),
    FieldSpec("prone", "prone", bool),
    FieldSpec("status", "status", str),
    FieldSpec("reload", "reload steps left", int, 0, 9),
    FieldSpec("foe", "melee opponent", str),
    FieldSpec("firm_loss", "firmness lost", int, 0, 99),
    FieldSpec("fled", "fled (firmness)", bool),
)


def setup_options() -> tuple[OptionSpec, ...]:
    default = int(rules()["defaults"]["turn_limit"])
    return (OptionSpec("turn_limit", "Last turn (0 = play to the end)", int, default, 0, 99),)


def scenario_options() -> tuple[OptionSpec, ...]:
    """Options a scenario file sets: the stakes (CE-10), event markers, the objective."""
    defaults = rules()["defaults"]
    return (
        OptionSpec("stakes", "stakes", str, defaults["stakes"], choices=tuple(rules()["stakes"])),
        OptionSpec("markers", "markers", list, list(defaults["markers"])),
        OptionSpec("objective", "objective", str, defaults["objective"]),
    )


def rank_rules(unit: Unit) -> dict[str, Any]:
    found: dict[str, Any] = rules()["ranks"][str(unit.profile["rank"])]
    return found


def value(unit: Unit) -> int:
    """CE-10: 1 per extra, 2 per protagonist, 3 per hero."""
    return int(rank_rules(unit)["value"])


def max_wounds(unit: Unit) -> int:
    return int(rank_rules(unit)["wounds"])


def stat(unit: Unit, name: str) -> int:
    """A characteristic, from the wounded profile once wounded (seed §1.2.1)."""
    if unit.stats["wounds"] > 0 and f"w_{name}" in unit.profile:  # type: ignore[operator]
        return int(unit.profile[f"w_{name}"])
    return int(unit.profile[name])


def armour(unit: Unit) -> int:
    """CA, a shield lowering it by one (seed §1.2.1)."""
    shield = int(rules()["combat"]["shield"]) if unit.profile.get("shield") else 0
    return stat(unit, "ca") + shield


def squad_of(unit: Unit) -> str:
    return str(unit.profile.get("squad", ""))


def role(unit: Unit) -> str:
    return str(unit.profile.get("role", ""))


def autonomous(unit: Unit) -> bool:
    return not squad_of(unit)


def weapon(unit: Unit) -> dict[str, Any] | None:
    name = str(unit.profile.get("weapon", ""))
    return weapons()[name] if name else None


def members(b: Battle, side: str, squad: str) -> tuple[Unit, ...]:
    """Every model of a squad, out or not, in roster order (kept: `sides.squad_models`)."""
    return squad_models(b).get((side, squad), ())


def squads(b: Battle, side: str) -> list[str]:
    seen: list[str] = []
    for unit in b.units.values():
        name = squad_of(unit)
        if unit.side == side and name and name not in seen:
            seen.append(name)
    return seen


def complete_profile(spec: UnitSpec, read: dict[str, Scalar]) -> dict[str, Scalar]:
    """CE-1: the rank, the wounded profile of heroes and protagonists, squad and role,
    weapon, shield and reserve, checked against one another."""
    rank = spec.profile.get("rank", "extra")
    if rank not in rules()["ranks"]:
        raise SetupError(f"{spec.name}: rank must be one of {', '.join(rules()['ranks'])}")
    profile: dict[str, Scalar] = {"rank": str(rank), **read}
    if rank != "extra":  # CE-1: heroes and protagonists have a wounded profile
        for field in PROFILE_FIELDS:
            wounded = _wounded(field, read[field.name])
            value = wounded.read(spec.name, spec.profile.get(wounded.name))
            assert isinstance(value, int)  # an int spec reads an int
            profile[wounded.name] = value
    squad, role_ = str(spec.profile.get("squad", "")), str(spec.profile.get("role", ""))
    if role_ not in ROLES:
        raise SetupError(f"{spec.name}: role must be officer, standard or empty")
    if role_ and not squad:
        raise SetupError(f"{spec.name}: an {role_} belongs to a squad")
    if squad and rank == "hero" and role_ != "officer":
        raise SetupError(f"{spec.name}: a hero joins a squad only as its leader (seed §1.2)")
    if squad and rank == "protagonist" and role_ != "officer":
        raise SetupError(f"{spec.name}: a protagonist joins a squad only as its leader")
    arm = str(spec.profile.get("weapon", ""))
    if arm and arm not in weapons():
        raise SetupError(f"{spec.name}: unknown weapon {arm!r}")
    profile.update(
        squad=squad,
        role=role_,
        weapon=arm,
        shield=bool(spec.profile.get("shield", False)),
        reserve=bool(spec.profile.get("reserve", False)),
    )
    return profile


@cache
def _wounded(field: FieldSpec, default: Scalar) -> FieldSpec:
    """The wounded profile's field (`w_` + name), its default the unhurt value (made for
    every hero and protagonist of every battle: cached)."""
    return records.evolve(field, name=f"w_{field.name}", default=default)


def check_armies(setup: Setup, armies: dict[str, list[Unit]]) -> list[str]:
    """Seed §1.2: a squad has one officer at most."""
    for side in setup.sides:
        officers: dict[str, int] = {}
        for unit in armies[side.id]:
            if role(unit) == "officer":
                officers[squad_of(unit)] = officers.get(squad_of(unit), 0) + 1
        for squad, count in officers.items():
            if count > 1:
                raise SetupError(f"{side.name}: squad {squad} has {count} officers")
    return []
