"""Morale tests, their modifiers, triggers and consequences (seed §2.7, CE-9)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from skirmtui.engine.core.asking import (
    QUESTIONS,
    THIRD_PASS,
    asks_as_of,
    offer_last,
    one_at_a_time,
    take_only,
)
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.kit import about, stat_test
from skirmtui.engine.core.prompts import Ask, Choose, Option, Pick, Prompt
from skirmtui.engine.core.watch import Watch
from skirmtui.systems.cape_et_epee import firmness, profile
from skirmtui.systems.cape_et_epee.profile import LEAVE_TABLE, SEEK_COVER
from skirmtui.systems.cape_et_epee.sides import views

#: The facts a morale test asks the table for (issue 25: one `Pick`).
COVER, THREAT = "cover", "threat"
#: A rule step that returns a value to the step that called it.
Sub = Generator[Prompt, Any, Any]


Mods = tuple[tuple[str, int], ...]


def squad_modifiers(b: Battle, unit: Unit) -> Mods:
    """Seed §2.7.2, the modifiers the app knows: leader, standard, flag, losses. They read
    only the squad's roster and which of its models are out: found once per squad and
    kept while no unit was taken out, put back or added (`_kept_mods`)."""
    squad = unit.profile.get("squad")  # (`profile.squad_of`, inline)
    if not squad:
        return ()
    kept = _kept_mods(b)
    key = (unit.side, str(squad))
    mods = kept.get(key)
    if mods is None:
        mods = kept[key] = _squad_modifiers(b, *key)
    return mods


def _squad_modifiers(b: Battle, side: str, squad: str) -> Mods:
    m = profile.rules()["morale"]
    everyone = profile.members(b, side, squad)
    mods: list[tuple[str, int]] = []
    # (`profile.role` inline: read for every model of the squad at every test.)
    if any(u.profile.get("role") == "officer" and not u.removed for u in everyone):
        mods.append(("the squad has a leader", int(m["leader"])))
    bearers = [u for u in everyone if u.profile.get("role") == "standard"]
    if any(not u.removed for u in bearers):
        mods.append(("the squad has a standard bearer", int(m["standard"])))
    elif bearers:  # ours: the standard bearer carries the flag; it is lost with him
        mods.append(("the squad has lost its flag", int(m["flag_lost"])))
    left = sum(1 for u in everyone if not u.removed)
    if _below(left, len(everyone), m["under_third_of"]):  # not cumulative (seed)
        mods.append(("the squad is under 1/3", int(m["under_third"])))
    elif _below(left, len(everyone), m["under_half_of"]):
        mods.append(("the squad is under 1/2", int(m["under_half"])))
    return tuple(mods)


def _no_squad_yet(b: Battle) -> dict[tuple[str, str], Mods]:
    """`squad_modifiers`' finding: each squad's modifiers once asked for (filled in by it)."""
    return {}


#: A morale test reads its squad's modifiers (~45 tests a battle); they change only when
#: a unit is taken out, put back (`removed`) or added (the number of units).
_kept_mods = Watch[dict[tuple[str, str], Mods]]("removed").kept(_no_squad_yet)


def _below(part: int, whole: int, fraction: list[int]) -> bool:
    """part < whole × numerator / denominator, in whole numbers."""
    numerator, denominator = fraction
    return part * denominator < whole * numerator


def tester(units: list[Unit]) -> Unit:
    """Ours: a squad tests once, on its officer's morale if he is still in play."""
    if len(units) == 1:  # a character's own test (most of them)
        return units[0]
    alive = [u for u in units if not u.removed] or units  # a GM may remove them all (G-4)
    return next((u for u in alive if profile.role(u) == "officer"), alive[0])


