"""Combatants of combattimento-gdr (CG-1): dice characteristics, skills, protection,
body points, weapons; the current values the rules track.

A profile is flat (the setup form and saves hold scalars): skills are `"spade:d8
schivare:d6"`, armour, weapons and readied items are space-separated keys of
`armour.toml` and `weapons.toml`, the body-point track is five numbers per line.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from skirmtui.engine.core.battle import Battle, Scalar, Stat, Unit
from skirmtui.engine.core.system import FieldSpec, Setup, SetupError, UnitSpec
from skirmtui.engine.core.watch import Watch
from skirmtui.systems.combattimento_gdr import checks
from skirmtui.systems.combattimento_gdr.body import Track
from skirmtui.systems.combattimento_gdr.tables import armour, locations, modifiers, rules, weapons

CHARACTERISTICS = ("agi", "des", "pot", "pre")
SHIELD = "shield"
#: `ready = "none"`: the sheet readies nothing (empty or left out: the default).
NONE = "none"
DEAD, FLED = "dead", "fled"

PROFILE_FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("vpb", "VPB", int, 1, 30, default=8),
    FieldSpec("attacks", "Attacks a turn", int, 1, 6, default=1),
    FieldSpec("kind", "Kind", str),
    FieldSpec("agi", "AGI", str),
    FieldSpec("des", "DES", str),
    FieldSpec("pot", "POT", str),
    FieldSpec("pre", "PRE", str),
    FieldSpec("skills", "Skills", str),
    FieldSpec("weapons", "Weapons", str),
    FieldSpec("ready", "Readied", str),
    FieldSpec("shield", "Shield", str),
    FieldSpec("armour", "Armour", str),
    FieldSpec("boxes", "Body boxes", str),
    FieldSpec("blacked", "Blacked out", str),
    FieldSpec("body", "Body type", str),
    FieldSpec("size", "Size", str),
    FieldSpec("ambidextrous", "Ambidextrous", bool, default=False),
    FieldSpec("spells", "Casts spells", bool, default=False),
)

UNIT_FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("damage", "body points lost", int, 0, 99),
    FieldSpec("armour_left", "armour points left", str),
    FieldSpec("ready", "readied", str),
    FieldSpec("reload", "reload steps left", int, 0, 9),
    FieldSpec("contact", "in contact with", tuple),  # several opponents: unit ids
    FieldSpec("stunned", "loses its next action", bool),
    FieldSpec("fumbled", "off balance: loses its next action", bool),
    FieldSpec("prone", "prone (the GM says)", bool),
    FieldSpec("helpless", "helpless: asleep, bound (the GM says)", bool),
    FieldSpec("charging", "charge: turns to contact after this one", int, 0, 9),
    FieldSpec("charge_to", "charging", str),
    FieldSpec("busy", "another action: turns left", int, 0, 20),
    FieldSpec("gone", "weapons lost", str),
    FieldSpec("fate", "fate", str),
)


def words(value: Stat) -> tuple[str, ...]:
    """The entries of a text field, or of a stat of several ids (engine FieldSpec kind
    tuple); cached, since the rules read them constantly."""
    if isinstance(value, tuple):
        return value
    return _words(str(value))


@cache
def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


def _str(spec: UnitSpec, name: str, default: str) -> str:
    """A text field; left out or left empty (a blank column typed in the setup form)
    reads as the default."""
    raw = spec.profile.get(name, default)
    if not isinstance(raw, str):
        raise SetupError(f"{spec.name}: {name} must be text")
    return raw.strip() or default


def _die(spec: UnitSpec, name: str) -> str:
    try:
        return checks.die_label(checks.die_sides(_str(spec, name, "d6")))
    except ValueError as error:
        raise SetupError(f"{spec.name}: {name.upper()}: {error}") from None


def _skills(spec: UnitSpec) -> str:
    out = []
    for part in words(_str(spec, "skills", "")):
        name, _, die = part.partition(":")
        try:
            out.append(f"{name}:{checks.die_label(checks.die_sides(die))}")
        except ValueError as error:
            raise SetupError(f"{spec.name}: skill {name!r}: {error}") from None
    return " ".join(out)


def _keys(spec: UnitSpec, name: str, known: dict[str, object], what: str) -> str:
    value = _str(spec, name, "")
    for key in words(value):
        if key not in known:
            raise SetupError(f"{spec.name}: unknown {what} {key!r}")
    return value


def _int(spec: UnitSpec, name: str, low: int, high: int, default: int) -> int:
    raw = spec.profile.get(name, default)
    if isinstance(raw, bool) or not isinstance(raw, int) or not low <= raw <= high:
        raise SetupError(f"{spec.name}: {name} must be a whole number {low}–{high}")
    return raw


def make_unit(spec: UnitSpec) -> Unit:
    """A combatant at the start of the fight; SetupError names what is wrong."""
    key = tuple(sorted(spec.profile.items()))
    profile, stats = _made(spec.name, key)
    return Unit(spec.id, spec.side, spec.name, dict(profile), dict(stats))


@cache
def _made(
    name: str, key: tuple[tuple[str, Scalar], ...]
) -> tuple[dict[str, Scalar], dict[str, Stat]]:
    """Profile and starting stats, read once per distinct sheet (setup checks and every
    new battle read the same sheets again)."""
    made = _make(UnitSpec("", "", name, dict(key)))
    return made.profile, made.stats


def _make(spec: UnitSpec) -> Unit:
    kind = _str(spec, "kind", "character")
    if kind not in ("character", "creature"):
        raise SetupError(f"{spec.name}: kind must be character or creature")
    profile: dict[str, Scalar] = {"kind": kind}
    for name in CHARACTERISTICS:
        profile[name] = _die(spec, name)
    profile["skills"] = _skills(spec)
    profile["vpb"] = _int(spec, "vpb", 1, 30, int(rules()["protection"]["human_vpb"]))
    profile["attacks"] = _int(spec, "attacks", 1, 6, 1)
    profile["weapons"] = _keys(spec, "weapons", weapons(), "weapon")
    profile["shield"] = _keys(spec, "shield", armour()["shields"], "shield")
    if len(words(profile["shield"])) > 1:
        raise SetupError(f"{spec.name}: one shield at most")
    profile["armour"] = _keys(spec, "armour", armour()["pieces"], "armour piece")
    body = _str(spec, "body", "humanoid")
    if body not in locations():
        raise SetupError(f"{spec.name}: body type must be one of {', '.join(locations())}")
    size = _str(spec, "size", "medium")
    if size not in modifiers()["size"]:
        raise SetupError(f"{spec.name}: size must be one of {', '.join(modifiers()['size'])}")
    profile.update(body=body, size=size)
    defaults = rules()["defaults"]
    boxes, blacked = _str(spec, "boxes", defaults["boxes"]), _str(spec, "blacked", "0 0 0 0 0")
    try:
        Track.parse(boxes, blacked)
    except ValueError as error:
        raise SetupError(f"{spec.name}: {error}") from None
    profile.update(boxes=boxes, blacked=blacked)
    owned = words(profile["weapons"])
    reloadable = [w for w in owned if int(weapons()[w].get("cad", 1)) > 1]
    if len(reloadable) > 1:
        raise SetupError(f"{spec.name}: one weapon with a rate of fire above 1 at most (ours)")
    ready = _str(spec, "ready", default_ready(profile["shield"] != "", owned))
    if ready == NONE:
        ready = ""
    for item in words(ready):
        if item == SHIELD:
            if not profile["shield"]:
                raise SetupError(f"{spec.name}: readies a shield it does not have")
        elif item not in owned or weapons()[item]["kind"] == "natural":
            raise SetupError(f"{spec.name}: readies {item!r}, not one of its weapons")
    if hands(words(ready)) > 2:
        raise SetupError(f"{spec.name}: readies more than two hands can hold")
    profile["ready"] = ready
    for flag in ("ambidextrous", "spells"):
        value = spec.profile.get(flag, False)
        if not isinstance(value, bool):
            raise SetupError(f"{spec.name}: {flag} is yes/no")
        profile[flag] = value
    stats: dict[str, Stat] = {
        "damage": 0,
        "armour_left": " ".join(
            str(armour()["pieces"][p]["points"]) for p in words(profile["armour"])
        ),
        "ready": ready,
        "reload": 0,
        "contact": (),
        "stunned": False,
        "fumbled": False,
        "prone": False,
        "helpless": False,
        "charging": 0,
        "charge_to": "",
        "busy": 0,
        "gone": "",
        "fate": "",
    }
    return Unit(spec.id, spec.side, spec.name, profile, stats)


def check_armies(setup: Setup) -> list[str]:
    """What the specs cannot check: the scenario's contacts name two combatants."""
    ids = {u.id for u in setup.units}
    for pair in setup.options.get("contact", []):
        if len(pair.split()) != 2 or not set(pair.split()) <= ids:
            raise SetupError(f"contact {pair!r}: two combatant ids separated by a space")
    sides = {s.id for s in setup.sides}
    if not set(setup.options.get("surprised", [])) <= sides:
        raise SetupError("surprised must name sides of this battle")
    return []


