"""A toy rule system for tests of the engine's and the panes' own machinery (not of a
rule): two players, one stat (Might), one phase a round. A test gives the phase's step
and the unit fields it keeps; `next_round` ends a toy battle after three rounds."""

from __future__ import annotations

from skirmtui.engine.core.base import BaseSystem
from skirmtui.engine.core.battle import Battle, Side
from skirmtui.engine.core.system import FieldSpec, Setup, UnitSpec

#: Red's Knight (r1) and Squire (r2), blue's Pikeman (b1) and, with four, Archer (b2).
UNITS = [
    UnitSpec("r1", "red", "Knight", {"might": 4}),
    UnitSpec("r2", "red", "Squire", {"might": 3}),
    UnitSpec("b1", "blue", "Pikeman", {"might": 2}),
    UnitSpec("b2", "blue", "Archer", {"might": 2}),
]


class ToySystem(BaseSystem):
    """A subclass names its `id`, its `phases` and its `unit_fields` (and its
    `profile_fields` when Might is not wanted)."""

    title = "Toy"
    language = "English"
    profile_fields = (FieldSpec("might", "Might", int, 1, 6),)
    min_players, max_players = 2, 2


def toy_setup(system_id: str, units: int = 3) -> Setup:
    """Red and blue with the first `units` of UNITS."""
    return Setup(system_id, "t", 1, [Side("red", "Red"), Side("blue", "Blue")], UNITS[:units])


def next_round(battle: Battle) -> None:
    """The round is over; the battle ends after the third."""
    battle.round += 1
    if battle.round > 3:
        battle.end(None, "three rounds")
