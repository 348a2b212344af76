"""The battle in a page (issue 27): a short paragraph per round, built from the
recorded causes of every loss and the rolls, never from the log's words; and what a
unit is worth to its side (its points, or one unit), for the strength chart. The
turning points are turning.py's: the moves of the chance to win.
"""

from __future__ import annotations

from collections import Counter

from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.text import plural
from skirmtui.engine.report.losses import Loss, cell, loss_phrase, worth


def strength(battle: Battle, unit_id: str) -> int:
    """What a unit is worth to its side: its points, or 1."""
    return worth(battle.units[unit_id]) or 1


def side_strength(battle: Battle) -> dict[str, int]:
    total: Counter[str] = Counter()
    for unit in battle.units.values():
        total[unit.side] += strength(battle, unit.id)
    return dict(total)


def round_paragraphs(
    battle: Battle, names: dict[str, str], lost: list[Loss]
) -> list[tuple[int, str]]:
    """(round, paragraph) for every round played: who each side lost and to what, how
    the dice went, and what was left standing; the result in the last."""
    by_round: dict[int, list[Loss]] = {}
    for loss in lost:
        by_round.setdefault(loss.round, []).append(loss)
    fielded = Counter(u.side for u in battle.units.values())
    rolls: dict[int, Counter[tuple[str, bool]]] = {}
    gone: set[str] = set()
    standing: dict[int, dict[str, int]] = {}
    for entry in battle.log:
        for effect in entry.effects:
            if effect.field == "removed" and effect.unit is not None:
                (gone.add if effect.after else gone.discard)(effect.unit)
        if entry.roll is not None and entry.roll.get("success") is not None:
            side = entry.side or (battle.units[entry.actor].side if entry.actor else None)
            if side is not None:
                tally = rolls.setdefault(entry.round, Counter())
                tally[side, bool(entry.roll["success"])] += 1
        left = Counter(u.side for uid, u in battle.units.items() if uid not in gone)
        standing[entry.round] = {s.id: left[s.id] for s in battle.sides}
    out = []
    for number in range(1, battle.round + 1):
        parts = [_losses_sentence(battle, names, by_round.get(number, []))]
        dice = _dice_sentence(battle, rolls.get(number, Counter()))
        if dice:
            parts.append(dice)
        if number in standing:
            after = ", ".join(
                f"{cell(s.name)} {standing[number][s.id]} of {plural(fielded[s.id], 'unit')}"
                for s in battle.sides
            )
            under_way = battle.result is None and number == battle.round
            parts.append(f"Standing {'now' if under_way else 'at its end'}: {after}.")
        result = battle.result
        if result is not None and result.round == number:
            who = f"{cell(battle.side_name(result.winner))} won" if result.winner else "A draw"
            parts.append(f"{who}: {cell(result.reason)}.")
        out.append((number, " ".join(parts)))
    return out


def _losses_sentence(battle: Battle, names: dict[str, str], lost: list[Loss]) -> str:
    if not lost:
        return "No unit was lost."
    per_side: dict[str, list[str]] = {}
    for loss in lost:
        unit = battle.units[loss.unit]
        how = loss_phrase(battle, names, loss)
        per_side.setdefault(unit.side, []).append(f"{cell(names[unit.id])} ({how})")
    said = []
    for side in battle.sides:
        if side.id in per_side:
            said.append(f"{cell(side.name)} lost {_and(per_side[side.id])}")
    return "; ".join(said) + "."


def _dice_sentence(battle: Battle, tally: Counter[tuple[str, bool]]) -> str:
    said = []
    for side in battle.sides:
        made = tally[side.id, True] + tally[side.id, False]
        if made:
            said.append(
                f"{cell(side.name)} {tally[side.id, True]} of {plural(made, 'roll')} succeeded"
            )
    return f"Dice: {', '.join(said)}." if said else ""


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"