def roll_test(
    b: Battle,
    units: list[Unit],
    what: str,
    cover: bool | None = None,
    threat: bool | None = None,
) -> Generator[Prompt, Any, bool]:
    """CE-9: d10 against morale + modifiers; equal passes, lower passes fully."""
    unit = tester(units)
    name = _name(units, unit)
    m = profile.rules()["morale"]
    mods: list[tuple[str, int]] = []
    if threat is not None:
        pass  # the table has just said both (`facts`)
    elif not one_at_a_time(b):
        cover, threat = yield from facts(b, units, cover)
    else:
        if cover is None:
            cover = yield cover_question(units)
        threat = yield about(
            Ask,
            unit,
            key="morale.threat",
            text=f"Could an enemy that is not shaken charge {name} now?",
        )
    if cover:
        mods.append(("in cover", int(m["cover"])))
    if not threat:
        mods.append(("no enemy can charge", int(m["no_charger"])))
    mods += squad_modifiers(b, unit)
    morale = profile.stat(unit, "morale")
    result = yield stat_test(
        unit,
        "morale",
        "morale.test",
        text=f"Morale test of {name} ({what}; morale {morale})",
        value=morale,
        dice=str(m["die"]),
        modifiers=mods,
    )
    if result.success:
        fully = result.total < (result.threshold or 0)
        b.record("info", f"{name} {'fully ' if fully else ''}passes the morale test", actor=unit.id)
        return True
    b.record("info", f"{name} fails the morale test", actor=unit.id)
    return False


def facts(
    b: Battle, units: list[Unit], cover: bool | None
) -> Generator[Prompt, Any, tuple[bool, bool]]:
    """Issue 25: what the table knows for a morale test, in one answer — is the tester
    in cover (unless just said), could an enemy that is not shaken charge it (seed
    §2.7.2: "nessun nemico può caricare"). With no enemy on the table that is not
    shaken, none can charge: not asked. Enter offers the answer of its last test."""
    unit = tester(units)
    name = _name(units, unit)
    chargers = views(b)[unit.side].steady_enemy
    text = f"Could an enemy that is not shaken charge {name} now?"
    if not chargers:
        take_only(b, "morale.threat", text, "no (no enemy on the table is unshaken)")
        if cover is None:
            cover = yield cover_question(units)
        return bool(cover), False
    if cover is not None:
        threat = yield about(Ask, unit, key="morale.threat", text=text)
        return cover, bool(threat)
    # A save of the third pass: a multi-select (`asks_as_of` only for an older save).
    if QUESTIONS in b.options and asks_as_of(b, THIRD_PASS):
        prompt = about(
            Pick,
            unit,
            key="morale.facts",
            text=f"Morale test of {name}: which are true now?",
            options=(
                Option(COVER, f"{name} is in cover"),
                Option(THREAT, "an enemy that is not shaken could charge it"),
            ),
        )
        said = yield offer_last(b, prompt)
        return COVER in said, THREAT in said
    # Issue 25 again: the two facts' four combinations, one key (as `shoot.sight`).
    answer = yield offer_last(b, situation_prompt(unit, name))
    return COVER in answer.split(SEP), THREAT in answer.split(SEP)


#: Between the two facts of a `morale.situation` answer (`cover+threat`).
SEP = "+"


def situation_prompt(unit: Unit, name: str) -> Choose:
    """Issue 25 again: a morale test's two facts (seed §2.7.2: in cover; an enemy that is
    not shaken could charge) as one choice among their four combinations (`morale.facts`
    before: the same two facts as a multi-select, a tick and Enter)."""
    return about(
        Choose,
        unit,
        key="morale.situation",
        text=f"Morale test of {name}: in cover or not, and could an enemy that is not shaken "
        "charge it?",
        options=_SITUATIONS,
    )


_COULD = "an enemy that is not shaken could charge it"
#: `situation_prompt`'s options: the same for every test (made once).
_SITUATIONS = (
    Option("open", "in the open; no enemy could charge it"),
    Option(COVER, "in cover; no enemy could charge it"),
    Option(THREAT, f"in the open; {_COULD}"),
    Option(COVER + SEP + THREAT, f"in cover; {_COULD}"),
)


def _name(units: list[Unit], unit: Unit) -> str:
    return unit.label if len(units) == 1 else f"squad {profile.squad_of(unit)}"


def cover_question(units: list[Unit]) -> Ask:
    """G-1: the table says whether the character (or squad) is in cover."""
    unit = tester(units)
    return about(Ask, unit, key="morale.cover", text=f"Is {_name(units, unit)} in cover?")


