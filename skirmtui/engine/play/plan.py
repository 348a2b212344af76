"""What `skirmtui balance SYSTEM` plays, from its arguments: the matchups (a scenario's
two armies, or every pair of the system's sample armies, mirrors included), the
number of battles and the sweep, from the sample armies and scenarios
(`engine/core/armies.py`). A bad argument is a `ValueError` saying what is wrong.
"""

from __future__ import annotations

import itertools
import re

from skirmtui.engine.core.armies import (
    army_names,
    army_title,
    matchup_setup,
    scenario_armies,
    scenario_names,
)
from skirmtui.engine.core.system import RuleSystem, Setup, SetupError
from skirmtui.engine.play.balance import Matchup, Plan, Sweep, has_unit, seated
from skirmtui.engine.play.personas import persona
from skirmtui.engine.play.stats import battles_for

#: The interval a default run aims at: ±3 points (issue: "45–55% is fine").
DEFAULT_HALF_WIDTH = 0.03

_SWEEP = re.compile(r"^(?P<unit>.+)\.(?P<stat>[^.=]+)=(?P<values>.+)$")


def parse_sweep(text: str) -> Sweep:
    """`UNIT.STAT=a..b` (every whole number from a to b) or `UNIT.STAT=a,b,c`."""
    match = _SWEEP.match(text.strip())
    if match is None:
        raise ValueError(f"--sweep {text!r}: write UNIT.STAT=a..b (e.g. Guardia 1.mischia=4..6)")
    raw = match["values"]
    try:
        if ".." in raw:
            low, high = (int(v) for v in raw.split("..", 1))
            step = 1 if high >= low else -1
            values = tuple(range(low, high + step, step))
        else:
            values = tuple(int(v) for v in raw.split(","))
    except ValueError:
        raise ValueError(f"--sweep {text!r}: the values must be whole numbers") from None
    if len(values) < 2:
        raise ValueError(f"--sweep {text!r}: give at least two values")
    return Sweep(match["unit"].strip(), match["stat"].strip(), values)


def balance_plan(
    system: RuleSystem,
    *,
    seed: int,
    scenario: str | None = None,
    armies: list[str] | None = None,
    battles: int | None = None,
    precision: float | None = None,
    sweep: Sweep | None = None,
    ai: tuple[str, str] | None = None,
) -> tuple[Plan, list[str]]:
    """The plan and notes for the report (matchups the scenario's options refuse)."""
    notes: list[str] = []
    scenarios = scenario_names(system.id)
    name = scenario or "demo"
    if name not in scenarios:
        raise ValueError(f"no scenario {name!r} for {system.id}; known: {', '.join(scenarios)}")
    pairs = _pairs(system.id, scenario, armies)
    matchups = []
    for pair in pairs:
        seatings = (
            matchup_setup(system.id, pair, name),
            matchup_setup(system.id, (pair[1], pair[0]), name),
        )
        try:
            for setup in seatings:
                system.new_battle(setup)
        except SetupError as error:
            notes.append(f"{pair[0]} vs {pair[1]} left out: the scenario refuses it ({error})")
            continue
        # The armies' own names (a mirror's sides are numbered: "Armigeri 1", "… 2").
        names = (army_title(system.id, pair[0]), army_title(system.id, pair[1]))
        swept = _swept(seatings[0], sweep)
        matchups.append(Matchup(pair, names, seatings, swept))
    if not matchups:
        raise ValueError(f"no matchup of {system.id} can be played with scenario {name!r}")
    if sweep is not None:
        _check_sweep(system, matchups, sweep)
    half = DEFAULT_HALF_WIDTH if precision is None else precision / 100
    if not 0 < half < 1:
        raise ValueError("--precision is in points, between 0 and 100 (e.g. 1)")
    total = battles if battles is not None else battles_for(half) * len(matchups)
    if total < 1:
        raise ValueError("--battles must be at least 1")
    if ai is not None:
        for name_ in ai:
            persona(system.id, name_)  # PersonaError (a ValueError) names the known ones
    plan = Plan(
        system.id, tuple(matchups), seed, total, None if precision is None else half, sweep, ai
    )
    return plan, notes


def _pairs(system_id: str, scenario: str | None, armies: list[str] | None) -> list[tuple[str, str]]:
    known = army_names(system_id)
    if armies == ["all"]:
        armies = known
    if armies:
        unknown = [a for a in armies if a not in known]
        if unknown:
            raise ValueError(f"no army {unknown[0]!r} for {system_id}; known: {', '.join(known)}")
        chosen = list(dict.fromkeys(armies))
    elif scenario is not None:
        seated_armies = scenario_armies(system_id, scenario)
        return [(seated_armies[0], seated_armies[1])]
    else:
        chosen = known
    if len(chosen) < 2 and not armies:
        raise ValueError(f"{system_id} has fewer than two sample armies")
    return list(itertools.combinations_with_replacement(chosen, 2))


def _swept(setup: Setup, sweep: Sweep | None) -> int | None:
    """Which army (0/1) alone fields the swept unit, or None."""
    if sweep is None:
        return None
    first, second = (has_unit(setup.units, side.id, sweep.unit) for side in setup.sides[:2])
    return 0 if first and not second else 1 if second and not first else None


def _check_sweep(system: RuleSystem, matchups: list[Matchup], sweep: Sweep) -> None:
    swept = [m for m in matchups if m.swept is not None]
    if not swept:
        raise ValueError(
            f"--sweep: no matchup where exactly one army fields a unit named {sweep.unit!r}"
        )
    setup = swept[0].seatings[0]
    unit = next(u for u in setup.units if u.name.casefold() == sweep.unit.casefold())
    if sweep.stat not in unit.profile:
        fields = ", ".join(sorted(unit.profile))
        raise ValueError(f"--sweep: {unit.name} has no {sweep.stat!r}; its profile: {fields}")
    for value in sweep.values:
        try:
            system.new_battle(seated(setup, sweep, value))
        except SetupError as error:
            raise ValueError(f"--sweep: {sweep.label}={value} is refused: {error}") from None
