"""The action a combatant takes when it acts (seed "Scelta dell'azione", CG-5, CG-6,
CG-11..CG-14): charge, ready a weapon, melee, ranged, spell, flee, another action, delay.

Options that the rules forbid now are shown disabled with the reason (bad input is
refused, nothing stored).
"""

from __future__ import annotations

from collections.abc import Generator
from functools import cache
from typing import Any

from skirmtui.engine.core.asking import one_at_a_time
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.causes import FLED
from skirmtui.engine.core.kit import about, skipped
from skirmtui.engine.core.labels import with_side
from skirmtui.engine.core.prompts import Ask, Choose, Confirm, Option, Prompt
from skirmtui.engine.core.system import Step
from skirmtui.engine.core.text import plural
from skirmtui.systems.combattimento_gdr import attack as atk
from skirmtui.systems.combattimento_gdr import profile as p
from skirmtui.systems.combattimento_gdr.arms import loaded, ready, two_weapons
from skirmtui.systems.combattimento_gdr.menu import (
    CHARGE,
    DELAY,
    FLEE,
    MELEE,
    NOTHING,
    OTHER,
    RANGED,
    READY,
    SPELL,
    TWO,
    action_options,
)
from skirmtui.systems.combattimento_gdr.position import pos
from skirmtui.systems.combattimento_gdr.scene import light
from skirmtui.systems.combattimento_gdr.tables import modifiers, rules, weapons

#: The number keys a question's options fit (1–9: tui/numbering.py).
NUMBER_KEYS = 9


def needs_choice(b: Battle, unit: Unit) -> bool:
    """Whether `unit`'s turn now comes to choosing an action (`act`): not stunned or off
    balance, not going on with an action or a charge (contact stops both)."""
    if unit.flag("stunned") or unit.flag("fumbled"):
        return False
    if p.engaged(b, unit):
        return True
    if unit.num("busy") > 0:
        return False
    if unit.num("charging") > 0:
        foe = b.units.get(str(unit.stats["charge_to"]))
        return foe is None or foe.removed
    return True


def act(b: Battle, unit: Unit, *, may_delay: bool, chosen: str | None = None) -> Step:
    """`unit`'s turn: an ongoing charge or action goes on, a stun costs it; else it chooses
    (`chosen`: the action already named, with the offer to act now: issue 25)."""
    if unit.flag("stunned") or unit.flag("fumbled"):
        why = "stunned" if unit.flag("stunned") else "off balance after a critical failure"
        b.record("info", f"{unit.label} loses this action ({why})", actor=unit.id)
        b.set(unit, "stunned", False)
        b.set(unit, "fumbled", False)
        return
    # Each change below is set after the entry that says why, so the export lists it on
    # that entry, not on the previous combatant's last one.
    engaged = p.engaged(b, unit)
    if engaged and unit.num("busy") > 0:
        # CG-11: "another action" only when not in contact.
        b.record("info", f"{unit.label} is engaged in melee: its action stops", actor=unit.id)
        b.set(unit, "busy", 0)
    if engaged and unit.num("charging") > 0:
        # CG-14: leaving contact is a flight; a charge under way does not leave it.
        b.record(
            "info",
            f"{unit.label} is engaged in melee: its charge stops (leaving is a flight)",
            actor=unit.id,
        )
        b.set(unit, "charging", 0)
        b.set(unit, "charge_to", "")
    if unit.num("busy") > 0:
        left = unit.num("busy") - 1
        said = f"{unit.label} goes on with its action ({plural(left, 'turn')} left)"
        b.record("info", said, actor=unit.id)
        b.set(unit, "busy", left)
        return
    if unit.num("charging") > 0:
        foe = b.units.get(str(unit.stats["charge_to"]))
        if foe is None or foe.removed:
            b.record("info", f"{unit.label}'s charge has no target left", actor=unit.id)
            b.set(unit, "charging", 0)
        else:
            left = unit.num("charging") - 1
            if left > 0:
                said = f"{unit.label} charges on ({plural(left, 'turn')} left)"
                b.record("info", said, actor=unit.id)
                b.set(unit, "charging", left)
                return
            yield from contact_and_strike(b, unit, foe)  # it ends the charge (charging 0)
            return
    choice = chosen
    if choice is None:
        choice = yield about(
            Choose,
            unit,
            key="action.choose",
            text=f"{unit.label} acts: which action?",
            options=action_options(b, unit, may_delay),
        )
    if choice == DELAY:
        pos(b).waiting.append(unit.id)
        b.record("info", f"{unit.label} waits to act later this turn", actor=unit.id)
    elif choice == NOTHING:
        b.record("info", f"{unit.label} does nothing", actor=unit.id)
    elif choice in (MELEE, TWO):
        yield from melee(b, unit, None, two=choice == TWO)
    elif choice == RANGED:
        yield from ranged(b, unit)
    elif choice == CHARGE:
        yield from charge(b, unit)
    elif choice == READY:
        yield from ready(b, unit)
    elif choice == SPELL and not one_at_a_time(b):
        # Issue 25: no "OK" to press (its one answer changes nothing): the log says it.
        said = f"{unit.label} casts a spell (the whole turn): the GM resolves it"
        b.record("info", said, actor=unit.id)
    elif choice == SPELL:
        yield about(
            Confirm,
            unit,
            key="spell.cast",
            text=f"{unit.label} casts a spell (the whole turn): the GM resolves it and may "
            "note it and override its effects",
        )
    elif choice == FLEE:
        yield from flee(b, unit)
    elif choice == OTHER:
        turns = yield about(
            Ask,
            unit,
            key="other.turns",
            text=f"How many turns does {unit.label}'s action take (the GM)?",
            minimum=1,
            maximum=int(rules()["defaults"]["other_max"]),
        )
        b.set(unit, "busy", int(turns) - 1)


