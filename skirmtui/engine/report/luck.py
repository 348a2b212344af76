"""Dice luck: how the dice treated each side and unit, against the odds shown.

Every roll with a success condition is one Bernoulli trial (a pool: one per die) whose
chance is the one the app computed before the roll (engine/core/odds.py). Per side and per
unit: the rolls made, the expected successes (the sum of the chances), the actual ones,
and a percentile from the exact distribution of the number of successes (a
Poisson-binomial distribution): the mid-rank P(X < actual) + P(X = actual) / 2, so 50
is exactly as lucky as expected, 95 is luckier than 95% of what these dice could do.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from skirmtui.engine.core import records
from skirmtui.engine.core.battle import Battle, LogEntry
from skirmtui.engine.core.items import BY_APP, BY_TABLE
from skirmtui.engine.core.odds import die_chance, success_chance
from skirmtui.engine.core.prompts import Roll
from skirmtui.engine.core.records import frozen_record, record
from skirmtui.engine.core.shared_roll import SharedRoll

#: Probabilities below this are dropped from the distribution's tails while it is
#: built (they cannot move a percentile shown to one decimal).
_TAIL = 1e-18


@frozen_record
class Trial:
    """One die or one roll that could succeed: its chance and whether it did."""

    side: str | None
    unit: str | None
    chance: Fraction
    success: bool
    by: str | None


@record
class Tally:
    """The luck of one side or unit."""

    rolls: int = 0
    trials: int = 0
    expected: Fraction = Fraction(0)
    actual: int = 0
    #: Rolls by who gave the faces: "app", "table", "unrecorded".
    by: Counter[str] = records.field(factory=Counter)
    chances: list[Fraction] = records.field(factory=list)

    @property
    def percentile(self) -> float | None:
        """Mid-rank percentile of `actual` (None when nothing was rolled)."""
        if not self.chances:
            return None
        return percentile(self.chances, self.actual)

    def add(self, trials: list[Trial], by: str) -> None:
        self.rolls += 1
        self.by[by] += 1
        for trial in trials:
            self.trials += 1
            self.expected += trial.chance
            self.actual += trial.success
            self.chances.append(trial.chance)

    def as_dict(self) -> dict[str, Any]:
        """The JSON form (export `luck`)."""
        pct = self.percentile
        return {
            "rolls": self.rolls,
            "trials": self.trials,
            "expected": round(float(self.expected), 3),
            "actual": self.actual,
            "percentile": None if pct is None else round(pct, 1),
            "by": {key: self.by.get(key, 0) for key in (BY_APP, BY_TABLE, "unrecorded")},
        }


@record
class Luck:
    sides: dict[str, Tally]
    units: dict[str, Tally]


def entry_trials(entry: LogEntry) -> list[Trial]:
    """The trials of one log entry (none unless it is a roll that could succeed)."""
    prompt = entry.source
    if not isinstance(prompt, Roll) or entry.roll is None:
        return []
    faces: list[int] = entry.roll["faces"]
    if prompt.per_die:
        p = die_chance(prompt)
        if p is None:
            return []
        # A roll of several sides at once: each die its side's (a `SharedRoll`).
        sides: list[str | None] = []
        if isinstance(prompt, SharedRoll):
            sides = list(prompt.side_of_die())
        if len(sides) != len(faces):
            sides = [entry.side] * len(faces)
        return [
            Trial(side, entry.actor, p, bool(prompt.success_of(face)), entry.by)
            for side, face in zip(sides, faces, strict=True)
        ]
    chance = success_chance(prompt)
    success = entry.roll.get("success")
    if chance is None or success is None:
        return []
    return [Trial(entry.side, entry.actor, chance, bool(success), entry.by)]


def luck(battle: Battle, log: Iterable[LogEntry] | None = None) -> Luck:
    """Tallies per side (every side, even one that rolled nothing) and per unit."""
    sides = {side.id: Tally() for side in battle.sides}
    units: dict[str, Tally] = {}
    for entry in battle.log if log is None else log:
        trials = entry_trials(entry)
        if not trials:
            continue
        by = entry.by or "unrecorded"
        side = entry.side
        if side is None and entry.actor in battle.units:
            side = battle.units[entry.actor].side
        if side is None and trials[0].side is not None:  # several sides' dice at once
            for each in dict.fromkeys(t.side for t in trials):
                if each in sides:
                    sides[each].add([t for t in trials if t.side == each], by)
        elif side in sides:
            sides[side].add(trials, by)
        if entry.actor is not None:
            units.setdefault(entry.actor, Tally()).add(trials, by)
    return Luck(sides, units)


def luck_document(battle: Battle) -> dict[str, Any]:
    """The export's `luck` object: `sides` and `units`, each id → tally."""
    found = luck(battle)
    return {
        "sides": {sid: tally.as_dict() for sid, tally in found.sides.items()},
        "units": {uid: tally.as_dict() for uid, tally in found.units.items()},
    }


def distribution(chances: Iterable[Fraction]) -> tuple[int, list[float]]:
    """The Poisson-binomial distribution of the number of successes: `(low, p)` where
    `p[k]` is P(X = low + k). Trials with equal chances are convolved as one binomial
    and negligible tails are trimmed, so thousands of rolls take milliseconds."""
    low, dist = 0, [1.0]
    for chance, count in sorted(Counter(chances).items()):
        low, dist = _convolve(low, dist, *_binomial(count, float(chance)))
    return low, dist


def percentile(chances: list[Fraction], actual: int) -> float:
    low, dist = distribution(chances)
    below = sum(dist[: max(0, actual - low)])
    at = dist[actual - low] if 0 <= actual - low < len(dist) else 0.0
    return 100.0 * (below + at / 2)


def _binomial(n: int, p: float) -> tuple[int, list[float]]:
    if p <= 0.0:
        return 0, [1.0]
    if p >= 1.0:
        return n, [1.0]
    pmf = [(1 - p) ** n]
    if pmf[0] == 0.0:  # underflow: build in logs would be exact; start from the mode
        return _binomial_from_mode(n, p)
    ratio = p / (1 - p)
    for k in range(n):
        pmf.append(pmf[-1] * ratio * (n - k) / (k + 1))
    return _trim(0, pmf)


def _binomial_from_mode(n: int, p: float) -> tuple[int, list[float]]:
    from math import exp, lgamma, log

    def pmf(k: int) -> float:
        return exp(
            lgamma(n + 1) - lgamma(k + 1) - lgamma(n - k + 1) + k * log(p) + (n - k) * log(1 - p)
        )

    return _trim(0, [pmf(k) for k in range(n + 1)])


def _convolve(low_a: int, a: list[float], low_b: int, b: list[float]) -> tuple[int, list[float]]:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return _trim(low_a + low_b, out)


def _trim(low: int, dist: list[float]) -> tuple[int, list[float]]:
    start = 0
    while start < len(dist) - 1 and dist[start] < _TAIL:
        start += 1
    end = len(dist)
    while end > start + 1 and dist[end - 1] < _TAIL:
        end -= 1
    return low + start, dist[start:end]
