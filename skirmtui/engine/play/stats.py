"""The few statistics a balance report needs: proportions with their 95% interval.

Wilson's score interval (not the normal "Wald" one, which is wrong near 0 and 1 and
for small samples: a unit that survives 0 of 10 battles still gets an upper bound),
a paired difference for sweeps (the same seeds played at two values), and how many
battles a half-width asks for.
"""

from __future__ import annotations

import math

from skirmtui.engine.core.records import frozen_record

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


@frozen_record
class Interval:
    """An estimate with its interval, all as proportions (0–1)."""

    estimate: float
    low: float
    high: float

    @property
    def half_width(self) -> float:
        """The larger distance from the estimate to an end (Wilson's is asymmetric)."""
        return max(self.estimate - self.low, self.high - self.estimate)


def wilson(successes: float, trials: int, z: float = Z95) -> Interval:
    """Wilson score interval of `successes` out of `trials` (a score may count a draw
    as half a success). No trials: 0–1 (nothing is known), with estimate 0."""
    if trials <= 0:
        return Interval(0.0, 0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes out of {trials} trials")
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    # Rounding may leave the exact ends a hair outside [0, 1] or past the estimate.
    low = 0.0 if successes == 0 else max(0.0, min(p, centre - half))
    high = 1.0 if successes == trials else min(1.0, max(p, centre + half))
    return Interval(p, low, high)


def paired_difference(total: int, squares: int, pairs: int, z: float = Z95) -> Interval:
    """Mean of per-battle differences d (−1, 0 or +1: a win lost, nothing, a win
    gained when one value changes and the seed stays) with a normal interval:
    `total` = Σd, `squares` = Σd². Pairing cancels the dice both values share, so the
    interval is much narrower than that of two independent win rates."""
    if pairs <= 0:
        return Interval(0.0, -1.0, 1.0)
    mean = total / pairs
    if pairs == 1:
        return Interval(mean, -1.0, 1.0)
    variance = max(0.0, (squares - pairs * mean * mean) / (pairs - 1))
    half = z * math.sqrt(variance / pairs)
    return Interval(mean, max(-1.0, mean - half), min(1.0, mean + half))


def battles_for(half_width: float, z: float = Z95) -> int:
    """Battles that give a proportion's interval at most ±`half_width` whatever the
    proportion (the worst case, 50%)."""
    if not 0 < half_width < 1:
        raise ValueError("the half-width is a proportion between 0 and 1")
    return math.ceil(z * z * 0.25 / (half_width * half_width))
