"""Roll-offs: highest first, ties re-rolled among the tied only (G-3).

A `RollOff` is part of a system's position (a field of its `Position`), so it copies
with checkpoints; it keeps its own re-roll bookkeeping. It ranks any ids: sides (a
play-order roll) or units (who strikes first), each rolling under its own name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import attrs

from skirmtui.engine.core.battle import Battle, Position
from skirmtui.engine.core.prompts import Roll, RollResult
from skirmtui.engine.core.records import record
from skirmtui.engine.core.system import Step


def _total(result: RollResult) -> int:
    return result.total


@record
class RollOff(Position):
    """Ids still tied are grouped; the groups are in rank order, winner first."""

    groups: list[list[str]] = attrs.field(factory=list)
    #: Rounds of rolling so far: every later round is a tie re-roll.
    rerolls: int = 0

    @classmethod
    def among(cls, ids: Iterable[str]) -> RollOff:
        return cls([list(ids)])

    @property
    def done(self) -> bool:
        return all(len(group) == 1 for group in self.groups)

    @property
    def order(self) -> list[str]:
        """The final order (winner first) once `done`."""
        return [group[0] for group in self.groups]

    def step(
        self,
        battle: Battle,
        key: str,
        what: str,
        dice: str = "1d6",
        score: Callable[[RollResult], int] = _total,
    ) -> Step:
        """One round of rolling: the first tied group rolls, then splits by score."""
        index = next(i for i, group in enumerate(self.groups) if len(group) > 1)
        group = self.groups[index]
        rerolling = len(self.groups) > 1 or self.rerolls > 0
        scores: dict[str, int] = {}
        for who in group:
            unit = battle.units.get(who)
            name = unit.label if unit is not None else battle.side_name(who)
            text = f"{name} rolls for {what}" + (" (tie re-roll)" if rerolling else "")
            if unit is not None:
                prompt = Roll(key=key, text=text, dice=dice, side=unit.side, actor=who)
            else:
                prompt = Roll(key=key, text=text, dice=dice, side=who)
            result = yield prompt
            scores[who] = score(result)
        ranked = sorted(set(scores.values()), reverse=True)
        split = [[s for s in group if scores[s] == value] for value in ranked]
        self.groups = self.groups[:index] + split + self.groups[index + 1 :]
        self.rerolls += 1
        tied = [g for g in split if len(g) > 1]
        if tied:
            names = "; ".join(", ".join(_name(battle, s) for s in g) for g in tied)
            battle.record("info", f"Tie for {what}: {names} roll again")


def _name(battle: Battle, who: str) -> str:
    unit = battle.units.get(who)
    return unit.label if unit is not None else battle.side_name(who)
