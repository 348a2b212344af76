"""What a combatant holds (CG-5, CG-6, CG-12): two weapons, loaded shooting weapons,
and the "ready a weapon" action (draw, stow, one reload step)."""

from __future__ import annotations

from skirmtui.engine.core.asking import only_or_ask
from skirmtui.engine.core.battle import Battle, Scalar, Stat, Unit
from skirmtui.engine.core.kit import about
from skirmtui.engine.core.prompts import Choose, Option
from skirmtui.engine.core.system import Step
from skirmtui.engine.core.text import plural
from skirmtui.systems.combattimento_gdr import profile as p
from skirmtui.systems.combattimento_gdr.tables import armour, weapons


def two_weapons(unit: Unit) -> tuple[list[str], str | None]:
    """CG-6: the two one-handed melee weapons it would use, or why it cannot."""
    if unit.profile["kind"] == "creature":
        return [], "creatures attack by their attacks a turn"
    if p.shield_ready(unit):
        return [], "a shield is readied (seed: one weapon a hand, no shield)"
    pair = [w for w in p.melee_weapons(unit) if int(weapons()[w].get("hands", 1)) == 1]
    if len(pair) < 2:
        return [], "needs two one-handed melee weapons readied"
    if not unit.profile["ambidextrous"] and p.sides_of(unit, "pot") <= 4:
        return [], "POT is d4 or 0 (seed: cannot attack with two weapons)"
    return pair[:2], None


def loaded(unit: Unit) -> list[str]:
    """Shooting weapons ready to fire (CG-12: a CAD weapon once reloaded)."""
    return [
        w
        for w in p.shooting_weapons(unit)
        if int(weapons()[w].get("cad", 1)) <= 1 or not unit.num("reload")
    ]


def fights_with_two(unit: Unit) -> bool:
    """A character carrying two one-handed melee weapons (drawn or not)."""
    owned = [
        w
        for w in p.words(unit.profile["weapons"])
        if weapons()[w]["kind"] == "melee" and int(weapons()[w].get("hands", 1)) == 1
    ]
    return unit.profile["kind"] == "character" and len(owned) >= 2


def ready_options(unit: Unit) -> tuple[Option, ...]:
    """Draw, stow, or one reload step (CG-5, CG-12); made once for each of the values
    it reads (the sheet's weapons and shield, what is readied, lost, left to reload)."""
    stats, sheet = unit.stats, unit.profile
    key = (stats["ready"], stats["gone"], stats["reload"], sheet["weapons"], sheet["shield"])
    options = _READY.get(key)
    if options is None:
        if len(_READY) >= _KEPT:
            _READY.clear()
        options = _READY[key] = tuple(_ready_options(unit))
    return options


#: `ready_options` by the values it reads; at most `_KEPT` (a GM may type any `ready`).
_READY: dict[tuple[Scalar | Stat, ...], tuple[Option, ...]] = {}
_KEPT = 1024


def _ready_options(unit: Unit) -> list[Option]:
    ready = p.readied(unit)
    gone = p.words(unit.stats["gone"])
    out = []
    for w in p.words(unit.profile["weapons"]):
        spec = weapons()[w]
        if spec["kind"] == "natural" or w in ready or w in gone:
            continue
        full = "hands full" if p.hands([*ready, w]) > 2 else None
        out.append(Option(f"draw:{w}", f"Draw {spec['label']}", full))
    shield = str(unit.profile["shield"])
    if shield and p.SHIELD not in ready:
        full = "hands full" if p.hands([*ready, p.SHIELD]) > 2 else None
        out.append(
            Option(f"draw:{p.SHIELD}", f"Ready {armour()['shields'][shield]['label']}", full)
        )
    for item in ready:
        label = (
            armour()["shields"][shield]["label"] if item == p.SHIELD else weapons()[item]["label"]
        )
        out.append(Option(f"stow:{item}", f"Stow {label}", passive=True))
    if unit.num("reload"):
        cad = [w for w in p.words(unit.profile["weapons"]) if int(weapons()[w].get("cad", 1)) > 1]
        why = None if cad and cad[0] in ready else "draw the weapon first"
        out.append(Option("reload", f"Reload ({plural(unit.num('reload'), 'step')} left)", why))
    return out


def ready(b: Battle, unit: Unit) -> Step:
    """One of `ready_options`; issue 25: the only one left (say, stow the one weapon in
    hand) is taken and logged, not asked (a battle played before asked it)."""
    prompt = about(
        Choose, unit, key="ready.choose", text=f"{unit.label} readies…", options=ready_options(unit)
    )
    answer = yield from only_or_ask(b, prompt)
    verb, _, item = str(answer).partition(":")
    items = p.readied(unit)
    if verb == "draw":
        b.set(unit, "ready", " ".join([*items, item]))
    elif verb == "stow":
        b.set(unit, "ready", " ".join(i for i in items if i != item))
    else:
        b.set(unit, "reload", unit.num("reload") - 1)
