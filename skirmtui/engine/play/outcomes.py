"""A roll's outcomes as a few branches with their exact chances, for the look-ahead.

A roll is split where the rules can tell the difference: success or failure (and a
critical) for a roll against a target; the number of dice that succeed for a pool; low,
middle and high thirds for a roll with no target (damage). Each branch is one set of
faces that gives it, with the exact probability of every outcome it stands for. An
exploding die explodes twice at most here (the rest of its chance stays on the second
explosion); a roll of too many dice to enumerate is sampled with a fixed seed.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from math import comb

from skirmtui.engine.core import records
from skirmtui.engine.core.dice import Dice, DiceSum, parse_expr
from skirmtui.engine.core.prompts import Roll

#: A branch: the faces that give it and its chance.
Branch = tuple[tuple[int, ...], float]
#: More combined states than this and the roll is sampled instead.
_MAX_STATES = 4_000
_SAMPLES = 24


def branches(roll: Roll) -> tuple[Branch, ...]:
    """The roll's outcomes as branches (chances add up to 1)."""
    # Only what decides the outcome: the same roll asked of another unit is the same.
    bare = records.replace(
        roll, key="", text="", side=None, actor=None, target=None, help="", actors=(), targets=()
    )
    return _branches(bare)


@lru_cache(maxsize=2048)
def _branches(roll: Roll) -> tuple[Branch, ...]:
    targeted = roll.compare is not None or roll.always_succeed or roll.always_fail
    if roll.per_die and targeted:
        return _pool(roll)
    # A pool with no target (each die a player's roll-off score) splits like a total.
    totals = _totals(roll.parsed) or _sampled(roll)
    classes: dict[object, list[tuple[int, float, tuple[int, ...]]]] = {}
    ordered = sorted(totals.items())
    cumulative = 0.0
    for natural, (chance, faces) in ordered:
        if targeted:
            result = roll.resolve(faces)
            key: object = (result.success, result.critical)
        else:  # no target: what it gives counts, in thirds
            key = min(int(cumulative * 3 + chance / 2 * 3), 2)
        cumulative += chance
        classes.setdefault(key, []).append((natural, chance, faces))
    out: list[Branch] = []
    for members in classes.values():
        mass = sum(c for _, c, _ in members)
        mean = sum(n * c for n, c, _ in members) / mass
        faces = min(members, key=lambda m: (abs(m[0] - mean), m[0]))[2]
        out.append((faces, mass))
    return tuple(out)


def _die(part: Dice) -> list[tuple[tuple[int, ...], int, float]]:
    """One die's results: (faces, value, chance)."""
    s = part.sides
    if not part.explode:
        return [((v,), v, 1 / s) for v in range(1, s + 1)]
    out: list[tuple[tuple[int, ...], int, float]] = [((v,), v, 1 / s) for v in range(1, s)]
    out += [((s, v), s + v, 1 / s**2) for v in range(1, s)]
    out += [((s, s, v), 2 * s + v, 1 / s**3) for v in range(1, s)]
    faces, value, chance = out[-1]
    out[-1] = (faces, value, chance + 1 / s**3)  # the rest of the chance: see the docstring
    return out


def _totals(dice: Dice | DiceSum) -> dict[int, tuple[float, tuple[int, ...]]] | None:
    """Natural total → (chance, one set of faces giving it); None: too many to enumerate."""
    parts = dice.parts if isinstance(dice, DiceSum) else (dice,)
    states: dict[int, tuple[float, tuple[int, ...]]] = {0: (1.0, ())}
    for part in parts:
        results = _die(part)
        for _ in range(part.count):
            if len(states) * len(results) > _MAX_STATES:
                return None
            grown: dict[int, tuple[float, tuple[int, ...]]] = {}
            for total, (chance, faces) in states.items():
                for more, value, p in results:
                    before = grown.get(total + value)
                    if before is None:
                        grown[total + value] = (chance * p, faces + more)
                    else:
                        grown[total + value] = (before[0] + chance * p, before[1])
            states = grown
    return states


def _sampled(roll: Roll) -> dict[int, tuple[float, tuple[int, ...]]]:
    rng = random.Random(0)
    out: dict[int, tuple[float, tuple[int, ...]]] = {}
    for _ in range(_SAMPLES):
        faces = roll.parsed.roll(rng)
        total = sum(faces)
        before = out.get(total)
        out[total] = (
            (1 / _SAMPLES, faces) if before is None else (before[0] + 1 / _SAMPLES, before[1])
        )
    return out


def _pool(roll: Roll) -> tuple[Branch, ...]:
    """A pool: how many dice succeed, each count with its binomial chance (a count
    enough for `need` and one short of it kept apart, the rest in at most four)."""
    dice = parse_expr(roll.dice)
    sides = dice.parts[0].sides if isinstance(dice, DiceSum) else dice.sides
    count = dice.count
    good = [f for f in range(1, sides + 1) if roll.success_of(f)]
    bad = [f for f in range(1, sides + 1) if not roll.success_of(f)]
    p = Fraction(len(good), sides)
    out: dict[int, list[tuple[int, float]]] = {}
    for k in range(count + 1):
        chance = float(comb(count, k) * p**k * (1 - p) ** (count - k))
        if chance <= 0:
            continue
        group = k if count <= 4 else min(k * 4 // (count + 1), 3)
        out.setdefault(group, []).append((k, chance))
    result: list[Branch] = []
    for members in out.values():
        mass = sum(c for _, c in members)
        k = round(sum(k * c for k, c in members) / mass)
        faces = tuple(good[-1] for _ in range(k)) + tuple(bad[0] for _ in range(count - k))
        result.append((faces, mass))
    return tuple(result)
