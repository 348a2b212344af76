"""Exact odds of a `Roll` prompt succeeding, computed with icepool.

icepool is imported on first use, not at start-up, and results are cached by the
parts of the roll that decide success, so the odds panel costs nothing on repaint.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING, Any

from skirmtui.engine.core.dice import MAX_EXPLOSIONS, Dice, DiceSum, parse_dice, parse_expr

if TYPE_CHECKING:
    from skirmtui.engine.core.prompts import Roll


def success_chance(roll: Roll) -> Fraction | None:
    """Probability that `roll` succeeds, or None when it has no success condition."""
    if roll.per_die:
        p = die_chance(roll)
        if p is None or roll.need is None:
            return None
        return _at_least(parse_dice(roll.dice).count, p, roll.need)
    if roll.compare is None and not roll.always_succeed and not roll.always_fail:
        return None
    offset = 0 if roll.mod_target else roll.modifier
    return _chance(
        roll.dice,
        roll.compare,
        roll.effective_threshold,
        offset,
        roll.always_succeed,
        roll.always_fail,
    )


def die_chance(roll: Roll) -> Fraction | None:
    """For a pool (`per_die`), the probability that one die succeeds."""
    if not roll.per_die or (roll.compare is None and not roll.always_succeed):
        return None
    offset = 0 if roll.mod_target else roll.modifier
    sides = parse_dice(roll.dice).sides
    return _chance(
        f"1d{sides}",
        roll.compare,
        roll.effective_threshold,
        offset,
        roll.always_succeed,
        roll.always_fail,
    )


def expected_successes(roll: Roll) -> Fraction | None:
    """For a pool, the mean number of dice that succeed."""
    p = die_chance(roll)
    return None if p is None else parse_dice(roll.dice).count * p


@lru_cache(maxsize=1024)
def _at_least(count: int, p: Fraction, need: int) -> Fraction:
    """P(at least `need` of `count` independent dice succeed), each with chance `p`."""
    return sum(
        (comb(count, k) * p**k * (1 - p) ** (count - k) for k in range(max(need, 0), count + 1)),
        Fraction(0),
    )


@lru_cache(maxsize=4096)
def _chance(
    dice: str,
    compare: str | None,
    threshold: int | None,
    offset: int,
    always_succeed: frozenset[int],
    always_fail: frozenset[int],
) -> Fraction:
    from skirmtui.engine.core.prompts import _COMPARE

    distribution = natural_distribution(parse_expr(dice))
    hits = 0
    total = 0
    for natural, quantity in distribution.items():
        total += quantity
        if natural in always_succeed:
            ok = True
        elif natural in always_fail or compare is None or threshold is None:
            ok = False
        else:
            ok = _COMPARE[compare](natural + offset, threshold)
        if ok:
            hits += quantity
    return Fraction(hits, total)


@lru_cache(maxsize=256)
def natural_distribution(dice: Dice | DiceSum) -> dict[int, int]:
    """Outcome → weight of the natural total of `dice` (explosions capped)."""
    if isinstance(dice, DiceSum):
        single = [p for p in dice.parts if p.explode and p.count == 1]
        if len(single) == 2 == len(dice.parts):  # a check: characteristic + skill die
            return _two_exploding(single[0].sides, single[1].sides)
        total = {0: 1}
        for part in dice.parts:
            total = _convolve(total, natural_distribution(part))
        return total
    if dice.explode and dice.count == 1:
        return _exploding(dice.sides)
    import icepool

    die: Any = icepool.d(dice.sides)
    if dice.explode:
        die = die.explode(depth=MAX_EXPLOSIONS)
    pool = dice.count @ die
    return {int(outcome): int(quantity) for outcome, quantity in pool.items()}


def _exploding(sides: int) -> dict[int, int]:
    """One exploding die, capped at MAX_EXPLOSIONS re-rolls, over the common weight
    sides**(MAX_EXPLOSIONS + 1): written out because icepool's explode takes several
    milliseconds for a d12, and a check adds two such dice."""
    weights: dict[int, int] = {}
    for rerolls in range(MAX_EXPLOSIONS + 1):
        for face in range(1, sides):
            weights[rerolls * sides + face] = sides ** (MAX_EXPLOSIONS - rerolls)
    weights[(MAX_EXPLOSIONS + 1) * sides] = 1
    return weights


def _runs(sides: int) -> list[tuple[int, int, int]]:
    """One exploding die as runs `(first, last, weight)`: every total from first to last
    has that weight (k re-rolls then a face below the maximum), and the capped total."""
    runs = [
        (k * sides + 1, k * sides + sides - 1, sides ** (MAX_EXPLOSIONS - k))
        for k in range(MAX_EXPLOSIONS + 1)
    ]
    top = (MAX_EXPLOSIONS + 1) * sides
    runs.append((top, top, 1))
    return runs


def _two_exploding(a: int, b: int) -> dict[int, int]:
    """Two exploding dice added, run by run. A run of `m` equal weights plus a run of `n`
    is a trapezoid, whose second difference has four points: so each pair of runs costs
    four additions, and two running sums rebuild the totals (a d12 pair is the slowest
    odds a prompt asks; totals × totals products took over a millisecond)."""
    size = 2 * (MAX_EXPLOSIONS + 1) * max(a, b) + 4
    second = [0] * size
    for first_a, last_a, weight_a in _runs(a):
        m = last_a - first_a + 1
        for first_b, last_b, weight_b in _runs(b):
            n = last_b - first_b + 1
            weight = weight_a * weight_b
            start = first_a + first_b
            second[start] += weight
            second[start + m] -= weight
            second[start + n] -= weight
            second[start + m + n] += weight
    out: dict[int, int] = {}
    slope = level = 0
    for total in range(size):
        slope += second[total]
        level += slope
        if level:
            out[total] = level
    return out


def _convolve(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for x, wx in a.items():
        for y, wy in b.items():
            out[x + y] = out.get(x + y, 0) + wx * wy
    return out


def warm_up() -> None:
    """Import icepool and compute a first distribution (call from a worker thread)."""
    natural_distribution(parse_dice("1d6"))


def percent(chance: Fraction | None) -> str:
    """`58.3%` (or an empty string when there is no chance to show)."""
    if chance is None:
        return ""
    return f"{float(chance) * 100:.1f}%"
