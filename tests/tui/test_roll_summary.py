"""The odds line of a roll in the Now pane (`roll_summary`)."""

from __future__ import annotations

from skirmtui.engine.core.prompts import Roll
from skirmtui.tui.widgets.prompt_lines import roll_summary


def test_a_pool_with_a_target_says_the_chance_a_die() -> None:
    roll = Roll(key="shoot.hits", text="Hits", dice="3d6", per_die=True, compare=">=", threshold=4)
    assert roll_summary(roll) == "3d6, each ≥ 4 · 50.0% a die · 1.5 expected"


def test_a_roll_off_rolled_together_says_only_its_dice() -> None:
    """A roll-off's dice in one prompt are a pool with nothing to reach (each die an id's
    score): the line was `2d6, each ·  a die`."""
    roll = Roll(key="round.rolls", text="One die each", dice="2d6", per_die=True)
    assert roll_summary(roll) == "2d6"