def test(b: Battle, units: list[Unit], trigger: str, cover: bool | None = None) -> Sub:
    """A triggered test (seed §2.7); on a failure the trigger's consequence applies.
    `cover` is whether the table has just said the character is in cover (None: asked)."""
    units = [u for u in units if not u.removed]
    if not units or firmness.beaten(b):
        return True  # nobody left to test, or the battle ends before the next step
    rule = profile.rules()["consequences"][trigger]
    if cover is None and one_at_a_time(b):
        cover = yield cover_question(units)
    if cover is None:  # issue 25: asked with the test's other fact, in one answer
        cover, threat = yield from facts(b, units, None)
        passed = yield from roll_test(b, units, rule["label"], cover, threat)
    else:
        passed = yield from roll_test(b, units, rule["label"], cover)
    if not passed:
        shake(b, units, trigger)
        if cover and rule["status"] == SEEK_COVER and not rule["flight"]:
            # CE-11, seed §2.7.3: "Il recupero è automatico non appena raggiunto il riparo"
            # — already in cover, it has reached it (a flight moves it away first).
            for unit in units:
                b.record("info", f"{unit.label} is already in cover", actor=unit.id)
                recover(b, unit)
    return passed


def shake(b: Battle, units: list[Unit], trigger: str) -> None:
    """Seed §2.7.3: the consequence becomes a status; flight costs firmness (CE-10)."""
    rule = profile.rules()["consequences"][trigger]
    for unit in units:
        b.set(unit, "status", str(rule["status"]))
        if rule["leave_melee"]:
            break_melee(b, unit)
        if rule["flight"]:
            firmness.flee(b, unit)


def recover(b: Battle, unit: Unit) -> None:
    """The character (or its whole squad, for a squad status) is no longer shaken."""
    group = [unit]
    squad = profile.squad_of(unit)
    if squad and unit.stats["status"] == LEAVE_TABLE:
        group = [
            u
            for u in profile.members(b, unit.side, squad)
            if not u.removed and u.stats["status"] == LEAVE_TABLE
        ]
    for member in group:
        b.set(member, "status", "")
    firmness.recover(b, group)
    b.record("info", f"{unit.label} recovers" + (" with its squad" if len(group) > 1 else ""))


def opponents(b: Battle, unit: Unit) -> list[Unit]:
    """Enemies in melee with `unit` (its `foe`, and whoever has it as `foe`)."""
    found = [
        u
        for u in b.units.values()
        if not u.removed and u.side != unit.side and (u.stats["foe"] == unit.id)
    ]
    foe = str(unit.stats["foe"])
    if foe and b.alive(foe) and b.units[foe] not in found:
        found.insert(0, b.units[foe])
    return found


def engaged(b: Battle, unit: Unit) -> bool:
    """Whether `opponents` would find anyone (without building the list: this runs for
    every character at every non-activated step): its own foe in play, or an enemy in
    play holding it (`side_view`, kept between steps, not a pass over the units)."""
    foe = unit.stats["foe"]
    if foe and b.alive(str(foe)):
        return True
    return unit.id in views(b)[unit.side].held


def break_melee(b: Battle, unit: Unit) -> None:
    """The unit leaves its melee: nobody holds it, it holds nobody."""
    b.set(unit, "foe", "")
    for other in b.units.values():
        if other.stats["foe"] == unit.id:
            b.set(other, "foe", "")


def squad_losses(b: Battle, lost: Unit) -> Sub:
    """Seed §2.7, triggers 4–6: a squad model is out (half lost, more lost, officer)."""
    squad = profile.squad_of(lost)
    if not squad:
        return None
    everyone = profile.members(b, lost.side, squad)
    left = [u for u in everyone if not u.removed]
    # Ours: models already leaving the table are not tested again; those still steady
    # are (a model the GM put back while its squad was leaving, G-4).
    steady = [u for u in left if u.stats["status"] != LEAVE_TABLE]
    if not steady:
        return None
    out = len(everyone) - len(left)
    size = len(everyone)
    numerator, denominator = profile.rules()["morale"]["squad_half_of"]
    half_before = (out - 1) * denominator >= size * numerator
    if profile.role(lost) == "officer":
        trigger = "officer_out"
    elif half_before:
        trigger = "more_lost"
    elif out * denominator >= size * numerator:
        trigger = "half_lost"
    else:
        return None
    yield from test(b, steady, trigger)
    return None
