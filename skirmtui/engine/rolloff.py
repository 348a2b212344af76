"""Roll-offs: highest first, ties re-rolled among the tied players only (G-3)."""

from __future__ import annotations

from collections.abc import Callable

from skirmtui.engine.battle import Battle
from skirmtui.engine.prompts import Roll, RollResult
from skirmtui.engine.system import Step


def start_rolloff(battle: Battle, pos_key: str, sides: list[str]) -> None:
    """Put a roll-off among `sides` in the battle's position under `pos_key`."""
    battle.pos[pos_key] = [list(sides)]


def rolloff_done(battle: Battle, pos_key: str) -> bool:
    return all(len(group) == 1 for group in battle.pos[pos_key])


def rolloff_order(battle: Battle, pos_key: str) -> list[str]:
    """The final order (winner first) once `rolloff_done`."""
    return [group[0] for group in battle.pos[pos_key]]


def rolloff_step(
    battle: Battle,
    pos_key: str,
    key: str,
    what: str,
    dice: str = "1d6",
    score: Callable[[RollResult], int] = lambda r: r.total,
) -> Step:
    """One round of the roll-off: the first tied group rolls, then splits by score."""
    groups: list[list[str]] = battle.pos[pos_key]
    index = next(i for i, group in enumerate(groups) if len(group) > 1)
    group = groups[index]
    rerolling = len(groups) > 1 or battle.pos.get(f"{pos_key}_rerolls", 0) > 0
    scores: dict[str, int] = {}
    for side in group:
        text = f"{battle.side_name(side)} rolls for {what}"
        if rerolling:
            text += " (tie re-roll)"
        result = yield Roll(key=key, text=text, dice=dice, side=side)
        scores[side] = score(result)
    ranked = sorted(set(scores.values()), reverse=True)
    split = [[s for s in group if scores[s] == value] for value in ranked]
    battle.pos[pos_key] = groups[:index] + split + groups[index + 1 :]
    battle.pos[f"{pos_key}_rerolls"] = battle.pos.get(f"{pos_key}_rerolls", 0) + 1
    tied = [g for g in split if len(g) > 1]
    if tied:
        names = "; ".join(", ".join(battle.side_name(s) for s in g) for g in tied)
        battle.record("info", f"Tie for {what}: {names} roll again")
