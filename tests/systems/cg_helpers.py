"""Fixed-dice helpers for combattimento-gdr tests: small fights, scripted answers."""

from __future__ import annotations

from typing import Any

from skirmtui.engine.core.battle import Side
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import Setup, UnitSpec
from skirmtui.systems.registry import get_system
from tests.systems.scripting import key as key
from tests.systems.scripting import play as play
from tests.systems.scripting import refused as refused
from tests.systems.scripting import stat as stat

CG = "combattimento-gdr"


def ch(name: str, **profile: Any) -> dict[str, Any]:
    """A character: AGI d6, DES d6, POT d8, PRE d6, no skills, a sword, VPB 8, no armour,
    boxes 4 4 3 2 2 (15 body points) unless given."""
    base: dict[str, Any] = {
        "kind": "character",
        "agi": "d6",
        "des": "d6",
        "pot": "d8",
        "pre": "d6",
        "skills": "",
        "weapons": "spada",
        "boxes": "4 4 3 2 2",
    }
    return {"name": name, **base, **profile}


#: The rule tests script the light at each turn's start (`scene`), as asked by issue 25's
#: first pass: the rules are the same either way, and tests/systems/test_cg_light.py
#: shows the light asked at the turn's first attack giving the same outcome.
FIRST_PASS = {"questions": "first pass"}


def setup(red: list[dict[str, Any]], blue: list[dict[str, Any]], **options: Any) -> Setup:
    """Ids red1, red2… and blue1, blue2… in the order given, asking the questions of
    issue 25's first pass unless `questions` says otherwise."""
    options = {**FIRST_PASS, **options}
    specs = [
        UnitSpec(f"{side}{n}", side, raw["name"], {k: v for k, v in raw.items() if k != "name"})
        for side, rows in (("red", red), ("blue", blue))
        for n, raw in enumerate(rows, start=1)
    ]
    return Setup(CG, "test", 1, [Side("red", "Red"), Side("blue", "Blue")], specs, options)


def session(red: list[dict[str, Any]], blue: list[dict[str, Any]], **options: Any) -> Session:
    return Session(get_system(CG), setup(red, blue, **options))


def disabled(s: Session) -> dict[str, str]:
    prompt = s.prompt
    assert prompt is not None
    return {o.value: o.disabled for o in prompt.options if o.disabled}  # type: ignore[attr-defined]


def options(s: Session) -> list[str]:
    prompt = s.prompt
    assert prompt is not None
    return [o.value for o in prompt.options if o.disabled is None]  # type: ignore[attr-defined]


def texts(s: Session) -> list[str]:
    return [e.text for e in s.battle.log]


def scene(s: Session, light: str = "bright") -> None:
    play(s, ("turn.scene", light))


def melee(
    s: Session,
    attack: tuple[int, ...],
    defence: tuple[int, ...],
    *,
    location: int | None = None,
    damage: int | None = None,
) -> None:
    """The acting combatant attacks in melee with these faces: the attack and defence
    checks, then (when given) the hit's location (d100) and its damage."""
    steps: list[tuple[str, Any]] = [
        ("action.choose", "melee"),
        ("attack.roll", attack),
        ("defence.roll", defence),
    ]
    if location is not None:
        steps.append(("hit.location", (location,)))
    if damage is not None:
        steps.append(("hit.damage", (damage,)))
    play(s, *steps)


def duel(red: dict[str, Any], blue: dict[str, Any], **options: Any) -> Session:
    """red1 against blue1 in contact, the scene set in bright light."""
    s = session([red], [blue], contact=["red1 blue1"], **options)
    scene(s)
    return s


#: Bruto (blue1) charges Aldo from one turn away; its attack and Aldo's defence both fail.
_BRUTO_CHARGES_ALDO: tuple[tuple[str, Any], ...] = (
    ("action.choose", "charge"),
    ("charge.turns", "1"),
    ("attack.roll", (1,)),
    ("defence.roll", (1,)),
)


def engaged_during_another_action() -> Session:
    """Aldo (AGI d10) starts a five-turn other action; Bruto charges him and both
    checks fail; the next scene opens on Aldo's turn (CG-11's contact case)."""
    s = session([ch("Aldo", agi="d10")], [ch("Bruto", agi="d8")])
    scene(s)
    play(s, ("action.choose", "other"), ("other.turns", 5), *_BRUTO_CHARGES_ALDO)
    scene(s)
    return s


def engaged_during_a_charge() -> Session:
    """Aldo starts a three-turn charge at Carlo; Bruto charges Aldo first and both
    checks fail; the next scene opens on Aldo's turn (CG-14 / CG-11)."""
    s = session([ch("Aldo", agi="d10")], [ch("Bruto", agi="d8"), ch("Carlo", agi="d6")])
    scene(s)
    play(
        s,
        ("action.choose", "charge"),
        ("charge.target", "blue2"),
        ("charge.turns", "3"),
        *_BRUTO_CHARGES_ALDO,
        ("action.choose", "nothing"),
    )
    scene(s)
    return s
