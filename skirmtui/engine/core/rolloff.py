"""Roll-offs: highest first, ties re-rolled among the tied only (G-3).

A `RollOff` is part of a system's position (a field of its `Position`), so it copies
with checkpoints; it keeps its own re-roll bookkeeping. It ranks any ids: sides (a
play-order roll) or units (who strikes first), each rolling under its own name.

The tied roll at the same moment, each its own die, and no die depends on another's
face: a system may ask them as one prompt (`step(..., together=KEY)`, issue 25) —
opt-in per call, so a system that does not ask for it asks one roll per id as before.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from typing import Any

from skirmtui.engine.core import app_rolls, records
from skirmtui.engine.core.battle import Battle, Position
from skirmtui.engine.core.prompts import Prompt, Roll, RollResult
from skirmtui.engine.core.records import record
from skirmtui.engine.core.system import Step


def _total(result: RollResult) -> int:
    return result.total


@record
class RollOff(Position):
    """Ids still tied are grouped; the groups are in rank order, winner first."""

    groups: list[list[str]] = records.field(factory=list)
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
        together: str | None = None,
    ) -> Step:
        """One round of rolling: the first tied group rolls, then splits by score.

        `together`: the key of one prompt for every tied id's die (`Nd6`, one face an id
        in the order named; a `dice` of one die and the plain total as score only), asked
        so when one party rolls them all (the app for everyone, or the table for every
        one of their sides: `app_rolls.one_party`); else each id rolls under `key` as
        without it. The same faces give the same order either way."""
        index = next(i for i, group in enumerate(self.groups) if len(group) > 1)
        group = self.groups[index]
        rerolling = len(self.groups) > 1 or self.rerolls > 0
        sides = [_side(battle, who) for who in group]
        if together is not None and app_rolls.one_party(app_rolls.now(battle), sides):
            if score is not _total or not dice.startswith("1d"):
                raise ValueError("a roll-off rolls together one die an id, scored by its face")
            scores = yield from _together(battle, group, together, what, dice, rerolling)
        else:
            scores = yield from _apart(battle, group, key, what, dice, score, rerolling)
        ranked = sorted(set(scores.values()), reverse=True)
        split = [[s for s in group if scores[s] == value] for value in ranked]
        self.groups = self.groups[:index] + split + self.groups[index + 1 :]
        self.rerolls += 1
        tied = [g for g in split if len(g) > 1]
        if tied:
            names = "; ".join(", ".join(_name(battle, s) for s in g) for g in tied)
            battle.record("info", f"Tie for {what}: {names} roll again")


def _together(
    battle: Battle, group: list[str], key: str, what: str, dice: str, rerolling: bool
) -> Generator[Prompt, Any, dict[str, int]]:
    """Every id of `group` rolls its one die in one prompt, in the order named."""
    names = ", ".join(_name(battle, who) for who in group)
    again = " (tie re-roll)" if rerolling else ""
    result = yield Roll(
        key=key,
        text=f"{names} roll for {what}{again}: one die each, in that order",
        dice=f"{len(group)}{dice[1:]}",
        per_die=True,  # each die an id's own score: the log shows the faces
    )
    scores = dict(zip(group, result.faces, strict=True))
    said = ", ".join(f"{_name(battle, who)} {scores[who]}" for who in group)
    battle.record("info", f"{said} ({what})")
    return scores


def _apart(
    battle: Battle,
    group: list[str],
    key: str,
    what: str,
    dice: str,
    score: Callable[[RollResult], int],
    rerolling: bool,
) -> Generator[Prompt, Any, dict[str, int]]:
    """Each id of `group` rolls under its own name, one prompt each."""
    scores: dict[str, int] = {}
    for who in group:
        unit = battle.units.get(who)
        text = f"{_name(battle, who)} rolls for {what}" + (" (tie re-roll)" if rerolling else "")
        if unit is not None:
            prompt = Roll(key=key, text=text, dice=dice, side=unit.side, actor=who)
        else:
            prompt = Roll(key=key, text=text, dice=dice, side=who)
        result = yield prompt
        scores[who] = score(result)
    return scores


def _side(battle: Battle, who: str) -> str:
    unit = battle.units.get(who)
    return unit.side if unit is not None else who


def _name(battle: Battle, who: str) -> str:
    unit = battle.units.get(who)
    return unit.label if unit is not None else battle.side_name(who)
