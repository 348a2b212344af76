"""Whose question is pending: the side a prompt belongs to, and whether the app plays it.

A prompt belongs to its `side`, else to the side of its `actor`; a question of no side
(the GM's scene, an objective's holders) is the table's. The app answers only the
decisions of a side it plays (`decides`): table facts and dice stay the table's.
"""

from __future__ import annotations

from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.prompts import Prompt
from skirmtui.engine.core.system import RuleSystem, decides


def side_of(battle: Battle, prompt: Prompt) -> str | None:
    """The side a prompt belongs to (its `side`, else its actor's), None: the table's."""
    if prompt.side is not None:
        return prompt.side
    unit = battle.units.get(prompt.actor) if prompt.actor else None
    return unit.side if unit is not None else None


def app_persona(system: RuleSystem, battle: Battle, prompt: Prompt | None) -> str | None:
    """The persona that answers `prompt` for the app, or None when the table does."""
    if prompt is None or not battle.ai:
        return None
    side = side_of(battle, prompt)
    if side is None or side not in battle.ai or not decides(system, prompt):
        return None
    return battle.ai[side]


def table_cue(system: RuleSystem, battle: Battle, prompt: Prompt | None) -> str:
    """What a solo player reads over a table's question about a unit of a side the app
    plays: the side, its persona and what the app wants done with its miniature (the
    system's `wants`, from the decision the app made: "Barbari (app, balanced): bring
    Cacciatore within 10 cm of the nearest enemy…"); "" when the question is not such a
    fact or the system has nothing to add. Words only: nothing here decides."""
    if prompt is None or not battle.ai:
        return ""
    side = side_of(battle, prompt)
    if side is None or side not in battle.ai or decides(system, prompt):
        return ""
    wants = system.wants(battle, prompt)
    return f"{battle.side_name(side)} (app, {battle.ai[side]}): {wants}" if wants else ""