# -- reading a combatant ------------------------------------------------------------------


def default_ready(shield: bool, owned: Sequence[str]) -> str:
    """Ours (CG-3, CG-12): when the sheet does not say, the shield starts readied (the
    seed's DP counts it), then each weapon, in the sheet's order, that the hands still
    free can hold."""
    ready = [SHIELD] if shield else []
    for weapon in owned:
        if weapons()[weapon]["kind"] != "natural" and hands([*ready, weapon]) <= 2:
            ready.append(weapon)
    return " ".join(ready)


def hands(items: Sequence[str]) -> int:
    """Hands the readied items take (a shield one, a weapon its `hands`)."""
    total = 0
    for item in items:
        if item == SHIELD:
            total += 1
        elif item in weapons():
            total += int(weapons()[item].get("hands", 1))
    return total


@cache
def _track(boxes: str, blacked: str) -> Track:
    return Track.parse(boxes, blacked)


def track(unit: Unit) -> Track:
    return _track(str(unit.profile["boxes"]), str(unit.profile["blacked"]))


@cache
def _capacity(boxes: str, blacked: str) -> int:
    return _track(boxes, blacked).capacity


def dead(unit: Unit) -> bool:
    """Seed: all body points lost."""
    return unit.num("damage") >= _capacity(str(unit.profile["boxes"]), str(unit.profile["blacked"]))


