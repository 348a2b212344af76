"""Deployment and objectives (seed 001 "Posicionamento" and "Missão"; PG-2, G-3)."""

from __future__ import annotations

from typing import Any

from skirmtui.engine.core.asking import one_at_a_time
from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.prompts import Choose, Confirm, Option, Roll
from skirmtui.engine.core.rolloff import RollOff
from skirmtui.engine.core.system import Step
from skirmtui.systems.pequenas_guerras import rounds
from skirmtui.systems.pequenas_guerras.position import PGPosition, pos
from skirmtui.systems.pequenas_guerras.profile import rules

_RULES = rules()
_DEPLOY: dict[str, Any] = _RULES["deployment"]
_OBJECTIVES: dict[str, Any] = _RULES["objectives"]


def start(b: Battle) -> None:
    b.pos = PGPosition(deploy=RollOff.among(s.id for s in b.sides))


def deployment_step(b: Battle) -> Step:
    """Seed: roll off; the winner picks a corner, the others follow in descending
    order; then they alternate placing one unit each, the winner first."""
    p = pos(b)
    if not p.deploy.done:
        yield from rounds.roll_off(b, p.deploy, "deploy.roll", "deployment")
        return
    order = p.deploy.order
    corners = p.corners
    if len(corners) < len(order):
        side = order[len(corners)]
        b.turn_side = side
        taken = set(corners.values())
        choice = yield Choose(
            key="deploy.corner",
            text=f"{b.side_name(side)}: which table corner is your deployment zone?",
            options=[
                Option(c, f"{c} corner", disabled="taken" if c in taken else None)
                for c in _DEPLOY["corners"]
            ],
            side=side,
        )
        b.track("corners", {**corners, side: str(choice)})
        return
    placed = p.placed
    waiting = [s for s in order if any(u.id not in placed for u in b.on_table(s))]
    if not waiting:
        _start_objectives(b, order)
        return
    if not one_at_a_time(b):
        yield from _deploy_all(b, order, waiting)
        return
    # Alternate in roll-off order, skipping players with every unit placed.
    turn = p.turn
    while order[turn % len(order)] not in waiting:
        turn += 1
    side = order[turn % len(order)]
    b.turn_side = side
    unplaced = [u for u in b.on_table(side) if u.id not in placed]
    zone = f"within {_DEPLOY['zone_cm']} cm of the {corners[side]} corner"
    choice = yield Choose(
        key="deploy.unit",
        text=f"{b.side_name(side)}: which unit do you place {zone}?",
        options=[Option(u.id, u.label) for u in unplaced],
        side=side,
    )
    unit = b.units[str(choice)]
    yield Confirm(
        key="deploy.placed",
        text=f"Place {unit.label} {zone} — done?",
        side=side,
        actor=unit.id,
    )
    placed.append(unit.id)
    p.turn = turn + 1


def _deploy_all(b: Battle, order: list[str], waiting: list[str]) -> Step:
    """Issue 25: which unit a player places has no effect the app keeps (every unit is
    on the table once deployment is over), so the app says the alternation once and the
    table answers once, when every unit is placed (before: "which unit?" and "placed —
    done?" for each unit)."""
    p = pos(b)
    corners = p.corners
    b.turn_side = waiting[0]  # the queue marks who is asked (it kept the last corner's)
    counts = ", ".join(
        f"{b.side_name(s)} {sum(1 for u in b.on_table(s) if u.id not in p.placed)} "
        f"in the {corners[s]} corner"
        for s in waiting
    )
    yield Confirm(
        key="deploy.all",
        text=f"Place your units within {_DEPLOY['zone_cm']} cm of your corner, one unit "
        f"each in turn, {b.side_name(waiting[0])} first ({counts}) — all placed?",
        side=waiting[0],
    )
    p.placed.extend(u.id for s in order for u in b.on_table(s) if u.id not in p.placed)


def _start_objectives(b: Battle, order: list[str]) -> None:
    p = pos(b)
    p.turn = 0
    b.enter_phase("objectives")
    text = "Deployment order: " + ", ".join(b.side_name(s) for s in order)
    b.record("info", text, order=order)
    b.track("order", order)  # PG-3: round 1 follows the deployment order


def objectives_step(b: Battle) -> Step:
    """Seed: D3+2 markers; a roll-off for who places first, then players alternate,
    each outside the deployment zones and at least 22.5 cm from the others."""
    p = pos(b)
    if p.objectives is None:
        plus = int(_OBJECTIVES["plus"])
        result = yield Roll(
            key="objectives.count",
            text=f"Objective markers: D3+{plus}",
            dice=str(_OBJECTIVES["dice"]),
        )
        count = result.total + plus
        b.record("info", f"{count} objective markers")
        b.track("objectives", [""] * count)
        p.marked = 0
        p.objective_rolloff = RollOff.among(s.id for s in b.sides)
        return
    if not p.objective_rolloff.done:
        yield from rounds.roll_off(b, p.objective_rolloff, "objectives.roll", "placing objectives")
        return
    order = p.objective_rolloff.order
    marked = p.marked
    count = len(p.objectives or [])
    if not one_at_a_time(b):
        # Issue 25: the markers are the table's to place; one answer when all are down.
        turns = ", ".join(b.side_name(order[i % len(order)]) for i in range(count))
        b.turn_side = order[0]  # who places the first marker: the queue marks it
        yield Confirm(
            key="objectives.placed",
            text=f"Place the {count} objective markers in turn ({turns}), each outside "
            f"every deployment zone and at least {_OBJECTIVES['spacing_cm']} cm from the "
            "others — all placed?",
            side=order[0],
        )
        p.objective_rolloff = RollOff()
        p.marked = 0
        rounds.begin_round(b)
        return
    side = order[marked % len(order)]
    b.turn_side = side
    yield Confirm(
        key="objectives.place",
        text=f"{b.side_name(side)}: place objective {marked + 1} of {count} outside every "
        f"deployment zone, at least {_OBJECTIVES['spacing_cm']} cm from the other markers "
        "— done?",
        side=side,
    )
    p.marked = marked + 1
    if marked + 1 == count:
        p.objective_rolloff = RollOff()
        p.marked = 0
        rounds.begin_round(b)