def _pick_foe(
    b: Battle, unit: Unit, foes: list[Unit], key: str, text: str
) -> Generator[Prompt, Any, Unit | None]:
    """One of `foes` (asked only when there is a choice); None when a GM override has
    just taken the last one off the table."""
    if len(foes) <= 1:
        if not foes:
            b.record("info", f"{unit.label} has nobody left to attack", actor=unit.id)
        return foes[0] if foes else None
    answer = yield about(
        Choose,
        unit,
        key=key,
        text=text,
        options=[Option(u.id, with_side(u.label, b.side_name(u.side))) for u in foes],
    )
    return b.units[str(answer)]


def unaware(b: Battle, target: Unit) -> bool:
    """Seed: caught by surprise (the scenario's ambushed sides, in the first turn)."""
    return target.side in pos(b).surprised


def melee(b: Battle, unit: Unit, first: Unit | None, *, two: bool) -> Step:
    """A melee action (CG-6, CG-11): one attack, two with two weapons, a creature's
    attacks a turn; a miss ends that attack only."""
    if two:
        pair, _ = two_weapons(unit)
        steps = 0 if unit.profile["ambidextrous"] else 1
        plan = [(w, steps) for w in pair]
    elif unit.profile["kind"] == "creature" and (
        p.natural(unit) or int(unit.profile["attacks"]) > 1
    ):
        # Seed: a creature's attacks a turn (AT) are on its sheet, with natural weapons
        # or ordinary ones (readied); a character's `attacks` is not used (ours).
        nat = p.natural(unit) or p.melee_weapons(unit)
        plan = [(nat[k % len(nat)], 0) for k in range(int(unit.profile["attacks"]))]
    else:
        weapon = yield from _pick_weapon(
            unit, p.melee_weapons(unit), "melee.weapon", f"{unit.label} strikes with…"
        )
        plan = [(str(weapon), 0)]
    for n, (weapon, steps) in enumerate(plan):
        if unit.removed:
            return
        foes = p.enemies_in_contact(b, unit)
        if not foes:
            return
        target = first if n == 0 and first is not None and not first.removed else None
        if target is not None and target.id not in {f.id for f in foes}:
            target = None
        if target is None:
            target = yield from _pick_foe(
                b,
                unit,
                foes,
                "melee.target",
                f"{unit.label} attacks whom ({weapons()[weapon]['label']})?",
            )
        if target is None:
            return
        yield from atk.attack(
            b,
            unit,
            target,
            weapon,
            ranged=False,
            unaware=unaware(b, target),
            difficulty_mods=(yield from light(b, "melee")),
            steps=steps,
        )


def ranged(b: Battle, unit: Unit) -> Step:
    """Seed "Attaccare a distanza" and CG-12: a loaded weapon, not engaged; the GM says
    the range band and the cover; the target's size is on its sheet."""
    weapon = yield from _pick_weapon(
        unit, loaded(unit), "ranged.weapon", f"{unit.label} shoots with…"
    )
    target = yield from _pick_foe(
        b, unit, b.enemies(unit.side), "ranged.target", f"{unit.label} shoots at whom?"
    )
    if target is None:
        return
    mods = []
    for table, key in (("range", "ranged.range"), ("cover", "ranged.cover")):
        rows = modifiers()[table]
        band = yield about(
            Choose,
            unit,
            target=target,
            key=key,
            text=f"{target.label}: {table} (the table says)?",
            options=[Option(k, f"{v['label']} ({int(v['value']):+d})") for k, v in rows.items()],
        )
        mods.append((str(rows[band]["label"]), int(rows[band]["value"])))
    size = modifiers()["size"][str(target.profile["size"])]
    mods.append((str(size["label"]), int(size["value"])))
    mods += yield from light(b, "ranged")
    spec = weapons()[weapon]
    b.record("info", f"{unit.label} fires {spec['label']} at {target.label}", actor=unit.id)
    if int(spec.get("cad", 1)) > 1:
        b.set(unit, "reload", int(spec["cad"]) - 1)
    if spec["kind"] == "thrown":  # CG-12: a thrown weapon leaves the hand
        b.set(unit, "ready", " ".join(w for w in p.words(unit.stats["ready"]) if w != weapon))
        b.set(unit, "gone", " ".join([*p.words(unit.stats["gone"]), weapon]))
    engaged = p.engaged(b, target)
    if engaged:
        # CG-13: no defence is asked of a target engaged in melee (logged as skipped).
        text = f"{target.label} is engaged in melee: unaware of the shot (seed)"
        skipped(b, target, "question", "CG-13", text, target=unit)
    yield from atk.attack(
        b,
        unit,
        target,
        weapon,
        ranged=True,
        unaware=engaged or unaware(b, target),
        difficulty_mods=mods,
    )