def sides_of(unit: Unit, name: str) -> int:
    return checks.die_sides(str(unit.profile[name]))


def characteristics(unit: Unit) -> dict[str, int]:
    return {name: sides_of(unit, name) for name in CHARACTERISTICS}


def skills(unit: Unit) -> dict[str, int]:
    out = {}
    for part in words(unit.profile["skills"]):
        name, _, die = part.partition(":")
        out[name] = checks.die_sides(die)
    return out


def readied(unit: Unit) -> list[str]:
    """Readied items that still exist (a GM may type anything: unknown words are ignored)."""
    stats, profile = unit.stats, unit.profile
    return list(_readied(stats["ready"], profile["weapons"], stats["gone"], profile["shield"]))


@cache
def _readied(ready: Stat, weapons_owned: Scalar, gone: Stat, shield: Scalar) -> tuple[str, ...]:
    """`readied`, once for each of the values it reads."""
    owned, lost, has_shield = words(str(weapons_owned)), words(str(gone)), bool(shield)
    out = []
    for item in words(str(ready)):
        if (item == SHIELD and has_shield) or (
            item in owned and item not in lost and item in weapons()
        ):
            out.append(item)
    return tuple(out)


def natural(unit: Unit) -> list[str]:
    return [w for w in words(unit.profile["weapons"]) if weapons()[w]["kind"] == "natural"]


def melee_weapons(unit: Unit) -> list[str]:
    """Weapons it can strike with now: natural ones and readied melee weapons."""
    ready = [w for w in readied(unit) if w != SHIELD and weapons()[w]["kind"] == "melee"]
    return natural(unit) + ready


