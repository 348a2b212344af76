"""Rounds: the order roll-off and alternating activations (seed 001; PG-3)."""

from __future__ import annotations

from skirmtui.engine import conditions
from skirmtui.engine.battle import Battle, Unit
from skirmtui.engine.prompts import Choose, Option
from skirmtui.engine.rolloff import rolloff_done, rolloff_order, rolloff_step, start_rolloff
from skirmtui.engine.system import Step
from skirmtui.systems.pequenas_guerras import actions

ROUND_ROLLOFF = "round_rolloff"


def begin_round(b: Battle) -> None:
    """PG-3: round 1 keeps the deployment order; later rounds roll off again."""
    if b.round:
        conditions.round_ended(b)
    b.round += 1
    for unit in b.on_table():
        if unit.stats["activated"]:
            b.set(unit, "activated", False)
        if unit.stats["meleed"]:
            b.set(unit, "meleed", False)
    if b.round == 1:
        start_activation(b)
        return
    # Ours (PG-3): a player with no unit left would only pass, so it does not roll.
    start_rolloff(b, ROUND_ROLLOFF, [s.id for s in b.sides if b.on_table(s.id)])
    b.enter_phase("rolloff")


def rolloff_phase_step(b: Battle) -> Step:
    """Seed: "A cada nova rodada, os jogadores rolam os dados novamente"; G-3 ties."""
    if not rolloff_done(b, ROUND_ROLLOFF):
        yield from rolloff_step(b, ROUND_ROLLOFF, "round.roll", f"round {b.round} order")
        return
    order = rolloff_order(b, ROUND_ROLLOFF)
    # Players wiped out follow, passing (a GM may still bring a unit back, G-4).
    b.pos["order"] = order + [s.id for s in b.sides if s.id not in order]
    b.pos.pop(ROUND_ROLLOFF, None)
    b.pos.pop(f"{ROUND_ROLLOFF}_rerolls", None)
    start_activation(b)


def start_activation(b: Battle) -> None:
    order: list[str] = b.pos["order"]
    b.pos["turn"] = 0
    b.enter_phase("activation", order[0])
    b.record("info", f"Round {b.round} order: " + ", ".join(b.side_name(s) for s in order))


def waiting(b: Battle, side: str) -> list[Unit]:
    """Units of a side still to activate this round."""
    return [u for u in b.on_table(side) if not u.stats["activated"]]


def _next_index(b: Battle) -> int | None:
    order: list[str] = b.pos["order"]
    turn: int = b.pos["turn"]
    for i in range(len(order)):
        if waiting(b, order[(turn + i) % len(order)]):
            return (turn + i) % len(order)
    return None


def next_side(b: Battle) -> str | None:
    """The next player in order with a unit left (PG-3: the others pass). Read-only:
    the queue view calls it too, and a view must not change the position."""
    index = _next_index(b)
    return None if index is None else str(b.pos["order"][index])


def activation_step(b: Battle) -> Step:
    """Seed: players alternate activating one unit each, in the round's order."""
    index = _next_index(b)
    if index is None:
        b.enter_phase("end")
        return
    b.pos["turn"] = index
    side: str = b.pos["order"][index]
    b.turn_side = side
    options = []
    for unit in b.on_table(side):
        label = unit.label + (" (stunned: recovers)" if unit.stats["stunned"] else "")
        done = "already activated this round" if unit.stats["activated"] else None
        options.append(Option(unit.id, label, disabled=done))
    choice = yield Choose(
        key="activate.unit",
        text=f"{b.side_name(side)}: which unit activates?",
        options=options,
        side=side,
    )
    b.pos["turn"] = (b.pos["turn"] + 1) % len(b.pos["order"])
    yield from actions.activate(b, b.units[str(choice)])
    conditions.activation_ended(b, str(choice))
