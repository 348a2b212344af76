"""Checks of seed 003: characteristic die + skill die, each exploding on its maximum.

CG-2: modifiers apply to the final total; success when total ≥ difficulty; margin =
total − difficulty. CG-9: a 0 adds no die. CG-3: the five outcomes of an opposed
attack. CG-8/CG-16: critical hits and critical failures.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from skirmtui.engine.core.records import frozen_record

#: The die ladder (CG-1); "one die lower" steps down it, never below a d4 (CG-6).
LADDER = (4, 6, 8, 10, 12)


@cache
def die_sides(value: str) -> int:
    """`"d8"` → 8, `"0"` → 0; anything else raises ValueError (CG-1)."""
    text = value.strip().lower()
    if text in ("0", ""):
        return 0
    if text.startswith("1d"):
        text = text[1:]
    if text.startswith("d") and text[1:].isdigit() and int(text[1:]) in LADDER:
        return int(text[1:])
    raise ValueError(f"{value!r} is not a die d4–d12 or 0")


def die_label(sides: int) -> str:
    return f"d{sides}" if sides else "0"


def lower(sides: int, steps: int = 1) -> int:
    """`sides` stepped down the ladder `steps` times, never below a d4 (CG-6, CG-13).

    A 0 stays 0."""
    if sides == 0 or steps <= 0:
        return sides
    index = max(LADDER.index(sides) - steps, 0)
    return LADDER[index]


def check_dice(*sides: int) -> str:
    """The dice expression of a check: each die that is not 0, exploding (CG-2, CG-9).

    `check_dice(8, 6)` → `"1d8!+1d6!"`; `""` when no die is left."""
    return "+".join(f"1d{s}!" for s in sides if s)


Outcome = Literal["both_fail", "attacker", "defender", "better_margin", "same_margin"]

#: CG-3: how the log words each of the seed's five outcomes.
OUTCOME_TEXT: dict[str, str] = {
    "both_fail": "both fail: nothing happens",
    "attacker": "only the attacker succeeds: a hit",
    "defender": "only the defender succeeds: the attack fails",
    "better_margin": "both succeed: the better margin wins",
    "same_margin": "both succeed with the same margin: nothing happens",
}


@frozen_record
class Opposed:
    """An opposed attack resolved (CG-3): which outcome, whether it hits, the margins."""

    outcome: Outcome
    hit: bool
    attacker_margin: int
    defender_margin: int


def opposed(attacker: int, defender: int, difficulty: int) -> Opposed:
    """Seed "Risultato dell'attacco": both totals against the defender's DP."""
    a, d = attacker - difficulty, defender - difficulty
    outcome: Outcome
    if a < 0 and d < 0:
        outcome, hit = "both_fail", False
    elif d < 0:
        outcome, hit = "attacker", True
    elif a < 0:
        outcome, hit = "defender", False
    elif a != d:
        outcome, hit = "better_margin", a > d
    else:
        outcome, hit = "same_margin", False
    return Opposed(outcome, hit, a, d)


def critical_hit(hit: bool, total: int, difficulty: int) -> bool:
    """CG-8: the attacker wins with a total (modifiers included) ≥ twice the difficulty."""
    return hit and total >= 2 * difficulty


def critical_failure(hit: bool, faces: tuple[int, ...], reference: int) -> bool:
    """CG-8/CG-16: the attacker loses, every die shows 1, and ten times the unmodified
    total is at most `reference` (the difficulty at range or against an unaware target,
    the defender's total in an opposed melee)."""
    return not hit and bool(faces) and all(f == 1 for f in faces) and 10 * sum(faces) <= reference