def shooting_weapons(unit: Unit) -> list[str]:
    return [
        w for w in readied(unit) if w != SHIELD and weapons()[w]["kind"] in ("ranged", "thrown")
    ]


def shield_ready(unit: Unit) -> bool:
    return SHIELD in readied(unit)


def dp(unit: Unit) -> int:
    """Seed: the DP is the VPB plus the VP of protections (the readied shield)."""
    vp = 0
    if shield_ready(unit):
        vp = int(armour()["shields"][str(unit.profile["shield"])]["vp"])
    return int(unit.profile["vpb"]) + vp


def armour_left(unit: Unit) -> list[int]:
    """Points left per armour piece (sheet order); a malformed GM value reads as 0."""
    pieces = words(unit.profile["armour"])
    raw = words(unit.stats["armour_left"])
    return [int(raw[i]) if i < len(raw) and raw[i].isdigit() else 0 for i in range(len(pieces))]


def penalty(unit: Unit) -> tuple[str, int] | None:
    """CG-15: the lowest full section's label and penalty (of a check), or None."""
    profile = unit.profile
    return _penalty(str(profile["boxes"]), str(profile["blacked"]), unit.num("damage"))


@cache
def _penalty(boxes: str, blacked: str, damage: int) -> tuple[str, int] | None:
    """`penalty`, once for each track and damage (every check reads it)."""
    return _track(boxes, blacked).penalty(damage)


#: A combatant's `near`: its living contacts, the enemies among them, and whether a
#: living enemy is out of contact with it (one it could charge).
Near = tuple[tuple[Unit, ...], tuple[Unit, ...], bool]


def contacts(b: Battle, unit: Unit) -> list[Unit]:
    """Living combatants in contact with `unit` (either's `contact` names the other)."""
    return list(near(b, unit)[0])


def near(b: Battle, unit: Unit) -> Near:
    """`unit`'s contacts, enemies in contact and whether an enemy is free of it, as the
    rules (`_contacts_of`) find them; kept for every combatant while no `contact`, no
    removal and no combatant changed (`_NEAR`)."""
    found = _near(b).get(unit.id)
    if found is None:  # (not one of `b`'s combatants: read as the rule says)
        them = tuple(_contacts_of(b, unit))
        foes = tuple(o for o in them if o.side != unit.side)
        return them, foes, any(e not in foes for e in b.enemies(unit.side))
    return found


def _contacts_of(b: Battle, unit: Unit) -> list[Unit]:
    named = set(words(unit.stats["contact"]))
    out = []
    for other in b.units.values():
        if other.id == unit.id or other.removed:
            continue
        if other.id in named or unit.id in words(other.stats["contact"]):
            out.append(other)
    return out


def _find_near(b: Battle) -> dict[str, Near]:
    """Each combatant's `near` in one pass: the rules read it several times an answer
    (its action's options, whether it is engaged)."""
    units = b.units
    linked: dict[str, set[str]] = {}
    living: dict[str, int] = {}
    for unit in units.values():
        if not unit.removed:
            living[unit.side] = living.get(unit.side, 0) + 1
        named = unit.stats["contact"]
        if named:
            for other in words(named):
                linked.setdefault(unit.id, set()).add(other)
                if other in units:
                    linked.setdefault(other, set()).add(unit.id)
    total = sum(living.values())
    found: dict[str, Near] = {}
    for uid, unit in units.items():
        enemies = total - living.get(unit.side, 0)
        ids = linked.get(uid)
        if ids is None:
            found[uid] = ((), (), enemies > 0)
            continue
        them = tuple(o for o in units.values() if o.id in ids and o.id != uid and not o.removed)
        foes = tuple(o for o in them if o.side != unit.side)
        found[uid] = (them, foes, enemies > len(foes))
    return found


#: Who is in contact with whom, kept while no `contact`, removal or combatant changed.
_NEAR: Watch[dict[str, Near]] = Watch("contact", "removed")
_near = _NEAR.kept(_find_near)


def enemies_in_contact(b: Battle, unit: Unit) -> list[Unit]:
    return list(near(b, unit)[1])


def engaged(b: Battle, unit: Unit) -> bool:
    return bool(near(b, unit)[1])