def _pick_weapon(unit: Unit, arms: list[str], key: str, text: str) -> Generator[Prompt, Any, str]:
    """The weapon used: the only one, or the one the player picks."""
    if len(arms) < 2:
        return arms[0]  # (the callers only come here with a weapon)
    weapon = yield about(
        Choose,
        unit,
        key=key,
        text=text,
        options=[Option(w, str(weapons()[w]["label"])) for w in arms],
    )
    return str(weapon)


def charge(b: Battle, unit: Unit) -> Step:
    """Seed "Caricare l'avversario": the GM says how many turns to reach the foe; on
    contact an immediate melee attack. Issue 25: the turns are numbered choices (one
    key) where they fit the number keys; a battle played before typed the number."""
    foes = [u for u in b.enemies(unit.side) if u not in p.enemies_in_contact(b, unit)]
    target = yield from _pick_foe(b, unit, foes, "charge.target", f"{unit.label} charges whom?")
    if target is None:
        return
    text = f"Turns for {unit.label} to reach {target.label} (the GM; 1 = contact now)?"
    most = int(rules()["defaults"]["charge_max"])
    if one_at_a_time(b) or most > NUMBER_KEYS:
        turns = yield about(
            Ask, unit, target=target, key="charge.turns", text=text, minimum=1, maximum=most
        )
    else:  # issue 25: a number key, no Enter
        turns = yield about(
            Choose,
            unit,
            target=target,
            key="charge.turns",
            text=text,
            options=_turns_options(most),
        )
    if int(turns) == 1:
        yield from contact_and_strike(b, unit, target)
        return
    b.record("info", f"{unit.label} charges {target.label}: {turns} turns to contact")
    b.set(unit, "charge_to", target.id)
    b.set(unit, "charging", int(turns) - 1)


@cache
def _turns_options(most: int) -> tuple[Option, ...]:
    """A charge's turns to contact as numbered choices (1 = contact now), the GM's."""
    more = (Option(str(n), f"{plural(n, 'turn')} to contact") for n in range(2, most + 1))
    return (Option("1", "1: contact now"), *more)


def contact_and_strike(b: Battle, unit: Unit, target: Unit) -> Step:
    """Contact made by a charge (CG-11); the charge's attack is a full melee action."""
    b.record("info", f"{unit.label} reaches {target.label}: in contact", actor=unit.id)
    b.set(unit, "charging", 0)
    b.set(unit, "charge_to", "")
    b.set(unit, "contact", (*p.words(unit.stats["contact"]), target.id))
    pair, reason = two_weapons(unit)
    two = False
    if reason is None and pair:
        style = yield about(
            Choose,
            unit,
            key="melee.style",
            text=f"{unit.label}'s charge attack",
            options=[Option(MELEE, "One weapon"), Option(TWO, "Two weapons")],
        )
        two = style == TWO
    if not p.melee_weapons(unit):
        # Ours (CG-11): the charge's attack is a melee action, and one needs a melee
        # weapon in hand; said in the log, not skipped silently.
        skipped(
            b,
            unit,
            "attack",
            "ours",
            f"{unit.label} has no melee weapon readied: no charge attack on {target.label}",
            target=target,
        )
        return
    yield from melee(b, unit, target, two=two)


def flee(b: Battle, unit: Unit) -> Step:
    """CG-14: each opponent in contact gets a free attack from behind, as against an
    unaware target, costing it nothing; then the fugitive is out of the fight, its cause
    the choice to flee (the entry being written now)."""
    chosen = b.current.index if b.current is not None else None
    for foe in p.enemies_in_contact(b, unit):
        if unit.removed or foe.removed:
            continue
        arms = p.melee_weapons(foe)
        if not arms:
            # Ours (CG-14): the free attack is a melee attack: no melee weapon in hand
            # (only a bow drawn, say), no attack — logged, never silent.
            skipped(
                b,
                foe,
                "attack",
                "ours",
                f"{foe.label} has no melee weapon readied: no free attack on the fleeing "
                f"{unit.label}",
                target=unit,
            )
            continue
        b.record("info", f"{foe.label} strikes the fleeing {unit.label} from behind", actor=foe.id)
        yield from atk.attack(
            b,
            foe,
            unit,
            arms[0],
            ranged=False,
            unaware=True,
            difficulty_mods=(yield from light(b, "melee")),
            attack_kind="free",
        )
    if not unit.removed:
        cause = b.cause(FLED, unit, entry=chosen)
        b.record("info", f"{unit.label} flees the fight", actor=unit.id)
        b.set(unit, "fate", p.FLED, cause)
        atk.leave(b, unit, cause)
