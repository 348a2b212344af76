"""Fixed-dice helpers for pequenas-guerras tests: small armies, scripted answers."""

from __future__ import annotations

from typing import Any

from skirmtui.engine.core.battle import Side
from skirmtui.engine.core.prompts import Choose
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import Setup, UnitSpec
from skirmtui.systems.registry import get_system
from tests.systems.scripting import key as key
from tests.systems.scripting import play as play
from tests.systems.scripting import stat as stat

PG = "pequenas-guerras"
RIFLE = "Rifle 60cm A1; Knife melee A1"
BLADE = "Blade melee A2"

#: (name, models, quality, weapons) or (name, models, quality, weapons, points)
Row = tuple[Any, ...]


#: The rule tests script every question one at a time, as asked before issue 25 (each
#: objective, unit placed and marker; a player's only unit left): the rules are the same
#: either way, and tests/systems/test_pg_asking.py shows each question merged or skipped
#: since then giving the same outcome with the same dice.
ONE_AT_A_TIME = {"questions": "one at a time"}


def setup(units: dict[str, list[Row]], **options: Any) -> Setup:
    """`{"red": [("Squad", 5, 4, RIFLE), …], …}` → a Setup (ids red1, red2…), asking
    one question at a time unless `questions` says otherwise."""
    options = {**ONE_AT_A_TIME, **options}
    sides = [Side(side, side.capitalize()) for side in units]
    specs = []
    for side, rows in units.items():
        for n, row in enumerate(rows, start=1):
            name, models, quality, weapons = row[:4]
            points = row[4] if len(row) > 4 else 10
            profile = {"models": models, "quality": quality, "weapons": weapons, "points": points}
            specs.append(UnitSpec(f"{side}{n}", side, name, profile))
    return Setup(PG, "test", 1, sides, specs, options)


def session(units: dict[str, list[Row]], **options: Any) -> Session:
    return Session(get_system(PG), setup(units, **options))


def enabled(s: Session) -> list[str]:
    prompt = s.prompt
    assert isinstance(prompt, Choose)
    return [o.value for o in prompt.options if o.disabled is None]


def deploy(s: Session, *faces: int) -> None:
    """Deployment roll-off (one face per side, side order), corners in listed order,
    then every unit placed as offered (first unplaced unit each time)."""
    if key(s) == "deploy.rolls":  # issue 25, third pass: every player's die at once
        play(s, ("deploy.rolls", faces))
    else:
        play(s, *[("deploy.roll", (f,)) for f in faces])
    while key(s) == "deploy.corner":
        s.answer(enabled(s)[0])
    while key(s) == "deploy.unit":  # one at a time
        s.answer(enabled(s)[0])
        play(s, ("deploy.placed", True))
    if key(s) == "deploy.all":  # issue 25: one answer when every unit is placed
        s.answer(True)


def objectives(s: Session, d3: int, *faces: int) -> None:
    """D3 for the marker count, the placing roll-off, then every marker placed."""
    play(s, ("objectives.count", (d3,)))
    if key(s) == "objectives.rolls":  # issue 25, third pass: every player's die at once
        play(s, ("objectives.rolls", faces))
    else:
        play(s, *[("objectives.roll", (f,)) for f in faces])
    while key(s) == "objectives.place":  # one at a time
        s.answer(True)
    if key(s) == "objectives.placed":  # issue 25: one answer for every marker
        s.answer(True)


def start(s: Session, *faces: int, d3: int = 1) -> None:
    """Deploy with `faces` (no ties) and place D3+2 objectives (same faces): round 1."""
    deploy(s, *faces)
    objectives(s, d3, *faces)
    assert s.battle.phase == "activation" and s.battle.round == 1


def act(s: Session, unit: str, action: str) -> None:
    """`unit` activates and takes `action`: one answer (issue 25), or as a save of
    issue 25's first pass asked it, the unit then its action (a player's only unit left
    to activate taken unasked: the log says so)."""
    if key(s) == "activate.action":
        play(s, ("activate.action", f"{unit}|{action}"))
        return
    if key(s) == "activate.unit" or s.battle.options.get("questions") == "one at a time":
        play(s, ("activate.unit", unit))
    else:
        taken = s.battle.log[-1]
        assert taken.key == "activate.unit" and taken.actor == unit, taken
    play(s, ("action.choose", action))


def cover_all(s: Session) -> None:
    """Every remaining activation this round: the unit takes cover (a stunned one
    recovers)."""
    while key(s) in ("activate.unit", "action.choose", "activate.action"):
        if key(s) == "activate.action":
            left = enabled(s)
            s.answer(next(v for v in left if v.endswith(("|cover", "|recover"))))
            continue
        if key(s) == "activate.unit":  # (issue 25: a player's only unit is not asked)
            s.answer(enabled(s)[0])
        if key(s) == "action.choose":
            s.answer("cover")


def sides_of_prompts(s: Session, count: int) -> list[str | None]:
    """Activate `count` units (first offered, Take Cover) and list whose turn it was."""
    seen = []
    for _ in range(count):
        assert s.prompt is not None
        seen.append(s.prompt.side)
        act(s, enabled(s)[0].split("|")[0], "cover")
    return seen


def shoot(
    s: Session, target: str, hits: tuple[int, ...], blocks: tuple[int, ...], wound: int
) -> None:
    """The acting unit (one model) shoots `target` (in range, not in cover) with these
    faces: its hit dice, the target's block dice and one wound roll."""
    play(s, ("shoot.target", target))
    if key(s) == "shoot.sight":  # issue 25: sight and cover in one answer
        play(s, ("shoot.sight", "1|open"))
    else:
        play(s, ("shoot.in_range", True), ("shoot.cover", False))
    play(s, ("shoot.hits", hits), ("defence.blocks", blocks), ("wound.roll", (wound,)))


def red_stunned_at_the_objectives(**options: Any) -> Session:
    """Blue's one shot stuns red's only unit (its push is declined); the next question is
    who controls the objectives."""
    s = session({"red": [("A", 1, 4, RIFLE)], "blue": [("X", 1, 2, "Guns 60cm A2")]}, **options)
    start(s, 6, 1)
    act(s, "red1", "hold")
    play(s, ("shoot.target", "none"))
    act(s, "blue1", "hold")
    shoot(s, "red1", (2, 2), (1, 1), 1)
    play(s, ("push.try", False))
    return s
