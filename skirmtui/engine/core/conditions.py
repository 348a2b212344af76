"""Timed conditions: what a GM attaches to a unit for a while ("blessed", "on fire").

A condition is a GM entry (`gm.condition`), so it sits in the answer log and is exact
under undo, save, load and replay. It lasts until the end of a round, for a number of
the unit's activations, or until the GM removes it (`gm.uncondition`). The engine counts
it down at the boundaries the rule system reports by calling `round_ended` and
`activation_ended` (the system contract's only duty here), and logs a reminder when it
ends. Rule-made statuses stay the systems' own: the engine never reads a condition.
"""

from __future__ import annotations

from typing import Any, Literal

from skirmtui.engine.core import records
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.prompts import AnswerError
from skirmtui.engine.core.records import frozen_record

Until = Literal["round", "activations", "removed"]
UNTILS: tuple[Until, ...] = ("round", "activations", "removed")


@frozen_record
class Condition:
    """`left`: for "round", the round at whose end it ends; for "activations", how many
    of the unit's activations it still lasts; None for "until removed"."""

    unit: str
    text: str
    until: Until
    left: int | None = None

    def describe(self) -> str:
        """`Blessed (to end of round 3)` — what the roster and sheet show."""
        if self.until == "round":
            return f"{self.text} (to end of round {self.left})"
        if self.until == "activations":
            word = "activation" if self.left == 1 else "activations"
            return f"{self.text} ({self.left} {word} left)"
        return f"{self.text} (until removed)"


def add(battle: Battle, unit: Unit, data: dict[str, Any]) -> None:
    """Apply a `gm.condition` entry: {unit, text, until, n}."""
    text = str(data.get("text", "")).strip()
    if not text:
        raise AnswerError("a condition needs some text")
    until = data.get("until", "removed")
    if until not in UNTILS:
        raise AnswerError(f"a condition lasts until one of: {', '.join(UNTILS)}")
    left: int | None = None
    if until != "removed":
        n = data.get("n")
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise AnswerError("the duration must be a whole number, at least 1")
        if until == "round" and n < battle.round:
            raise AnswerError(f"round {n} is already over (this is round {battle.round})")
        left = n
    condition = Condition(unit.id, text, until, left)
    battle.conditions.append(condition)
    battle.record(
        "override",
        f"GM: {unit.label} is {condition.describe()}",
        key="gm.condition",
        target=unit.id,
    )


def remove(battle: Battle, unit: Unit, data: dict[str, Any]) -> None:
    """Apply a `gm.uncondition` entry: {unit, text} ends that condition now."""
    text = str(data.get("text", "")).strip()
    for index, condition in enumerate(battle.conditions):
        if condition.unit == unit.id and condition.text == text:
            del battle.conditions[index]
            battle.record(
                "override",
                f"GM ends {unit.label}'s condition: {text}",
                key="gm.uncondition",
                target=unit.id,
            )
            return
    raise AnswerError(f"{unit.label} has no condition {text!r}")


def of_unit(battle: Battle, unit_id: str) -> list[Condition]:
    return [c for c in battle.conditions if c.unit == unit_id]


def round_ended(battle: Battle) -> None:
    """The system's hook: round `battle.round` has ended (call before the next begins)."""
    _expire(
        battle,
        lambda c: c if c.until != "round" or (c.left or 0) > battle.round else None,
        f"end of round {battle.round}",
    )


def activation_ended(battle: Battle, unit_id: str) -> None:
    """The system's hook: one activation of `unit_id` has ended."""
    if not battle.conditions:  # most battles have none: no closure made per activation
        return

    def counted(c: Condition) -> Condition | None:
        if c.unit != unit_id or c.until != "activations":
            return c
        left = (c.left or 0) - 1
        return records.evolve(c, left=left) if left > 0 else None

    _expire(battle, counted, "its activation ended")


def _expire(battle: Battle, step: Any, why: str) -> None:
    if not battle.conditions:
        return
    current = battle.current  # the system's effects keep landing on its own entry
    kept: list[Condition] = []
    for condition in battle.conditions:
        after = step(condition)
        if after is None:
            unit = battle.units.get(condition.unit)
            name = unit.label if unit else condition.unit
            battle.record(
                "condition",
                f"Reminder: {name} is no longer {condition.text} ({why})",
                target=condition.unit,
            )
        else:
            kept.append(after)
    battle.conditions[:] = kept
    battle.current = current
