"""Rounds: the order roll-off and alternating activations (seed 001; PG-3)."""

from __future__ import annotations

from skirmtui.engine.core import conditions
from skirmtui.engine.core.asking import (
    FIRST_PASS,
    SECOND_PASS,
    asks_as_of,
    one_at_a_time,
    take_only,
)
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.kit import reset
from skirmtui.engine.core.prompts import Choose, Option
from skirmtui.engine.core.rolloff import RollOff
from skirmtui.engine.core.system import Step
from skirmtui.systems.pequenas_guerras import actions
from skirmtui.systems.pequenas_guerras.combat import Sub
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
    rolloff = p.round_rolloff
    if not rolloff.done:
        yield from roll_off(b, rolloff, "round.roll", f"round {b.round} order")
        return
    order = p.round_rolloff.order
    p.round_rolloff = RollOff()
    # Players wiped out follow, passing (a GM may still bring a unit back, G-4).
    start_activation(b, order + [s.id for s in b.sides if s.id not in order])


def roll_off(b: Battle, rolloff: RollOff, key: str, what: str) -> Step:
    """One round of a players' roll-off (deployment, objectives, a round's order): the
    players still tied roll their dice at the same moment, so the table types them in
    one answer (`key` + "s": one face a player in the order listed), where it typed one
    `key` a player (issue 25). The same faces give the same order: highest first, ties
    roll again among the tied (G-3). Asked together only when one party rolls every one
    of these dice (`RollOff.step`'s `together`); otherwise, and for older saves, each
    player's die is asked apart, as before."""
    together = None if asks_as_of(b, SECOND_PASS) else key + "s"
    yield from rolloff.step(b, key, what, together=together)


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
    """The next player in order with a unit left (PG-3: the others pass). Read-only
    (the queue marks `turn_side` instead: once an activation is under way this is
    already the player after it)."""
    index = _next_index(b)
    return None if index is None else pos(b).order[index]


def activation_step(b: Battle) -> Step:
    """Seed: players alternate activating one unit each, in the round's order; the
    player picks the unit and its action in one answer ("Capitão — Advance")."""
    index = _next_index(b)
    if index is None:
        b.enter_phase("end")
        return
    p = pos(b)
    p.turn = index
    side = p.order[index]
    b.turn_side = side
    if asks_as_of(b, FIRST_PASS):  # a save of then: the unit, then its action
        unit, action = (yield from _unit_then_action(b, side)), None
    else:
        unit, action = yield from _unit_and_action(b, side)
    p.turn = (p.turn + 1) % len(p.order)
    yield from actions.activate(b, unit, action)
    conditions.activation_ended(b, unit.id)


def _unit_then_action(b: Battle, side: str) -> Sub[Unit]:
    """The questions of issue 25's first pass and before: which unit (a player's only
    unit left taken unasked, but for the oldest saves); its action is asked next."""
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
    return b.units[str(choice)]


#: Between a unit and its action in an answer to `activate.action` ("red1|advance").
SEP = actions.SEP


def activation_options(b: Battle, side: str) -> list[Option]:
    """Every unit of `side` with each action it may take (seed: "O jogador escolhe uma
    unidade e pode executar uma das seguintes ações"), grouped by unit; a stunned unit's
    only choice is to recover (PG-7); a unit already activated is listed, disabled."""
    options = []
    for unit in b.on_table(side):
        if unit.stats["activated"]:
            done = "already activated this round"
            options.append(Option(unit.id + SEP + "done", f"{unit.label}: done", disabled=done))
        elif unit.stats["stunned"]:
            label = f"{unit.label}: stunned, recovers (its whole activation)"
            options.append(Option(unit.id + SEP + actions.RECOVER, label))
        else:
            for action in actions.action_options(b, unit):
                value = unit.id + SEP + action.value
                label = f"{unit.label} — {action.label}"
                options.append(Option(value, label, disabled=action.disabled, group=unit.id))
    return options


def _unit_and_action(b: Battle, side: str) -> Sub[tuple[Unit, str]]:
    """Which unit activates and its action, in one answer (issue 25); one legal option
    (a player's only unit left, stunned) is taken unasked and logged."""
    text = f"{b.side_name(side)}: which unit activates? (and its action)"
    options = activation_options(b, side)
    left = [o for o in options if o.disabled is None]
    if len(left) == 1:
        choice = left[0].value
        unit_id = choice.split(SEP, 1)[0]
        take_only(b, "activate.action", text, left[0].label, side=side, actor=unit_id)
    else:
        choice = yield Choose(key="activate.action", text=text, options=options, side=side)
    unit_id, action = str(choice).split(SEP, 1)
    return b.units[unit_id], action
