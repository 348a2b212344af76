"""Rounds of regole-base (RB-3, RB-12): initiative roll-off, then Movement → Assault →
Shooting → End; in each phase sides alternate one model at a time, initiative side
first, and a model may pass."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from skirmtui.engine.core import conditions
from skirmtui.engine.core.asking import THIRD_PASS, asks_as_of
from skirmtui.engine.core.battle import Battle, Scalar, Unit
from skirmtui.engine.core.causes import GM
from skirmtui.engine.core.kit import units_by_side
from skirmtui.engine.core.prompts import Choose, Option
from skirmtui.engine.core.rolloff import RollOff
from skirmtui.engine.core.system import Step
from skirmtui.engine.core.watch import Watch
from skirmtui.systems.regole_base.position import RBPosition, pos
from skirmtui.systems.regole_base.profile import name
from skirmtui.systems.regole_base.state import Sub, alive_sides, kill, order

#: Stats that last one round (RB-4, RB-6, RB-7, RB-10).
_ROUND_STATS: dict[str, Scalar] = {
    "moved": False,
    "marched": False,
    "gave_up": "",
    "charged": False,
    "fought": False,
    "covered": False,
    "reload": 0,
}


#: Stats that last one phase (RB-3, RB-10).
_PHASE_STATS: dict[str, Scalar] = {"acted": False, "attacks": 0}
#: RB-10: no weapon jammed from the Shooting phase on.
_UNJAMMED: dict[str, Scalar] = {"jammed": ""}


def _reset(b: Battle, values: dict[str, Scalar]) -> None:
    """`b.set` each of `values` that differs on every model on the table, in roster
    order (most are already at their start: a set that changes nothing records
    nothing, and is not called)."""
    pairs = tuple(values.items())
    for unit in b.units.values():
        if unit.removed:
            continue
        stats = unit.stats
        for field, value in pairs:
            if stats[field] != value:
                b.set(unit, field, value)


def enter(b: Battle, phase: str, side: str | None = None) -> None:
    b.enter_phase(phase, side)


def begin_round(b: Battle) -> None:
    """RB-3: each round starts with an initiative roll-off (1d6 per side; G-3 ties)."""
    b.round += 1
    _reset(b, _ROUND_STATS)
    pos(b).initiative = RollOff.among(alive_sides(b))
    enter(b, "initiative")


def initiative_step(b: Battle) -> Step:
    rolloff = pos(b).initiative
    if not rolloff.done:
        yield from rolloff.step(b, "initiative.roll", f"round {b.round} initiative")
        return
    found = rolloff.order
    order = found + [s.id for s in b.sides if s.id not in found]
    b.record("info", "Initiative: " + ", ".join(b.side_name(s) for s in order), order=order)
    b.track("order", order)
    start_phase(b, "movement")


def start_phase(b: Battle, phase: str) -> None:
    """Every model may act once in the phase; the initiative side starts (RB-3)."""
    _reset(b, _PHASE_STATS)  # RB-10: a parry spends an attack of this phase's fight.
    at = pos(b)
    at.turn = 0
    at.lost = {}
    at.removed = {}
    at.stage = "activate" if phase == "assault" else ""
    if phase == "shooting":  # RB-10: a jam lasts until the next Shooting phase
        _reset(b, _UNJAMMED)
    enter(b, phase, order(b)[0])


#: Which of a side's models can act now: those waiting to act (not removed, not acted
#: this phase) that the phase's rule lets act, from the side's whole roster in one call
#: and one pass (`movement.ready_to_move`…: the waiting ones are not listed first).
Ready = Callable[[Battle, Sequence[Unit]], list[Unit]]


def next_mover(b: Battle, can_act: Ready) -> tuple[str, list[Unit]] | None:
    """The next side in turn with a model that can still act, and those models.
    Read-only: the queue view calls it too."""
    sides = order(b)
    at: RBPosition = b.pos  # (read at every activation: no call to `pos`)
    turn = at.turn
    models = units_by_side(b)
    count = len(sides)
    for i in range(count):
        side = sides[(turn + i) % count]
        ready = can_act(b, models.get(side, ()))
        if ready:
            return side, ready
    return None


def alternate(b: Battle, can_act: Ready, key: str, what: str) -> Sub[Unit | None]:
    """RB-3: the next side picks one of its models to act (the only one without asking);
    None when no side has a model left to act in this phase."""
    return (yield from _pick_one(b, next_mover(b, can_act), key, what))


def _pick_one(
    b: Battle, found: tuple[str, list[Unit]] | None, key: str, what: str
) -> Sub[Unit | None]:
    """`alternate` once the next side and its ready models are `found`."""
    if found is None:
        return None
    side, ready = found
    take_turn(b, side)
    if len(ready) == 1:
        unit = ready[0]
    else:
        choice = yield Choose(
            key=key,
            text=f"{b.side_name(side)}: which model {what}?",
            options=[Option(u.id, name(u)) for u in ready],
            side=side,
        )
        unit = b.units[str(choice)]
    b.set(unit, "acted", True)
    return unit


#: Which model acts and what it does, asked in one answer (issue 25): the question's
#: key, text and options, grouped by model, from a side and its models ready to act.
Both = Callable[[Battle, str, list[Unit]], tuple[str, str, Sequence[Option]]]


def next_model(
    b: Battle, can_act: Ready, key: str, what: str, both: Both
) -> Sub[tuple[Unit, str | None] | None]:
    """RB-3: the next side's model to act, with what it does when that was asked with it
    (issue 25: `both` is the question of which model and what, in one answer, for a side
    with several models; a save of the third pass or older asked the model alone, as
    `alternate`); None when no side has a model left to act in this phase. The
    questions are yielded here, not by generators nested for them (one a model's
    activation: each level costs every answer that passes through it)."""
    found = next_mover(b, can_act)
    if found is None:
        return None
    side, ready = found
    if len(ready) == 1:  # the only one, unasked
        unit = ready[0]
        take_turn(b, side)
        b.set(unit, "acted", True)
        return unit, None
    if asks_as_of(b, THIRD_PASS):
        picked = yield from _pick_one(b, found, key, what)
        return None if picked is None else (picked, None)
    # Issue 25: which model and what it does, one answer (`red1|run`; RB-3: the player
    # chooses both at once); the model takes the side's turn and has acted.
    ask, text, options = both(b, side, ready)
    b.turn_side = side  # the queue marks the side asked (`take_turn` below moves the turn)
    choice = str((yield Choose(key=ask, text=text, options=options, side=side)))
    uid, _, does = choice.partition(SEP)
    unit = b.units[uid]
    take_turn(b, side)
    b.set(unit, "acted", True)
    return unit, does


def take_turn(b: Battle, side: str) -> None:
    """RB-3: `side` acts now with one model; the next in turn is the side after it."""
    sides = order(b)
    at: RBPosition = b.pos
    at.turn = (sides.index(side) + 1) % len(sides)
    b.turn_side = side


def _going_on(b: Battle) -> bool | None:
    """RB-12: a side with no models left ends the battle (GM edits too: a model set to
    R 0 is removed first). With three or more sides the most models standing win (ours).
    True while it goes on (kept: `check_end`), None once it has ended."""
    standing: set[str] = set()
    for unit in b.units.values():
        if unit.removed:
            continue
        if unit.stats["r"] <= 0:  # type: ignore[operator]  # (R: a number, `num`)
            b.current = None
            # Only a GM entry leaves a model on the table at R 0 (a wound removes it).
            kill(b, unit, "is removed (R 0)", b.cause(GM, entry=b.last_change(unit, "r")))
            continue
        standing.add(unit.side)
    if b.round == 0 or len(standing) == len(b.sides):
        return True
    empty = [s.id for s in b.sides if s.id not in standing]
    reason = f"{', '.join(b.side_name(s) for s in empty)} has no models left"
    b.end(leader(b), reason)
    return None


#: The engine runs the end check after every answer and around steps (the system's
#: `check_end` itself, about twice an answer): `_going_on`'s one pass over the models
#: runs only when a model's R, a removal, the models or the round (before the first
#: round nothing ends) have changed since the battle was last found going on.
_STANDING: Watch[bool] = Watch("r", "removed", round=True)
check_end = _STANDING.kept(_going_on)


def leader(b: Battle) -> str | None:
    """The side with the most models standing, then the most R left; None if tied."""
    scores = {
        s.id: (len(b.on_table(s.id)), sum(u.num("r") for u in b.on_table(s.id))) for s in b.sides
    }
    best = max(scores.values())
    top = [s for s, v in scores.items() if v == best]
    return top[0] if len(top) == 1 and best[0] > 0 else None


def end_step(b: Battle) -> None:
    """RB-12: the scenario's round limit ends the battle; otherwise a new round."""
    conditions.round_ended(b)
    limit = int(b.options.get("round_limit", 0) or 0)
    if limit and b.round >= limit:
        b.end(leader(b), f"the round limit ({limit}) is reached")
        return
    begin_round(b)


#: Between a model and what it does in a one-answer choice of both ("red1|run").
SEP = "|"
