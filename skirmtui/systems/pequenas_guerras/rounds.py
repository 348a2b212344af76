"""Rounds: the order roll-off and alternating activations (seed 001; PG-3)."""

from __future__ import annotations

from skirmtui.engine.core import conditions
from skirmtui.engine.core.asking import one_at_a_time, take_only
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.kit import reset
from skirmtui.engine.core.prompts import Choose, Option
from skirmtui.engine.core.rolloff import RollOff
from skirmtui.engine.core.system import Step
from skirmtui.systems.pequenas_guerras import actions
from skirmtui.systems.pequenas_guerras.position import pos

#: Markers of a unit that has done nothing yet this round.
ROUND_FLAGS = {"activated": False, "meleed": False}


def begin_round(b: Battle) -> None:
    """PG-3: round 1 keeps the deployment order; later rounds roll off again."""
    if b.round:
        conditions.round_ended(b)
    b.round += 1
    reset(b, b.on_table(), ROUND_FLAGS)
    # A unit destroyed in a melee kept its mark of that round: gone with the round.
    reset(b, [u for u in b.units.values() if u.removed and u.stats["meleed"]], {"meleed": False})
    if b.round == 1:
        start_activation(b)
        return
    # Ours (PG-3): a player with no unit left would only pass, so it does not roll.
    pos(b).round_rolloff = RollOff.among(s.id for s in b.sides if b.on_table(s.id))
    b.enter_phase("rolloff")


def rolloff_phase_step(b: Battle) -> Step:
    """Seed: "A cada nova rodada, os jogadores rolam os dados novamente"; G-3 ties."""
    p = pos(b)
    if not p.round_rolloff.done:
        yield from p.round_rolloff.step(b, "round.roll", f"round {b.round} order")
        return
    order = p.round_rolloff.order
    p.round_rolloff = RollOff()
    # Players wiped out follow, passing (a GM may still bring a unit back, G-4).
    start_activation(b, order + [s.id for s in b.sides if s.id not in order])


def start_activation(b: Battle, order: list[str] | None = None) -> None:
    """Activation in `order` (PG-3; round 1: the deployment order, already tracked)."""
    p = pos(b)
    p.turn = 0
    b.enter_phase("activation", (order or p.order)[0])
    shown = order or p.order
    text = f"Round {b.round} order: " + ", ".join(b.side_name(s) for s in shown)
    b.record("info", text, order=shown)
    if order is not None:
        b.track("order", order)


def waiting(b: Battle, side: str) -> list[Unit]:
    """Units of a side still to activate this round."""
    return [u for u in b.on_table(side) if not u.stats["activated"]]


def _next_index(b: Battle) -> int | None:
    p = pos(b)
    order, turn = p.order, p.turn
    for i in range(len(order)):
        if waiting(b, order[(turn + i) % len(order)]):
            return (turn + i) % len(order)
    return None


def next_side(b: Battle) -> str | None:
    """The next player in order with a unit left (PG-3: the others pass). Read-only:
    the queue view calls it too, and a view must not change the position."""
    index = _next_index(b)
    return None if index is None else pos(b).order[index]


def activation_step(b: Battle) -> Step:
    """Seed: players alternate activating one unit each, in the round's order."""
    index = _next_index(b)
    if index is None:
        b.enter_phase("end")
        return
    p = pos(b)
    p.turn = index
    side = p.order[index]
    b.turn_side = side
    options = []
    for unit in b.on_table(side):
        label = unit.label + (" (stunned: recovers)" if unit.stats["stunned"] else "")
        done = "already activated this round" if unit.stats["activated"] else None
        options.append(Option(unit.id, label, disabled=done))
    text = f"{b.side_name(side)}: which unit activates?"
    left = [o for o in options if o.disabled is None]
    if len(left) == 1 and not one_at_a_time(b):  # issue 25: no choice, no question
        choice = left[0].value
        take_only(b, "activate.unit", text, left[0].label, side=side, actor=choice)
    else:
        choice = yield Choose(key="activate.unit", text=text, options=options, side=side)
    p.turn = (p.turn + 1) % len(p.order)
    yield from actions.activate(b, b.units[str(choice)])
    conditions.activation_ended(b, str(choice))
